"""Penalty tiles and false wins enforced on a Zung Jung sheet (issue 15).

Seed 001 (/work/shared/seeds/001_63973a9b73593511.txt, Japanese), §12 罰牌, and
rules/zung-jung.md §6:

- L82: improperly exposed tiles stay face up as penalty tiles (in that hand).
- L87-L88: they never form an exposed chow, pung or kong, not even when
  winning on a discard, nor the exposed pair of a single-wait discard win.
- L91-L92: with 3 or more penalty tiles only a self-draw can win.
- L97: a false win exposes the whole hand, play goes on, no point penalty.

The hand below: 13s 456s 789s 11z 555z waiting on 2s; the discard 2s
completes 1s-2s-3s, so a penalty 1s is in the exposed chow, a penalty 5z is
not (its pung is concealed).
"""

from __future__ import annotations

import pytest

from scoring.families import family_for
from scoring.families.zung_jung.rules import resolve
from scoring.sheets import replay_sheet
from tests.zung_jung_hands import PENALTY_TILES_BY_DISCARD as BY_DISCARD
from tests.zung_jung_hands import PENALTY_TILES_HAND as TILES
from tests.zung_jung_hands import refused, tiles_ruling

BY_DRAW = {"outcome": "self_draw", "level": "tiles", "winner": "S", "hand": TILES}
VALUE = {"outcome": "discard", "winner": "S", "discarder": "E", "points": 40}


def test_seed_001_l87_a_penalty_tile_in_the_chow_a_discard_completes_is_refused():
    error = refused([BY_DISCARD], [tiles_ruling("1s")])
    assert (error.code, error.field) == ("penalty_tile", "hands[0].hand")
    assert "1s is a penalty tile" in error.message and "Zung Jung §6" in error.message


def test_seed_001_l87_a_penalty_tile_outside_the_completed_group_is_allowed():
    sheet = replay_sheet("zung-jung", {}, [BY_DISCARD], [tiles_ruling("5z")])
    assert sheet.rows[0].score["valid"]
    assert sheet.penalty_tiles == (
        {"hand": 0, "seat": "S", "tiles": "5z", "self_draw_only": False},
    )
    assert sheet.penalties[0]["points"] == 0 and sheet.penalties[0]["tiles"] == "5z"


def test_seed_001_l82_penalty_tiles_lie_face_up_in_their_own_hand_only():
    # Ruled during hand 2 (index 1, the hand being played): hand 1 is not bound.
    sheet = replay_sheet("zung-jung", {}, [BY_DISCARD], [tiles_ruling("1s", after_hand=1)])
    assert sheet.rows[0].score["valid"]
    assert sheet.penalty_tiles[0]["hand"] == 1
    # Entered as hand 2 the same win is refused; the next player's win is not touched.
    error = refused([BY_DISCARD, BY_DISCARD], [tiles_ruling("1s", after_hand=1)])
    assert error.field == "hands[1].hand"
    other = {**BY_DISCARD, "winner": "W", "discarder": "E"}
    replay_sheet("zung-jung", {}, [{"outcome": "draw"}, other], [tiles_ruling("1s", 1)])


def test_seed_001_l91_a_self_draw_may_use_a_penalty_tile():
    sheet = replay_sheet("zung-jung", {}, [BY_DRAW], [tiles_ruling("1s")])
    assert sheet.rows[0].score["valid"]


def test_seed_001_l84_a_penalty_tile_discarded_while_live_binds_nothing():
    # The 1s no longer stands in the hand; the discarded 1s is the discarder's tile.
    hand = {"concealed": "23s456s789s11z555z", "win_tile": "1s"}
    sheet = replay_sheet("zung-jung", {}, [{**BY_DISCARD, "hand": hand}], [tiles_ruling("1s")])
    assert sheet.rows[0].score["valid"]


def test_seed_001_l87_robbing_a_kong_is_a_discard_win_here():
    row = {**BY_DISCARD, "outcome": "robbing_kong"}
    assert refused([row], [tiles_ruling("1s")]).code == "penalty_tile"


def test_value_level_the_judge_confirms_no_penalty_tile_was_used():
    error = refused([VALUE], [tiles_ruling("1s")])
    assert (error.code, error.field) == ("penalty_tile", "hands[0].no_penalty_tile")
    assert "S holds penalty tiles (1s)" in error.message
    sheet = replay_sheet(
        "zung-jung", {}, [{**VALUE, "no_penalty_tile": True}], [tiles_ruling("1s")]
    )
    assert sheet.final_points["S"] == 120
    # A self-draw needs no confirmation; a winner without penalty tiles neither.
    draw = {"outcome": "self_draw", "winner": "S", "points": 40}
    replay_sheet("zung-jung", {}, [draw], [tiles_ruling("1s")])
    replay_sheet("zung-jung", {}, [{**VALUE, "winner": "W"}], [tiles_ruling("1s")])


@pytest.mark.parametrize("row", [{**VALUE, "no_penalty_tile": True}, BY_DISCARD])
def test_seed_001_l91_l92_three_penalty_tiles_self_draw_only(row):
    # Two rulings in the same hand add up: 1m, then 9m 9p.
    ledger = [tiles_ruling("1m"), tiles_ruling("9m9p")]
    error = refused([row], ledger)
    assert (error.code, error.field) == ("penalty_tile", "hands[0].outcome")
    assert "3 penalty tiles (19m9p)" in error.message
    assert "only by self-draw" in error.message
    sheet = replay_sheet(
        "zung-jung", {}, [{"outcome": "self_draw", "winner": "S", "points": 40}], ledger
    )
    assert sheet.penalty_tiles[0]["self_draw_only"] is True


def test_seed_001_l97_a_false_win_is_a_zero_point_entry_and_then_self_draw_only():
    false_win = {"player": "S", "category": "false_win", "after_hand": 0}
    error = refused([VALUE], [false_win])
    assert (error.code, error.field) == ("penalty_tile", "hands[0].outcome")
    assert "made a false win in this hand" in error.message
    sheet = replay_sheet("zung-jung", {}, [BY_DRAW], [false_win])
    assert sheet.penalties[0]["category"] == "false_win" and sheet.penalties[0]["points"] == 0
    assert sheet.penalty_tiles == ({"hand": 0, "seat": "S", "tiles": "", "self_draw_only": True},)
    # Another player's discard win in that hand, and S's next hand, are free.
    replay_sheet("zung-jung", {}, [{**VALUE, "winner": "N"}, VALUE], [false_win])


def test_seed_001_l97_a_false_win_with_its_hand_typed_exposes_those_tiles():
    false_win = {"player": "S", "category": "false_win", "after_hand": 0, "tiles": "1234m"}
    sheet = replay_sheet("zung-jung", {}, [], [false_win])
    assert sheet.penalty_tiles == (
        {"hand": 0, "seat": "S", "tiles": "1234m", "self_draw_only": True},
    )


def test_a_penalty_tiles_ruling_names_its_hand_and_its_tiles():
    error = refused([], [{"player": "S", "category": "penalty_tiles", "tiles": "1s"}])
    assert (error.code, error.field) == ("bad_input", "penalties[0].after_hand")
    error = refused([], [{"player": "S", "category": "penalty_tiles", "after_hand": 0}])
    assert (error.code, error.field) == ("bad_input", "penalties[0].tiles")
    error = refused([], [tiles_ruling("1x")])
    assert (error.code, error.field) == ("bad_tile", "penalties[0].tiles")


def test_the_family_logs_both_rulings_with_no_points():
    family, rules = family_for("zung-jung"), resolve("zung-jung", {})
    for kind in ("false_win", "penalty_tiles"):
        (logged,) = family.consequence(rules, kind, "W").penalties
        assert logged == {
            "player": "W",
            "points": 0,
            "scope": "overall_score",
            "distribution": "none",
        }
