"""Seed 002 (``002_b372a12b842eaad6.txt``, an HK Old Style preset in Japanese) at the table.

Payments, the wall draw, the deal, kongs and multiple winners, through the
HKOS settlement (:mod:`scoring.families.hkos.settlement`), session
(:mod:`scoring.families.hkos.session`) and sheet (``replay_sheet``) under the
default options: half pay, V = u(faan) × 4 with the half-spicy u of
rules/hkos.md §4: 3 faan V = 8 × 4 = 32, 9 faan 96 × 4 = 384.
Players are given in seat order E, S, W, N.
"""

from __future__ import annotations

import pytest

from scoring.core.placement import SessionError
from scoring.core.seats import SEATS
from scoring.families.hkos.session import HKOSHandRecord, hkos_session_result
from scoring.families.hkos.settlement import (
    Deal,
    HKOSSettlementError,
    next_deal,
    settle_hkos,
)
from scoring.sheets import SheetError, replay_sheet
from tests.scoring.seeds.statements import states
from tests.scoring.seeds.test_seed_002_hkos import hk

PLAYERS = ["ann", "bob", "cy", "dee"]  # seats E, S, W, N


def deltas(outcome, **kwargs) -> list[int]:
    settled = settle_hkos(PLAYERS, outcome, **kwargs)
    assert sum(settled.deltas.values()) == 0
    return list(settled.deltas.values())


def seats(*values):
    return dict(zip(SEATS, values, strict=True))


# Pungs 222m 555p 888s (called) + 33m with 3m + 66p: All pungs 3, V = 32.
ALL_PUNGS = ("33m66p", "3m", "pon 222m", "pon 555p", "pon 888s")


# --- L17: one winner per discard --------------------------------------------------------------


@states("002", 17, "複数の勝ち: 最も近いプレイヤーだけが勝つ")
def test_seed_002_l17_a_second_winner_on_the_discard_is_refused():
    # ann and dee both claim cy's discard: only one win is recorded (the nearest
    # after cy, dee); a second winner is refused under the default options.
    two = HKOSHandRecord(
        "discard", winner="dee", discarder="cy", faan=3, more_winners=(("ann", 4),)
    )
    with pytest.raises(SessionError) as caught:
        hkos_session_result(PLAYERS, [two])
    assert caught.value.field == "hands[0].more_winners"
    assert "only the nearest claimant wins" in caught.value.reason
    # The nearest alone: dee +32, cy −32.
    one = HKOSHandRecord("discard", winner="dee", discarder="cy", faan=3)
    result = hkos_session_result(PLAYERS, [one])
    assert [r.points for r in result.players.values()] == [0, 0, -32, 32]


@states("002", 17, "複数の勝ち: 最も近いプレイヤーだけが勝つ")
def test_seed_002_l17_a_sheet_row_takes_one_winner():
    row = {
        "outcome": "discard",
        "discarder": "W",
        "wins": [{"winner": "N", "faan": 3}, {"winner": "E", "faan": 4}],
    }
    with pytest.raises(SheetError) as caught:
        replay_sheet("hkos", {}, [row])
    assert caught.value.field == "hands[0].wins"
    # N, next after W, wins alone: V = 32 from W.
    sheet = replay_sheet(
        "hkos", {}, [{"outcome": "discard", "discarder": "W", "winner": "N", "faan": 3}]
    )
    assert sheet.rows[0].deltas == seats(0, 0, -32, 32)


# --- L19: kongs earn nothing ------------------------------------------------------------------


@states("002", 19, "Kong の申告には別途支払いはありません")
def test_seed_002_l19_a_kong_moves_no_points():
    # The All pungs hand with 8888s konged instead of punged scores the same 3 faan,
    # V = 32: no item, no payment for the kong.
    kong = hk("33m66p", "3m", "pon 222m", "pon 555p", "kan 8888s")
    pung = hk(*ALL_PUNGS)
    assert {i.key: i.total for i in kong.items} == {"all_pungs": 3}
    assert kong.points == pung.points == 32
    # Won on bob's discard: only the win moves points, ann +32, bob −32.
    assert deltas("discard", winner="ann", discarder="bob", value=kong.points) == [32, -32, 0, 0]
    # There is no kong outcome to settle.
    with pytest.raises(HKOSSettlementError) as caught:
        settle_hkos(PLAYERS, "kong", winner="ann", value=32)
    assert caught.value.field == "outcome"


# --- L35: no liability payment, no multiple winners -------------------------------------------


@states("002", 35, "責任の支払い、複数の勝者、リーチ、ドラは適用されない")
def test_seed_002_l35_no_liability_and_no_second_winner():
    # Big three dragons 8 + Self-draw 1 = 9 faan, self-drawn by cy: V = u(9) 96 × 4
    # = 384. Whoever fed the dragons, each other player pays V/2 = 192 (no 包:
    # nobody pays for another); cy gets 576.
    big = hk("45m99p", "6m", "pon 555z", "pon 666z", "pon 777z", win="tsumo")
    assert big.total == 9 and big.points == 384
    assert deltas("self_draw", winner="cy", value=big.points) == [-192, -192, 576, -192]
    # A second winner on one discard is refused (multiple_winners off).
    two = HKOSHandRecord(
        "discard", winner="bob", discarder="ann", faan=3, more_winners=(("cy", 3),)
    )
    with pytest.raises(SessionError):
        hkos_session_result(PLAYERS, [two])


# --- L39: who pays ----------------------------------------------------------------------------


@states("002", 39, "ディスカード勝利: ディスカード側のみがハンド値を支払う")
def test_seed_002_l39_on_a_discard_only_the_discarder_pays():
    value = hk(*ALL_PUNGS).points  # All pungs 3: V = 32
    assert value == 32
    # bob wins on cy's discard: cy pays 32, ann and dee nothing.
    assert deltas("discard", winner="bob", discarder="cy", value=value) == [0, 32, -32, 0]
    # East (ann) discarding pays the same V, no more.
    assert deltas("discard", winner="bob", discarder="ann", value=value) == [-32, 32, 0, 0]


@states("002", 39, "自己ドロー: 各対戦相手はその価値の半分; East 倍率なし")
def test_seed_002_l39_self_draw_each_pays_half_and_east_is_no_different():
    # V = 32: each other player pays V/2 = 16; the winner gets 48.
    assert deltas("self_draw", winner="bob", value=32) == [-16, 48, -16, -16]
    # East winning: the same 16 from each (no dealer multiplier).
    assert deltas("self_draw", winner="ann", value=32) == [48, -16, -16, -16]


# --- L47: the wall draw and the deal ----------------------------------------------------------


@states("002", 47, "壁が使い果たされた: 支払いなし; ノーテン罰なし")
def test_seed_002_l47_a_wall_draw_pays_nothing():
    assert deltas("draw") == [0, 0, 0, 0]
    # On a sheet: whoever was ready or not, the draw moves no points.
    sheet = replay_sheet("hkos", {}, [{"outcome": "draw"}])
    assert sheet.rows[0].deltas == seats(0, 0, 0, 0)
    assert sheet.final_points == seats(0, 0, 0, 0)


@states("002", 47, "東は勝利または壁引き分けの後も保持; 4 回の交代で風が進む")
def test_seed_002_l47_east_keeps_the_deal_after_a_win_or_a_draw():
    deal = Deal()  # E1-0: East round, seat 1 (E) deals
    after_win = next_deal(deal, "self_draw", dealer_won=True)
    assert after_win.label == "E1-1"
    after_draw = next_deal(after_win, "draw", dealer_won=False)
    assert after_draw.label == "E1-2"
    passed = next_deal(after_draw, "discard", dealer_won=False)
    assert passed.label == "E2-0"


@states("002", 47, "東は勝利または壁引き分けの後も保持; 4 回の交代で風が進む")
def test_seed_002_l47_four_changes_of_dealer_advance_the_wind():
    rows = [
        {"outcome": "self_draw", "winner": "E", "faan": 3},  # E1-0: East wins, keeps
        {"outcome": "draw"},  # E1-1: a draw, East keeps
        {"outcome": "discard", "winner": "S", "discarder": "W", "faan": 3},  # E1-2: change 1
        {"outcome": "self_draw", "winner": "W", "faan": 3},  # E2-0: South loses it, change 2
        {"outcome": "discard", "winner": "N", "discarder": "E", "faan": 3},  # E3-0: change 3
        {"outcome": "discard", "winner": "S", "discarder": "E", "faan": 3},  # E4-0: change 4
    ]
    sheet = replay_sheet("hkos", {}, rows)
    assert [r.label for r in sheet.rows] == ["E1-0", "E1-1", "E1-2", "E2-0", "E3-0", "E4-0"]
    assert [r.dealer for r in sheet.rows] == ["E", "E", "E", "S", "W", "N"]
    # After four changes of dealer the South round begins, East dealing.
    assert sheet.next_label == "S1-0"
