"""MCR's time limit: one "not played" row ends the session.

Seed 000 L314: "トーナメントでは、一定の時間制限後の各ラウンドの停止でゲームでしょう。現在の手は
…最後まで演奏し[ません]、選手たちは、現在のハンドが開始する前に、彼らがこれまでに蓄積した
ポイントを獲得します" (rules/mcr.md §6): at the time limit the game stops, the hand in
progress is void and scores stand as before it. So the judge marks "not played" once
and the session is complete, the rest of its hands not played.
"""

from __future__ import annotations

import pytest

from scoring.sheets import SheetError, replay_sheet
from scoring.sheets.messages import Message

DRAW = {"outcome": "draw"}
WIN = {"outcome": "self_draw", "winner": "E", "fan": 8}  # 8 + 8 from each: E +48
NOT_PLAYED = {"outcome": "not_played"}


# seed 000 L314
def test_one_not_played_row_completes_the_session():
    sheet = replay_sheet("mcr", {}, [WIN, DRAW, NOT_PLAYED])
    assert sheet.complete and sheet.next_label is None
    assert sheet.warnings == (Message("hands_not_played", {"first": 3, "last": 16}),)
    assert sheet.warnings[0].text == "hands 3-16 were not played (time limit)"
    assert [r.notes for r in sheet.rows] == [(), (), (Message("not_played"),)]
    # Scores stand as before the hand cut off.
    assert sheet.rows[-1].totals == sheet.rows[0].totals
    assert sheet.rows[0].totals["E"] == 48


# seed 000 L314: nothing is played after the time limit
def test_a_hand_after_the_time_limit_is_refused_with_the_hand_named():
    with pytest.raises(SheetError) as caught:
        replay_sheet("mcr", {}, [WIN, NOT_PLAYED, DRAW])
    assert (caught.value.code, caught.value.field) == ("not_allowed", "hands[2].outcome")
    assert "ended the session at hand 2" in caught.value.message


# seed 000 L314: sheets that marked each remaining hand still replay the same
def test_several_not_played_rows_still_replay():
    sheet = replay_sheet("mcr", {}, [WIN, NOT_PLAYED, NOT_PLAYED])
    assert sheet.complete
    assert sheet.warnings == (Message("hands_not_played", {"first": 2, "last": 16}),)


def test_without_the_time_limit_the_session_is_not_complete():
    sheet = replay_sheet("mcr", {}, [WIN, DRAW])
    assert not sheet.complete and sheet.warnings == ()
