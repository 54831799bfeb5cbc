"""The projector for an event in stages and teams (issue #21).

The event is ``tests/tournament/public/staged.py``'s. The standings screen
follows the current stage; a team screen shows the event's main team ranking.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache

from tests.tournament.public.staged import TEAMS, make_staged
from tournament.hall.projector.views import VERSION_HEADER

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _rows(html: str) -> list[str]:
    return re.findall(r'<li class="board-line[^"]*" data-row data-name="([^"]*)"', html)


def test_standings_follow_the_current_stage(client, django_user_model):
    staged = make_staged(django_user_model)
    staged.play_qualifying()
    html = client.get("/e/staged/projector/standings/").content.decode()
    assert len(_rows(html)) == 16
    assert "Standings · Qualifying" in html
    board = client.get("/e/staged/projector/standings/board/")
    version = board[VERSION_HEADER]
    staged.cut(2)
    # The cut changes the board: the semifinal's 8, with their carried points.
    board = client.get("/e/staged/projector/standings/board/", {"v": version})
    assert board.status_code == 200
    html = board.content.decode()
    assert len(_rows(html)) == 8
    assert '<span class="board-stage">Semifinal</span>' in html
    entrants = {e.registration.name for e in staged.stage(2).entrants.all()}
    assert set(_rows(html)) == entrants
    page = client.get("/e/staged/projector/standings/").content.decode()
    assert "Standings · Semifinal" in page


def test_team_screen(client, django_user_model):
    staged = make_staged(django_user_model)
    assert "No results have been published yet." in (
        client.get("/e/staged/projector/teams/").content.decode()
    )
    staged.play(1)
    html = client.get("/e/staged/projector/teams/").content.decode()
    assert sorted(_rows(html)) == sorted(TEAMS)
    assert "Team standings · sum of all members" in html
    chooser = client.get("/e/staged/projector/").content.decode()
    assert 'id="projector-teams-link"' in chooser
    board = client.get("/e/staged/projector/teams/board/")
    again = client.get("/e/staged/projector/teams/board/", {"v": board[VERSION_HEADER]})
    assert again.status_code == 204


def test_team_screen_in_japanese(client, django_user_model):
    staged = make_staged(django_user_model, sum_all=False)
    staged.play(1)
    html = client.get("/e/staged/projector/teams/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "チーム順位 · 各回戦の上位3人の合計" in html


def test_no_team_screen_without_team_rankings(client, django_user_model):
    make_staged(django_user_model, best_n=None, sum_all=False)
    assert client.get("/e/staged/projector/teams/").status_code == 404
    assert client.get("/e/staged/projector/teams/board/").status_code == 404
    assert "projector-teams-link" not in client.get("/e/staged/projector/").content.decode()
