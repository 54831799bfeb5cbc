"""Seed 000 (MCR), ``000_d48782b6de643c27.txt``, lines 21-148: the value of each of the 81 fans.

The seed's table groups the fans under headings 88 (L21), 64 (L32), 48 (L42), 32
(L48), 24 (L55), 16 (L68), 12 (L78), 8 (L87), 6 (L101), 4 (L111), 2 (L119) and 1
(L133). Each row below is one fan: its number (rules/mcr.md §2), its seed line, its
value under that heading, written as a literal, and a hand (default options, seat
South, prevalent wind East) in which the engine counts it. The test asserts the value
the engine gives the fan in that hand, and the value in the engine's fan table.
"""

from __future__ import annotations

import pytest

from scoring.core.names import name_table
from scoring.engine import score
from tests.scoring.hands import hand_with as hand
from tests.scoring.seeds.statements import states

STRAIGHT = hand("123m456p789s34m11z", "5m")  # Mixed Straight, concealed, East pair
BASE = hand("34s99m", "5s", "chi 234m", "chi 567p", "pon 888s")  # No Honors only
KONG_WEST = hand("78s55m", "9s", "chi 123m", "chi 456p", "kan 3333z")
KONGS = ("234m5p", "5p")

# (number, seed line, fan key, the seed's value, a hand that scores the fan)
FANS = [
    # 88 (L21)
    (1, 24, "big_four_winds", 88, hand("111222333444z5m", "5m")),
    (2, 25, "big_three_dragons", 88, hand("555666777z123m9m", "9m")),
    (3, 26, "all_green", 88, hand("223344666888s6z", "6z")),
    (4, 27, "nine_gates", 88, hand("1112345678999m", "5m")),
    (5, 28, "four_kongs", 88, hand("5m", "5m", "kan 2222p", "kan 4444p", "kan 6666s", "kan 7777z")),
    (6, 29, "seven_shifted_pairs", 88, hand("2233445566778m", "8m")),
    (7, 30, "thirteen_orphans", 88, hand("19m19p19s1234567z", "1m")),
    # 64 (L32)
    (8, 35, "all_terminals", 64, hand("111m111p999s99m11s", "9m")),
    (9, 36, "little_four_winds", 64, hand("12m111z222z333z44z", "3m")),
    (10, 37, "little_three_dragons", 64, hand("555666z77z123m45p", "6p")),
    (11, 38, "all_honors", 64, hand("111z222z555z666z7z", "7z")),
    (12, 39, "four_concealed_pungs", 64, hand("111m333p555s777z9m", "9m")),
    (13, 40, "pure_terminal_chows", 64, hand("1122337788995m", "5m")),
    # 48 (L42)
    (14, 45, "quadruple_chow", 48, hand("222233334444m5p", "5p")),
    (15, 46, "four_pure_shifted_pungs", 48, hand("222333444555m7p", "7p")),
    # 32 (L48)
    (16, 51, "four_pure_shifted_chows", 32, hand("123m234m345m456m9p", "9p")),
    (17, 52, "three_kongs", 32, hand("34s77z", "5s", "kan 2222m", "kan 5555p", "kan 8888s")),
    (18, 53, "all_terminals_and_honors", 32, hand("111m999p111z555z9s", "9s")),
    # 24 (L55)
    (19, 58, "seven_pairs", 24, hand("1133m5577p22s446z", "6z")),
    (20, 59, "greater_honors_and_knitted_tiles", 24, hand("147m25p3s1234567z", "8p")),
    (21, 60, "all_even_pungs", 24, hand("88s22m", "8s", "pon 222p", "pon 444p", "pon 666s")),
    (22, 61, "full_flush", 24, hand("1123m", "1m", "chi 234m", "chi 678m", "pon 999m")),
    (23, 62, "pure_triple_chow", 24, hand("22333444m234s77p", "2m")),
    (24, 63, "pure_shifted_pungs", 24, hand("222333444m234s7p", "7p")),
    (25, 64, "upper_tiles", 24, hand("78s77p", "9s", "chi 789m", "pon 888p", "pon 999p")),
    (26, 65, "middle_tiles", 24, hand("56s55p", "4s", "chi 456m", "pon 444p", "pon 666p")),
    (27, 66, "lower_tiles", 24, hand("23s11p", "1s", "chi 123m", "pon 222p", "pon 333p")),
    # 16 (L68)
    (28, 71, "pure_straight", 16, hand("123456789m45p99s", "6p")),
    (29, 72, "three_suited_terminal_chows", 16, hand("123789m123789p5s", "5s")),
    (30, 73, "pure_shifted_chows", 16, hand("123m234m345m789p5s", "5s")),
    (31, 74, "all_five", 16, hand("345m456m345p56p55s", "7p")),
    (32, 75, "triple_pung", 16, hand("111m111p111s99m99s", "9m")),
    (33, 76, "three_concealed_pungs", 16, hand("222m333p444s567m9s", "9s")),
    # 12 (L78)
    (34, 81, "lesser_honors_and_knitted_tiles", 12, hand("147m258p36s12345z", "6z")),
    (35, 82, "knitted_straight", 12, hand("147m258p369s23m55s", "4m")),
    (36, 83, "upper_four", 12, hand("67s99m", "8s", "chi 678m", "chi 789p", "pon 666p")),
    (37, 84, "lower_four", 12, hand("23s11m", "4s", "chi 123m", "chi 234p", "pon 444m")),
    (38, 85, "big_three_winds", 12, hand("111z222z333z123m9p", "9p")),
    # 8 (L87)
    (39, 90, "mixed_straight", 8, STRAIGHT),
    (40, 91, "reversible_tiles", 8, hand("123p345p456s88s55z", "8s")),
    (41, 92, "mixed_triple_chow", 8, hand("456s78s22m", "6s", "chi 456m", "chi 456p")),
    (42, 93, "mixed_shifted_pungs", 8, hand("222m333p444s567m9s", "9s")),
    (43, 94, "chicken_hand", 8, hand("34s33z", "5s", "chi 234m", "chi 678p", "pon 888s")),
    (44, 95, "last_tile_draw", 8, {**BASE, "win": "tsumo", "flags": ["last_tile"]}),
    (45, 96, "last_tile_claim", 8, {**BASE, "flags": ["last_tile"]}),
    (46, 97, "out_with_replacement_tile", 8, {**KONG_WEST, "win": "tsumo",
                                              "flags": ["kong_replacement"]}),
    (47, 98, "robbing_the_kong", 8, {**BASE, "flags": ["robbing_kong"]}),
    (48, 99, "two_concealed_kongs", 8,
     hand(*KONGS, "ckan 1111s", "ckan 9999p", "chi 678m", win="tsumo")),
    # 6 (L101)
    (49, 104, "all_pungs", 6, hand("22s33z", "2s", "pon 555m", "kan 5555p", "pon 777s")),
    (50, 105, "half_flush", 6, hand("78m11z", "9m", "chi 234m", "chi 234m", "pon 555z")),
    (51, 106, "mixed_shifted_chows", 6, hand("123m234p345s789m5z", "5z")),
    (52, 107, "all_types", 6, hand("1133m5577p22s446z", "6z")),
    (53, 108, "melded_hand", 6, hand("5m", "5m", "chi 123m", "chi 456p", "chi 789s", "pon 333z")),
    (54, 109, "two_dragons_pungs", 6, hand("45m99m", "6m", "pon 555z", "pon 666z", "chi 123m")),
    # 4 (L111)
    (55, 114, "outside_hand", 4, hand("123m789p123s999s1z", "1z")),
    (56, 115, "fully_concealed_hand", 4, {**STRAIGHT, "win": "tsumo"}),
    (57, 116, "two_melded_kongs", 4, hand(*KONGS, "kan 1111s", "kan 9999p", "chi 678m")),
    (58, 117, "last_tile", 4, {**STRAIGHT, "flags": ["last_of_kind"]}),
    # 2 (L119)
    (59, 122, "dragon_pung", 2, hand("78s99m", "9s", "chi 123m", "chi 456p", "pon 555z")),
    (60, 123, "prevalent_wind", 2, hand("78s99m", "9s", "pon 111z", "chi 123m", "chi 456p")),
    (61, 124, "seat_wind", 2, hand("78s99m", "9s", "pon 222z", "chi 123m", "chi 456p")),
    (62, 125, "concealed_hand", 2, STRAIGHT),
    (63, 126, "all_chows", 2, hand("123m456p789s34m99p", "5m")),
    (64, 127, "tile_hog", 2, hand("111m123m456p789s1z", "1z")),
    (65, 128, "double_pung", 2, hand("22s33z", "2s", "pon 555m", "kan 5555p", "pon 777s")),
    (66, 129, "two_concealed_pungs", 2, hand("111z222z123m456p9m", "9m")),
    (67, 130, "concealed_kong", 2, hand("123m456p78s55m", "9s", "ckan 3333z")),
    (68, 131, "all_simples", 2, hand("456s78s22m", "6s", "chi 456m", "chi 456p")),
    # 1 (L133)
    (69, 136, "pure_double_chow", 1, hand("78m11z", "9m", "chi 234m", "chi 234m", "pon 555z")),
    (70, 137, "mixed_double_chow", 1, hand("67s99m", "8s", "chi 678m", "chi 789p", "pon 666p")),
    (71, 138, "short_straight", 1, hand("123m456m456p456s5z", "5z")),
    (72, 139, "two_terminal_chows", 1, hand("123m234p345s789m5z", "5z")),
    (73, 140, "pung_of_terminals_or_honors", 1, KONG_WEST),
    (74, 141, "melded_kong", 1, KONG_WEST),
    (75, 142, "one_voided_suit", 1, hand("111z222z123m456p9m", "9m")),
    (76, 143, "no_honors", 1, {**BASE, "flags": ["last_tile"]}),
    (77, 144, "unique_wait_edge", 1, hand("12m456p789s567m11z", "3m")),
    (78, 145, "unique_wait_closed", 1, hand("13m456p789s567m11z", "2m")),
    (79, 146, "unique_wait_single", 1, hand("123m456p789s555z9m", "9m")),
    (80, 147, "self_drawn", 1, hand("78s345m11z", "9s", "chi 123m", "chi 456p", win="tsumo")),
    (81, 148, "flower_tiles", 1, {**STRAIGHT, "flowers": 3}),
]  # fmt: skip


def test_the_table_has_each_of_the_81_fans_once():
    assert [n for n, *_ in FANS] == list(range(1, 82))
    assert len({key for _, _, key, _, _ in FANS}) == 81


@states("000", "21-148", "the 81 fan values (88 … 1)")
@pytest.mark.parametrize(
    ("line", "key", "value", "hand_"),
    [pytest.param(*row[1:], id=f"000-L{row[1]}-#{row[0]}-{row[2]}-{row[3]}") for row in FANS],
)
def test_seed_000_each_fan_has_the_seed_value(line, key, value, hand_):
    result = score(hand_, "mcr")
    assert result.valid, (line, result.error)
    (item,) = [i for i in result.items if i.key == key]
    assert item.value == value
    if key == "flower_tiles":  # L148: 1 for each flower; the hand has three
        assert (item.count, item.total) == (3, 3)
    assert int(name_table("mcr_fans")[key]["value"]) == value
