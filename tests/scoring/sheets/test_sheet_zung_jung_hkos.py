"""Zung Jung and HKOS sheets; every delta worked by hand from the rules text.

Zung Jung (rules/zung-jung.md §7, formal payoff, par 25): the winner gets
3v; self-draw: each other pays v; discard: the others pay min(v, 25), the
responsible player 3v - 2 min(v, 25); all immune: everyone pays v.

HKOS (rules/hkos.md §4-§6, half pay, half-spicy units, V = 4 u(f)):
u(3) = 8, u(4) = 16, u(5) = 24, u(7) = 48, u(13) = 384. Discard: the
discarder pays V; self-draw: each pays V/2. East repeats after a win or a draw.
"""

from __future__ import annotations

import pytest

from scoring.core.seats import SEATS
from scoring.sheets import SheetError, replay_sheet
from scoring.sheets.messages import Message

# 123m456m78m + 55z, pung 777z melded, ron on 9m.
# Zung Jung: Mixed One-Suit 40 + Value Honor 10 + Nine-Tile Straight 40 = 90.
# HKOS: mixed one suit 3 + dragon pung 1 + no flowers 1 (an option: seed 002 L23) = 5 faan.
HALF_FLUSH = {
    "concealed": "123m456m78m55z",
    "win_tile": "9m",
    "melds": [{"type": "pon", "tiles": "777z"}],
}


def seats(*values):
    return dict(zip(SEATS, values, strict=True))


ZJ_ROWS = [
    {"outcome": "discard", "winner": "S", "discarder": "E", "points": 70},  # +210/-160/-25/-25
    {"outcome": "self_draw", "winner": "E", "points": 30},  # E +90, others -30
    {"outcome": "draw"},
    # 1-4: tiles, W on N's discard, v = 90: W +270, N -(270 - 50) = -220, E, S -25
    {"outcome": "discard", "level": "tiles", "winner": "W", "discarder": "N", "hand": HALF_FLUSH},
    {"outcome": "discard", "winner": "N", "discarder": "S", "points": 20},  # v <= 25: all -20
    # 2-2: E robs W's kong, v = 35: E +105, W -(105 - 50) = -55, S, N -25
    {"outcome": "robbing_kong", "winner": "E", "discarder": "W", "points": 35},
    # 2-3: S on N's discard, everyone immune: all pay 40
    {"outcome": "discard", "winner": "S", "discarder": "N", "all_immune": True, "points": 40},
    {"outcome": "self_draw", "winner": "N", "points": 5},  # N +15, others -5
]
ZJ_OPTIONS = {"hands_per_session": 8, "zj_match_points": [4, 2, 1, 0]}


def test_zung_jung_session():
    penalties = [
        {"player": "N", "category": "false_win", "after_hand": 7},  # 0 points (§6)
        {"player": "E", "category": "conduct", "points": -10, "reason": "slow play"},
    ]
    sheet = replay_sheet("zung-jung", ZJ_OPTIONS, ZJ_ROWS, penalties)
    assert [r.label for r in sheet.rows] == ["1-1", "1-2", "1-3", "1-4", "2-1", "2-2", "2-3", "2-4"]
    assert [r.dealer for r in sheet.rows] == list("ESWNESWN")
    assert sheet.rows[3].deltas == seats(-25, -25, 270, -220)
    assert sheet.rows[3].value_text == "90 points" and sheet.rows[3].score["total"] == 90
    assert sheet.rows[5].deltas == seats(105, -25, -55, -25)
    assert sheet.rows[6].deltas == seats(-40, 120, -40, -40)
    # E: -160+90-25-20+105-40-5 = -55; S: 210-30-25-20-25+120-5 = 225;
    # W: -25-30+270-20-55-40-5 = 95;    N: -25-30-220+60-25-40+15 = -265
    assert sheet.final_points == seats(-55, 225, 95, -265)
    assert sheet.complete and sheet.next_label is None
    session = sheet.session
    assert {s: session[s]["placement"] for s in SEATS} == seats(3, 1, 2, 4)
    assert {s: session[s]["rank_points"] for s in SEATS} == seats(1, 4, 2, 0)
    assert session["E"]["overall_penalty"] == -10 and session["E"]["score"] == -55
    assert [p["points"] for p in sheet.penalties] == [0, -10]
    assert sheet.rows[6].notes == (Message("all_immune"),) and sheet.warnings == ()
    assert sheet.rows[6].notes[0].text == "same-turn immunity: all three pay v"


def test_zung_jung_win_by_discard_after_a_false_win_is_refused():
    # 2-3: S made a false win in the hand S then won on N's discard: the whole hand became
    # penalty tiles, so only a self-draw can win (§6; issue 15 made the old warning a refusal).
    penalties = [{"player": "S", "category": "false_win", "after_hand": 6}]
    with pytest.raises(SheetError) as caught:
        replay_sheet("zung-jung", ZJ_OPTIONS, ZJ_ROWS, penalties)
    assert (caught.value.code, caught.value.field) == ("penalty_tile", "hands[6].outcome")
    assert "may win only by self-draw" in caught.value.message


def test_zung_jung_false_win_costs_no_points():
    bad = {"player": "N", "category": "false_win", "points": -30}
    with pytest.raises(SheetError) as caught:
        replay_sheet("zung-jung", {}, ZJ_ROWS[:2], [bad])
    assert (caught.value.code, caught.value.field) == ("not_allowed", "penalties[0].points")


def test_zung_jung_value_limits():
    for points, code in ((4, "below_minimum"), (321, "above_maximum")):
        row = {"outcome": "self_draw", "winner": "E", "points": points}
        with pytest.raises(SheetError) as caught:
            replay_sheet("zung-jung", {}, [row])
        assert (caught.value.code, caught.value.field) == (code, "hands[0].points")


HKOS_ROWS = [
    {"outcome": "self_draw", "winner": "E", "faan": 3},  # E1-0: V 32, each -16, E +48
    {"outcome": "draw"},  # E1-1: East repeats after a draw too
    {"outcome": "discard", "winner": "S", "discarder": "W", "faan": 4},  # E1-2: V 64
    {"outcome": "false_win", "player": "N"},  # E2-0: voided, dealt again
    # E2-0: tiles, W on S's discard, 5 faan: V = 96
    {"outcome": "discard", "level": "tiles", "winner": "W", "discarder": "S", "hand": HALF_FLUSH},
    {"outcome": "self_draw", "winner": "N", "faan": 7},  # E3-0: V 192, each -96
    {"outcome": "discard", "winner": "N", "discarder": "E", "faan": 14},  # E4-0: paid as 13
    {"outcome": "discard", "winner": "E", "discarder": "N", "faan": 3},  # E4-1: V 32
]


def test_hkos_east_round_with_repeats_and_a_false_win():
    options = {
        "session_length": "rounds:1",
        "false_win_points": 32,
        "faan_table": {"no_flowers": 1},  # off by default (seed 002 L23)
    }
    penalty = {"player": "N", "category": "false_win", "after_hand": 3}
    sheet = replay_sheet("hkos", options, HKOS_ROWS, [penalty])
    labels = ["E1-0", "E1-1", "E1-2", "E2-0", "E2-0", "E3-0", "E4-0", "E4-1"]
    assert [r.label for r in sheet.rows] == labels
    assert [r.dealer for r in sheet.rows] == list("EEESSWNN")
    assert sheet.rows[4].deltas == seats(0, -96, 96, 0) and sheet.rows[4].level == "tiles"
    assert sheet.rows[6].value_text == "14 faan (paid as 13)"
    assert sheet.rows[6].deltas == seats(-1536, 0, 0, 1536)  # 384 x 4
    # E: 48-96-1536+32 = -1552; S: -16+64-96-96 = -144; W: -16-64+96-96 = -80;
    # N: -16+288+1536-32 = 1776.
    assert sheet.final_points == seats(-1552, -144, -80, 1776)
    assert sheet.complete and sheet.next_label is None and sheet.warnings == ()
    # The false win: N pays 32 to each opponent (3 x 32 = 96), in the points (table_score).
    assert sheet.penalties[0]["effect"] == seats(32, 32, 32, -96)
    scores = {s: sheet.session[s]["score"] for s in SEATS}
    assert scores == seats(-1520, -112, -48, 1680)
    assert {s: sheet.session[s]["placement"] for s in SEATS} == seats(4, 3, 2, 1)
    with pytest.raises(SheetError) as caught:
        replay_sheet("hkos", options, [*HKOS_ROWS, {"outcome": "draw"}], [penalty])
    assert caught.value.code == "session_over"


def test_hkos_missing_false_win_penalty_is_a_warning():
    sheet = replay_sheet("hkos", {}, HKOS_ROWS[:4])
    assert sheet.next_label == "E2-0" and len(sheet.warnings) == 1
    parts = {"kind": "repeat", "hand": 2, "wind": "E", "count": 0}
    unlogged = {"index": 3, "label": "E2-0", "label_parts": parts}
    assert sheet.warnings == (Message("false_win_unlogged", unlogged),)
    assert sheet.warnings[0].text == (
        "hands[3] (E2-0) is a false win but the ledger has no false_win penalty "
        "for it (rules/hkos.md §8)"
    )
    assert sheet.rows[3].notes == (Message("false_win_voided_by", {"seat": "N"}),)
    assert sheet.rows[3].notes[0].text == "false win by N: voided, same dealer again"


def test_hkos_false_win_row_only_when_voided():
    with pytest.raises(SheetError) as caught:
        replay_sheet("hkos", {"false_win_policy": "continue"}, [{"outcome": "false_win"}])
    assert (caught.value.code, caught.value.field) == ("not_allowed", "hands[0].outcome")


def test_hkos_timed_session_is_never_complete_by_itself():
    sheet = replay_sheet("hkos", {"session_length": "minutes:90"}, HKOS_ROWS[:2])
    assert sheet.complete is None and sheet.next_label == "E1-2"


def test_hkos_multiple_winners_when_the_event_plays_them():
    # E1-0: W deals in to E (3 faan, V 32) and N (4 faan, V 64); each paid as if alone.
    # East (the dealer) won, so East deals again: E1-1.
    row = {"outcome": "discard", "discarder": "W",
           "wins": [{"winner": "E", "faan": 3}, {"winner": "N", "faan": 4}]}  # fmt: skip
    sheet = replay_sheet("hkos", {"multiple_winners": True}, [row])
    assert sheet.rows[0].deltas == seats(32, 0, -96, 64)
    assert sheet.rows[0].winners == ("E", "N") and sheet.next_label == "E1-1"
    assert sheet.rows[0].value_text == "E: 3 faan; N: 4 faan"
