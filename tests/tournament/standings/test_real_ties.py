"""Overall places show "=" only for a real tie (issue #34).

The issue's false "9 =": two players equal on everything share 8th place in
the qualifying (``line_tie.full_tie``); the cut to 8 takes one of them by
lot. Overall, the one left out is 9th alone: no one shares 9th, yet the row
kept the qualifying's "tied" and every page, export and PDF that shows
places printed "9 =". Two players left out of one tie stay tied: that is
a real tie (equal on everything the ruleset ranks by), and keeps its "=".
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournament.stages.line_tie import full_tie, played, tied_pair
from tests.tournament.stages.stage_builder import build, level, play
from tournament.printing.lists import standings_context
from tournament.stages.services import cut_preview, make_cut
from tournament.standings.services import standings
from tournament.standings.stage_rows import overall_rows, stages_of

pytestmark = pytest.mark.django_db


def test_the_one_left_out_of_a_tie_for_one_place_is_ninth_alone():
    event, director, _judge, _round = played("ninth", full_tie)
    first, second = tied_pair(event)
    make_cut(stages_of(event)[1], chosen=[first], tie_method="lot", by=director)
    rows = overall_rows(event, "public")
    ninth = next(row for row in rows if row["registration"] == second)
    assert ninth["rank"] == 9 and [r["rank"] for r in rows].count(9) == 1
    assert ninth["tied"] is False
    # Every place shown: the snapshot, the public overall page, the printed list.
    snapshot = {row["registration"]: row for row in standings(event, "public").rows}
    assert snapshot[second]["tied"] is False
    html = Client().get("/e/ninth/standings/?stage=overall").content.decode()
    row = next(r for r in re.findall(r"<tr data-search=.*?</tr>", html, re.S) if ">9<" in r)
    assert "<abbr" not in row and "is-tied" not in row
    ranks = [r["rank"] for r in standings_context(event, "public")["rows"]]
    assert "9" in ranks and "9=" not in ranks
    # The qualifying's own standings keep the shared 8th: there it is a real tie.
    qualifying = Client().get("/e/ninth/standings/?stage=1").content.decode()
    assert qualifying.count("8<abbr") == 2


def test_two_left_out_of_one_tie_still_share_their_place():
    """20 players alike at every table: 5 tied for 3 places at 6th; the two out share 9th."""
    event, director, judge = build(
        "shared",
        20,
        [
            {"kind": "qualifying", "rounds": 1},
            {"kind": "final", "rounds": 2, "size": 8},
        ],
    )
    play(event, 1, director, judge, level)
    cut, _rows = cut_preview(stages_of(event)[1])
    make_cut(stages_of(event)[1], chosen=cut.tie[:3], tie_method="lot", by=director)
    rows = overall_rows(event, "public")
    out = [row for row in rows if row["registration"] in cut.tie[3:]]
    assert [(row["rank"], row["tied"]) for row in out] == [(9, True), (9, True)]
    # Each row's "=" agrees with its place being shared, everywhere in the ranking.
    for row in rows:
        assert row["tied"] == ([r["rank"] for r in rows].count(row["rank"]) > 1), row
