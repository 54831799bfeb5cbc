"""The public team standings page, ``/e/<slug>/teams/`` (issue #21).

The event is ``staged.py``'s: four teams of four (names in kanji and in
Latin letters), both team rankings published unless a test says otherwise.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tests.tournament.public.staged import TEAMS, make_staged
from tournament.events.teams import teams_of
from tournament.standings.services import session_lines

pytestmark = pytest.mark.django_db
URL = "/e/staged/teams/"


def _sections(html: str) -> list[str]:
    return re.findall(r'<section class="team-ranking">.*?</section>', html, flags=re.S)


def _teams_in(section: str) -> list[str]:
    return re.findall(r'<span class="team-name">([^<]+)</span>', section)


def test_both_rankings_main_one_first(client, django_user_model):
    staged = make_staged(django_user_model)
    staged.play_qualifying()
    html = client.get(URL).content.decode()
    sections = _sections(html)
    assert len(sections) == 2
    assert "Sum of all members" in sections[0]
    assert "Best 3 members per round" in sections[1]
    # The declared tiebreaks are said on the page, in the ruleset's words (MCR).
    assert "Teams are ranked on Table points, then Total points; teams still equal" in html
    for section in sections:
        assert sorted(_teams_in(section)) == sorted(TEAMS)
    # Each member links to their player page.
    members = teams_of(staged.event)
    for registration in members["東京"]:
        assert f'href="/e/staged/player/{registration.pk}/">{registration.name}<' in html


def test_sum_of_all_members_adds_up(client, django_user_model):
    """The main table's points: every member's table points over the published sessions."""
    staged = make_staged(django_user_model, best_n=None)
    staged.play_qualifying()
    html = client.get(URL).content.decode()
    assert len(_sections(html)) == 1
    lines = session_lines(staged.event, "public")
    expected = {}
    for team, members in teams_of(staged.event).items():
        ids = {r.pk for r in members}
        expected[team] = sum(
            (line.rank_points for line in lines if line.player in ids), Fraction(0)
        )
    shown = re.findall(
        r'<span class="team-name">([^<]+)</span>.*?<td class="num col-main">([^<]+)</td>',
        html,
        flags=re.S,
    )
    assert {team: Fraction(points.replace("−", "-")) for team, points in shown} == expected
    points = [Fraction(p.replace("−", "-")) for _team, p in shown]
    assert points == sorted(points, reverse=True)


def test_linked_from_the_event_and_standings_pages(client, django_user_model):
    make_staged(django_user_model)
    for page in ("/e/staged/", "/e/staged/standings/"):
        assert 'href="/e/staged/teams/"' in client.get(page).content.decode()


def test_before_any_result(client, django_user_model):
    make_staged(django_user_model)
    html = client.get(URL).content.decode()
    assert "No results have been published yet." in html
    assert len(_sections(html)) == 2


def test_an_event_without_team_rankings_has_no_team_page(client, django_user_model, make_event):
    make_staged(django_user_model, best_n=None, sum_all=False)
    assert client.get(URL).status_code == 404
    assert "/teams/" not in client.get("/e/staged/").content.decode()
    assert "/teams/" not in client.get("/e/staged/standings/").content.decode()
    plain = make_event(is_public=True)
    assert client.get(f"/e/{plain.slug}/teams/").status_code == 404


def test_japanese_and_chinese(client, django_user_model):
    make_staged(django_user_model)
    ja = client.get(URL, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "チーム順位" in ja and "全メンバーの合計" in ja and "各回戦の上位3人の合計" in ja
    zh = client.get(URL, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "团体排名" in zh and "全体队员合计" in zh


def test_team_page_runs_a_fixed_number_of_queries(
    client, django_user_model, django_assert_max_num_queries, settings
):
    settings.PUBLIC_PAGE_CACHE_SECONDS = 0  # the page is built: only the tables are cached
    staged = make_staged(django_user_model)
    staged.play(1)
    client.get(URL)  # rendered once
    # The event and the fingerprint: the tables come from the cache.
    with django_assert_max_num_queries(2):
        assert client.get(URL).status_code == 200


def test_a_corrected_team_name_shows_at_once(client, django_user_model):
    from tournament.events.editing import edit_player

    staged = make_staged(django_user_model)
    staged.play(1)
    assert "Dublin" in client.get(URL).content.decode()
    for registration in teams_of(staged.event)["Dublin"]:
        edit_player(
            registration,
            name=registration.name,
            team="Dublin Riichi",
            reason="typo",
            by=staged.director,
        )
    html = client.get(URL).content.decode()
    assert "Dublin Riichi" in html
    assert '<span class="team-name">Dublin</span>' not in html
