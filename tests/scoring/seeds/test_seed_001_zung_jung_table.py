"""Seed 001 (``001_63973a9b73593511.txt``, WSOM rules in Japanese) at the table.

The statements of seed 001 about the deal, the exhaustive draw, penalty tiles
held over a hand and the false win, checked through the Zung Jung settlement
(:mod:`scoring.families.zung_jung.settlement`) and sheet (``replay_sheet``)
under the default options: formal payoff, par 25 (rules/zung-jung.md §7).
On a sheet the seats are E, S, W, N in the first hand; each delta below is
worked out by hand: self-draw, the winner gets 3v and each other pays v;
discard, the others pay min(v, 25) and the discarder 3v − 2·min(v, 25).
"""

from __future__ import annotations

from scoring.core.hand import hand_from_dict
from scoring.core.seats import SEATS
from scoring.core.tiles import to_mpsz
from scoring.families.zung_jung.settlement import (
    ZJHandRecord,
    dealer_of,
    false_win_ruling,
    settle_zung_jung,
    zung_jung_session_result,
)
from scoring.sheets import replay_sheet
from tests.scoring.seeds.statements import states
from tests.zung_jung_hands import PENALTY_TILES_BY_DISCARD, hand, refused, tiles_ruling

PLAYERS = ["ann", "bob", "cy", "dee"]  # first hand: E, S, W, N


def seats(*values):
    return dict(zip(SEATS, values, strict=True))


# --- L6: four hands a cycle, no dealer repeat -----------------------------------------------


@states("001", 6, "一圈が4局で、連荘はなし")
def test_seed_001_l6_the_deal_passes_after_every_hand():
    # Hands 0-5: ann, bob, cy, dee deal one hand each, then ann again: 4 hands a cycle.
    assert [dealer_of(PLAYERS, i) for i in range(6)] == ["ann", "bob", "cy", "dee", "ann", "bob"]


@states("001", 6, "一圈が4局で、連荘はなし")
def test_seed_001_l6_a_dealer_win_or_a_draw_does_not_repeat_the_deal():
    rows = [
        {"outcome": "self_draw", "winner": "E", "points": 30},  # the dealer wins: E +90, -30 each
        {"outcome": "draw"},  # South deals; a draw
        {"outcome": "self_draw", "winner": "W", "points": 5},  # West deals and wins: +15, -5
        {"outcome": "draw"},
        {"outcome": "draw"},  # cycle 2, hand 1: East again
    ]
    sheet = replay_sheet("zung-jung", {}, rows)
    assert [r.label for r in sheet.rows] == ["1-1", "1-2", "1-3", "1-4", "2-1"]
    assert [r.dealer for r in sheet.rows] == ["E", "S", "W", "N", "E"]
    assert sheet.next_label == "2-2"
    # E 90 - 5 = 85; S -30 - 5 = -35; W -30 + 15 = -15; N -30 - 5 = -35.
    assert sheet.final_points == seats(85, -35, -15, -35)


# --- L75: the exhaustive draw ---------------------------------------------------------------


@states("001", 75, "流局: 点数の授受はない; 連庄はしない")
def test_seed_001_l75_a_draw_moves_no_points():
    settled = settle_zung_jung(PLAYERS, "draw")
    assert settled.deltas == {"ann": 0, "bob": 0, "cy": 0, "dee": 0}
    assert settled.transfers == ()
    result = zung_jung_session_result(PLAYERS, [ZJHandRecord("draw")] * 4)
    assert [r.session_points for r in result.players.values()] == [0, 0, 0, 0]


@states("001", 75, "流局: 点数の授受はない; 連庄はしない")
def test_seed_001_l75_the_deal_passes_after_a_draw():
    # East deals hand 1-1, which is drawn: South deals 1-2; nobody's points move.
    sheet = replay_sheet("zung-jung", {}, [{"outcome": "draw"}, {"outcome": "draw"}])
    assert [r.dealer for r in sheet.rows] == ["E", "S"]
    assert sheet.rows[0].deltas == seats(0, 0, 0, 0)
    assert sheet.final_points == seats(0, 0, 0, 0)
    assert sheet.next_label == "1-3"


# --- L87-L92: penalty tiles held during a hand on the sheet -----------------------------------

# S holds 13s 456s 789s 11z 555z and wins on E's 2s: the discard makes the chow 123s.
# Concealed Hand 5 + Mixed One-Suit 40 + Value Honor (555z White) 10
# + Nine-Tile Straight 40 = 95 (one concealed triplet: no 4.2).
# The sheet row is PENALTY_TILES_BY_DISCARD (tests/zung_jung_hands.py).


@states("001", 87, "罰牌は（ロン和のときを含む）明順・明刻・明槓を構成できない")
def test_seed_001_l87_on_a_sheet_a_penalty_tile_in_the_chow_of_the_discard():
    error = refused([PENALTY_TILES_BY_DISCARD], [tiles_ruling("1s")])
    assert (error.code, error.field) == ("penalty_tile", "hands[0].hand")
    # A penalty 5z stays in the concealed pung: the win stands, v = 95:
    # S +285, E -(285 - 50) = -235, W and N -25.
    sheet = replay_sheet("zung-jung", {}, [PENALTY_TILES_BY_DISCARD], [tiles_ruling("5z")])
    assert sheet.rows[0].score["total"] == 95
    assert sheet.final_points == seats(-235, 285, -25, -25)


@states("001", 92, "罰牌が3枚以上: 自摸でのみ和れる")
def test_seed_001_l92_on_a_sheet_three_penalty_tiles_only_self_draw():
    # 1s 5z 5z: three penalty tiles; the discard win is refused outright.
    error = refused([PENALTY_TILES_BY_DISCARD], [tiles_ruling("1s5z5z")])
    assert (error.code, error.field) == ("penalty_tile", "hands[0].outcome")
    assert "only by self-draw" in error.message
    # Self-drawn it wins: v = 95 as above, S +285, each other -95.
    drawn = {k: v for k, v in PENALTY_TILES_BY_DISCARD.items() if k != "discarder"}
    drawn["outcome"] = "self_draw"
    sheet = replay_sheet("zung-jung", {}, [drawn], [tiles_ruling("1s5z5z")])
    assert sheet.final_points == seats(-95, 285, -95, -95)


# --- L97: the false win ---------------------------------------------------------------------


@states("001", 97, "錯和: 全手牌の不正露出、対局は続行、満貫罰点などにはならない")
def test_seed_001_l97_a_false_win_exposes_the_whole_hand_for_no_points():
    # A claimed discard win on 4p that is no win (no pattern): its 7 standing
    # tiles 23p 567s 11z all become penalty tiles; no points; 3 or more of them,
    # so that player may now win only by self-draw.
    claimed = hand_from_dict(hand("567s23p11z", "4p", meld="chi234m pon999p"))
    ruling = false_win_ruling(claimed)
    assert to_mpsz(ruling.penalty_tiles) == "23p567s11z"
    assert ruling.points == 0
    assert ruling.self_draw_only is True


@states("001", 97, "錯和: 全手牌の不正露出、対局は続行、満貫罰点などにはならない")
def test_seed_001_l97_play_goes_on_and_no_points_change():
    # S's false win in hand 1-1; the hand goes on and N wins it on E's discard, v = 40:
    # N +120, E -(120 - 50) = -70, S and W -25. S's ruling costs 0.
    false_win = {"player": "S", "category": "false_win", "after_hand": 0}
    row = {"outcome": "discard", "winner": "N", "discarder": "E", "points": 40}
    sheet = replay_sheet("zung-jung", {}, [row], [false_win])
    assert sheet.rows[0].deltas == seats(-70, -25, -25, 120)
    assert [p["points"] for p in sheet.penalties] == [0]
    assert sheet.final_points == seats(-70, -25, -25, 120)
    assert sheet.session["S"]["score"] == -25
    # A point penalty for it (a mangan-like charge) is refused.
    charged = {**false_win, "points": -30}
    assert refused([row], [charged]).code == "not_allowed"
