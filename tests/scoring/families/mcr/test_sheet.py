"""An MCR sheet of 16 hands; deltas from rules/mcr.md §5 worked by hand.

Discard win: winner +(F+24), discarder -(F+8), the others -8. Self-draw:
winner +3(F+8), each other -(F+8). F = fan + flowers.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from scoring.core.seats import SEATS
from scoring.sheets import SheetError, replay_sheet
from scoring.sheets.messages import Message

# Pure Straight 123m456m789m (16) + No Honors (1) = 17 fan; pung 555p melded, pair 99s.
PURE_STRAIGHT = {
    "concealed": "12345678m99s",
    "win_tile": "9m",
    "melds": [{"type": "pon", "tiles": "555p"}],
    "flowers": 2,
}


def discard(winner, discarder, fan, flowers=0):
    return {"outcome": "discard", "winner": winner, "discarder": discarder, "fan": fan,
            "flowers": flowers}  # fmt: skip


def self_draw(winner, fan, flowers=0):
    return {"outcome": "self_draw", "winner": winner, "fan": fan, "flowers": flowers}


DRAW = {"outcome": "draw"}


def seats(*values):
    return dict(zip(SEATS, values, strict=True))


ROWS = [
    discard("S", "E", 8),  # E-E: S +32, E -16, W -8, N -8
    self_draw("W", 10, 2),  # E-S: F 12: W +60, others -20
    DRAW,  # E-W
    # E-N: tiles, N wins on W's discard: F = 17 + 2 flowers = 19: N +43, W -27, E -8, S -8
    {
        "outcome": "discard",
        "level": "tiles",
        "winner": "N",
        "discarder": "W",
        "hand": PURE_STRAIGHT,
    },  # fmt: skip
    discard("E", "N", 8),  # S-E: E +32, N -16, S -8, W -8
    self_draw("S", 8),  # S-S: S +48, others -16
    discard("W", "S", 16, 1),  # S-W: F 17: W +41, S -25, E -8, N -8
    DRAW,  # S-N
    discard("N", "E", 24),  # W-E: N +48, E -32, S -8, W -8
    self_draw("E", 12),  # W-S: E +60, others -20
    discard("S", "W", 8),  # W-W: S +32, W -16, E -8, N -8
    DRAW,  # W-N
    discard("E", "S", 9, 3),  # N-E: F 12: E +36, S -20, W -8, N -8
    self_draw("N", 8, 1),  # N-S: F 9: N +51, others -17
    discard("W", "N", 8),  # N-W: W +32, N -16, E -8, S -8
    DRAW,  # N-N
]
LABELS = [f"{r}-{d}" for r in "ESWN" for d in "ESWN"]
# rules/mcr.md §6 seat table (Green Book, option seat_rotation_scheme "green-book"):
# who deals each hand, by starting seat.
GREEN_BOOK = {"seat_rotation_scheme": "green-book"}
DEALERS = list("ESWNSENWWNSENWES")
# Seed 000 L312 (the default): the positions rotate one step every hand and nobody
# changes seats between rounds, so the deal goes E, S, W, N four times.
SEED_DEALERS = list("ESWN" * 4)
FALSE_WIN = {"player": "W", "category": "false_win", "after_hand": 6, "reason": "false ron"}


def test_the_seed_deals_round_the_table_four_times():
    sheet = replay_sheet("mcr", {}, ROWS, [FALSE_WIN])
    assert [r.label for r in sheet.rows] == LABELS
    assert [r.dealer for r in sheet.rows] == SEED_DEALERS
    green = replay_sheet("mcr", GREEN_BOOK, ROWS, [FALSE_WIN])
    # MCR pays no dealer bonus: the schemes differ in who deals, never in the points.
    assert [r.deltas for r in sheet.rows] == [r.deltas for r in green.rows]


def test_sixteen_hands_with_a_false_win():
    sheet = replay_sheet("mcr", GREEN_BOOK, ROWS, [FALSE_WIN])
    assert [r.label for r in sheet.rows] == LABELS
    assert [r.dealer for r in sheet.rows] == DEALERS
    assert sheet.rows[3].level == "tiles" and sheet.rows[3].value_text == "17 fan + 2 flowers"
    assert sheet.rows[3].deltas == seats(-8, -8, -27, 43)
    assert sheet.rows[1].value_text == "10 fan + 2 flowers"
    # Running sums of the deltas above, column by column.
    assert sheet.rows[0].totals == seats(-16, 32, -8, -8)
    assert sheet.rows[3].totals == seats(-44, 4, 25, 15)
    assert sheet.rows[7].totals == seats(-36, 19, 42, -25)
    # E: -16-20-8+32-16-8-32+60-8+36-17-8 = -5;  S: 32-20-8-8+48-25-8-20+32-20-17-8 = -22
    # W: -8+60-27-8-16+41-8-20-16-8-17+32 = 5;    N: -8-20+43-16-16-8+48-20-8-8+51-16 = 22
    assert sheet.final_points == seats(-5, -22, 5, 22)
    assert sheet.balance == {"expected": 0, "actual": 0, "ok": True}
    assert sheet.complete and sheet.next_label is None
    # The false win: W -30, the others +10 each, before table points (rules/mcr.md §9):
    # E 5, S -12, W -25, N 32 -> N 1st (4), E 2nd (2), S 3rd (1), W 4th (0).
    # Without it W (5) would have been 2nd.
    session = sheet.session
    assert {s: session[s]["score"] for s in SEATS} == seats(5, -12, -25, 32)
    assert {s: session[s]["placement"] for s in SEATS} == seats(2, 3, 4, 1)
    assert {s: session[s]["rank_points"] for s in SEATS} == seats(2, 1, 0, 4)
    assert session["W"]["penalty"] == -30 and session["E"]["penalty"] == 10
    (entry,) = sheet.penalties
    assert entry["points"] == -30 and entry["scope"] == "table_score"
    assert entry["effect"] == seats(10, 10, -30, 10)
    assert json.loads(json.dumps(sheet.to_dict()))["session"]["N"]["rank_points"] == "4"


def test_a_seventeenth_hand_is_refused():
    with pytest.raises(SheetError) as caught:
        replay_sheet("mcr", {}, [*ROWS, DRAW])
    assert caught.value.code == "session_over" and caught.value.field == "hands[16]"


def test_time_limit_leaves_later_hands_not_played():
    rows = [*ROWS[:14], {"outcome": "not_played"}, {"outcome": "not_played"}]
    sheet = replay_sheet("mcr", {}, rows)
    assert sheet.complete and sheet.warnings == (
        Message("hands_not_played", {"first": 15, "last": 16}),
    )
    assert sheet.warnings[0].text == "hands 15-16 were not played (time limit)"
    not_played = (Message("not_played"),)
    assert [r.notes for r in sheet.rows[13:]] == [(), not_played, not_played]
    assert sheet.rows[14].to_dict()["notes"] == [{"code": "not_played", "params": {}}]
    assert sheet.to_dict()["warnings"] == [
        {"code": "hands_not_played", "params": {"first": 15, "last": 16}}
    ]
    with pytest.raises(SheetError) as caught:
        replay_sheet("mcr", {}, [*ROWS[:14], {"outcome": "not_played"}, DRAW])
    assert (caught.value.code, caught.value.field) == ("not_allowed", "hands[15].outcome")


def test_in_progress_sheet_names_the_next_hand():
    sheet = replay_sheet("mcr", GREEN_BOOK, ROWS[:5])
    assert not sheet.complete and (sheet.next_label, sheet.next_dealer) == ("S-S", "E")
    # Seed 000 L312: hand 6 is dealt by the player who started South.
    sheet = replay_sheet("mcr", {}, ROWS[:5])
    assert not sheet.complete and (sheet.next_label, sheet.next_dealer) == ("S-S", "S")


def test_final_scores_only_with_a_tie():
    # E 1st (4); W and N share 2nd-3rd: (2 + 1) / 2 = 3/2 each; S 4th (0).
    sheet = replay_sheet("mcr", {}, [], final_scores=seats(10, -10, 0, 0))
    points = {s: sheet.session[s]["rank_points"] for s in SEATS}
    assert points == seats(4, 0, Fraction(3, 2), Fraction(3, 2))
    assert sheet.to_dict()["session"]["W"]["rank_points"] == "3/2"


def test_penalty_scopes():
    # Overall-score penalties stay out of the ranking; session_after_uma after it.
    penalties = [
        {"player": "E", "category": "conduct", "points": -10, "scope": "overall_score"},
        {"player": "S", "category": "timing", "points": -4, "scope": "session_after_uma"},
    ]
    sheet = replay_sheet("mcr", {}, [], penalties, final_scores=seats(1, 0, 0, -1))
    assert sheet.session["E"]["score"] == 1 and sheet.session["E"]["overall_penalty"] == -10
    assert sheet.session["S"]["placement"] == 2 and sheet.session["S"]["score"] == -4
