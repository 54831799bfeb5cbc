"""Two small things the director read wrong (issue #34, "Polish").

- The team event's dashboard said "Players 0": the heading counted who sits
  in the *next* round, and after the last round of a staged event (or before
  a cut) that is nobody. The heading counts the event's players.
- "Results published Dec. 6, 2026, 3:05 p.m.. Standings": a date and time
  written in the English format, whose "p.m." ends in a period, then the
  sentence's own period. Times on these pages are written the site's way
  (``tournament.formatting.moment``: a 24-hour clock) in every language.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from tests.tournament.pages import html_of
from tests.tournament.standings.staged_team_event import build
from tournament import formatting
from tournament.events.models import StaffRole

AFTERNOON = datetime.datetime(2026, 12, 6, 15, 5, tzinfo=datetime.UTC)


def _heading_count(html: str) -> int:
    found = re.search(r"<h2>Players <span class=\"count\">(\d+)</span></h2>", html)
    assert found, "no Players heading"
    return int(found.group(1))


@pytest.fixture
def staged(client, db):
    event = build("polish", final_played=True)
    director = StaffRole.objects.get(event=event, role="director").user
    client.force_login(director)
    return event


def test_the_team_events_dashboard_counts_its_players(client, staged):
    """Every round of the last stage is played: nobody sits next, but 16 play the event."""
    html = html_of(client.get(reverse("manage:event", args=[staged.slug])))
    assert _heading_count(html) == 16


def test_round_page_has_no_double_period_after_the_time(client, staged):
    round_ = staged.rounds.get(number=3)
    round_.results_published_at = AFTERNOON
    round_.save(update_fields=["results_published_at"])
    for language in ("en", "ja", "zh-hans"):
        client.cookies["django_language"] = language
        html = html_of(client.get(reverse("seating:round", args=[staged.slug, 3])))
        assert ".." not in re.sub(r"<[^>]+>", "", html).replace("...", ""), language
        assert "15:05" in html, language
        assert "p.m." not in html


def test_moment_is_a_date_and_a_24_hour_time_in_each_language():
    with timezone.override(datetime.UTC):
        with translation.override("en"):
            assert formatting.moment(AFTERNOON) == "6 Dec 2026, 15:05"  # day first (#35)
        with translation.override("ja"):
            assert formatting.moment(AFTERNOON) == "2026年12月6日 15:05"
        with translation.override("zh-hans"):
            assert formatting.moment(AFTERNOON) == "2026年12月6日 15:05"
    assert formatting.moment(None) == ""
