"""Lists of players sort by the Unicode Collation Algorithm (issue #34): Á next to A, not after Z.

The expected order is the one of CLDR's root collation (Unicode Technical
Standard #35, Part 5 "Collation": the root collation is the DUCET of UTS #10
with CLDR's few changes, none of which touches these letters): Á and É sort as
A and E with an accent (a secondary difference), Ł and Ø are letters of their
own right after L and O (their own primary weights), and Han ideographs come
after every alphabet. Checked against ICU's root collator, which implements
CLDR root: ``new Intl.Collator("und").compare`` in Node 18 sorts the seven names
in exactly this order. The database's ``ORDER BY name`` (code points) put
Ábel, Émile, Ørsted and Łukasz after Zoltán.
"""

from __future__ import annotations

import re

import pytest

from tournament.collation import name_key
from tournament.events.models import Registration
from tournament.seating.models import Round, Seat, Table

ISSUE_NAMES = ["Ábel", "Zoltán", "Łukasz", "Émile", "Ørsted", "高橋", "Nguyễn"]
CLDR_ROOT = ["Ábel", "Émile", "Łukasz", "Nguyễn", "Ørsted", "Zoltán", "高橋"]


def test_the_key_sorts_as_cldr_root():
    assert sorted(ISSUE_NAMES, key=name_key) == CLDR_ROOT
    # Case and accents only break ties between names that are otherwise the same.
    assert sorted(["ábel", "Abel", "abel", "Abe"], key=name_key) == ["Abe", "abel", "Abel", "ábel"]
    # A name typed with a combining accent is the same name as the precomposed one.
    assert name_key("E\u0301mile") == name_key("Émile")


@pytest.fixture
def seated(make_event, make_player):
    """The issue's seven players, registered in its order, seated in a published round."""
    event = make_event(slug="names", name="Names Open")
    registrations = [
        Registration.objects.create(event=event, player=make_player(), name=name)
        for name in ISSUE_NAMES
    ]
    round_ = Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED)
    for start in (0, 4):
        table = Table.objects.create(round=round_, number=start // 4 + 1)
        for wind, registration in zip("ESWN", registrations[start : start + 4], strict=False):
            Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    return event


def _names(html: str, pattern: str) -> list[str]:
    return re.findall(pattern, html)


def test_the_public_player_list_sorts_by_collation(client, seated):
    html = client.get(f"/e/{seated.slug}/").content.decode()
    players = html.split('<ol class="players">')[1].split("</ol>")[0]
    assert _names(players, r'<span class="player-name">([^<]*)</span>') == CLDR_ROOT


def test_the_projector_seating_sorts_by_collation(client, seated):
    html = client.get(f"/e/{seated.slug}/projector/seating/board/").content.decode()
    assert _names(html, r'data-name="([^"]*)"') == CLDR_ROOT


def test_where_do_i_sit_sorts_by_collation(client, seated):
    html = client.get(f"/e/{seated.slug}/round/1/").content.decode()
    where = html.split('<ul class="where">')[1].split("</ul>")[0]
    assert _names(where, r'<span class="player-name">([^<]*)</span>') == CLDR_ROOT


def test_the_api_player_list_sorts_by_collation(client, seated):
    data = client.get(f"/api/v1/events/{seated.slug}/players/").json()
    assert [player["name"] for player in data] == CLDR_ROOT
