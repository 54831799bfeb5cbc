"""Seed 000 (``000_d48782b6de643c27.txt``, MCR), lines 45-59: the 48-, 32- and the
first 24-fan hands, with the default options (edition ``seed``, rules/mcr.md §2).

As in ``test_seed_000_mcr_limits.py``: each ``Shown`` hand shows statements of
``seed-statements.tsv``; its test asserts the engine's fans (key -> value x count)
and total, and for "A ⊅ B" that A is counted and B is not although the hand meets
B's condition. Expected numbers come from seed 000's fan table, written as literals.
Seat South, prevalent wind East throughout.
"""

from __future__ import annotations

import pytest

from tests.scoring.seeds.mcr_shown import Shown, check_shown, hand, rows

# 234m 234m 234m 234m, 9p + 9p (the only winning tile). Quadruple Chow 48 + All Chows
# 2 (No Honors is part of it) + Concealed Hand 2 + One Voided Suit 1 + Single Wait 1 =
# 54. Identical chows, four each of 2m 3m 4m, and 222m 333m 444m as another
# arrangement: Pure Double Chow, Pure Triple Chow, Tile Hog and Pure Shifted Pungs are
# met, not counted.
QUADRUPLE_CHOW = Shown(
    hand("222333444234m9p", "9p"),
    {
        "quadruple_chow": 48,
        "all_chows": 2,
        "concealed_hand": 2,
        "one_voided_suit": 1,
        "unique_wait_single": 1,
    },
    54,
    45,
    {
        "一色四同順 ⊅ 一般高": "-pure_double_chow",
        "一色四同順 ⊅ 一色三同順": "-pure_triple_chow",
        "一色四同順 ⊅ 四帰一": "-tile_hog",
        "一色四同順 ⊅ 一色三節高": "-pure_shifted_pungs",
    },
)
# pon 555m, concealed 222m 333m 444m, 9p + 9p. Four Pure Shifted Pungs 48 + Three
# Concealed Pungs 16 + One Voided Suit 1 + No Honors 1 + Single Wait 1 = 67; All Pungs
# is part of it (rules/mcr.md §3, non-repeat). 222 333 444 is also Pure Shifted Pungs,
# and 234 234 234 (another arrangement) Pure Triple Chow and Pure Double Chow: not
# counted. (Tile Hog cannot be met: every tile of the four pungs is in a pung.)
FOUR_SHIFTED_PUNGS = Shown(
    hand("222333444m9p", "9p", "ron", "pon:555m"),
    {
        "four_pure_shifted_pungs": 48,
        "three_concealed_pungs": 16,
        "one_voided_suit": 1,
        "no_honors": 1,
        "unique_wait_single": 1,
    },
    67,
    46,
    {
        "一色四節高 ⊅ 一般高": "-pure_double_chow",
        "一色四節高 ⊅ 一色三同順": "-pure_triple_chow",
        "一色四節高 ⊅ 四帰一": "-tile_hog",
        "一色四節高 ⊅ 一色三節高": "-pure_shifted_pungs",
    },
)
# 123m 234m 345m 456m, 9p + 9p. Four Pure Shifted Chows 32 + All Chows 2 + Concealed
# Hand 2 + One Voided Suit 1 + Single Wait 1 = 38; 123m and 456m would be a Short
# Straight, not counted.
FOUR_SHIFTED_CHOWS = Shown(
    hand("123234345456m9p", "9p"),
    {
        "four_pure_shifted_chows": 32,
        "all_chows": 2,
        "concealed_hand": 2,
        "one_voided_suit": 1,
        "unique_wait_single": 1,
    },
    38,
    51,
    {"一色四歩高 ⊅ 連六": "-short_straight"},
)
# Melded kongs 2222m 5555p 7777s, concealed 345m, 9p + 9p. Three Kongs 32 + No Honors
# 1 + Single Wait 1 = 34 (Melded Kong and Two Melded Kongs are part of it).
THREE_MELDED_KONGS = Shown(
    hand("345m9p", "9p", "ron", "kan:2222m", "kan:5555p", "kan:7777s"),
    {"three_kongs": 32, "no_honors": 1, "unique_wait_single": 1},
    34,
    52,
    {"三杠: 鳴いてもよい": "-melded_kong -two_melded_kongs"},
)
# The same with the three kongs concealed: Three Kongs 32 + Three Concealed Pungs 16 +
# Concealed Hand 2 + No Honors 1 + Single Wait 1 = 52.
THREE_CONCEALED_KONGS = Shown(
    hand("345m9p", "9p", "ron", "ankan:2222m", "ankan:5555p", "ankan:7777s"),
    {
        "three_kongs": 32,
        "three_concealed_pungs": 16,
        "concealed_hand": 2,
        "no_honors": 1,
        "unique_wait_single": 1,
    },
    52,
    52,
    {"三杠 + 三暗刻": "+three_concealed_pungs"},
)
# pon 111m, concealed 999p 111z 555z, 9s + 9s. All Terminals and Honors 32 + Three
# Concealed Pungs 16 + All Types 6 + Prevalent Wind 2 (111z) + Dragon Pung 2 (555z) +
# Single Wait 1 = 59; four pungs of terminals and honours, yet no Pung of Terminals or
# Honors, Outside Hand or All Pungs.
TERMINALS_AND_HONORS = Shown(
    hand("999p111z555z9s", "9s", "ron", "pon:111m"),
    {
        "all_terminals_and_honors": 32,
        "three_concealed_pungs": 16,
        "all_types": 6,
        "prevalent_wind": 2,
        "dragon_pung": 2,
        "unique_wait_single": 1,
    },
    59,
    53,
    {
        "混幺九 ⊅ 么九刻": "-pung_of_terminals_or_honors",
        "混幺九 ⊅ 全帯么": "-outside_hand",
        "混幺九 ⊅ 碰碰和": "-all_pungs",
    },
)
# 11m 33m 55p 77p 22s 44z 66z, on a discard (waiting on 6z alone). Seven Pairs 24 + All
# Types 6 = 30; no Single Wait, no Concealed Hand.
SEVEN_PAIRS = Shown(
    hand("1133m5577p22s446z", "6z"),
    {"seven_pairs": 24, "all_types": 6},
    30,
    58,
    {
        "七対 ⊅ 単釣将": "-unique_wait_single",
        "七対 ⊅ 門前清": "-concealed_hand",
        "七対 + 五門斉 (and L107 五門斉 + 七対)": "+all_types",
    },
)
# The same, self-drawn: 24 + All Types 6 + Fully Concealed Hand 4 = 34.
SEVEN_PAIRS_TSUMO = Shown(
    hand("1133m5577p22s446z", "6z", "tsumo"),
    {"seven_pairs": 24, "all_types": 6, "fully_concealed_hand": 4},
    34,
    58,
    {"七対: ツモ上りの場合、不求人がつく": "+fully_concealed_hand -self_drawn"},
)
# 11m 11m 55p 77p 22s 99s 11z: four 1m in two pairs. Seven Pairs 24 + Tile Hog 2 = 26.
SEVEN_PAIRS_HOG = Shown(
    hand("1111m5577p2299s1z", "1z"),
    {"seven_pairs": 24, "tile_hog": 2},
    26,
    58,
    {"七対 + 四帰一; 同じ牌が4枚あってもよい": "+tile_hog"},
)
# 147m 258p 3s and the seven honours, won on 8p from a discard: Greater Honors and
# Knitted Tiles 24 = 24; concealed, all five types, neither counted.
GREATER_KNITTED = Shown(
    hand("147m25p3s1234567z", "8p"),
    {"greater_honors_and_knitted_tiles": 24},
    24,
    59,
    {"七星不靠 ⊅ 門前清": "-concealed_hand", "七星不靠 ⊅ 五門斉": "-all_types"},
)
# The same, self-drawn: 24 + Fully Concealed Hand 4 = 28.
GREATER_KNITTED_TSUMO = Shown(
    hand("147m25p3s1234567z", "8p", "tsumo"),
    {"greater_honors_and_knitted_tiles": 24, "fully_concealed_hand": 4},
    28,
    59,
    {"七星不靠: ツモ上がりの場合、不求人がつく": "+fully_concealed_hand -self_drawn"},
)

ROWS = rows(
    QUADRUPLE_CHOW,
    FOUR_SHIFTED_PUNGS,
    FOUR_SHIFTED_CHOWS,
    THREE_MELDED_KONGS,
    THREE_CONCEALED_KONGS,
    TERMINALS_AND_HONORS,
    SEVEN_PAIRS,
    SEVEN_PAIRS_TSUMO,
    SEVEN_PAIRS_HOG,
    GREATER_KNITTED,
    GREATER_KNITTED_TSUMO,
)


@pytest.mark.parametrize(("shown", "words"), ROWS)
def test_seed_000_handfans(shown, words):
    check_shown(shown, words)
