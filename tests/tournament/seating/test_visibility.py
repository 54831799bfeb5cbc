"""One rule for what is public (issue #32, H1 and L2): every path that names a table's players.

A round's seating, and so its players' names, is public once the round is
published in a public event. The public round page, the API's round, every
player-entry page and the judge-call endpoints answer 404 exactly where the
round page does; staff with a role in the event keep their pages.
"""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import Client
from django.utils import timezone

from tests.tournament.results.conftest import NAMES, make_table, staff  # noqa: F401
from tests.tournament.results.hands import POSTED_RON as HAND
from tests.tournament.results.hands import RON
from tournament.hall.calls import services as calls
from tournament.hall.models import JudgeCall
from tournament.playerentry import services
from tournament.playerentry.cookies import remember
from tournament.seating.models import Round
from tournament.seating.visibility import seating_is_public

# (round status, event is public): the two closed doors of the issue, and the open one.
UNPUBLISHED = ("seated", True)
PRIVATE = ("published", False)
PUBLISHED = ("published", True)


@pytest.fixture
def table_in(make_table):  # noqa: F811 (the fixture imported above)
    def make(status, is_public):
        table = make_table("jpml-b", player_entry=True, is_public=is_public)
        round_ = table.round
        round_.status = status
        round_.published_at = timezone.now() if status != "seated" else None
        round_.save()
        return table

    return make


def phone(table, seat) -> tuple[Client, services.Phone]:
    """A phone opened with the right PIN (by the service, so even where the pages are closed)."""
    opened = services.open_with_pin(table, services.pin_of(table).pin, seat)
    response = HttpResponse()
    remember(response, table, opened)
    client = Client()
    client.cookies.update(response.cookies)
    return client, opened


def players(table, name="") -> str:
    return f"/p/{table.round.event.slug}/1/{table.number}/{name}"


def hall_table(table, name="") -> str:
    return f"/e/{table.round.event.slug}/round/1/table/{table.number}/{name}"


def names_in(answer) -> list[str]:
    html = answer.content.decode()
    return [name for name in NAMES.values() if name in html]


@pytest.mark.parametrize("state", [UNPUBLISHED, PRIVATE, PUBLISHED], ids=str)
def test_the_rule(table_in, state):
    assert seating_is_public(table_in(*state).round) is (state == PUBLISHED)


@pytest.mark.parametrize("state", [UNPUBLISHED, PRIVATE], ids=["unpublished", "private"])
def test_the_round_page_and_the_api_are_not_found(table_in, state):
    table = table_in(*state)
    slug = table.round.event.slug
    assert Client().get(f"/e/{slug}/round/1/").status_code == 404
    assert Client().get(f"/api/v1/events/{slug}/rounds/1/").status_code == 404


@pytest.mark.parametrize("state", [UNPUBLISHED, PRIVATE], ids=["unpublished", "private"])
def test_every_player_entry_page_is_not_found(table_in, state):
    """H1: the PIN page named the four players of an unpublished round or a private event."""
    table = table_in(*state)
    anonymous = Client()
    assert anonymous.get(players(table, "pin/")).status_code == 404
    right = {"pin": services.pin_of(table).pin, "seat": "E"}
    assert anonymous.post(players(table, "pin/"), right).status_code == 404
    assert anonymous.get(players(table)).status_code == 404
    (east, east_phone), (south, _south) = phone(table, "E"), phone(table, "S")
    assert east.get(players(table)).status_code == 404
    assert east.post(players(table, "hand/"), HAND).status_code == 404
    assert not table.sheets.exists()
    services.enter_hand(table, east_phone, RON, base_version=0)
    assert south.post(players(table, "hand/1/accept/")).status_code == 404
    assert south.post(players(table, "hand/1/reject/"), {"words": "fu"}).status_code == 404
    assert east.post(players(table, "submit/"), {"version": "1"}).status_code == 404
    assert table.hand_checks.get().state == "pending"


@pytest.mark.parametrize("state", [UNPUBLISHED, PRIVATE], ids=["unpublished", "private"])
def test_the_judge_call_is_not_found_and_the_service_refuses(table_in, state):
    """L2: a judge could be called at a table of an unpublished round."""
    table = table_in(*state)
    anonymous = Client()
    assert anonymous.get(hall_table(table)).status_code == 404
    assert anonymous.post(hall_table(table), {"call": "1", "words": "x"}).status_code == 404
    assert anonymous.get(hall_table(table, "call.json")).status_code == 404
    qr = anonymous.get(f"/j/{table.round.event.slug}/1/{table.number}/")
    assert qr.status_code in (302, 404) and not names_in(qr)  # the login page, or nothing
    with pytest.raises(calls.CallsClosed):
        calls.call_judge(table, "x")
    assert not JudgeCall.objects.exists()


def test_a_published_round_of_a_public_event_is_open_to_all(table_in):
    table = table_in(*PUBLISHED)
    slug = table.round.event.slug
    assert Client().get(f"/e/{slug}/round/1/").status_code == 200
    assert Client().get(f"/api/v1/events/{slug}/rounds/1/").status_code == 200
    pin = Client().get(players(table, "pin/"))
    assert pin.status_code == 200 and names_in(pin) == list(NAMES.values())
    assert phone(table, "E")[0].get(players(table)).status_code == 200
    assert Client().get(hall_table(table)).status_code == 200
    assert Client().get(hall_table(table, "call.json")).status_code == 200
    answer = Client().post(hall_table(table), {"call": "1", "words": "x"})
    assert answer.status_code == 302 and JudgeCall.objects.filter(table=table).exists()


@pytest.mark.parametrize("state", [UNPUBLISHED, PRIVATE], ids=["unpublished", "private"])
def test_staff_keep_the_players_pages(table_in, staff, state):  # noqa: F811
    table = table_in(*state)
    users = staff(table.round.event)
    viewer, outsider = Client(), Client()
    viewer.force_login(users["viewer"])
    outsider.force_login(users["outsider"])
    assert viewer.get(players(table, "pin/")).status_code == 200
    assert viewer.get(hall_table(table)).status_code == 200
    assert outsider.get(players(table, "pin/")).status_code == 404
    assert Round.objects.get(pk=table.round.pk).status == state[0]
