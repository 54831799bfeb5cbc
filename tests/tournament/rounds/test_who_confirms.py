"""Who confirms a seat correction, and the preview says so by name (issue #34).

The issue's case: the director who made a seat correction could not confirm
it, although the preview said "a judge or director" can. The rule stays the
four-eyes rule (whoever made the correction never confirms it); any other
director or judge of the event may. The preview now names them, says "not
you" to the director making it, and says when nobody else could.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournament.staff_users import staff_users
from tests.tournament.standings.conftest import tournament  # noqa: F401 (a fixture)
from tournament.events.models import StaffRole
from tournament.results.models import ScoreSheet
from tournament.results.sheet.state import head_of
from tournament.seating.models import Round, Seat
from tournament.standings.services import publish_results

Status = ScoreSheet.Status
ROUND_1 = [[142, -30, -50, -62], [40, 10, -20, -30]]


@pytest.fixture
def mcr(tournament):  # noqa: F811 (the fixture imported above)
    built = tournament("mcr", tables=2, rounds=1)
    built.play_round(1, ROUND_1)
    publish_results(Round.objects.get(event=built.event, number=1))
    built.users |= staff_users(built.event, deputy=StaffRole.Role.DIRECTOR)
    return built


def seat(built, table, wind) -> Seat:
    return Seat.objects.get(table=built.tables[(1, table)], wind=wind)


def preview(client, built, user, **extra):
    client.force_login(user)
    data = {
        "seat_a": seat(built, 1, "E").pk,
        "seat_b": seat(built, 2, "N").pk,
        "reason": "sat at the wrong tables",
        **extra,
    }
    return client.post(reverse("seating:move", args=[built.event.slug, 1]), data)


def who_block(html: str) -> str:
    found = re.search(r'<p[^>]*id="who-confirms"[^>]*>(.*?)</p>', html, re.S)
    assert found, "the preview says who may confirm"
    return " ".join(found.group(1).split())


def test_the_preview_names_who_may_confirm_and_not_you(client, mcr):
    director, deputy, judge = (mcr.users[k] for k in ("director", "deputy", "judge"))
    page = preview(client, mcr, director)
    assert page.status_code == 200
    who = who_block(page.content.decode())
    assert judge.username in who and deputy.username in who
    assert director.username not in who
    assert "not you" in who.lower()
    # The deputy sees the director among those who may, and not themselves.
    who = who_block(preview(client, mcr, deputy).content.decode())
    assert director.username in who and deputy.username not in who


def test_another_director_confirms_a_correction_the_maker_cannot(client, mcr):
    director, deputy = mcr.users["director"], mcr.users["deputy"]
    shown = preview(client, mcr, director)
    done = preview(client, mcr, director, expect=shown.context["expect"])
    assert done.status_code == 302
    table = mcr.tables[(1, 1)]
    head = head_of(table)
    assert head.status == Status.SUBMITTED and head.is_correction

    url = reverse("results:confirm", args=[mcr.event.slug, 1, 1])
    refused = client.post(url, {"version": head.version})  # the director who made it
    assert head_of(table).status == Status.SUBMITTED, refused
    client.force_login(deputy)
    table_page = client.get(reverse("results:table", args=[mcr.event.slug, 1, 1]))
    assert 'id="confirm-sheet"' in table_page.content.decode()
    client.post(url, {"version": head.version})
    head = head_of(table)
    assert head.status == Status.CONFIRMED and head.confirmed_by == deputy


def test_when_nobody_else_may_confirm_the_preview_says_so(client, mcr):
    director = mcr.users["director"]
    StaffRole.objects.filter(event=mcr.event).exclude(user=director).delete()
    who = who_block(preview(client, mcr, director).content.decode())
    assert "Nobody else" in who and "not you" in who.lower()
    assert reverse("manage:event", args=[mcr.event.slug]) in who


def test_the_names_are_listed_as_a_japanese_sentence(client, mcr):
    """Issue #34: on a ja page the names are joined with 、 and the sentence ends in 。."""
    director, deputy, judge = (mcr.users[k] for k in ("director", "deputy", "judge"))
    client.cookies["django_language"] = "ja"
    who = who_block(preview(client, mcr, director).content.decode())
    assert "再確認できる人" in who and "、" in who and ", " not in who
    listed = re.sub(r"<[^>]+>", "", who)
    assert re.search(r"\)。", listed), listed
    assert judge.username in listed and deputy.username in listed
