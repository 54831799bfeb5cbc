"""Seed 000 (MCR), ``000_d48782b6de643c27.txt``: the session lines 10, 306, 312, 314, 320.

Winds, washouts, the time limit and the 16 hands, with the default options, through
the MCR session API: a whole sheet (``replay_sheet``), one hand's winds
(``mcr_hand_situation``) and one hand's settlement (``settle_mcr``). Players are
named by their starting seat (E, S, W, N). Settlement (rules/mcr.md §5, base 8):
discard win +(F+24) / -(F+8) / -8 / -8; self-draw +3(F+8), each other -(F+8).

Seats between rounds: the seed says the seats rotate one step after every hand (L10,
L312), "regardless of who won, even a washout", and names no other seat change. So by
default (the seed edition, option ``seat_rotation_scheme`` "rotate-each-hand") the
rotation goes on across the rounds; the Green Book's seat change after each round
(rules/mcr.md §6) is the cn-national edition's, tested in tests/scoring/families/mcr.
"""

from __future__ import annotations

import pytest

from scoring.families.mcr.rules import resolve
from scoring.families.mcr.session import MCRHandRecord, mcr_hand_situation, mcr_session_result
from scoring.families.mcr.settlement import settle_mcr
from scoring.sheets import SheetError, replay_sheet
from tests.scoring.hands import melds
from tests.scoring.seeds.statements import states

S = "000"
DRAW = {"outcome": "draw"}  # wall exhausted: a washout (洗い出し)
NOT_PLAYED = {"outcome": "not_played"}  # the hand cut off by the time limit
E_SELF_DRAW = {"outcome": "self_draw", "winner": "E", "fan": 8}  # E +48, others -16 each

# One step of the seed's rotation (L312): the East player becomes North, South
# becomes East, and so West becomes South and North becomes West.
ROTATE = {"E": "N", "S": "E", "W": "S", "N": "W"}
# Each starting seat's seat wind in hands 1-16, worked out by hand from L312: one
# step of ROTATE after every hand, across the rounds too (4 hands each).
SEAT_WINDS = {
    "E": ("ENWS",) * 4,
    "S": ("SENW",) * 4,
    "W": ("WSEN",) * 4,
    "N": ("NWSE",) * 4,
}
SEED_SCHEME = resolve("mcr", {}).event.seat_rotation_scheme
# 123m 456p melded, a melded East pung, 78s + 9s, pair 99m: Mixed Straight 8 +
# Prevalent Wind 2 + Pung of Terminals or Honors 1 (L140), + Seat Wind 2 when the
# winner's seat wind is East. The sheet fills in the winds.
EAST_PUNG = {
    "concealed": "78s99m",
    "win_tile": "9s",
    "melds": melds("pon 111z", "chi 123m", "chi 456p"),
}


def winds(start: str) -> str:
    return "".join(mcr_hand_situation(i, start, SEED_SCHEME).seat_wind for i in range(16))


def fans(row) -> dict[str, int]:
    return {i["key"]: i["value"] * i["count"] for i in row.score["items"]}


@states(S, 10, "自風は局毎に交代")
def test_seed_000_L10_the_seat_wind_changes_with_every_hand():
    # E wins hand 1 (E-E) and hand 2 (E-S) with the same tiles, both on S's discard.
    # Hand 1: E deals, seat wind East: 8 + 2 + 1 + Seat Wind 2 = 13; E +37, S -21.
    # Hand 2: no dealer repeat; S deals and E's seat wind is North: 8 + 2 + 1 = 11;
    # E +35, S -19.
    win = {"outcome": "discard", "level": "tiles", "winner": "E", "discarder": "S"}
    sheet = replay_sheet("mcr", {}, [{**win, "hand": EAST_PUNG}] * 2)
    first, second = sheet.rows
    assert (first.label, first.dealer, second.label, second.dealer) == ("E-E", "E", "E-S", "S")
    assert fans(first) == {
        "mixed_straight": 8,
        "prevalent_wind": 2,
        "seat_wind": 2,
        "pung_of_terminals_or_honors": 1,
    }
    assert fans(second) == {
        "mixed_straight": 8,
        "prevalent_wind": 2,
        "pung_of_terminals_or_honors": 1,
    }
    assert first.deltas == {"E": 37, "S": -21, "W": -8, "N": -8}
    assert second.deltas == {"E": 35, "S": -19, "W": -8, "N": -8}
    # Every player's seat wind, hand by hand: it changes with every hand, across the
    # rounds too. In every hand the four players hold the four winds.
    assert SEED_SCHEME == "rotate-each-hand"
    for start, rounds in SEAT_WINDS.items():
        seen = winds(start)
        assert seen == "".join(rounds)
        assert all(seen[i] != seen[i + 1] for i in range(15))
    for i in range(16):
        held = sorted(mcr_hand_situation(i, p, SEED_SCHEME).seat_wind for p in "ESWN")
        assert held == list("ENSW")


@states(S, 312, "洗い出しでも着座位置が回転 (東→北, 南→東)")
def test_seed_000_L312_the_seats_rotate_after_a_washout_too():
    # Sixteen washouts: nobody scores, and still the deal passes every hand, round
    # the table four times (the seat that is East moves one step each hand).
    sheet = replay_sheet("mcr", {}, [DRAW] * 16)
    assert "".join(r.dealer for r in sheet.rows) == "ESWN" * 4
    assert all(r.deltas == {"E": 0, "S": 0, "W": 0, "N": 0} for r in sheet.rows)
    # The seed's example, after hand 1 (a washout): the East player is now North and
    # the South player East.
    assert winds("E")[:2] == "EN" and winds("S")[:2] == "SE"
    for start in "ESWN":
        seen = winds(start)
        for i in range(15):  # one step of the seed's rotation, at a round's end too
            assert seen[i + 1] == ROTATE[seen[i]], (start, i)


@states(S, 306, "ウォッシュアウト: 何のポイントは獲得していません")
def test_seed_000_L306_a_washout_scores_nothing():
    players = ["ann", "bob", "cy", "dee"]
    assert settle_mcr(players, "draw").deltas == {"ann": 0, "bob": 0, "cy": 0, "dee": 0}
    # After E's self-draw (F 8: E +48, others -16), a washout leaves the totals as they were.
    sheet = replay_sheet("mcr", {}, [E_SELF_DRAW, DRAW])
    assert sheet.rows[1].deltas == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert sheet.rows[1].totals == {"E": 48, "S": -16, "W": -16, "N": -16}
    result = mcr_session_result(players, [MCRHandRecord("draw")] * 16)
    assert [result.players[p].session_score for p in players] == [0, 0, 0, 0]


@states(S, 314, "時間制限: 現在のハンドは最後まで演奏しない")
def test_seed_000_L314_the_hand_cut_by_the_time_limit_is_not_played():
    # E's self-draw (E +48, others -16), a washout, then time: the third hand is not
    # played and the players keep what they had before it.
    sheet = replay_sheet("mcr", {}, [E_SELF_DRAW, DRAW, NOT_PLAYED])
    assert sheet.rows[2].deltas == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert sheet.final_points == {"E": 48, "S": -16, "W": -16, "N": -16}
    assert sheet.complete and sheet.next_label is None
    # E 1st (4); S, W and N tie at -16 and share 2nd-4th: (2 + 1 + 0) / 3 = 1 each.
    assert {s: sheet.session[s]["rank_points"] for s in "ESWN"} == {"E": 4, "S": 1, "W": 1, "N": 1}
    # Nothing is played after it.
    with pytest.raises(SheetError) as caught:
        replay_sheet("mcr", {}, [E_SELF_DRAW, NOT_PLAYED, DRAW])
    assert (caught.value.code, caught.value.field) == ("not_allowed", "hands[2].outcome")


@states(S, 320, "16 hands, 卓越風 E,S,W,N")
def test_seed_000_L320_sixteen_hands_with_the_prevalent_wind_east_south_west_north():
    assert resolve("mcr", {}).session.hands_per_session == 16
    prevalent = "".join(mcr_hand_situation(i, "E").prevailing_wind for i in range(16))
    assert prevalent == "EEEE" + "SSSS" + "WWWW" + "NNNN"
    sheet = replay_sheet("mcr", {}, [DRAW] * 16)
    assert [r.label[0] for r in sheet.rows] == list("EEEESSSSWWWWNNNN")
    assert sheet.complete and sheet.next_label is None
    # Fifteen hands are not a session: the sixteenth, North's fourth, is next.
    short = replay_sheet("mcr", {}, [DRAW] * 15)
    assert not short.complete and short.next_label == "N-N"
    # A seventeenth is refused.
    with pytest.raises(SheetError) as caught:
        replay_sheet("mcr", {}, [DRAW] * 17)
    assert (caught.value.code, caught.value.field) == ("session_over", "hands[16]")
