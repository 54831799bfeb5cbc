"""Standings tiebreaks, one at a time: each case moves exactly one metric of the precedence.

Two players p and q; lines are built directly (the session values they carry
are checked against real sheets in test_standings_sessions.py). Values are
worked by hand in the comments; every case is also run with the lines reversed.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.standings import SessionLine, rank_players


def line(player, rnd, place, score, rank_points=None, raw=None, overall=0):
    return SessionLine(player, rnd, 1, "E", place, F(score), rank_points, raw, F(overall))


TIEBREAKS = [
    # id, ruleset, overrides, lines of p and q, expected order (None = shared)
    # MCR 1: table points beat a better session score
    ("mcr table points", "mcr", {},
     [line("p", 1, 1, 5, 4), line("p", 2, 4, -40, 0),
      line("q", 1, 2, 30, 2), line("q", 2, 3, 10, 1)], ["p", "q"]),
    # MCR 2: table points 3 each; session scores 10 vs 20
    ("mcr session score", "mcr", {},
     [line("p", 1, 1, 10, 3), line("q", 1, 1, 20, 3)], ["q", "p"]),
    # MCR 3: 4 + 0 vs 2 + 2 table points; 30 - 10 = 10 + 10 scores; firsts 1 vs 0
    ("mcr firsts", "mcr", {},
     [line("p", 1, 1, 30, 4), line("p", 2, 4, -10, 0),
      line("q", 1, 2, 10, 2), line("q", 2, 2, 10, 2)], ["p", "q"]),
    # MCR 4: 4 + 1 vs 3 (1st = 2nd, placement 1) + 2; scores 20 each; firsts 1 each;
    # seconds 0 vs 1
    ("mcr seconds", "mcr", {},
     [line("p", 1, 1, 15, 4), line("p", 2, 3, 5, 1),
      line("q", 1, 1, 10, 3), line("q", 2, 2, 10, 2)], ["q", "p"]),
    # MCR 5: 2 + 1 + 0 vs 2 + 1/2 + 1/2 (3rd = 4th, placement 3); seconds 1 each;
    # thirds 1 vs 2
    ("mcr thirds", "mcr", {},
     [line("p", 1, 2, 0, 2), line("p", 2, 3, 0, 1), line("p", 3, 4, 0, 0),
      line("q", 1, 2, 0, 2), line("q", 2, 3, 0, F(1, 2)), line("q", 3, 3, 0, F(1, 2))],
     ["q", "p"]),
    # MCR 6: places 1 and 4 each, totals 0; best session 30 vs 10
    ("mcr best session", "mcr", {},
     [line("p", 1, 1, 30, 4), line("p", 2, 4, -30, 0),
      line("q", 1, 1, 10, 4), line("q", 2, 4, -10, 0)], ["p", "q"]),
    # MCR 7: the same results in other rounds: shared
    ("mcr all equal", "mcr", {},
     [line("p", 1, 1, 30, 4), line("p", 2, 4, -30, 0),
      line("q", 2, 1, 30, 4), line("q", 3, 4, -30, 0)], None),
    # MCR overall penalty: table points 4 each; 20 - 10 = 10 < 15
    ("mcr overall penalty", "mcr", {},
     [line("p", 1, 1, 20, 4, overall=-10), line("q", 1, 1, 15, 4)], ["q", "p"]),
    # MCR chain: case 3 with "shared" straight after the session scores
    ("mcr chain shared", "mcr", {"tiebreak_chain": ["shared"]},
     [line("p", 1, 1, 30, 4), line("p", 2, 4, -10, 0),
      line("q", 1, 2, 10, 2), line("q", 2, 2, 10, 2)], None),
    # MCR chain: case 3 by fewer 4th places: 1 vs 0
    ("mcr chain fourths", "mcr", {"tiebreak_chain": ["fourths"]},
     [line("p", 1, 1, 30, 4), line("p", 2, 4, -10, 0),
      line("q", 1, 2, 10, 2), line("q", 2, 2, 10, 2)], ["q", "p"]),
    # Riichi 1: result points 25 vs 20
    ("riichi result", "jpml-b", {},
     [line("p", 1, 1, 25, raw=40_000), line("q", 1, 2, 20, raw=45_000)], ["p", "q"]),
    # Riichi 2: 25 each (40,000 1st: 10 + 15; 50,000 2nd: 20 + 5); raw 40,000 < 50,000
    ("riichi raw", "wrc", {},
     [line("p", 1, 1, 25, raw=40_000), line("q", 1, 2, 25, raw=50_000)], ["q", "p"]),
    # Riichi 3: 30 - 10 vs 10 + 10; raw 45,000 + 25,000 = 35,000 x 2; best 30 vs 10
    ("riichi best", "ema", {},
     [line("p", 1, 1, 30, raw=45_000), line("p", 2, 3, -10, raw=25_000),
      line("q", 1, 2, 10, raw=35_000), line("q", 2, 2, 10, raw=35_000)], ["p", "q"]),
    ("riichi shared", "tenhou", {},
     [line("p", 1, 1, 30, raw=45_000), line("q", 2, 1, 30, raw=45_000)], None),
    # Riichi overall chombo: 30 - 20 = 10 < 15
    ("riichi overall", "wrc", {},
     [line("p", 1, 1, 30, raw=45_000, overall=-20), line("q", 1, 2, 15, raw=40_000)],
     ["q", "p"]),
    # ZJ without match points: 20 vs 200 session points
    ("zj points", "zung-jung", {},
     [line("p", 1, 1, 10, 4), line("p", 2, 1, 10, 4),
      line("q", 1, 2, 100, 2), line("q", 2, 2, 100, 2)], ["q", "p"]),
    # ZJ with match points: the same lines, 8 vs 4 match points
    ("zj match points", "zung-jung", {"zj_match_points": [4, 2, 1, 0]},
     [line("p", 1, 1, 10, 4), line("p", 2, 1, 10, 4),
      line("q", 1, 2, 100, 2), line("q", 2, 2, 100, 2)], ["p", "q"]),
    # ZJ: 50 - 10 overall = 40 = 40; firsts 0 vs 1
    ("zj overall then firsts", "zung-jung", {},
     [line("p", 1, 2, 50, overall=-10), line("q", 1, 1, 40)], ["q", "p"]),
    # ZJ: 40 each, one 1st each; best 60 vs 40
    ("zj best", "zung-jung", {},
     [line("p", 1, 1, 60), line("p", 2, 3, -20), line("q", 1, 1, 40)], ["p", "q"]),
    # HKOS: 64 each; session wins 1 vs 2
    ("hkos wins", "hkos", {},
     [line("p", 1, 1, 96), line("p", 2, 3, -32), line("q", 1, 1, 32), line("q", 2, 1, 32)],
     ["q", "p"]),
    # HKOS: 64 each, one win each; best 96 vs 64
    ("hkos best", "hkos", {},
     [line("p", 1, 1, 96), line("p", 2, 3, -32), line("q", 1, 1, 64), line("q", 2, 2, 0)],
     ["p", "q"]),
    # HKOS chain best first: 64 each; best 96 vs 32 although wins 1 vs 2
    ("hkos chain best", "hkos", {"tiebreak_chain": ["best_session", "session_wins"]},
     [line("p", 1, 1, 96), line("p", 2, 3, -32), line("q", 1, 1, 32), line("q", 2, 1, 32)],
     ["p", "q"]),
    # HKOS chain shared: the "hkos wins" case shares
    ("hkos chain shared", "hkos", {"tiebreak_chain": ["shared"]},
     [line("p", 1, 1, 96), line("p", 2, 3, -32), line("q", 1, 1, 32), line("q", 2, 1, 32)],
     None),
]  # fmt: skip


@pytest.mark.parametrize(
    "ruleset, overrides, lines, order",
    [c[1:] for c in TIEBREAKS],
    ids=[c[0] for c in TIEBREAKS],
)
def test_one_tiebreak(ruleset, overrides, lines, order):
    for given in (lines, lines[::-1]):
        got = rank_players(ruleset, overrides, ["q", "p"], given)
        if order is None:
            assert [(s.rank, s.player, s.tied) for s in got] == [(1, "p", True), (1, "q", True)]
            assert got[0].metrics == got[1].metrics
        else:
            assert [(s.rank, s.player, s.tied) for s in got] == [
                (1, order[0], False),
                (2, order[1], False),
            ]


def test_points_and_score_are_the_first_two_metrics():
    lines = [line("p", 1, 1, 30, 4, raw=45_000, overall=-5), line("p", 2, 2, 10, 2, raw=35_000)]
    expect = {
        "mcr": (6, 35),  # table points 4 + 2; 30 + 10 - 5
        "jpml-a": (35, 80_000),  # 30 + 10 - 5; raw 45,000 + 35,000
        "zung-jung": (35, 1),  # session points with the overall penalty; then firsts
        "hkos": (35, 1),  # points; then session wins
    }
    for ruleset, (points, score) in expect.items():
        (got,) = rank_players(ruleset, {}, ["p"], lines)
        assert (got.points, got.score) == (points, score), ruleset
    (got,) = rank_players("hkos", {"tiebreak_chain": ["shared"]}, ["p"], lines)
    assert (got.points, got.score, got.metrics) == (35, 0, {"points_total": 35})
