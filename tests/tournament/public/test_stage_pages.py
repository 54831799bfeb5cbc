"""The public standings of an event played in stages (issue #21).

The event is ``staged.py``'s: 16 players, two qualifying rounds, a cut to 8
for one semifinal round (half the points carried), a cut to 4 for the final.
Everything goes through the services: seating, sheets, publication, cuts.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tests.tournament.public.staged import make_staged
from tournament.standings.services import standings
from tournament.standings.stage_rows import stage_rows

pytestmark = pytest.mark.django_db
URL = "/e/staged/standings/"


def _rows(html: str) -> list[str]:
    """The table's body rows, in order, as their HTML."""
    return re.findall(r"<tr data-search=.*?</tr>", html, flags=re.S)


def _names(html: str) -> list[str]:
    return [re.search(r'/">([^<]+)</a>', row).group(1) for row in _rows(html)]


@pytest.fixture
def qualified(django_user_model):
    """Qualifying played and published; the cut to the semifinal made."""
    staged = make_staged(django_user_model)
    staged.play_qualifying()
    staged.cut(2)
    return staged


def test_before_the_cut_only_qualifying_and_overall(client, django_user_model):
    staged = make_staged(django_user_model)
    staged.play(1)
    html = client.get(URL).content.decode()
    tabs = re.search(r'<nav class="stage-tabs".*?</nav>', html, flags=re.S).group(0)
    assert "Qualifying" in tabs and "Overall" in tabs
    assert "Semifinal" not in tabs
    assert 'aria-current="page">Qualifying' in tabs  # the current stage by default
    assert len(_rows(html)) == 16
    # A stage whose cut is not made, an unknown one, and nonsense are no page.
    for asked in ("2", "9", "0", "semifinal"):
        assert client.get(URL, {"stage": asked}).status_code == 404


def test_the_current_stage_is_shown_by_default_with_carried_points(client, qualified):
    html = client.get(URL).content.decode()
    assert 'aria-current="page">Semifinal' in html
    assert "Carried" in html
    assert "No round of this stage is published yet." in html
    rows = _rows(html)
    assert len(rows) == 8
    before = {
        row["player"]: Fraction(row["points"]) for row in stage_rows(qualified.stage(1), "public")
    }
    semifinal = stage_rows(qualified.stage(2), "public")
    for row in semifinal:
        # Half of each entrant's qualifying points, shown before any semifinal round.
        assert Fraction(row["carried"]) == before[row["player"]] / 2
    assert set(_names(html)) == {row["player"] for row in semifinal}


def test_the_earlier_stage_marks_who_went_through_and_draws_the_line(client, qualified):
    html = client.get(URL, {"stage": "1"}).content.decode()
    assert 'aria-current="page">Qualifying' in html
    assert "Carried" not in html
    rows = _rows(html)
    assert len(rows) == 16
    through = [i for i, row in enumerate(rows) if "is-through" in row]
    entrants = {e.registration.name for e in qualified.stage(2).entrants.all()}
    assert {_names(html)[i] for i in through} == entrants
    assert "Through to the Semifinal (8 players)" in html
    lines = [i for i, row in enumerate(rows) if "is-cut-line" in row]
    assert lines == [7]  # after the 8th, no wild card: the top 8 by rank
    # Sorted by another column, the line means nothing and goes; the badges stay.
    sorted_html = client.get(URL, {"stage": "1", "sort": "player"}).content.decode()
    assert "is-cut-line" not in sorted_html
    assert sorted_html.count("badge-through") == 8 + 1  # the rows and the legend


def test_overall_says_which_stage_each_player_reached(client, qualified):
    qualified.play(3)
    qualified.cut(3)
    qualified.play(4)
    html = client.get(URL, {"stage": "overall"}).content.decode()
    assert 'aria-current="page">Overall' in html
    names = _names(html)
    expected = [row["player"] for row in standings(qualified.event).rows]
    assert names == expected
    stages = [re.search(r'class="col-stage">([^<]+)<', row).group(1) for row in _rows(html)]
    assert stages == ["Final"] * 4 + ["Semifinal"] * 4 + ["Qualifying"] * 8
    # The default is now the final, its points carried in full from the semifinal.
    final = client.get(URL).content.decode()
    assert 'aria-current="page">Final' in final and len(_rows(final)) == 4
    assert "Round counted: 4" in final


def test_each_stage_is_cached_apart(client, qualified):
    first = client.get(URL, {"stage": "1"}).content.decode()
    default = client.get(URL).content.decode()
    again = client.get(URL, {"stage": "1"}).content.decode()
    assert len(_rows(first)) == 16 and len(_rows(default)) == 8
    assert _rows(again) == _rows(first)
    # The live fragment keeps the stage it was asked for.
    fragment = client.get(URL, {"stage": "1", "fragment": "1"}).content.decode()
    assert len(_rows(fragment)) == 16
    assert 'data-live-url="/e/staged/standings/?stage=1&amp;fragment=1"' in first


def test_a_new_result_in_the_stage_shows_at_once(client, qualified):
    assert "No round of this stage is published yet." in client.get(URL).content.decode()
    qualified.play(3)
    html = client.get(URL).content.decode()
    assert "Round counted: 3" in html


def test_event_page_says_the_current_stage(client, qualified):
    html = client.get("/e/staged/").content.decode()
    assert "Semifinal: round 3, 8 players" in html
    ja = client.get("/e/staged/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "第3回戦、8人" in ja


def test_japanese_wording(client, qualified):
    html = client.get(URL, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "持ち越し" in html and "総合" in html
    first = client.get(URL, {"stage": "1"}, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "進出（8人）" in first


def test_events_without_stages_have_no_stage_view(client, make_event):
    event = make_event(is_public=True)
    html = client.get(f"/e/{event.slug}/standings/").content.decode()
    assert "stage-tabs" not in html and "Team standings" not in html
    assert client.get(f"/e/{event.slug}/standings/", {"stage": "1"}).status_code == 404


def test_stage_pages_run_a_fixed_number_of_queries(
    client, qualified, django_assert_max_num_queries, settings
):
    settings.PUBLIC_PAGE_CACHE_SECONDS = 0  # the page is built: only the table is cached
    for asked in ({}, {"stage": "1"}, {"stage": "overall"}):
        client.get(URL, asked)  # the tables are rendered once
        # The event, its stages, the fingerprint, the rounds for the links: nothing per player.
        with django_assert_max_num_queries(4):
            assert client.get(URL, asked).status_code == 200


def test_stage_and_team_pages_are_valid_html(client, qualified, tmp_path):
    from tests.tournament.public.test_html_valid import _explain, validate

    pages = {}
    for language in ("en", "ja"):
        for name, url in (
            ("current", URL),
            ("qualifying", f"{URL}?stage=1"),
            ("overall", f"{URL}?stage=overall"),
            ("teams", "/e/staged/teams/"),
            ("event", "/e/staged/"),
            ("projector", "/e/staged/projector/standings/"),
            ("projector-teams", "/e/staged/projector/teams/"),
        ):
            html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
            pages[f"{name}-{language}"] = html
    errors = validate(pages, tmp_path)
    assert not any(errors.values()), f"not valid HTML:\n{_explain(errors)}"


def test_an_undone_cut_takes_the_stage_away_at_once(client, qualified):
    from tournament.stages.services import undo_cut

    assert 'aria-current="page">Semifinal' in client.get(URL).content.decode()
    undo_cut(qualified.stage(2), by=qualified.director, words="wrong tiebreak")
    html = client.get(URL).content.decode()  # not the page kept from before the undo
    assert 'aria-current="page">Qualifying' in html and ">Semifinal</a>" not in html
    assert "badge-through" not in html
    assert client.get(URL, {"stage": "2"}).status_code == 404
    qualified.cut(2)  # made again
    assert len(_rows(client.get(URL).content.decode())) == 8


def test_the_player_page_of_a_staged_event_reads_the_stages_once(client, qualified, settings):
    """The rank chart ranks the stages again after every round: the stages and their
    entrants are read once (standings.stage_rows.Loaded), so a round more costs no query."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.PUBLIC_PAGE_CACHE_SECONDS = 0
    registration = qualified.event.registrations.order_by("pk").first()
    url = f"/e/staged/player/{registration.pk}/"

    def queries():
        client.get(url)  # the standings snapshot is made once
        with CaptureQueriesContext(connection) as seen:
            assert client.get(url).status_code == 200
        return len(seen)

    after_two_rounds = queries()
    qualified.play(3)
    assert queries() == after_two_rounds
