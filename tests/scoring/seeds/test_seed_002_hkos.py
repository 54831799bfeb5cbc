"""Seed 002 (``002_b372a12b842eaad6.txt``, an HK Old Style preset in Japanese), hand by hand.

Every statement of seed 002 in ``seed-statements.tsv`` that a single hand
shows, scored with ``hkos`` under its default options. The seed fixes the
structure (3-faan minimum, 13-faan maximum, the flower logic, the replacement
rules); the faan values are rules/hkos.md §3's defaults, the points V =
u(faan) × 4 with §4's half-spicy u (u(3) = 8, u(8) = 64, u(13) = 384).
Unless a test says otherwise the winner sits South in an East round and holds
bonus tile 3 (West's flower: scores nothing for South), so only what the test
is about scores. Each total is added up in the comment above it.

The payments, the deal and multiple winners are in ``test_seed_002_hkos_table.py``.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from tests.scoring.hands import melds
from tests.scoring.seeds.statements import case, states


def hk(concealed, win_tile, *meld_specs, win="ron", seat="S", flowers=(3,), **more):
    data = {
        "concealed": concealed,
        "win_tile": win_tile,
        "win": win,
        "seat_wind": seat,
        "round_wind": "E",
        "flowers": list(flowers),
        "melds": melds(*meld_specs),
        **more,
    }
    return score(data, "hkos")


def faan(result):
    return {i.key: i.total for i in result.items}


# chows 234m 567p 678s (called) + 34s and 5s + pair 99m: All chows 1, nothing else.
CHOWS = ("34s99m", "5s", "chi 234m", "chi 567p", "chi 678s")
# chows 234p 567p, pung 888s (called) + 55s pair: no pattern; the test adds the last set.
OPEN = ("chi 234p", "chi 567p", "pon 888s")
THIRTEEN_ORPHANS = ("19m19p19s1234567z", "1m")


# --- L5: the tiles -----------------------------------------------------------------------


@states("002", 5, "144 枚 (4 flowers + 4 seasons)")
def test_seed_002_l5_all_eight_bonus_tiles_are_in_the_set():
    # 136 tiles + flowers 1-4 + seasons 5-8: all eight at once are accepted.
    # All chows 1 + All eight bonus tiles 8 = 9 faan, V = u(9) 96 × 4 = 384.
    result = hk(*CHOWS, flowers=range(1, 9))
    assert result.valid
    assert faan(result) == {"all_flowers": 8, "all_chows": 1}
    assert result.total == 9 and result.points == 384


@states("002", 5, "144 枚 (4 flowers + 4 seasons)")
@pytest.mark.parametrize(
    ("flowers", "code"),
    [
        ([9], "bad_input"),  # there is no ninth bonus tile
        ([2, 2], "bad_input"),  # each bonus tile exists once
    ],
)
def test_seed_002_l5_no_other_bonus_tile(flowers, code):
    result = hk(*CHOWS, flowers=flowers)
    assert not result.valid and result.error.code == code


@states("002", 5, "144 枚 (4 flowers + 4 seasons)")
def test_seed_002_l5_four_copies_of_each_suit_and_honour_tile():
    # pung 888s + pair 88s + the winning 8s: five 8s, a set has four.
    result = hk("8s999m", "8s", "chi 234m", "chi 567p", "pon 888s")
    assert not result.valid and result.error.code == "too_many_copies"


@states("002", 5, "レッドファイブもありません")
def test_seed_002_l5_no_red_fives():
    # 34s + red 5s: refused, naming the plain five.
    result = hk("34s99m", "0s", "chi 234m", "chi 567p", "chi 678s")
    assert not result.valid and result.error.code == "bad_tile"
    assert "enter 5s" in result.error.message
    assert hk(*CHOWS).error.code == "below_minimum"  # the plain 5s: a shape, 1 faan


# --- L7: the winning forms ------------------------------------------------------------------


@states("002", 7, "4 groups + pair (≥3 faan incl. bonus) or 13 orphans")
def test_seed_002_l7_four_groups_and_a_pair_with_three_faan():
    # Self-drawn, with South's own flower 2: All chows 1 + Self-draw 1 + Own flower 1
    # = 3 faan (two of them bonus): a win, V = u(3) 8 × 4 = 32.
    result = hk(*CHOWS, win="tsumo", flowers=[2])
    assert result.valid
    assert faan(result) == {"all_chows": 1, "self_draw": 1, "seat_flower": 1}
    assert result.total == 3 and result.points == 32


@states("002", 7, "4 groups + pair (≥3 faan incl. bonus) or 13 orphans")
def test_seed_002_l7_thirteen_orphans_is_the_other_form():
    # 19m 19p 19s 1234567z + 1m: no four sets and a pair, yet a win: 13 faan.
    result = hk(*THIRTEEN_ORPHANS)
    assert result.valid and faan(result) == {"thirteen_orphans": 13}
    # Neither form: 123m 456p 789s 1235z + 4z.
    assert hk("123m456p789s1235z", "4z").error.code == "not_winning"


@states("002", 7, "7 ペアは個別の勝利の形ではありません")
def test_seed_002_l7_seven_pairs_is_not_a_win():
    # 11 33m 55 77p 99s 11 22z + 2z: seven pairs, not four sets and a pair.
    result = hk("1133m5577p99s112z", "2z", win="tsumo", flowers=[2, 6])
    assert not result.valid and result.error.code == "not_winning"
    assert "seven pairs, which is not a win in HKOS" in result.error.message


# --- L13: the sets ----------------------------------------------------------------------------


@states("002", 13, "シーケンスを 9 から 1 に折り返せない")
def test_seed_002_l13_no_sequence_wraps_from_nine_to_one():
    # 234p 567p 888s + 89m + pair 55s, self-drawn with South's flower 2 and season 6.
    # On 7m: 789m, a win: Self-draw 1 + Own flower 1 + Own season 1 = 3.
    seven = hk("89m55s", "7m", *OPEN, win="tsumo", flowers=[2, 6])
    assert seven.valid and seven.total == 3
    # On 1m: 8-9-1m is no sequence.
    one = hk("89m55s", "1m", *OPEN, win="tsumo", flowers=[2, 6])
    assert not one.valid and one.error.code == "not_winning"


@states("002", 13, "名誉者はシーケンスを形成できません")
@pytest.mark.parametrize(("held", "win_tile"), [("12z", "3z"), ("56z", "7z")])
def test_seed_002_l13_honours_form_no_sequence(held, win_tile):
    # East-South-West or White-Green-Red in place of 789m above: no set.
    result = hk(f"{held}55s", win_tile, *OPEN, win="tsumo", flowers=[2, 6])
    assert not result.valid and result.error.code == "not_winning"


@states("002", 13, "コングは 1 つのグループ")
def test_seed_002_l13_a_kong_is_one_set():
    # 234m 567p (called) + kong 8888s + 34s 5s + 99m: 15 tiles, still four sets and a
    # pair. Self-draw 1 + Own flower 1 + Own season 1 = 3 (no pattern for the kong).
    result = hk("34s99m", "5s", "chi 234m", "chi 567p", "kan 8888s", win="tsumo", flowers=[2, 6])
    assert result.valid
    assert faan(result) == {"self_draw": 1, "seat_flower": 1, "seat_season": 1}


# --- L23: minimum, maximum, stacking, bonuses toward the minimum ----------------------------------


@states("002", 23, "最小 3 ファン")
def test_seed_002_l23_minimum_three_faan():
    # Pungs 222m 555p 888s (called) + 33m with 3m + 66p: All pungs 3: a win, V = 32.
    three = hk("33m66p", "3m", "pon 222m", "pon 555p", "pon 888s")
    assert three.valid and three.total == 3 and three.points == 32
    # All chows 1 + South's own flower 1 = 2: below the minimum.
    two = hk(*CHOWS, flowers=[2])
    assert not two.valid and two.error.code == "below_minimum"
    assert two.error.message == "2 faan; a win needs 3"


@states("002", 23, "最大 13 ファン")
def test_seed_002_l23_maximum_thirteen_faan():
    # Pungs 111m 333m 555m + 77m 7m self-drawn + 99m, all eight bonus tiles:
    # Pure one suit 7 + All pungs 3 + Self-draw 1 + All eight 8 = 19, paid 13 (cut −6).
    result = hk(
        "77m99m", "7m", "pon 111m", "pon 333m", "pon 555m", win="tsumo", flowers=range(1, 9)
    )
    assert faan(result) == {
        "pure_one_suit": 7,
        "all_pungs": 3,
        "self_draw": 1,
        "all_flowers": 8,
        "max_faan": -6,
    }
    assert result.total == 13 and result.points == 384 * 4


@states("002", 23, "互換性のあるパターンはスタック")
def test_seed_002_l23_compatible_patterns_add_up():
    # Pungs 222z (South, the seat wind) 555z (White) 111m + 33m with 3m + 99m:
    # Mixed one suit 3 + All pungs 3 + Dragon pung 1 + Seat wind 1 = 8, V = 64 × 4 = 256.
    result = hk("33m99m", "3m", "pon 222z", "pon 555z", "pon 111m")
    assert faan(result) == {"mixed_one_suit": 3, "all_pungs": 3, "dragon_pung": 1, "seat_wind": 1}
    assert result.valid and result.total == 8 and result.points == 256


@states("002", 23, "フラワーボーナスは最小値にカウント")
def test_seed_002_l23_flower_bonuses_count_toward_the_minimum():
    # On a discard: All chows 1 + Own flower 1 + Own season 1 = 3: a win.
    result = hk(*CHOWS, flowers=[2, 6])
    assert result.valid and result.total == 3
    assert faan(result) == {"all_chows": 1, "seat_flower": 1, "seat_season": 1}


@states("002", 23, "ドローボーナスは最小値にカウント")
def test_seed_002_l23_the_self_draw_bonus_counts_toward_the_minimum():
    # All chows 1 + Own flower 1 = 2 on a discard (below); self-drawn + 1 = 3: a win.
    assert hk(*CHOWS, flowers=[2]).error.code == "below_minimum"
    drawn = hk(*CHOWS, win="tsumo", flowers=[2])
    assert drawn.valid and drawn.total == 3
    assert faan(drawn) == {"all_chows": 1, "self_draw": 1, "seat_flower": 1}


BONUSES = (
    "bonuses counted toward the minimum are flower and draw bonuses (engine adds 無花 'no flowers')"
)


@states("002", 23, BONUSES)
def test_seed_002_l23_the_bonuses_are_flowers_and_self_draw():
    # rules/hkos.md §3 (decision 2026-12-01): 無花 is not in the seed's table, so it is
    # 0 (off) by default. Without any bonus tile, self-drawn: All chows 1 + Self-draw 1
    # = 2, below the minimum, and no "no flowers" item.
    bare = hk(*CHOWS, win="tsumo", flowers=[])
    assert faan(bare) == {"all_chows": 1, "self_draw": 1}
    assert bare.error.code == "below_minimum" and bare.error.message == "2 faan; a win needs 3"
    # Where an event scores 無花 (faan_table no_flowers 1) it is a flower bonus and
    # counts toward the minimum like the others: 1 + 1 + 1 = 3, a win.
    on = hk(*CHOWS, win="tsumo", flowers=[], options={"faan_table": {"no_flowers": 1}})
    assert on.valid and faan(on) == {"all_chows": 1, "self_draw": 1, "no_flowers": 1}


# --- L27: the 13-faan limit shapes -------------------------------------------------------------

LIMITS = [
    case("002", 27, "13 人の孤児 = 13-faan limit", *THIRTEEN_ORPHANS, (),
         "thirteen_orphans", by="test_seed_002_l27_limit_shapes"),
    # 1112345678999m + 5m, closed (Pure one suit 7 not added).
    case("002", 27, "ナイン ゲート (closed) = 13-faan limit", "1112345678999m", "5m", (),
         "nine_gates", by="test_seed_002_l27_limit_shapes"),
    # Pungs of all four winds + 55m (seat, prevailing, all pungs not added).
    case("002", 27, "ビッグ 4 ウィンド = 13-faan limit", "44z55m", "4z",
         ("pon 111z", "pon 222z", "pon 333z"), "big_four_winds",
         by="test_seed_002_l27_limit_shapes"),
    # Kongs 1111m, 2222p (concealed), 3333s, 4444z + pair 5m.
    case("002", 27, "4 つのコング = 13-faan limit", "5m", "5m",
         ("kan 1111m", "ckan 2222p", "kan 3333s", "kan 4444z"), "four_kongs",
         by="test_seed_002_l27_limit_shapes"),
]  # fmt: skip


@pytest.mark.parametrize(("concealed", "win_tile", "meld_specs", "key"), LIMITS)
def test_seed_002_l27_limit_shapes(concealed, win_tile, meld_specs, key):
    # 13 faan, the limit alone; V = u(13) 384 × 4 = 1536.
    result = hk(concealed, win_tile, *meld_specs)
    assert result.valid
    assert faan(result) == {key: 13}
    assert result.total == 13 and result.points == 1536


@states("002", 27, "ナイン ゲート (closed) = 13-faan limit")
def test_seed_002_l27_nine_gates_must_be_closed():
    # The same tiles with 111m called: 111m(pon) 234m 55m 678m 999m is no Nine
    # Gates, only Pure one suit 7.
    result = hk("2345678999m", "5m", "pon 111m")
    assert "nine_gates" not in faan(result)
    assert faan(result) == {"pure_one_suit": 7} and result.total == 7
