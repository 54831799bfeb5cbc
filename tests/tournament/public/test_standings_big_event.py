"""The public standings of a 500-player event: few queries, nothing recomputed when warm.

The event comes from ``tournament.public.bench_data.build_event``, also used
by ``make bench``, which measures the page's speed (the bar: 50 ms median,
warm). Tests assert no timings: here a warm page must come from the cache
without re-rendering the table or recomputing standings, which is what makes
it fast.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tournament.public.bench_data import build_event
from tournament.standings.services import standings

PLAYERS = 500
ROUNDS = 4
# The event, the snapshot's fingerprint (three aggregates), a session and a little slack.
MAX_QUERIES = 8


@pytest.fixture
def big_event(db):
    event = build_event(players=PLAYERS, rounds=ROUNDS, seed=1)
    standings(event)  # the snapshot is current, as after the first view
    cache.clear()
    return event


def _table(response) -> str:
    html = response.content.decode()
    return html[html.index('<div id="standings"') : html.index("</table>")]


def test_500_players_render_once_then_come_from_the_cache(
    client, big_event, django_assert_max_num_queries, monkeypatch
):
    from tournament.public import standings_view

    url = f"/e/{big_event.slug}/standings/"
    first = client.get(url)
    html = first.content.decode()
    assert html.count("<tr") == PLAYERS + 1
    assert f"Rounds counted: {', '.join(str(n) for n in range(1, ROUNDS + 1))}" in html

    def must_not_run(*args, **kwargs):
        raise AssertionError("a warm page rendered the table or recomputed the standings")

    monkeypatch.setattr(standings_view, "StandingsTable", must_not_run)
    monkeypatch.setattr(standings_view, "standings", must_not_run)
    with django_assert_max_num_queries(MAX_QUERIES):
        again = client.get(url)
    assert again.status_code == 200
    assert _table(again) == _table(first)  # the rest differs: a fresh CSRF token each time


def test_the_cache_follows_the_language_and_the_sort(client, big_event):
    url = f"/e/{big_event.slug}/standings/"
    english = client.get(url).content.decode()
    japanese = client.get(url, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "Rank" in english and "順位" in japanese
    by_name = client.get(url, {"sort": "player"}).content.decode()
    assert (
        by_name.index("Player 0001") < by_name.index("Player 0002") < by_name.index("Player 0500")
    )
