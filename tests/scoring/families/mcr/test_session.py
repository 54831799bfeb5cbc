"""Session arithmetic (rules/mcr.md §6-§9, riichi.md §6, sessions.md §5).

Every expected number is worked out by hand from the rules text and written
as a literal (fractions as ``F(7, 3)``); none is recomputed by the code under
test.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.core.placement import SessionError, placements, rank_points
from scoring.families.mcr.session import (
    MCR_SEAT_SCHEME,
    MCR_SESSION_RULES,
    MCRHandRecord,
    MCRPenalty,
    MCRSessionRules,
    false_win_penalty,
    mcr_hand_situation,
    mcr_seat_of,
    mcr_seating,
    mcr_session_result,
)

TABLE_POINTS = (4, 2, 1, 0)  # rules/mcr.md §7
UMA = (15, 5, -5, -15)  # rules/riichi.md §6 example (ema, wrc, jpml-b)
PLAYERS = ["ann", "bob", "cy", "dee"]  # starting seats E, S, W, N


def discard(winner, discarder, fan):
    return MCRHandRecord("discard", winner, discarder, fan)


def self_draw(winner, fan):
    return MCRHandRecord("self_draw", winner, None, fan)


DRAW = MCRHandRecord("draw")
NOT_PLAYED = MCRHandRecord("not_played")


def scores(a, b, c, d):
    return {"ann": a, "bob": b, "cy": c, "dee": d}


# --- rank points: every row of rules/mcr.md §7 -------------------------------

MCR_TIE_TABLE = [
    # (scores ann, bob, cy, dee) -> table points; comment: the §7 row
    ((30, 10, -10, -30), (4, 2, 1, 0)),  # no tie
    ((20, 20, -10, -30), (3, 3, 1, 0)),  # 1st = 2nd: (4+2)/2 = 3
    ((30, 0, 0, -30), (4, F(3, 2), F(3, 2), 0)),  # 2nd = 3rd: (2+1)/2
    ((30, 10, -20, -20), (4, 2, F(1, 2), F(1, 2))),  # 3rd = 4th: (1+0)/2
    ((10, 10, 10, -30), (F(7, 3), F(7, 3), F(7, 3), 0)),  # 1 = 2 = 3: 7/3
    ((30, -10, -10, -10), (4, 1, 1, 1)),  # 2 = 3 = 4: (2+1+0)/3 = 1
    ((20, 20, -20, -20), (3, 3, F(1, 2), F(1, 2))),  # 1 = 2 and 3 = 4
    ((0, 0, 0, 0), (F(7, 4),) * 4),  # all four: 7/4
]


@pytest.mark.parametrize(("given", "expected"), MCR_TIE_TABLE)
def test_table_points_reproduce_the_mcr_tie_table(given, expected):
    points = rank_points(scores(*given), TABLE_POINTS)
    assert list(points.values()) == list(expected)
    assert all(isinstance(v, F) for v in points.values())
    assert sum(points.values()) == 7  # a table always distributes 7 points


@pytest.mark.parametrize(
    ("given", "twelfths"),
    [
        ((20, 20, -10, -30), [36, 36, 12, 0]),
        ((30, 0, 0, -30), [48, 18, 18, 0]),
        ((30, 10, -20, -20), [48, 24, 6, 6]),
        ((10, 10, 10, -30), [28, 28, 28, 0]),
        ((30, -10, -10, -10), [48, 12, 12, 12]),
        ((20, 20, -20, -20), [36, 36, 6, 6]),
        ((0, 0, 0, 0), [21, 21, 21, 21]),
    ],
)
def test_table_points_are_whole_twelfths(given, twelfths):
    # rules/mcr.md §7 "Store in twelfths": 84 twelfths a table.
    points = rank_points(scores(*given), TABLE_POINTS)
    assert [v * 12 for v in points.values()] == twelfths
    assert all((v * 12).denominator == 1 for v in points.values())


def test_tie_order_in_the_input_does_not_matter():
    # The ranking is by score, not by the order of the mapping.
    points = rank_points({"dee": -30, "cy": 10, "ann": 10, "bob": 10}, TABLE_POINTS)
    assert points == {"dee": 0, "cy": F(7, 3), "ann": F(7, 3), "bob": F(7, 3)}
    assert list(points) == ["dee", "cy", "ann", "bob"]


# --- rank points as riichi uma: every row of rules/riichi.md §6 -----------------

RIICHI_UMA_TABLE = [
    ((40_000, 30_000, 20_000, 10_000), (15, 5, -5, -15)),  # no tie
    ((35_000, 35_000, 20_000, 10_000), (10, 10, -5, -15)),  # 1 = 2
    ((40_000, 25_000, 25_000, 10_000), (15, 0, 0, -15)),  # 2 = 3
    ((40_000, 30_000, 15_000, 15_000), (15, 5, -10, -10)),  # 3 = 4
    ((30_000, 30_000, 30_000, 10_000), (5, 5, 5, -15)),  # 1 = 2 = 3
    ((40_000, 20_000, 20_000, 20_000), (15, -5, -5, -5)),  # 2 = 3 = 4
    ((35_000, 35_000, 15_000, 15_000), (10, 10, -10, -10)),  # 1 = 2, 3 = 4
    ((25_000, 25_000, 25_000, 25_000), (0, 0, 0, 0)),  # all
]


@pytest.mark.parametrize(("given", "expected"), RIICHI_UMA_TABLE)
def test_rank_points_reproduce_the_riichi_uma_tie_table(given, expected):
    uma = rank_points(scores(*given), UMA)
    assert list(uma.values()) == list(expected)
    assert sum(uma.values()) == 0


def test_uma_split_can_be_non_integral():
    # riichi.md §6: "+8 and +4 split gives +6; 3-way splits give thirds".
    assert list(rank_points(scores(1, 1, 0, -2), (8, 4, -4, -8)).values()) == [6, 6, -4, -8]
    uma = rank_points(scores(0, 0, 0, -1), (20, 10, -10, -20))
    assert list(uma.values()) == [F(20, 3), F(20, 3), F(20, 3), -20]


def test_fraction_points_and_scores_are_exact():
    points = rank_points(scores(F(1, 2), F(1, 2), 0, 0), (F(1, 3), F(1, 6), 0, 0))
    assert list(points.values()) == [F(1, 4), F(1, 4), 0, 0]


# --- placements ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ((30, 10, -10, -30), [1, 2, 3, 4]),
        ((30, 30, 5, -65), [1, 1, 3, 4]),
        ((30, 0, 0, -30), [1, 2, 2, 4]),
        ((30, 10, -20, -20), [1, 2, 3, 3]),
        ((10, 10, 10, -30), [1, 1, 1, 4]),
        ((30, -10, -10, -10), [1, 2, 2, 2]),
        ((20, 20, -20, -20), [1, 1, 3, 3]),
        ((0, 0, 0, 0), [1, 1, 1, 1]),
        ((-30, 10, -10, 30), [4, 2, 3, 1]),
    ],
)
def test_placements_share_the_better_rank(given, expected):
    assert list(placements(scores(*given)).values()) == expected


@pytest.mark.parametrize(
    ("given", "points", "field"),
    [
        (scores(1, 2, 3, 4), (4, 2, 1), "points"),
        (scores(1, 2, 3, 4), (4, 2, 1.0, 0), "points[2]"),
        (scores(1, 2, 3, 4), (4, 2, True, 0), "points[2]"),
        (scores(1.5, 2, 3, 4), (4, 2, 1, 0), "scores['ann']"),
    ],
)
def test_rank_points_refuse_inexact_or_mismatched_input(given, points, field):
    with pytest.raises(SessionError) as info:
        rank_points(given, points)
    assert info.value.field == field


# --- MCR seats (rules/mcr.md §6) ----------------------------------------------------


def test_seat_scheme_is_the_table_of_section_6():
    # Starting seat | Round E | Round S | Round W | Round N
    assert MCR_SEAT_SCHEME == {
        "E": ("E", "S", "N", "W"),
        "S": ("S", "E", "W", "N"),
        "W": ("W", "N", "E", "S"),
        "N": ("N", "W", "S", "E"),
    }
    assert [mcr_seat_of("E", r) for r in range(4)] == ["E", "S", "N", "W"]
    assert [mcr_seat_of("S", r) for r in range(4)] == ["S", "E", "W", "N"]
    assert [mcr_seat_of("W", r) for r in range(4)] == ["W", "N", "E", "S"]
    assert [mcr_seat_of("N", r) for r in range(4)] == ["N", "W", "S", "E"]


def test_seating_per_round():
    assert mcr_seating(PLAYERS, 0) == {"E": "ann", "S": "bob", "W": "cy", "N": "dee"}
    assert mcr_seating(PLAYERS, 1) == {"E": "bob", "S": "ann", "W": "dee", "N": "cy"}
    assert mcr_seating(PLAYERS, 2) == {"E": "cy", "S": "dee", "W": "bob", "N": "ann"}
    assert mcr_seating(PLAYERS, 3) == {"E": "dee", "S": "cy", "W": "ann", "N": "bob"}
    assert list(mcr_seating(PLAYERS, 2)) == ["E", "S", "W", "N"]


# Seat wind (门风) of each starting seat in hands 1-16, worked out by hand: in
# round r the player sits at seat s (table above); hand k of the round (0-3) is
# dealt by seat k; the seat wind is the distance from the dealer: s - k (mod 4).
# E.g. starting E, round W: seat N (index 3) -> hands N, W, S, E.
SEAT_WINDS_16 = {
    "E": "ENWS" + "SENW" + "NWSE" + "WSEN",
    "S": "SENW" + "ENWS" + "WSEN" + "NWSE",
    "W": "WSEN" + "NWSE" + "ENWS" + "SENW",
    "N": "NWSE" + "WSEN" + "SENW" + "ENWS",
}
PREVAILING_16 = "EEEE" + "SSSS" + "WWWW" + "NNNN"
LABELS_16 = [f"{r}-{d}" for r in "ESWN" for d in "ESWN"]  # E-E, E-S, … N-N


@pytest.mark.parametrize("start", ["E", "S", "W", "N"])
def test_hand_situation_for_all_16_hands(start):
    situations = [mcr_hand_situation(i, start) for i in range(16)]
    assert "".join(s.prevailing_wind for s in situations) == PREVAILING_16
    assert "".join(s.seat_wind for s in situations) == SEAT_WINDS_16[start]
    assert [s.is_dealer for s in situations] == [w == "E" for w in SEAT_WINDS_16[start]]
    assert [s.label for s in situations] == LABELS_16
    assert [s.seat for s in situations[::4]] == list(MCR_SEAT_SCHEME[start])
    assert sum(s.is_dealer for s in situations) == 4  # deals once per round


def test_every_hand_has_one_dealer_and_four_different_seat_winds():
    for i in range(16):
        winds = [mcr_hand_situation(i, start).seat_wind for start in "ESWN"]
        assert sorted(winds) == ["E", "N", "S", "W"]


def test_hand_situation_example():
    # Hand 10 (index 9) is in round W (indexes 8-11), its second hand: dealt by
    # seat S. The player who started N sits S in round W, so deals: seat wind E.
    s = mcr_hand_situation(9, "N")
    assert (s.prevailing_wind, s.dealer_seat, s.seat, s.seat_wind, s.is_dealer) == (
        "W",
        "S",
        "S",
        "E",
        True,
    )
    assert s.label == "W-S"


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: mcr_seat_of("X", 0), "starting_seat"),
        (lambda: mcr_seat_of("E", 4), "round_index"),
        (lambda: mcr_seat_of("E", -1), "round_index"),
        (lambda: mcr_hand_situation(16, "E"), "hand_index"),
        (lambda: mcr_hand_situation(1.0, "E"), "hand_index"),
        (lambda: mcr_hand_situation(0, "east"), "starting_seat"),
        (lambda: mcr_seating(PLAYERS[:3], 0), "players"),
    ],
)
def test_seat_errors_name_the_field(call, field):
    with pytest.raises(SessionError) as info:
        call()
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: ")


# --- MCR session rules ----------------------------------------------------------------


def test_default_session_rules():
    r = MCR_SESSION_RULES
    assert (r.hands_per_session, r.table_points, r.false_win_points) == (16, (4, 2, 1, 0), 30)
    assert (r.false_win_redistribute, r.penalties_in_session_score) == (True, True)


def test_resolve_applies_overrides():
    r = MCR_SESSION_RULES.resolve(
        {"table_points": [8, 4, 2, 0], "penalties_in_session_score": False}
    )
    assert r.table_points == (8, 4, 2, 0)
    assert r.penalties_in_session_score is False
    assert MCR_SESSION_RULES.resolve({}) == MCR_SESSION_RULES
    # 25 cannot be split three ways, but it need not be when it is not redistributed.
    r = MCR_SESSION_RULES.resolve({"false_win_points": 25, "false_win_redistribute": False})
    assert false_win_penalty("ann", r) == MCRPenalty("ann", -25, False, "false win (错和)")


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"min_fans": 8}, "min_fans"),
        ({"hands_per_session": 17}, "hands_per_session"),
        ({"hands_per_session": 0}, "hands_per_session"),
        ({"hands_per_session": "16"}, "hands_per_session"),
        ({"table_points": (4, 2, 1)}, "table_points"),
        ({"table_points": (4, 2, 1.5, 0)}, "table_points"),
        ({"table_points": (0, 1, 2, 4)}, "table_points"),
        ({"table_points": "4210"}, "table_points"),
        ({"false_win_points": -30}, "false_win_points"),
        ({"false_win_points": 25}, "false_win_points"),
        ({"false_win_points": 30.0}, "false_win_points"),
        ({"false_win_redistribute": "yes"}, "false_win_redistribute"),
        ({"penalties_in_session_score": 1}, "penalties_in_session_score"),
    ],
)
def test_resolve_names_the_bad_option(overrides, field):
    with pytest.raises(SessionError) as info:
        MCR_SESSION_RULES.resolve(overrides)
    assert info.value.field == field


def test_resolve_lets_the_other_readers_options_pass():
    """An event's one dict of overrides: hand and standings options are not ours to refuse."""
    rules = MCR_SESSION_RULES.resolve(
        {
            "min_fan": 8,
            "mcr_kong_values": "cn-national",
            "tiebreak_chain": [],
            "hands_per_session": 12,
        }
    )
    assert rules.hands_per_session == 12


def test_false_win_penalty_default():
    assert false_win_penalty("cy") == MCRPenalty("cy", -30, True, "false win (错和)")


# --- MCR session result ---------------------------------------------------------------

# A full session, each hand settled by hand (rules/mcr.md §5, base 8):
#  #  round-dealer  hand                                   ann  bob   cy  dee
#  1  E-E  ann on bob's discard, F=8                       +32  -16   -8   -8
#  2  E-S  cy self-draw, 8 fan + 2 flowers, F=10           -18  -18  +54  -18
#  3  E-W  wall exhausted                                    0    0    0    0
#  4  E-N  dee on ann's discard, F=12                      -20   -8   -8  +36
#  5  S-E  bob self-draw, F=8                              -16  +48  -16  -16
#  6  S-S  ann on cy's discard, F=24                       +48   -8  -32   -8
#  7  S-W  cy robs dee's added kong, 8 + 1 flower, F=9      -8   -8  +33  -17
#  8  S-N  wall exhausted                                    0    0    0    0
#  9  W-E  dee self-draw, F=16                             -24  -24  -24  +72
# 10  W-S  bob on dee's discard, F=8                        -8  +32   -8  -16
# 11  W-W  ann self-draw, F=11                             +57  -19  -19  -19
# 12  W-N  cy on ann's discard, F=13                       -21   -8  +37   -8
# 13  N-E  wall exhausted                                    0    0    0    0
# 14  N-S  bob on cy's discard, F=32                        -8  +56  -40   -8
# 15  N-W  dee on bob's discard, F=8                        -8  -16   -8  +32
# 16  N-N  not played (time limit)                           0    0    0    0
# hand totals                                               +6  +11  -39  +22  (sum 0)
# cy's false win: -30, +10 to each other player            +10  +10  -30  +10
# session score                                            +16  +21  -69  +32
# placement                                                  3    2    4    1
# table points                                               1    2    0    4
FULL_SESSION = [
    discard("ann", "bob", 8),
    self_draw("cy", 10),
    DRAW,
    discard("dee", "ann", 12),
    self_draw("bob", 8),
    discard("ann", "cy", 24),
    discard("cy", "dee", 9),  # robbing the kong: dee, the kong's owner, is the discarder
    DRAW,
    self_draw("dee", 16),
    discard("bob", "dee", 8),
    self_draw("ann", 11),
    discard("cy", "ann", 13),
    DRAW,
    discard("bob", "cy", 32),
    discard("dee", "bob", 8),
    NOT_PLAYED,
]


def column(result, name):
    return [getattr(result.players[p], name) for p in PLAYERS]


def test_full_sixteen_hand_session():
    result = mcr_session_result(PLAYERS, FULL_SESSION, [false_win_penalty("cy")])
    assert column(result, "hand_total") == [6, 11, -39, 22]
    assert column(result, "penalty_total") == [10, 10, -30, 10]
    assert column(result, "session_score") == [16, 21, -69, 32]
    assert column(result, "placement") == [3, 2, 4, 1]
    assert column(result, "table_points") == [1, 2, 0, 4]
    assert list(result.players) == PLAYERS
    assert (result.hands_played, result.complete) == (15, True)
    assert [h.deltas["cy"] for h in result.hands[:7]] == [-8, 54, 0, -8, -16, -32, 33]
    # running totals after hands 1, 2 and the last one
    totals = result.running_totals()
    assert totals[0] == {"ann": 32, "bob": -16, "cy": -8, "dee": -8}
    assert totals[1] == {"ann": 14, "bob": -34, "cy": 46, "dee": -26}
    assert totals[-1] == {"ann": 6, "bob": 11, "cy": -39, "dee": 22}


def test_full_session_with_penalties_outside_the_session_score():
    rules = MCR_SESSION_RULES.resolve({"penalties_in_session_score": False})
    result = mcr_session_result(PLAYERS, FULL_SESSION, [false_win_penalty("cy", rules)], rules)
    # Ranked on hand totals only: dee 22, bob 11, ann 6, cy -39; same order here.
    assert column(result, "session_score") == [6, 11, -39, 22]
    assert column(result, "penalty_total") == [10, 10, -30, 10]  # reported separately
    assert column(result, "table_points") == [1, 2, 0, 4]


# Ties. Hands, settled by hand:
#   ann on cy's discard F=8: ann +32, cy -16, bob -8, dee -8
#   bob on cy's discard F=8: bob +32, cy -16, ann -8, dee -8
#   -> ann 24, bob 24, cy -32, dee -16: 1st = 2nd (3 each), dee 3rd (1), cy 0.
TWO_TIED = [discard("ann", "cy", 8), discard("bob", "cy", 8)]
# ann, bob and cy each win F=8 on dee's discard: each +32 -8 -8 = 16, dee -48.
THREE_TIED = [discard("ann", "dee", 8), discard("bob", "dee", 8), discard("cy", "dee", 8)]
# Each player self-draws F=8 once: +48 - 16 - 16 - 16 = 0 each.
ALL_TIED = [self_draw(p, 8) for p in PLAYERS]
# ann on bob's discard F=8 then bob on ann's: ann +32 -16 = 16, bob -16 +32 = 16,
# cy -8 -8 = -16, dee -16: 1st = 2nd (3 each), 3rd = 4th (1/2 each).
PAIRS_TIED = [discard("ann", "bob", 8), discard("bob", "ann", 8)]


@pytest.mark.parametrize(
    ("hands", "score", "placement", "points"),
    [
        (TWO_TIED, [24, 24, -32, -16], [1, 1, 4, 3], [3, 3, 0, 1]),
        (THREE_TIED, [16, 16, 16, -48], [1, 1, 1, 4], [F(7, 3), F(7, 3), F(7, 3), 0]),
        (ALL_TIED, [0, 0, 0, 0], [1, 1, 1, 1], [F(7, 4)] * 4),
        ([DRAW] * 16, [0, 0, 0, 0], [1, 1, 1, 1], [F(7, 4)] * 4),
        (PAIRS_TIED, [16, 16, -16, -16], [1, 1, 3, 3], [3, 3, F(1, 2), F(1, 2)]),
    ],
)
def test_sessions_with_ties_share_table_points(hands, score, placement, points):
    result = mcr_session_result(PLAYERS, hands)
    assert column(result, "session_score") == score
    assert column(result, "placement") == placement
    assert column(result, "table_points") == points
    assert sum(column(result, "table_points")) == 7


def test_penalty_switch_changes_the_ranking():
    # ann on bob's discard F=8: ann +32, bob -16, cy -8, dee -8.
    # ann's false win: ann -30, bob, cy, dee +10 each.
    hands, penalties = [discard("ann", "bob", 8)], [false_win_penalty("ann")]
    inside = mcr_session_result(PLAYERS, hands, penalties)
    # Counted: ann 2, bob -6, cy 2, dee 2 -> ann = cy = dee 1st (7/3 each), bob 0.
    assert column(inside, "session_score") == [2, -6, 2, 2]
    assert column(inside, "placement") == [1, 4, 1, 1]
    assert column(inside, "table_points") == [F(7, 3), 0, F(7, 3), F(7, 3)]
    outside = mcr_session_result(
        PLAYERS, hands, penalties, MCRSessionRules(penalties_in_session_score=False)
    )
    # Not counted: ann 32 (4), cy = dee -8 share 2nd-3rd (3/2 each), bob -16 (0).
    assert column(outside, "session_score") == [32, -16, -8, -8]
    assert column(outside, "placement") == [1, 4, 2, 2]
    assert column(outside, "table_points") == [4, 0, F(3, 2), F(3, 2)]
    assert column(outside, "penalty_total") == [-30, 10, 10, 10]
    assert column(outside, "hand_total") == column(inside, "hand_total") == [32, -16, -8, -8]


def test_penalty_not_redistributed_leaves_the_table():
    # Referee penalty of 10 on dee, nobody receives it: session scores sum to -10.
    hands = [discard("ann", "bob", 8)]  # ann +32, bob -16, cy -8, dee -8
    result = mcr_session_result(PLAYERS, hands, [MCRPenalty("dee", -10, False, "slow play")])
    assert column(result, "penalty_total") == [0, 0, 0, -10]
    assert column(result, "session_score") == [32, -16, -8, -18]
    assert column(result, "table_points") == [4, 1, 2, 0]


def test_false_win_not_redistributed_by_option():
    rules = MCRSessionRules(false_win_redistribute=False)
    result = mcr_session_result(PLAYERS, [DRAW], [false_win_penalty("bob", rules)], rules)
    # bob -30, nobody else changes: ann = cy = dee 0 share 1st-3rd (7/3), bob 0.
    assert column(result, "session_score") == [0, -30, 0, 0]
    assert column(result, "table_points") == [F(7, 3), 0, F(7, 3), F(7, 3)]


def test_session_in_progress_and_other_table_points():
    rules = MCR_SESSION_RULES.resolve({"table_points": [8, 4, 2, 0], "hands_per_session": 8})
    result = mcr_session_result(PLAYERS, TWO_TIED, rules=rules)
    # ann = bob share (8+4)/2 = 6; dee 3rd 2; cy 0.
    assert column(result, "table_points") == [6, 6, 0, 2]
    assert (result.hands_played, result.complete) == (2, False)
    assert result.penalties == ()


def test_players_may_be_registration_ids():
    result = mcr_session_result([11, 12, 13, 14], [discard(13, 11, 8)])
    assert {p: r.session_score for p, r in result.players.items()} == {
        11: -16,
        12: -8,
        13: 32,
        14: -8,
    }


# --- bad sessions name the field -------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "hands", "penalties", "field"),
    [
        (PLAYERS, [DRAW] * 17, [], "hands"),
        (PLAYERS, "draw", [], "hands"),
        (PLAYERS[:3], [], [], "players"),
        (["ann", "ann", "cy", "dee"], [], [], "players"),
        (PLAYERS, [DRAW, ("discard", "ann", "bob", 8)], [], "hands[1]"),
        (PLAYERS, [DRAW, discard("eve", "bob", 8)], [], "hands[1].winner"),
        (PLAYERS, [discard("ann", "ann", 8)], [], "hands[0].discarder"),
        (PLAYERS, [discard("ann", None, 8)], [], "hands[0].discarder"),
        (PLAYERS, [self_draw("ann", 0)], [], "hands[0].fan"),
        (PLAYERS, [MCRHandRecord("chombo")], [], "hands[0].outcome"),
        (PLAYERS, [DRAW, NOT_PLAYED, DRAW], [], "hands[2].outcome"),
        (PLAYERS, [], [MCRPenalty("eve", -30, True)], "penalties[0].player"),
        (PLAYERS, [], [false_win_penalty("ann"), MCRPenalty("bob", 30)], "penalties[1].points"),
        (PLAYERS, [], [MCRPenalty("bob", -10, True)], "penalties[0].points"),
        (PLAYERS, [], [MCRPenalty("bob", -9.0)], "penalties[0].points"),
        (PLAYERS, [], [MCRPenalty("bob", -9, "yes")], "penalties[0].redistribute"),
        (PLAYERS, [], [("bob", -30)], "penalties[0]"),
    ],
)
def test_bad_session_names_the_field(players, hands, penalties, field):
    with pytest.raises(SessionError) as info:
        mcr_session_result(players, hands, penalties)
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: ")


def test_a_short_session_refuses_more_hands_than_it_has():
    rules = MCRSessionRules(hands_per_session=8)
    with pytest.raises(SessionError, match=r"^hands: a session has at most 8 hands, got 9"):
        mcr_session_result(PLAYERS, [DRAW] * 9, rules=rules)


@pytest.mark.parametrize(
    ("penalties", "field"),
    [
        (MCRPenalty("ann", -30, True), "penalties"),
        ([MCRPenalty(["ann"], -30, True)], "penalties[0].player"),
    ],
)
def test_bad_penalty_list_names_the_field(penalties, field):
    with pytest.raises(SessionError) as info:
        mcr_session_result(PLAYERS, [], penalties)
    assert info.value.field == field
