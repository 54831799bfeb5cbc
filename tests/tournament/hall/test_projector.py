"""The projector pages (issue #18): standings and seating, full screen, only what is public.

The small event is ``tests/tournament/public/play.py``'s eight players (CJK
names among them): round 1 played and published, round 2 played but its
results not published. The big one is ``tournament.public.bench_data``'s
500 players, built with bulk inserts.
"""

from __future__ import annotations

import re

import pytest

from tests.tournament.public.play import NAMES, make_played
from tests.tournament.public.play import UNTIED_ROUND_1 as ROUND_1
from tests.tournament.public.play import UNTIED_ROUND_2 as ROUND_2
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)
from tournament.events.services import drop_player
from tournament.hall.projector.views import DEFAULT_SECONDS, VERSION_HEADER
from tournament.public.bench_data import build_event
from tournament.seating.models import Round
from tournament.standings.services import publish_results, standings


@pytest.fixture
def played(make_event, make_player, staff):  # noqa: F811
    """Round 1 published; round 2 seated, played and confirmed, its results not published."""
    played = make_played(make_event, make_player, staff)
    first = played.seat(1)
    played.play(first, ROUND_1)
    publish_results(first)
    second = played.seat(2)
    played.play(second, ROUND_2)
    return played


def _rows(html: str) -> list[str]:
    """The rows of a board, in order, as their names."""
    return re.findall(r'<li class="board-line[^"]*" data-row data-name="([^"]*)"', html)


def _url(event, page: str = "") -> str:
    return f"/e/{event.slug}/projector/{page}"


def test_only_public_events_have_a_projector(client, played, make_event):
    hidden = make_event(is_public=False)
    for page in ("", "standings/", "standings/board/", "seating/", "seating/board/"):
        assert client.get(_url(played.event, page)).status_code == 200, page
        assert client.get(_url(hidden, page)).status_code == 404, page
        assert client.get(f"/e/no-such-event/projector/{page}").status_code == 404, page


def test_the_chooser_offers_standings_seating_and_clock(client, played):
    html = client.get(_url(played.event)).content.decode()
    assert f'formaction="{_url(played.event, "standings/")}"' in html
    assert f'formaction="{_url(played.event, "seating/")}"' in html
    assert "Round 2" in html  # the seating shown is the latest published round
    assert f'href="{_url(played.event, "clock/")}"' in html
    assert 'class="site-header"' not in html  # no site navigation on a projector


def test_standings_show_the_published_results_only(client, played):
    html = client.get(_url(played.event, "standings/")).content.decode()
    snapshot = standings(played.event)
    assert _rows(html) == [row["player"] for row in snapshot.rows]
    assert sorted(_rows(html)) == sorted(NAMES)
    # Round 2 is played but not published: one session each, after round 1.
    assert "After round 1" in html
    assert re.findall(r'<span class="col-num col-sessions">(\d+)</span>', html) == ["1"] * 8
    # The public page's own columns (the family's precedence), not a list of our own.
    labels = re.findall(r'<span class="col-num">([^<]+)</span>', html.split("data-list")[0])
    public = client.get(f"/e/{played.event.slug}/standings/").content.decode()
    assert labels == re.findall(r'<th [^>]*class="col-main[^"]*"[^>]*>(?:<a[^>]*>)?([^<]+)', public)


def test_standings_mark_withdrawn_players_and_ties(client, played):
    drop_player(played.registrations[3], reason="left")
    html = client.get(_url(played.event, "standings/")).content.decode()
    dmitri = re.search(
        r'<li class="board-line[^"]*is-withdrawn[^"]*"[^>]*data-name="([^"]+)"', html
    )
    assert dmitri.group(1) == NAMES[3]
    assert "Withdrawn" in html
    assert _rows(html)[-1] == NAMES[3]


def test_standings_before_any_result(client, make_event, make_player, staff):  # noqa: F811
    played = make_played(make_event, make_player, staff)
    played.seat(1)
    html = client.get(_url(played.event, "standings/")).content.decode()
    assert "No results have been published yet." in html
    assert _rows(html) == []


def test_seating_follows_the_latest_published_round(client, played):
    event = played.event
    html = client.get(_url(event, "seating/")).content.decode()
    assert "Round 2" in html
    names = _rows(html)
    assert names == sorted(NAMES, key=str.casefold)
    # Akagi (registration 0) sits East at table 1 in round 2 (play.SEATINGS).
    akagi = re.search(r'data-name="Akagi Shigeru">(.*?)</li>', html).group(1)
    assert '<span class="col-table">1</span>' in akagi
    assert "wind-E" in akagi and "東" in akagi and "East" in akagi

    # A round seated but not published stays off the screen.
    Round.objects.create(event=event, number=3, status=Round.Status.SEATED)
    assert "Round 2" in client.get(_url(event, "seating/")).content.decode()
    assert client.get(_url(event, "seating/?round=3")).status_code == 404
    assert client.get(_url(event, "seating/board/?round=3")).status_code == 404
    assert client.get(_url(event, "seating/?round=9")).status_code == 404
    round_1 = client.get(_url(event, "seating/?round=1")).content.decode()
    assert (
        "Round 1" in round_1 and 'data-src="/e/spring/projector/seating/board/?round=1"' in round_1
    )


def test_seating_before_any_round_is_published(client, make_event, make_player, staff):  # noqa: F811
    played = make_played(make_event, make_player, staff)
    html = client.get(_url(played.event, "seating/")).content.decode()
    assert "The seating of the next round is not published yet." in html
    assert client.get(_url(played.event, "seating/board/")).status_code == 200


@pytest.mark.parametrize(
    "query, seconds",
    [
        ("?seconds=5", 5),
        ("?seconds=3", 3),
        ("?seconds=120", 120),
        ("?seconds=2", DEFAULT_SECONDS),
        ("?seconds=121", DEFAULT_SECONDS),
        ("?seconds=abc", DEFAULT_SECONDS),
        ("?seconds=-5", DEFAULT_SECONDS),
        ("?seconds=1e3", DEFAULT_SECONDS),
        ("?seconds=", DEFAULT_SECONDS),
        ("?seconds=%00", DEFAULT_SECONDS),
        ("?round=abc", DEFAULT_SECONDS),
        ("?round=99999999999999999999", DEFAULT_SECONDS),
        ("?round=-1&seconds=7", 7),
    ],
)
def test_bad_hints_are_ignored_never_an_error(client, played, query, seconds):
    for page in ("standings/", "seating/"):
        response = client.get(_url(played.event, page) + query)
        assert response.status_code == 200, (page, query)
        assert f'data-seconds="{seconds}"' in response.content.decode()


def test_a_board_is_sent_only_when_it_changed(client, played):
    for page in ("standings/board/", "seating/board/"):
        url = _url(played.event, page)
        first = client.get(url)
        version = first[VERSION_HEADER]
        assert first.status_code == 200 and first["Cache-Control"] == "no-cache"
        again = client.get(f"{url}?v={version}")
        assert again.status_code == 204 and again.content == b""
        assert client.get(f"{url}?v=old").status_code == 200
    # The page starts from the board's own version.
    html = client.get(_url(played.event, "standings/")).content.decode()
    version = client.get(_url(played.event, "standings/board/"))[VERSION_HEADER]
    assert f'data-version="{version}"' in html

    publish_results(played.event.rounds.get(number=2))
    after = client.get(_url(played.event, "standings/board/") + f"?v={version}")
    assert after.status_code == 200 and after[VERSION_HEADER] != version
    assert "After round 2" in after.content.decode()


def test_in_japanese(client, played):
    client.cookies["django_language"] = "ja"
    html = client.get(_url(played.event, "standings/")).content.decode()
    assert '<html lang="ja">' in html
    assert "順位" in html and "Rank" not in html
    html = client.get(_url(played.event, "seating/")).content.decode()
    assert "佐藤 花子" in html and "東家" in html


@pytest.mark.django_db
def test_five_hundred_players(client, django_assert_max_num_queries):
    event = build_event(players=500, rounds=2, slug="big")
    with django_assert_max_num_queries(30):
        standings_html = client.get(_url(event, "standings/")).content.decode()
    assert len(_rows(standings_html)) == 500
    assert _rows(standings_html) == [row["player"] for row in standings(event).rows]
    with django_assert_max_num_queries(10):
        seating = client.get(_url(event, "seating/")).content.decode()
    names = _rows(seating)
    assert len(names) == 500 == len(set(names))
    assert names == sorted(names, key=str.casefold)
    assert "Round 2" in seating


def test_the_public_pages_lead_to_the_projector(client, played):
    event = played.event
    standings_html = client.get(f"/e/{event.slug}/standings/").content.decode()
    assert f'href="{_url(event, "standings/")}"' in standings_html
    # The old address still answers, as the big-print public page.
    assert client.get(f"/e/{event.slug}/standings/?big=1").status_code == 200
    round_html = client.get(f"/e/{event.slug}/round/1/").content.decode()
    assert f'href="{_url(event, "seating/")}?round=1"' in round_html


def test_projector_pages_are_valid_html(client, played, tmp_path):
    from tests.tournament.public.test_html_valid import _explain, validate

    pages = {}
    for language in ("en", "ja"):
        for page in ("", "standings/", "seating/"):
            html = client.get(_url(played.event, page), HTTP_ACCEPT_LANGUAGE=language)
            pages[f"projector-{page.strip('/') or 'index'}-{language}"] = html.content.decode()
    errors = validate(pages, tmp_path)
    assert not any(errors.values()), f"not valid HTML:\n{_explain(errors)}"
