"""The projector's team standings are the public team table (issue #34, "Polish").

The director looked for team standings on the projector from the public team
standings page and found no way there. The team page now links to the team
screen, and the screen lists what the public page computes: the same teams,
in the same order, with the same ranks and points.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache

from tests.tournament.public.staged import make_staged

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _public(html: str) -> list[tuple[str, str, str, str]]:
    """(rank, team, points, score) of the public page's first team table."""
    first = html.split('<section class="team-ranking">')[1]
    return re.findall(
        r'<td class="num col-rank">(\d+)(?:<abbr[^>]*>=</abbr>)?</td>\s*'
        r'<td class="col-team"><span class="team-name">([^<]+)</span>.*?'
        r'<td class="num col-main">([^<]+)</td>\s*<td class="num col-main">([^<]+)</td>',
        first,
        re.S,
    )


def _screen(html: str) -> list[tuple[str, str, str, str]]:
    return re.findall(
        r'<span class="col-rank">(\d+)=?</span>\s*<span class="col-name"><span class="name">([^<]+)'
        r'</span>.*?<span class="col-num">([^<]+)</span><span class="col-num">([^<]+)</span>',
        html,
        re.S,
    )


def test_the_team_screen_is_the_public_team_table(client, django_user_model):
    staged = make_staged(django_user_model)
    staged.play_qualifying()
    public = client.get("/e/staged/teams/").content.decode()
    board = client.get("/e/staged/projector/teams/board/").content.decode()
    assert _public(public) and _screen(board) == _public(public)
    assert 'href="/e/staged/projector/teams/"' in public
