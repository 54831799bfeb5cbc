"""Seed 000 (``000_d48782b6de643c27.txt``, MCR), lines 35-40: the 64-fan hands, with
the default options (edition ``seed``, rules/mcr.md §2).

As in ``test_seed_000_mcr_limits.py``: each ``Shown`` hand shows statements of
``seed-statements.tsv``; its test asserts the engine's fans (key -> value x count)
and total, and for "A ⊅ B" that A is counted and B is not although the hand meets
B's condition. Expected numbers come from seed 000's fan table, written as literals.
Seat South, prevalent wind East throughout.
"""

from __future__ import annotations

import pytest

from tests.scoring.seeds.mcr_shown import Shown, check_shown, hand, rows

# 111m 111p 999s concealed, 99m 11s shanpon won on 9m. All Terminals 64 + Three
# Concealed Pungs 16 + Concealed Hand 2 + Double Pung 2 x 2 (1m 1p; 9s 9m) = 86. No
# honours, four pungs, a terminal in every set: No Honors, All Pungs and Outside Hand
# are met, not counted.
TERMINALS_DOUBLE = Shown(
    hand("111m111p999s99m11s", "9m"),
    {"all_terminals": 64, "three_concealed_pungs": 16, "concealed_hand": 2, "double_pung": 4},
    86,
    35,
    {
        "清么九 ⊅ 无字": "-no_honors",
        "清么九 ⊅ 碰碰胡": "-all_pungs",
        "清么九 ⊅ 全带么": "-outside_hand",
        "清么九 + 双同刻": "+double_pung",
    },
)
# 111m 111p 111s 99s concealed, 99m won on 9m. All Terminals 64 + Triple Pung 16 +
# Three Concealed Pungs 16 + Concealed Hand 2 = 98.
TERMINALS_TRIPLE = Shown(
    hand("111m111p111s99m99s", "9m"),
    {"all_terminals": 64, "triple_pung": 16, "three_concealed_pungs": 16, "concealed_hand": 2},
    98,
    35,
    {"清么九 + 三同刻": "+triple_pung"},
)
# Pairs 11m 11m 99m 11p 99p 11s 99s. All Terminals 64 + Seven Pairs 24 = 88; four 1m,
# no Tile Hog.
TERMINALS_PAIRS = Shown(
    hand("1111m99m11p99p11s9s", "9s"),
    {"all_terminals": 64, "seven_pairs": 24},
    88,
    35,
    {"清么九 + 七对": "+seven_pairs", "清么九+七对: 四帰一 not added": "+seven_pairs -tile_hog"},
)
# pon 333z, concealed 111z 222z, 12m + 3m (edge), pair 44z. Little Four Winds 64 + Half
# Flush 6 + Outside Hand 4 + Seat Wind 2 (222z) + Prevalent Wind 2 (111z) + Two
# Concealed Pungs 2 + Edge Wait 1 = 81; three wind pungs, yet no Big Three Winds and
# no Pung of Terminals or Honors.
LITTLE_FOUR_WINDS = Shown(
    hand("12m111z222z44z", "3m", "ron", "pon:333z"),
    {
        "little_four_winds": 64,
        "half_flush": 6,
        "outside_hand": 4,
        "seat_wind": 2,
        "prevalent_wind": 2,
        "two_concealed_pungs": 2,
        "unique_wait_edge": 1,
    },
    81,
    36,
    {
        "小四風会 ⊅ 三風刻": "-big_three_winds",
        "小四風会 ⊅ 么九刻": "-pung_of_terminals_or_honors",
        "小四風会 + 門風刻": "+seat_wind",
        "小四風会 + 圈風刻": "+prevalent_wind",
    },
)
# pon 555z, concealed 666z 123m 456m, 7z + 7z. Little Three Dragons 64 + Half Flush 6 +
# Short Straight 1 + Single Wait 1 = 72; two dragon pungs, yet no Dragon Pung and no
# Two Dragon Pungs.
LITTLE_THREE_DRAGONS = Shown(
    hand("666z123m456m7z", "7z", "ron", "pon:555z"),
    {"little_three_dragons": 64, "half_flush": 6, "short_straight": 1, "unique_wait_single": 1},
    72,
    37,
    {"小三元 ⊅ 箭刻": "-dragon_pung", "小三元 ⊅ 双箭刻": "-two_dragons_pungs"},
)
# pon 111z, pon 333z, concealed 222z 555z, 7z + 7z. All Honors 64 + Big Three Winds 12
# + Seat Wind 2 (222z) + Prevalent Wind 2 (111z) + Dragon Pung 2 (555z) + Two
# Concealed Pungs 2 + Single Wait 1 = 85; no All Pungs, Outside Hand, Pung of
# Terminals or Honors.
ALL_HONORS = Shown(
    hand("222z555z7z", "7z", "ron", "pon:111z", "pon:333z"),
    {
        "all_honors": 64,
        "big_three_winds": 12,
        "seat_wind": 2,
        "prevalent_wind": 2,
        "dragon_pung": 2,
        "two_concealed_pungs": 2,
        "unique_wait_single": 1,
    },
    85,
    38,
    {
        "字一色 ⊅ 碰碰和": "-all_pungs",
        "字一色 ⊅ 全帯么": "-outside_hand",
        "字一色 ⊅ 么九刻": "-pung_of_terminals_or_honors",
        "字一色 + 門風刻": "+seat_wind",
        "字一色 + 圈風刻": "+prevalent_wind",
        "字一色 + 三元牌の刻子": "+dragon_pung",
    },
)
# 111m 333p 555s 777z concealed, 9m + 9m on a discard. Four Concealed Pungs 64 + Dragon
# Pung 2 + Pung of Terminals or Honors 1 (111m) + Single Wait 1 = 68; concealed, four
# pungs, yet no Concealed Hand and no All Pungs.
FOUR_CONCEALED = Shown(
    hand("111m333p555s777z9m", "9m"),
    {
        "four_concealed_pungs": 64,
        "dragon_pung": 2,
        "pung_of_terminals_or_honors": 1,
        "unique_wait_single": 1,
    },
    68,
    39,
    {"四暗刻 ⊅ 門前清": "-concealed_hand", "四暗刻 ⊅ 碰碰和": "-all_pungs"},
)
# The same, self-drawn: 64 + Fully Concealed Hand 4 + 2 + 1 + 1 = 72.
FOUR_CONCEALED_TSUMO = Shown(
    hand("111m333p555s777z9m", "9m", "tsumo"),
    {
        "four_concealed_pungs": 64,
        "fully_concealed_hand": 4,
        "dragon_pung": 2,
        "pung_of_terminals_or_honors": 1,
        "unique_wait_single": 1,
    },
    72,
    39,
    {"四暗刻 + 不求人": "+fully_concealed_hand -self_drawn"},
)
# 123m 123m 789m 789m, 5m + 5m (the only winning tile). Pure Terminal Chows 64 +
# Concealed Hand 2 + Single Wait 1 = 67. One suit, four chows and a number pair, also
# seven pairs (11 22 33 55 77 88 99), two identical chows, two terminal chows: Full
# Flush, All Chows, Seven Pairs, Pure Double Chow, Two Terminal Chows are met, not
# counted. (Mixed Double Chow needs two suits, which this one-suit hand cannot have.)
PURE_TERMINAL_CHOWS = Shown(
    hand("112233778899m5m", "5m"),
    {"pure_terminal_chows": 64, "concealed_hand": 2, "unique_wait_single": 1},
    67,
    40,
    {
        "一色双龍会 ⊅ 清一色": "-full_flush",
        "一色双龍会 ⊅ 平胡": "-all_chows",
        "一色双龍会 ⊅ 七対": "-seven_pairs",
        "一色双龍会 ⊅ 一般高": "-pure_double_chow",
        "一色双龍会 ⊅ 喜相逢": "-mixed_double_chow",
        "一色双龍会 ⊅ 老少副": "-two_terminal_chows",
    },
)

ROWS = rows(
    TERMINALS_DOUBLE,
    TERMINALS_TRIPLE,
    TERMINALS_PAIRS,
    LITTLE_FOUR_WINDS,
    LITTLE_THREE_DRAGONS,
    ALL_HONORS,
    FOUR_CONCEALED,
    FOUR_CONCEALED_TSUMO,
    PURE_TERMINAL_CHOWS,
)


@pytest.mark.parametrize(("shown", "words"), ROWS)
def test_seed_000_handfans(shown, words):
    check_shown(shown, words)
