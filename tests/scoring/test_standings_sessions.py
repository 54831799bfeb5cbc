"""Session results as standings receive them: final scores only, every kind of tie.

Each case replays a final-scores-only sheet (``replay_sheet(..., final_scores=...)``)
and checks the footer, worked by hand in the comments, then that
:func:`scoring.standings.session_lines` carries exactly those values.
Seats are E, S, W, N in every tuple.

MCR (rules/mcr.md §7): 4/2/1/0 table points; tied players share the points
of the places they occupy. Riichi (rules/riichi.md §3-§6): score =
(final − 30,000)/1,000 + uma + oka (+ sticks); ties split uma except tenhou
(seat order from the first dealer). Zung Jung / HKOS: the zero-sum hand
total is the session score.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.core.seats import SEATS
from scoring.sheets import replay_sheet
from scoring.standings import SessionLine, session_lines

MCR = [
    # id, finals, placements, table points (score = final)
    ("no tie", (40, 10, -20, -30), (1, 2, 3, 4), (4, 2, 1, 0)),
    # 1st = 2nd: (4 + 2) / 2 = 3 each
    ("1=2", (20, 20, -10, -30), (1, 1, 3, 4), (3, 3, 1, 0)),
    # 2nd = 3rd: (2 + 1) / 2 = 3/2 each
    ("2=3", (30, 0, 0, -30), (1, 2, 2, 4), (4, F(3, 2), F(3, 2), 0)),
    # 3rd = 4th: (1 + 0) / 2 = 1/2 each
    ("3=4", (30, 10, -20, -20), (1, 2, 3, 3), (4, 2, F(1, 2), F(1, 2))),
    # 1st = 2nd = 3rd: (4 + 2 + 1) / 3 = 7/3 each
    ("1=2=3", (10, 10, 10, -30), (1, 1, 1, 4), (F(7, 3), F(7, 3), F(7, 3), 0)),
    # 2nd = 3rd = 4th: (2 + 1 + 0) / 3 = 1 each
    ("2=3=4", (30, -10, -10, -10), (1, 2, 2, 2), (4, 1, 1, 1)),
    # 1st = 2nd and 3rd = 4th: 3, 3, 1/2, 1/2
    ("1=2,3=4", (15, 15, -15, -15), (1, 1, 3, 3), (3, 3, F(1, 2), F(1, 2))),
    # all four: 7/4 each
    ("all", (0, 0, 0, 0), (1, 1, 1, 1), (F(7, 4),) * 4),
]

RIICHI = [
    # id, ruleset, overrides, finals, leftover sticks, placements, session scores
    # --- jpml-b: +15/+5/-5/-15, ties split uma, sticks lost -------------------------
    # 15.2 + 15 = 30.2; 1 + 5 = 6; -5.5 - 5 = -10.5; -10.7 - 15 = -25.7
    ("jpml-b no tie", "jpml-b", {}, (45_200, 31_000, 24_500, 19_300), 0,
     (1, 2, 3, 4), (F(151, 5), 6, F(-21, 2), F(-257, 10))),
    # uma 1=2: (15 + 5)/2 = 10 each: 5 + 10, 5 + 10, 0 - 5, -10 - 15
    ("jpml-b 1=2", "jpml-b", {}, (35_000, 35_000, 30_000, 20_000), 0,
     (1, 1, 3, 4), (15, 15, -5, -25)),
    # uma 2=3: 0 each
    ("jpml-b 2=3", "jpml-b", {}, (40_000, 30_000, 30_000, 20_000), 0,
     (1, 2, 2, 4), (25, 0, 0, -25)),
    # 3=4 with 2 sticks lost: uma -10 each; 10 + 15, 2 + 5, -7 - 10 twice; sum -2
    ("jpml-b 3=4 sticks", "jpml-b", {}, (40_000, 32_000, 23_000, 23_000), 2,
     (1, 2, 3, 3), (25, 7, -17, -17)),
    # 1=2=3: uma (15 + 5 - 5)/3 = 5 each: 4 + 5 three times, -12 - 15
    ("jpml-b 1=2=3", "jpml-b", {}, (34_000, 34_000, 34_000, 18_000), 0,
     (1, 1, 1, 4), (9, 9, 9, -27)),
    # 2=3=4: uma (5 - 5 - 15)/3 = -5 each: 18 + 15, then -6 - 5 three times
    ("jpml-b 2=3=4", "jpml-b", {}, (48_000, 24_000, 24_000, 24_000), 0,
     (1, 2, 2, 2), (33, -11, -11, -11)),
    # 1=2, 3=4: uma +10, +10, -10, -10
    ("jpml-b 1=2,3=4", "jpml-b", {}, (36_000, 36_000, 24_000, 24_000), 0,
     (1, 1, 3, 3), (16, 16, -16, -16)),
    ("jpml-b all", "jpml-b", {}, (30_000,) * 4, 0, (1, 1, 1, 1), (0, 0, 0, 0)),
    # --- wrc: as jpml-b at the table; 1 stick not awarded --------------------------
    # 1=2=3: uma 5 each; 5 + 5 three times; -16 - 15 = -31; sum -1
    ("wrc 1=2=3 stick", "wrc", {}, (35_000, 35_000, 35_000, 14_000), 1,
     (1, 1, 1, 4), (10, 10, 10, -31)),
    # --- ema: leftover sticks to 1st, shared by tied 1sts ---------------------------
    # 2 sticks = 2 points, 1 each to E and S; uma 10, 10, -5, -15:
    # 5 + 10 + 1, twice; -2 - 5; -10 - 15
    ("ema 1=2 sticks", "ema", {}, (35_000, 35_000, 28_000, 20_000), 2,
     (1, 1, 3, 4), (16, 16, -7, -25)),
    # all four on 29,500 + 2 sticks: -0.5 + 0 uma + 2/4 sticks = 0 each
    ("ema all sticks", "ema", {}, (29_500,) * 4, 2, (1, 1, 1, 1), (0, 0, 0, 0)),
    # --- tenhou: 25,000/30,000, oka +20 to 1st, uma +20/+10/-10/-20, seat order,
    # --- non-1sts rounded to 1,000 (500 up), 1st balances ---------------------------
    # raw 12.3, -1.9 -> -2, -11.3 -> -11, -19.1 -> -19; 1st = -20 - (-32) = 12;
    # 12 + 20 + 20 = 52; -2 + 10 = 8; -11 - 10 = -21; -19 - 20 = -39
    ("tenhou no tie", "tenhou", {}, (42_300, 28_100, 18_700, 10_900), 0,
     (1, 2, 3, 4), (52, 8, -21, -39)),
    # S = W on 30,000: S sits first -> 1st, W 2nd; E = N on 20,000: E 3rd, N 4th.
    # S 0 + 20 + 20; W 0 + 10; E -10 - 10; N -10 - 20
    ("tenhou 2-way seat order", "tenhou", {}, (20_000, 30_000, 30_000, 20_000), 0,
     (3, 1, 2, 4), (-20, 40, 10, -30)),
    # E, S, W on 20,000 take 2nd-4th by seat; N 1st: 10 + 20 + 20 = 50;
    # E -10 + 10 = 0; S -10 - 10 = -20; W -10 - 20 = -30
    ("tenhou 3-way seat order", "tenhou", {}, (20_000, 20_000, 20_000, 40_000), 0,
     (2, 3, 4, 1), (0, -20, -30, 50)),
    # all 25,000: raw -5 each (1st balances to -5): -5 + 40, -5 + 10, -5 - 10, -5 - 20
    ("tenhou 4-way seat order", "tenhou", {}, (25_000,) * 4, 0,
     (1, 2, 3, 4), (35, 5, -15, -25)),
    # S on 24,500: raw -5.5 rounds (500 up) to -5; 1st E = -20 - (-5 - 10 - 10) = 5;
    # W = N on 20,000, W first by seat. E 5 + 40 = 45; S -5 + 10; W -10 - 10; N -10 - 20
    ("tenhou 500 rounds up", "tenhou", {}, (35_500, 24_500, 20_000, 20_000), 0,
     (1, 2, 3, 4), (45, 5, -20, -30)),
    # --- jpml-a: uma row by floaters (>= 30,000 by default, riichi.md §5) -----------
    # E on exactly 30,000 floats: 2 floaters -> +8/+4/-4/-8; W = N share (-4 - 8)/2 = -6:
    # S 10 + 8; E 0 + 4; W, N -5 - 6
    ("jpml-a 30,000 floats", "jpml-a", {}, (30_000, 40_000, 25_000, 25_000), 0,
     (2, 1, 3, 3), (4, 18, -11, -11)),
    # strict threshold: only S floats -> +12/-1/-3/-8; W, N share (-3 - 8)/2 = -11/2:
    # S 10 + 12; E 0 - 1; W, N -5 - 11/2
    ("jpml-a 30,000 sinks (strict)", "jpml-a", {"float_threshold_inclusive": False},
     (30_000, 40_000, 25_000, 25_000), 0, (2, 1, 3, 3), (-1, 22, F(-21, 2), F(-21, 2))),
    # 1 floater: +12/-1/-3/-8: 15 + 12, -1 - 1, -4 - 3, -10 - 8
    ("jpml-a 1 floater", "jpml-a", {}, (45_000, 29_000, 26_000, 20_000), 0,
     (1, 2, 3, 4), (27, -2, -7, -18)),
    # 3 floaters: +8/+3/+1/-12: 5 + 8, 1 + 3, 0 + 1, -6 - 12
    ("jpml-a 3 floaters", "jpml-a", {}, (35_000, 31_000, 30_000, 24_000), 0,
     (1, 2, 3, 4), (13, 4, 1, -18)),
    # 3 floaters, 2 = 3: (3 + 1)/2 = 2 each: 6 + 8, 0 + 2, 0 + 2, -6 - 12
    ("jpml-a 3 floaters 2=3", "jpml-a", {}, (36_000, 30_000, 30_000, 24_000), 0,
     (1, 2, 2, 4), (14, 2, 2, -18)),
    # 4 floaters (all on 30,000): 2-float row, split 4 ways -> 0 each
    ("jpml-a 4 floaters", "jpml-a", {}, (30_000,) * 4, 0, (1, 1, 1, 1), (0, 0, 0, 0)),
    # ⚠ 0 floaters (2 sticks stay on the table): the 2-float row +8/+4/-4/-8
    # (riichi.md §5, session_riichi.JPML_DEFAULT_ROW; the 1-float row would give
    # 11.9, -1.2, -3.8, -8.9): -0.1 + 8, -0.2 + 4, -0.8 - 4, -0.9 - 8; sum -2 (sticks lost)
    ("jpml-a 0 floaters", "jpml-a", {}, (29_900, 29_800, 29_200, 29_100), 2,
     (1, 2, 3, 4), (F(79, 10), F(19, 5), F(-24, 5), F(-89, 10))),
    # ⚠ 0 floaters with 1 = 2: 2-float row split (8 + 4)/2 = 6 (the 1-float row would
    # give 11/2): -0.5 + 6 twice; -1 - 4; -2 - 8; sum -4 (sticks lost)
    ("jpml-a 0 floaters 1=2", "jpml-a", {}, (29_500, 29_500, 29_000, 28_000), 4,
     (1, 1, 3, 4), (F(11, 2), F(11, 2), -5, -10)),
    # 0 floaters, 29,000 x 4 + 4 sticks: a 4-way tie splits any row to 0: -1 each
    ("jpml-a 0 floaters all", "jpml-a", {}, (29_000,) * 4, 4, (1, 1, 1, 1), (-1, -1, -1, -1)),
]  # fmt: skip

CHINESE = [
    # id, ruleset, overrides, finals, placements, rank points (score = final)
    ("zj no tie", "zung-jung", {}, (75, 25, -25, -75), (1, 2, 3, 4), None),
    ("zj 1=2", "zung-jung", {}, (50, 50, -40, -60), (1, 1, 3, 4), None),
    ("zj all", "zung-jung", {}, (0, 0, 0, 0), (1, 1, 1, 1), None),
    # zj_match_points 4/2/1/0: 1 = 2 -> 3, 3; then 1, 0
    ("zj match 1=2", "zung-jung", {"zj_match_points": [4, 2, 1, 0]}, (50, 50, -40, -60),
     (1, 1, 3, 4), (3, 3, 1, 0)),
    # 2 = 3 = 4 -> (2 + 1 + 0)/3 = 1 each
    ("zj match 2=3=4", "zung-jung", {"zj_match_points": [4, 2, 1, 0]}, (90, -30, -30, -30),
     (1, 2, 2, 2), (4, 1, 1, 1)),
    # all four: 7/4 each
    ("zj match all", "zung-jung", {"zj_match_points": [4, 2, 1, 0]}, (0, 0, 0, 0),
     (1, 1, 1, 1), (F(7, 4),) * 4),
    ("hkos no tie", "hkos", {}, (96, 32, -32, -96), (1, 2, 3, 4), None),
    ("hkos 1=2,3=4", "hkos", {}, (64, 64, -64, -64), (1, 1, 3, 3), None),
    ("hkos 2=3=4", "hkos", {}, (96, -32, -32, -32), (1, 2, 2, 2), None),
    ("hkos all", "hkos", {}, (0, 0, 0, 0), (1, 1, 1, 1), None),
]  # fmt: skip


def seats(values) -> dict:
    return dict(zip(SEATS, values, strict=True))


def footer(sheet, key) -> tuple:
    return tuple(sheet.session[s][key] for s in SEATS)


def lines_of(sheet, round_=1):
    return session_lines(sheet, round=round_, table=1, players=seats(("e", "s", "w", "n")))


@pytest.mark.parametrize("finals, place, points", [c[1:] for c in MCR], ids=[c[0] for c in MCR])
def test_mcr_table_points(finals, place, points):
    sheet = replay_sheet("mcr", {}, [], final_scores=seats(finals))
    assert footer(sheet, "placement") == place
    assert footer(sheet, "score") == finals
    assert footer(sheet, "rank_points") == points
    assert sum(points) == 7  # rules/mcr.md §7: a table always hands out 7
    lines = lines_of(sheet)
    assert [(ln.placement, ln.score, ln.rank_points, ln.raw) for ln in lines] == list(
        zip(place, finals, points, finals, strict=True)
    )


@pytest.mark.parametrize(
    "ruleset, overrides, finals, sticks, place, scores",
    [c[1:] for c in RIICHI],
    ids=[c[0] for c in RIICHI],
)
def test_riichi_session_scores(ruleset, overrides, finals, sticks, place, scores):
    sheet = replay_sheet(ruleset, overrides, [], final_scores=seats(finals), leftover_sticks=sticks)
    assert footer(sheet, "placement") == place
    assert footer(sheet, "score") == scores
    # Sticks lost (jpml, wrc) leave the table: the session scores sum to -sticks.
    lost = 0 if ruleset in ("ema", "tenhou") else sticks
    assert sum(scores) == -lost
    lines = lines_of(sheet)
    assert [(ln.placement, ln.score, ln.rank_points, ln.raw) for ln in lines] == list(
        zip(place, scores, (None,) * 4, finals, strict=True)
    )


@pytest.mark.parametrize(
    "ruleset, overrides, finals, place, points",
    [c[1:] for c in CHINESE],
    ids=[c[0] for c in CHINESE],
)
def test_point_total_rulesets(ruleset, overrides, finals, place, points):
    sheet = replay_sheet(ruleset, overrides, [], final_scores=seats(finals))
    assert footer(sheet, "placement") == place
    assert footer(sheet, "score") == finals
    assert footer(sheet, "rank_points") == (points or (None,) * 4)
    assert [ln.rank_points for ln in lines_of(sheet)] == list(points or (None,) * 4)


def test_mcr_table_score_penalty_moves_table_points():
    # False win by E (−30, +10 to each other, scope table_score, mcr.md §9):
    # 10 − 30 = −20; S 0 + 10, W 0 + 10, N −10 + 10 = 0 -> S = W 1st (3 each), N 3rd, E 4th.
    penalties = [{"player": "E", "category": "false_win"}]
    sheet = replay_sheet("mcr", {}, [], penalties, final_scores=seats((10, 0, 0, -10)))
    assert footer(sheet, "score") == (-20, 10, 10, 0)
    assert footer(sheet, "rank_points") == (0, 3, 3, 1)
    assert [ln.raw for ln in lines_of(sheet)] == [10, 0, 0, -10]  # the hand totals


def test_overall_penalties_reach_the_lines():
    # MCR conduct −10 on the overall score: out of the ranking, onto the line.
    pen = [{"player": "E", "category": "conduct", "points": -10, "scope": "overall_score"}]
    sheet = replay_sheet("mcr", {}, [], pen, final_scores=seats((1, 0, 0, -1)))
    assert [ln.overall_penalty for ln in lines_of(sheet)] == [-10, 0, 0, 0]
    assert footer(sheet, "rank_points") == (4, F(3, 2), F(3, 2), 0)
    # WRC chombo: −20 off the overall score (riichi.md §7), in session points.
    sheet = replay_sheet(
        "wrc", {}, [], [{"player": "S", "category": "chombo"}], final_scores=seats((30_000,) * 4)
    )
    assert [ln.overall_penalty for ln in lines_of(sheet)] == [0, -20, 0, 0]
    # Zung Jung: referee amounts default to the overall score (sheets/zung_jung.py ⚠).
    pen = [{"player": "N", "category": "conduct", "points": -10}]
    sheet = replay_sheet("zung-jung", {}, [], pen, final_scores=seats((0, 0, 0, 0)))
    assert [ln.overall_penalty for ln in lines_of(sheet)] == [0, 0, 0, -10]


def test_session_lines_name_players_by_seat():
    sheet = replay_sheet("hkos", {}, [], final_scores=seats((96, 32, -32, -96)))
    lines = session_lines(sheet, round=3, table=7, players=seats((11, 12, 13, 14)))
    assert lines[1] == SessionLine(12, 3, 7, "S", 2, F(32), None, 32, F(0))
    with pytest.raises(ValueError, match="each seat"):
        session_lines(sheet, round=3, table=7, players={"E": 1})
