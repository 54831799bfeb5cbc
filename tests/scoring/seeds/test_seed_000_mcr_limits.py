"""Seed 000 (``000_d48782b6de643c27.txt``, MCR), lines 17-30: the 8-fan minimum and
the 88-fan hands, with the default options (edition ``seed``, rules/mcr.md §2).

Each ``Shown`` hand shows statements of ``seed-statements.tsv``; its test asserts the
engine's fans (key -> value x count) and total, and for "A ⊅ B" that A is counted and
B is not although the hand meets B's condition. Every expected number is worked out
from seed 000's fan table and written as a literal; the comments add it up.
Seat South, prevalent wind East throughout. L35-L40: ``test_seed_000_mcr_limits_64.py``;
L45-L59: ``test_seed_000_mcr_limits_48_24.py``.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from tests.scoring.seeds.mcr_shown import Shown, check_shown, fans, hand, rows
from tests.scoring.seeds.statements import states

# --- L17 最低8飜 ---------------------------------------------------------------------

# chi 234m, pon 888p, chi 567s, 67m + 8m (two-sided), pair 77z: no fan at all, so
# Chicken Hand 8 alone: exactly the minimum.
CHICKEN = hand("67m77z", "8m", "ron", "chi:234m", "pon:888p", "chi:567s")
# chi 234m, chi 567p, 678s 345m, 9p + 9p: All Chows 2 (No Honors is part of it, seed
# L126 平和 ⊅ 无字) + Single Wait 1 = 3 fan; five flowers make 8 in all, but flowers
# do not count towards the minimum.
THREE_FAN = hand("678s345m9p", "9p", "ron", "chi:234m", "chi:567p", flowers=5)


@states("000", 17, "最低8飜 (8-fan minimum)")
def test_seed_000_L17_eight_fan_minimum_without_flowers():
    chicken = score(CHICKEN, "mcr")
    assert chicken.valid, chicken.error
    assert fans(chicken) == {"chicken_hand": 8}
    assert chicken.total == 8
    short = score(THREE_FAN, "mcr")
    assert not short.valid
    assert short.error.code == "below_minimum"
    assert fans(short) == {"all_chows": 2, "unique_wait_single": 1, "flower_tiles": 5}
    assert short.total == 8  # 3 fan + 5 flowers, still refused


# --- L24-L30 -------------------------------------------------------------------------

# pon 111z, concealed 222z 333z 444z, 5p + 5p. Big Four Winds 88 + Three Concealed
# Pungs 16 + Half Flush 6 + Single Wait 1 = 111. Four wind pungs: All Pungs, Seat Wind
# (222z), Prevalent Wind (111z), Pung of Terminals or Honors and the three wind pungs
# of Little Four Winds (and Big Three Winds) are met; none is counted.
BIG_FOUR_WINDS = Shown(
    hand("222z333z444z5p", "5p", "ron", "pon:111z"),
    {"big_four_winds": 88, "three_concealed_pungs": 16, "half_flush": 6, "unique_wait_single": 1},
    111,
    24,
    {
        "四風会 ⊅ 小四風会": "-little_four_winds -big_three_winds",
        "四風会 ⊅ 碰碰和": "-all_pungs",
        "四風会 ⊅ 門風刻": "-seat_wind",
        "四風会 ⊅ 圏風刻": "-prevalent_wind",
        "四風会 ⊅ 么九刻": "-pung_of_terminals_or_honors",
    },
)
# pon 555z, concealed 666z 777z 123m, 9m + 9m. Big Three Dragons 88 + Half Flush 6 +
# Outside Hand 4 (every set holds a terminal or an honour) + Two Concealed Pungs 2 +
# Single Wait 1 = 101; no Dragon Pung, no Two Dragon Pungs.
BIG_THREE_DRAGONS = Shown(
    hand("666z777z123m9m", "9m", "ron", "pon:555z"),
    {
        "big_three_dragons": 88,
        "half_flush": 6,
        "outside_hand": 4,
        "two_concealed_pungs": 2,
        "unique_wait_single": 1,
    },
    101,
    25,
    {"大三元 ⊅ 箭刻": "-dragon_pung", "大三元 ⊅ 双箭刻": "-two_dragons_pungs"},
)
# 234s 234s 66s 888s, 666z won on 6z (shanpon with 66s: no wait fan). All Green 88 +
# Dragon Pung 2 + Concealed Hand 2 + Pure Double Chow 1 = 93: bamboo and honours only,
# yet no Half Flush.
ALL_GREEN_HALF = Shown(
    hand("22334466888s66z", "6z"),
    {"all_green": 88, "dragon_pung": 2, "concealed_hand": 2, "pure_double_chow": 1},
    93,
    26,
    {"緑一色 ⊅ 混一色": "-half_flush"},
)
# 22s 234s 234s 666s 888s, bamboo only, won on 2s (it waited on 2s 3s 4s: no wait fan).
# All Green 88 + Concealed Hand 2 + Tile Hog 2 (four 2s) + Two Concealed Pungs 2 +
# All Simples 2 + Pure Double Chow 1 = 97; no Full Flush.
ALL_GREEN_PURE = Shown(
    hand("223344666888s2s", "2s"),
    {
        "all_green": 88,
        "concealed_hand": 2,
        "tile_hog": 2,
        "two_concealed_pungs": 2,
        "all_simples": 2,
        "pure_double_chow": 1,
    },
    97,
    26,
    {"緑一色 ⊅ 清一色": "-full_flush"},
)
# Pairs 22s 22s 33s 44s 66s 88s 66z. All Green 88 + Seven Pairs 24 = 112; four 2s, no
# Tile Hog.
ALL_GREEN_PAIRS = Shown(
    hand("222233446688s6z", "6z"),
    {"all_green": 88, "seven_pairs": 24},
    112,
    26,
    {"緑一色+七対子: 四帰一 not added": "+seven_pairs -tile_hog"},
)
# 1112345678999m won on 2m: 111 22 345 678 999. Nine Gates 88 + Two Concealed Pungs 2
# (111m 999m) + Short Straight 1 (345 678) = 91. One suit, concealed, the winning tile
# making the pair, two terminal pungs: no Full Flush, Concealed Hand, Single Wait, Pung
# of Terminals or Honors.
NINE_GATES_2 = Shown(
    hand("1112345678999m", "2m"),
    {"nine_gates": 88, "two_concealed_pungs": 2, "short_straight": 1},
    91,
    27,
    {
        "九連宝灯 ⊅ 清一色": "-full_flush",
        "九連宝灯 ⊅ 面前清": "-concealed_hand",
        "九連宝灯 ⊅ 単釣将": "-unique_wait_single",
        "九連宝灯 ⊅ 么九刻": "-pung_of_terminals_or_honors",
    },
)
# Won on 3m: 11 123 345 678 999, the 3m closing 12m from the edge. Nine Gates 88 +
# Short Straight 1 = 89; no Edge Wait. (No arrangement puts the winning tile of Nine
# Gates inside a chow: the closed wait is shown by the nine-sided wait alone.)
NINE_GATES_3 = Shown(
    hand("1112345678999m", "3m"),
    {"nine_gates": 88, "short_straight": 1},
    89,
    27,
    {"九連宝灯 ⊅ 辺張": "-unique_wait_edge", "九連宝灯 ⊅ 嵌張": "-unique_wait_closed"},
)
# Self-drawn 5m: 111 234 55 678 999. Nine Gates 88 + Fully Concealed Hand 4 (門前自模と
# 複合可能, read as 不求人: rules/mcr.md §2 "Editions") + Two Concealed Pungs 2 = 94.
NINE_GATES_TSUMO = Shown(
    hand("1112345678999m", "5m", "tsumo"),
    {"nine_gates": 88, "fully_concealed_hand": 4, "two_concealed_pungs": 2},
    94,
    27,
    {"九連宝灯 + 門前自模": "+fully_concealed_hand -self_drawn"},
)
# Four melded kongs 2222m 5555p 8888s 6666m, 3s + 3s on a discard. Four Kongs 88 +
# Melded Hand 6 + All Simples 2 = 96 (the kong fans and Single Wait are part of it).
FOUR_KONGS = Shown(
    hand("3s", "3s", "ron", "kan:2222m", "kan:5555p", "kan:8888s", "kan:6666m"),
    {"four_kongs": 88, "melded_hand": 6, "all_simples": 2},
    96,
    28,
    {"四杠 88": "-three_kongs -two_melded_kongs -melded_kong -unique_wait_single"},
)
# Pairs 22 33 44 55 66 77 88m on a discard: Seven Shifted Pairs 88 + All Simples 2 =
# 90; one suit, concealed, a single wait, none counted.
SHIFTED_PAIRS = Shown(
    hand("2233445566778m", "8m"),
    {"seven_shifted_pairs": 88, "all_simples": 2},
    90,
    29,
    {
        "連七対 ⊅ 清一色": "-full_flush",
        "連七対 ⊅ 面前清": "-concealed_hand",
        "連七対 ⊅ 単釣将": "-unique_wait_single",
    },
)
# The same, self-drawn: 88 + Fully Concealed Hand 4 + All Simples 2 = 94.
SHIFTED_PAIRS_TSUMO = Shown(
    hand("2233445566778m", "8m", "tsumo"),
    {"seven_shifted_pairs": 88, "fully_concealed_hand": 4, "all_simples": 2},
    94,
    29,
    {"連七対 + 門前自模": "+fully_concealed_hand -self_drawn"},
)
# 11m 9m 19p 19s 123456z waiting on 7z alone, on a discard: Thirteen Orphans 88 = 88;
# a single wait, concealed, all five types, none counted.
ORPHANS_SINGLE = Shown(
    hand("119m19p19s123456z", "7z"),
    {"thirteen_orphans": 88},
    88,
    30,
    {
        "十三幺 ⊅ 面前清": "-concealed_hand",
        "十三幺 ⊅ 五門斉": "-all_types",
        "十三幺 ⊅ 単釣将": "-unique_wait_single",
    },
)
# Thirteen-sided, self-drawn: Thirteen Orphans 88 + Fully Concealed Hand 4 = 92.
ORPHANS_TSUMO = Shown(
    hand("19m19p19s1234567z", "1m", "tsumo"),
    {"thirteen_orphans": 88, "fully_concealed_hand": 4},
    92,
    30,
    {"十三幺 + 門前自模": "+fully_concealed_hand -self_drawn"},
)

ROWS = rows(
    BIG_FOUR_WINDS,
    BIG_THREE_DRAGONS,
    ALL_GREEN_HALF,
    ALL_GREEN_PURE,
    ALL_GREEN_PAIRS,
    NINE_GATES_2,
    NINE_GATES_3,
    NINE_GATES_TSUMO,
    FOUR_KONGS,
    SHIFTED_PAIRS,
    SHIFTED_PAIRS_TSUMO,
    ORPHANS_SINGLE,
    ORPHANS_TSUMO,
)


@pytest.mark.parametrize(("shown", "words"), ROWS)
def test_seed_000_handfans(shown, words):
    check_shown(shown, words)


# --- L27 九連宝灯: 面前, 1-9 の9面待ち ----------------------------------------------


@states("000", 27, "九連宝灯: 面前, 1-9 の9面待ち")
@pytest.mark.parametrize("number", range(1, 10))
def test_seed_000_L27_nine_gates_waits_on_all_nine(number):
    result = score(hand("1112345678999m", f"{number}m"), "mcr")
    assert result.valid, result.error
    assert "nine_gates" in fans(result)
    assert "full_flush" not in fans(result)


# chi 234m melded, 111m 678m 999m concealed, 55m: Nine Gates' tiles won on 5m, but not
# concealed. Full Flush 24 + Two Concealed Pungs 2 + Pung of Terminals or Honors 1 x 2
# (111m, 999m) = 28 (it waited on 5m and 8m: no wait fan).
NOT_CONCEALED = hand("1115678999m", "5m", "ron", "chi:234m")


@states("000", 27, "九連宝灯: 面前, 1-9 の9面待ち")
def test_seed_000_L27_nine_gates_must_be_concealed():
    result = score(NOT_CONCEALED, "mcr")
    assert result.valid, result.error
    assert fans(result) == {
        "full_flush": 24,
        "two_concealed_pungs": 2,
        "pung_of_terminals_or_honors": 2,
    }
    assert result.total == 28


@states("000", 28, "四杠 88")
def test_seed_000_L28_four_kongs_is_88():
    (item,) = [i for i in score(FOUR_KONGS.hand, "mcr").items if i.key == "four_kongs"]
    assert (item.value, item.count) == (88, 1)
