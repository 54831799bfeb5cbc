"""A date and time on a page is written the site's way (issue #34, "Polish").

Why: Django's English ``DATETIME_FORMAT`` and ``SHORT_DATETIME_FORMAT`` end in
"p.m.", so "(cut made Dec. 6, 2026, 3:05 p.m.)" and "It works until
12/06/2026 3:05 p.m.." read differently from every other time on the site
(a 24-hour clock) and double a sentence's period.

No module-wide ``django_db`` mark: it would open each test's savepoint
before the kept demo (``demo_event``), and the first test's rollback would
take the demo with it. Every page that shows a
stored moment to a person writes it with ``tournament.formatting.moment``
(the ``moment`` filter); times alone and dates alone stay as they are.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.tournament.pages import html_of
from tests.tournament.stages.line_tie import full_tie, played, tied_pair
from tournament import formatting
from tournament.api.models import ApiToken
from tournament.events.models import StaffRole
from tournament.events.services import drop_player
from tournament.playerentry.models import PlayerAction
from tournament.printing.models import PrintJob
from tournament.printing.registry import kind_choices
from tournament.results.models import ScoreSheet
from tournament.stages.models import Stage
from tournament.stages.services import make_cut
from tournament.standings.stage_rows import stages_of

AFTERNOON = datetime.datetime(2026, 12, 6, 15, 5, tzinfo=datetime.UTC)


def the_sites_way(when=AFTERNOON, language="en") -> str:
    with translation.override(language):
        return formatting.moment(when)


def read(client: Client, url: str, language: str = "en") -> str:
    client.cookies["django_language"] = language
    return html_of(client.get(url, HTTP_ACCEPT_LANGUAGE=language))


def no_twelve_hour_clock(html: str) -> None:
    assert "p.m." not in html and "a.m." not in html


def test_the_cut_made_page(db):
    event, director, _judge, _round = played("cuttime", full_tie)
    first, _second = tied_pair(event)
    make_cut(stages_of(event)[1], chosen=[first], tie_method="lot", by=director)
    Stage.objects.filter(event=event, number=2).update(cut_at=AFTERNOON)
    client = Client()
    client.force_login(director)
    html = read(client, "/manage/cuttime/stages/2/cut/")
    assert f"(cut made {the_sites_way()})." in html
    no_twelve_hour_clock(html)
    assert the_sites_way(language="ja") in read(client, "/manage/cuttime/stages/2/cut/", "ja")


@pytest.fixture
def director_of(demo_event):
    client = Client()
    client.force_login(StaffRole.objects.filter(event=demo_event, role="director").first().user)
    return client


def test_a_withdrawal_on_the_players_list(demo_event, director_of):
    registration = demo_event.registrations.order_by("pk").last()
    drop_player(registration, reason="flight home")
    registration.history.filter(history_change_reason__startswith="registration.dropped").update(
        history_date=AFTERNOON
    )
    html = read(director_of, reverse("manage:event", args=[demo_event.slug]))
    assert "flight home" in html and the_sites_way() in html
    no_twelve_hour_clock(html)


def test_a_sheets_versions_and_its_player_entry_log(demo_event, director_of):
    table = demo_event.rounds.get(number=1).tables.get(number=1)
    ScoreSheet.objects.filter(table=table).update(
        created_at=AFTERNOON, submitted_at=AFTERNOON, confirmed_at=AFTERNOON
    )
    PlayerAction.objects.create(table=table, action=PlayerAction.Action.PIN_OPENED, seat="E")
    PlayerAction.objects.filter(table=table).update(at=AFTERNOON)
    html = read(director_of, reverse("results:history", args=[demo_event.slug, 1, 1]))
    assert html.count(the_sites_way()) >= 4  # made, submitted, confirmed, the PIN opened
    no_twelve_hour_clock(html)


def test_the_print_jobs_and_a_job(demo_event, director_of):
    kind = kind_choices()[0][0]
    job = PrintJob.objects.create(
        event=demo_event,
        kind=kind,
        round=demo_event.rounds.get(number=1),
        status=PrintJob.Status.FAILED,
        error="out of paper",
        started_at=AFTERNOON,
        finished_at=AFTERNOON,
    )
    PrintJob.objects.filter(pk=job.pk).update(created_at=AFTERNOON)
    html = read(director_of, reverse("printing:jobs", args=[demo_event.slug]))
    assert the_sites_way() in html
    no_twelve_hour_clock(html)
    html = read(director_of, reverse("printing:job", args=[demo_event.slug, job.uuid]))
    assert html.count(the_sites_way()) == 3  # requested, started, finished
    no_twelve_hour_clock(html)


def test_the_api_tokens(client, demo_event):
    user = StaffRole.objects.filter(event=demo_event, role="director").first().user
    client.force_login(user)
    made = html_of(client.post(reverse("apiaccount:token_make"), {"name": "overlay", "days": 7}))
    token = ApiToken.objects.get(user=user, name="overlay")
    assert f"It works until {the_sites_way(token.expires_at)}." in made
    no_twelve_hour_clock(made)
    ApiToken.objects.filter(pk=token.pk).update(
        created_at=AFTERNOON, expires_at=AFTERNOON, last_used_at=AFTERNOON
    )
    html = read(client, reverse("apiaccount:account"))
    assert html.count(the_sites_way()) == 3  # made, expired, last used
    no_twelve_hour_clock(html)
