"""Zung Jung hands made by hand, each value worked out from rules/zung-jung.md.

Hands are written as in rules §4: the concealed tiles *without* the winning
tile, then the melds and the winning tile. Seat South, round East unless a
case says otherwise (so 1z East is nobody's value honour and 2z South is the
seat wind). Every expected breakdown is the arithmetic in the comment above it.
"""

from __future__ import annotations

from functools import partial

import pytest

from scoring.core.hand import hand_from_dict
from scoring.core.names import name_table
from scoring.core.patterns import all_scores
from scoring.engine import score
from scoring.families.zung_jung.hand import PRESET, hand_value, winning_arrangements, zj_patterns
from scoring.families.zung_jung.patterns import NAMES, TESTS, rows, table_value
from tests.zung_jung_hands import breakdown, hand, zj

# A hand without any pattern: chow 234m (called), pung 999p (called), 567s,
# 23p + 4p (two-sided) and the pair of East (not South's wind). Different
# suits, a terminal pung, sets in different numbers: nothing scores.
CHICKEN = hand("567s23p11z", "4p", meld="chi234m pon999p")


def case(concealed, win_tile, win="ron", meld="", expected=None, total=None, **extra):
    return pytest.param(hand(concealed, win_tile, win, meld, **extra), expected, total)


# One hand per pattern of §2 (id = the pattern key), with the whole breakdown.
PATTERN_HANDS = {
    # 234m(chi) 567p 345s 678s 99p: four chows = 1.1 (5). Open, 99p is a terminal.
    "all_sequences": case("567p345s78s99p", "6s", meld="chi234m", expected={"all_sequences": 5}),
    # 123m 789m 456p 999s 55s all concealed, won on the pair: 1.2 (5); one
    # concealed triplet is not 4.2.1; 456m is missing for 7.1.
    "concealed_hand": case("123m789m456p999s5s", "5s", expected={"concealed_hand": 5}),
    # 234m(chi) 345p 666p 456s 55m: all 2-8 = 1.3 (5); one triplet, so not 1.1.
    "no_terminals": case("345p666p456s5m", "5m", meld="chi234m", expected={"no_terminals": 5}),
    # 111z(pon) 234m 567m 888m 55m: characters and honours = 2.1.1 (40);
    # East is not South's wind. (234m 555m 678m 88m reads the same.)
    "mixed_one_suit": case("234m567m888m5m", "5m", meld="pon111z", expected={"mixed_one_suit": 40}),
    # 234p(chi) 456p 678p 999p 11p: dots only = 2.1.2 (80).
    "pure_one_suit": case("456p678p999p1p", "1p", meld="chi234p", expected={"pure_one_suit": 80}),
    # 1112345678999m + 5m: 2.2 is listed at 480, so it scores alone (§3)
    # (the rest: 80 + 5 + 5 would not be added).
    "nine_gates": case("1112345678999m", "5m", expected={"nine_gates": 480}),
    # 555z(pon) 234m 456p 678s 99s: one dragon triplet = 3.1 (10).
    "value_honor": case("234m456p67s99s", "8s", meld="pon555z", expected={"value_honor": 10}),
    # 555z 666z (pons) 234m 456p 77z: 3.2.1 (40) + 3.1 × 2 (20) = 60.
    "small_three_dragons": case(
        "234m456p7z",
        "7z",
        meld="pon555z pon666z",
        expected={"value_honor": 20, "small_three_dragons": 40},
    ),
    # Worked example §4 row 2: 555z 234m 55p + 777z 666z: 3.2.2 (130) + 3.1 × 3 (30).
    "big_three_dragons": case(
        "555z23m55p",
        "4m",
        meld="pon777z pon666z",
        expected={"value_honor": 30, "big_three_dragons": 130},
    ),
    # 111z 333z (pons) 234m 456p 44z: 3.3.1 (30); East and West are not
    # South's wind, so no 3.1.
    "small_three_winds": case(
        "234m456p4z", "4z", meld="pon111z pon333z", expected={"small_three_winds": 30}
    ),
    # 111z 333z 444z (pons) 234m 55p: 3.3.2 (120).
    "big_three_winds": case(
        "234m5p", "5p", meld="pon111z pon333z pon444z", expected={"big_three_winds": 120}
    ),
    # 111z 333z 444z + 234m + 22z: 3.3.3 listed at 320 scores alone.
    "small_four_winds": case(
        "234m2z", "2z", meld="pon111z pon333z pon444z", expected={"small_four_winds": 320}
    ),
    # 111z 333z 444z + 222z + 55p: 3.3.4 (400) alone; not 400 + 30 + 40 + 10 …
    "big_four_winds": case(
        "222z5p", "5p", meld="pon111z pon333z pon444z", expected={"big_four_winds": 400}
    ),
    # 555z 666z (pons) 111z 333z 44z: only honours = 3.4 listed at 320, alone
    # (3.3.1 30, 4.1 30, 8.1.3 100, 3.1 × 2 are not added).
    "all_honors": case("111z333z4z", "4z", meld="pon555z pon666z", expected={"all_honors": 320}),
    # 222m 444p 666s (pons) 888s 99p: 4.1 (30); one concealed triplet.
    "all_triplets": case(
        "888s9p", "9p", meld="pon222m pon444p pon666s", expected={"all_triplets": 30}
    ),
    # 234m(chi) 777p 999s 456s 88m: two concealed triplets = 4.2.1 (5).
    "two_concealed_triplets": case(
        "777p999s56s88m", "4s", meld="chi234m", expected={"two_concealed_triplets": 5}
    ),
    # 234m(chi) 777p 999s 555s 88m, won on the pair: 4.2.2 (30).
    "three_concealed_triplets": case(
        "777p999s555s8m", "8m", meld="chi234m", expected={"three_concealed_triplets": 30}
    ),
    # §4 row 1: 222m 444p 666s 888s + 3z self-drawn: 125 + 30 + 5 = 160.
    "four_concealed_triplets": case(
        "222m444p666s888s3z",
        "3z",
        "tsumo",
        expected={"concealed_hand": 5, "all_triplets": 30, "four_concealed_triplets": 125},
    ),
    # 2222m(kong) 456p 789s 567s 11m: 4.3.1 (5).
    "one_kong": case("456p789s567s1m", "1m", meld="kan2222m", expected={"one_kong": 5}),
    # 2222m 4444p (kongs) 789s 567s 11m: 4.3.2 (20).
    "two_kongs": case("789s567s1m", "1m", meld="kan2222m kan4444p", expected={"two_kongs": 20}),
    # 2222m 4444p 6666s (kongs) 789s 11m: 4.3.3 (120); 789s keeps it off 4.1.
    "three_kongs": case(
        "789s1m", "1m", meld="kan2222m kan4444p kan6666s", expected={"three_kongs": 120}
    ),
    # Four kongs + 11m: 4.3.4 listed at 480 scores alone.
    "four_kongs": case(
        "1m", "1m", meld="kan2222m kan4444p kan6666s kan8888s", expected={"four_kongs": 480}
    ),
    # 456p(chi) 234m 234m 789s 55s: 5.1.1 (10) + 1.1 (5) = 15.
    "two_identical_sequences": case(
        "234m234m78s55s",
        "9s",
        meld="chi456p",
        expected={"all_sequences": 5, "two_identical_sequences": 10},
    ),
    # 234m(chi) 234m 567p 567p 99s: 5.1.2 (60) + 1.1 (5) = 65; open is fine.
    "two_identical_sequences_twice": case(
        "234m567p567p9s",
        "9s",
        meld="chi234m",
        expected={"all_sequences": 5, "two_identical_sequences_twice": 60},
    ),
    # 345m(chi) 345m 345m 678p 99s: 5.1.3 (120) + 1.1 (5) = 125.
    "three_identical_sequences": case(
        "345m345m678p9s",
        "9s",
        meld="chi345m",
        expected={"all_sequences": 5, "three_identical_sequences": 120},
    ),
    # 345m × 4 + 99s: 5.1.4 listed at 480, alone (the 333 444 555m reading
    # would give 100 + 30 + …, far less).
    "four_identical_sequences": case(
        "345m345m345m9s", "9s", meld="chi345m", expected={"four_identical_sequences": 480}
    ),
    # 234m(chi) 234p 234s 789m 55p: 6.1 (35) + 1.1 (5) = 40.
    "three_similar_sequences": case(
        "234p234s789m5p",
        "5p",
        meld="chi234m",
        expected={"all_sequences": 5, "three_similar_sequences": 35},
    ),
    # 555m 555p (pons) 123s 789p 55s: 6.2.1 (30).
    "small_three_similar_triplets": case(
        "123s789p5s", "5s", meld="pon555m pon555p", expected={"small_three_similar_triplets": 30}
    ),
    # 555m 555p (pons) 555s 789p 11s: 6.2.2 (120).
    "three_similar_triplets": case(
        "555s789p1s", "1s", meld="pon555m pon555p", expected={"three_similar_triplets": 120}
    ),
    # 123m(chi) 456m 789m 567p 99s: 7.1 (40) + 1.1 (5) = 45.
    "nine_tile_straight": case(
        "456m789m567p9s",
        "9s",
        meld="chi123m",
        expected={"all_sequences": 5, "nine_tile_straight": 40},
    ),
    # 333p(pon) 444p 555p 789s 11m: 7.2.1 (100) + 4.2.1 (5) = 105.
    "three_consecutive_triplets": case(
        "444p555p789s1m",
        "1m",
        meld="pon333p",
        expected={"two_concealed_triplets": 5, "three_consecutive_triplets": 100},
    ),
    # 333p 444p (pons) 555p 666p 11m: 7.2.2 (200) + 4.1 (30) + 4.2.1 (5) = 235.
    "four_consecutive_triplets": case(
        "555p666p1m",
        "1m",
        meld="pon333p pon444p",
        expected={
            "all_triplets": 30,
            "two_concealed_triplets": 5,
            "four_consecutive_triplets": 200,
        },
    ),
    # 123m(chi) 111z(pon) 789p 123s 99m: every set and the pair holds a
    # terminal or honour = 8.1.1 (40).
    "mixed_lesser_terminals": case(
        "789p123s9m", "9m", meld="chi123m pon111z", expected={"mixed_lesser_terminals": 40}
    ),
    # 123m(chi) 789p 111s 123s 99m: every group holds a terminal = 8.1.2 (50).
    "pure_lesser_terminals": case(
        "789p111s123s9m", "9m", meld="chi123m", expected={"pure_lesser_terminals": 50}
    ),
    # 111m 999p (pons) 111z 999s 55z: terminals and honours only = 8.1.3 (100)
    # + 4.1 (30) + 4.2.1 (5) = 135.
    "mixed_greater_terminals": case(
        "111z999s5z",
        "5z",
        meld="pon111m pon999p",
        expected={"all_triplets": 30, "two_concealed_triplets": 5, "mixed_greater_terminals": 100},
    ),
    # 111m 999p (pons) 111s 999s 99m: 8.1.4 listed at 400, alone.
    "pure_greater_terminals": case(
        "111s999s9m", "9m", meld="pon111m pon999p", expected={"pure_greater_terminals": 400}
    ),
    # The pattern-less hand self-drawn on the seabed tile: 9.1.1 (10), which
    # alone qualifies (§3 ⚠).
    "final_draw": pytest.param(
        {**CHICKEN, "win": "tsumo", "flags": ["last_tile"]}, {"final_draw": 10}, 10
    ),
    # The same won on the river-bottom discard: 9.1.2 (10).
    "final_discard": pytest.param({**CHICKEN, "flags": ["last_tile"]}, {"final_discard": 10}, 10),
    # 2222m(kong) 456p 789s 567s + 1m from the kong supplement: 4.3.1 (5) + 9.2 (10).
    "win_on_kong": case(
        "456p789s567s1m",
        "1m",
        "tsumo",
        meld="kan2222m",
        flags=["kong_replacement"],
        expected={"one_kong": 5, "win_on_kong": 10},
    ),
    # The pattern-less hand won on the 4p added to another's pung: 9.3 (10).
    "robbing_kong": pytest.param({**CHICKEN, "flags": ["robbing_kong"]}, {"robbing_kong": 10}, 10),
    # East's initial 14: 234m 456p 678s 567s 55m = 9.4.1 (155) + 1.1 + 1.2 + 1.3 = 170.
    "blessing_of_heaven": case(
        "234m456p678s567s5m",
        "5m",
        "tsumo",
        seat="E",
        flags=["heavenly"],
        expected={
            "all_sequences": 5,
            "concealed_hand": 5,
            "no_terminals": 5,
            "blessing_of_heaven": 155,
        },
    ),
    # South wins on East's first discard with the same tiles: 9.4.2 (155) + 15 = 170.
    "blessing_of_earth": case(
        "234m456p678s567s5m",
        "5m",
        flags=["earthly"],
        expected={
            "all_sequences": 5,
            "concealed_hand": 5,
            "no_terminals": 5,
            "blessing_of_earth": 155,
        },
    ),
    # 19m 19p 19s 1234567z + 1m: 10.1 (160); no 1.2, no 8.1.3 (§5).
    "thirteen_terminals": case("19m19p19s1234567z", "1m", expected={"thirteen_terminals": 160}),
    # 11m 44m 66p 88p 33s 77s 55z: 10.2 (30), and not 1.2 (§5).
    "seven_pairs": case("11m44m66p88p33s77s5z", "5z", expected={"seven_pairs": 30}),
}


def _params():
    for key, param in PATTERN_HANDS.items():
        data, expected, total = param.values
        yield pytest.param(data, expected, total, id=key)


@pytest.mark.parametrize(("data", "expected", "total"), list(_params()))
def test_each_pattern(data, expected, total):
    result = score(data, "zung-jung")
    assert result.valid, result.error
    assert breakdown(result) == expected
    assert result.total == (total if total is not None else sum(expected.values()))


def test_every_pattern_has_a_hand():
    assert set(PATTERN_HANDS) == set(TESTS)
    for key, param in PATTERN_HANDS.items():
        assert key in param.values[1], f"the hand for {key} does not show it"


# --- §4 worked totals ------------------------------------------------------------


@pytest.mark.parametrize(
    ("concealed", "meld", "win_tile", "win", "total", "expected"),
    [
        # 4.2.3 125 + 4.1 30 + 1.2 5
        ("222m444p666s888s3z", "", "3z", "tsumo", 160,
         {"four_concealed_triplets": 125, "all_triplets": 30, "concealed_hand": 5}),
        # 3.2.2 130 + 3.1 × 3
        ("555z23m55p", "pon777z pon666z", "4m", "ron", 160,
         {"big_three_dragons": 130, "value_honor": 30}),
        # 5.1.3 120 + 8.1.1 40 + 3.1 10 (the triplet reading gives 145)
        ("111s222s33s99m", "pon777z", "3s", "ron", 170,
         {"three_identical_sequences": 120, "mixed_lesser_terminals": 40, "value_honor": 10}),
        # 80 + 30 + 125 + 20 + 100 + 5 = 360, capped at 320 (limit −40)
        ("333s555s7s", "ankan1111s ankan2222s", "7s", "tsumo", 320,
         {"pure_one_suit": 80, "all_triplets": 30, "four_concealed_triplets": 125,
          "two_kongs": 20, "three_consecutive_triplets": 100, "concealed_hand": 5,
          "limit": -40}),
        # 5.1.2 60 + 2.1.2 80 + 1.1 + 1.2 (seven-pairs reading: 110)
        ("11s22s55s77s88s99s3s", "", "3s", "ron", 150,
         {"two_identical_sequences_twice": 60, "pure_one_suit": 80, "all_sequences": 5,
          "concealed_hand": 5}),
    ],
)  # fmt: skip
def test_worked_totals(concealed, meld, win_tile, win, total, expected):
    result = zj(concealed, win_tile, win, meld)
    assert result.valid and result.total == total
    assert breakdown(result) == expected
    assert sum(i.value * i.count for i in result.items) == total


def reading_totals(data) -> list[int]:
    """What each single reading of the hand scores, highest first."""
    parsed = hand_from_dict(data)
    readings = winning_arrangements(parsed, PRESET)
    value = partial(hand_value, config=PRESET)
    scores = all_scores(parsed, readings, zj_patterns(PRESET), value, PRESET)
    return sorted((s.total for s in scores), reverse=True)


def test_worked_row_three_triplet_reading_is_145():
    # Chows 123s × 3: 120 + 40 + 10 = 170. Triplets 111s 222s 333s (by the
    # discard, exposed) 99m 777z: 7.2.1 100 + 4.1 30 + 4.2.1 5 + 3.1 10 = 145.
    # (The 3s can complete any of the three chows: three readings of 170.)
    assert reading_totals(hand("111s222s33s99m", "3s", meld="pon777z")) == [170, 170, 170, 145]
    # Self-drawn, the triplets are all concealed: 100 + 30 + 30 (4.2.2) + 10 = 170.
    drawn = hand("111s222s33s99m", "3s", "tsumo", meld="pon777z")
    assert reading_totals(drawn) == [170, 170, 170, 170]


def test_seven_pairs_reading_of_worked_row_five():
    # 123s 123s 789s 789s 55s: 150 (the 3s in either 123s: two readings);
    # 11 22 33 55 77 88 99s: 10.2 30 + 2.1.2 80 = 110.
    assert reading_totals(hand("11s22s55s77s88s99s3s", "3s")) == [150, 150, 110]


# --- combinations the rules forbid ------------------------------------------------


def test_seven_pairs_never_with_concealed_hand():
    # §5: 11m 44m 66p 88p 33s 77s 55z is concealed, yet 1.2 is a regular-hand pattern.
    assert breakdown(zj("11m44m66p88p33s77s5z", "5z")) == {"seven_pairs": 30}


def test_seven_pairs_combines_with_no_terminals_and_one_suit():
    # 22m 44m 66p 88p 33s 77s 55s: 10.2 30 + 1.3 5 = 35.
    assert breakdown(zj("22m44m66p88p33s77s5s", "5s")) == {"seven_pairs": 30, "no_terminals": 5}
    # 11p 22p 44p 55p 77p 99p 11z (East): 10.2 30 + 2.1.1 40 = 70.
    assert zj("11p22p44p55p77p99p1z", "1z").total == 70


def test_seven_pairs_of_terminals_and_honours():
    # 11m 99m 11p 99p 11s 99s 55z: 10.2 30 + 8.1.3 100 = 130.
    result = zj("11m99m11p99p11s99s5z", "5z")
    assert breakdown(result) == {"seven_pairs": 30, "mixed_greater_terminals": 100}


def test_seven_pairs_of_honours_is_all_honours():
    # 11 22 33 44 55 66 77z: 3.4 listed at 320, alone (not + 30 + 100).
    assert breakdown(zj("1122334455667z", "7z")) == {"all_honors": 320}


def test_two_identical_sequences_twice_never_with_seven_pairs():
    # 223344m 556677p 99s: 5.1.2 60 + 1.1 5 + 1.2 5 = 70 against seven pairs
    # 30 + nothing else; never 60 + 30.
    result = zj("223344m556677p9s", "9s")
    assert breakdown(result) == {
        "all_sequences": 5,
        "concealed_hand": 5,
        "two_identical_sequences_twice": 60,
    }


def test_three_identical_sequences_never_with_three_consecutive_triplets():
    # 111222333m 456p 99s, won on the pair:
    #   chows 123m × 3: 5.1.3 120 + 1.1 5 + 1.2 5 = 130;
    #   triplets: 7.2.1 100 + 4.2.2 30 + 1.2 5 = 135 (best); never 120 + 100.
    result = zj("111222333m456p9s", "9s")
    assert breakdown(result) == {
        "concealed_hand": 5,
        "three_concealed_triplets": 30,
        "three_consecutive_triplets": 100,
    }


def test_thirteen_terminals_combines_only_with_series_nine():
    # 10.1 160 + 9.1.2 10 = 170; no 1.2, no 8.1.3.
    result = zj("19m19p19s1234567z", "1m", flags=["last_tile"])
    assert breakdown(result) == {"thirteen_terminals": 160, "final_discard": 10}


def test_concealed_kong_keeps_the_hand_concealed_and_is_a_concealed_triplet():
    # 2222m(concealed kong) 777p 456s 123s 99m: 1.2 5 + 4.2.1 5 (kong, 777p) + 4.3.1 5 = 15.
    result = zj("777p456s123s9m", "9m", meld="ankan2222m")
    assert breakdown(result) == {"concealed_hand": 5, "two_concealed_triplets": 5, "one_kong": 5}
    # The same kong exposed: 4.3.1 5 only, below the minimum.
    assert breakdown(zj("777p456s123s9m", "9m", meld="kan2222m")) == {"one_kong": 5}
    assert breakdown(zj("777p456s123s9m", "9m", meld="addkan2222m")) == {"one_kong": 5}


def test_a_pung_completed_by_a_discard_is_exposed():
    # 234m(chi) 777p 999s 55s 88m + 5s: 555s by the discard is exposed:
    # two concealed triplets 5, not three (30).
    assert breakdown(zj("777p999s55s88m", "5s", meld="chi234m")) == {"two_concealed_triplets": 5}
    # Self-drawn: 4.2.2 30.
    result = zj("777p999s55s88m", "5s", "tsumo", meld="chi234m")
    assert breakdown(result) == {"three_concealed_triplets": 30}


def test_four_concealed_triplets_on_a_discard():
    # Won on the pair: still 4 concealed: 125 + 30 + 5 = 160.
    assert zj("222m444p666s888s3z", "3z").total == 160
    # Won on 8s making 888s: 4.2.2 30 + 4.1 30 + 1.2 5 = 65.
    result = zj("222m444p666s88s33z", "8s")
    assert breakdown(result) == {
        "concealed_hand": 5,
        "all_triplets": 30,
        "three_concealed_triplets": 30,
    }


# --- patterns just missed ------------------------------------------------------


def test_prevailing_wind_is_not_a_value_honour():
    # 111z East triplet in an East round, seat South: nothing (§2 3.1).
    result = zj("234m456p67s99s", "8s", meld="pon111z")
    assert result.error.code == "below_minimum" and result.total == 0
    # The seat wind counts once, even when it is also the prevailing wind.
    south = score(hand("234m456p67s99s", "8s", meld="pon222z", round_wind="S"), "zung-jung")
    assert breakdown(south) == {"value_honor": 10}


def test_value_honor_counts_per_set():
    # 555z 666z (pons) + 222z (seat wind, concealed) + 234m + 55p:
    # 3.1 × 3 (30); no dragon pair, so no 3.2.1.
    result = zj("222z234m5p", "5p", meld="pon555z pon666z")
    assert breakdown(result) == {"value_honor": 30}
    assert result.items[0].count == 3 and result.items[0].value == 10


def test_nine_tile_straight_needs_one_suit():
    # 123m 456m 789p: not 7.1; the hand is all chows only (5).
    assert breakdown(zj("456m789p567p9s", "9s", meld="chi123m")) == {"all_sequences": 5}


def test_three_similar_sequences_needs_the_same_numbers():
    # 234m 234p 345s: not 6.1.
    assert breakdown(zj("234p345s789m5p", "5p", meld="chi234m")) == {"all_sequences": 5}


def test_mixed_lesser_terminals_needs_every_group():
    # 123m 111z 789p 234s 99m: 234s holds no terminal: nothing.
    result = zj("789p234s9m", "9m", meld="chi123m pon111z")
    assert result.error.code == "below_minimum"


def test_one_honour_turns_pure_into_mixed_one_suit():
    # 234p 456p 678p 999p + 11z: 2.1.1 40, not 2.1.2.
    assert breakdown(zj("456p678p999p1z", "1z", meld="chi234p")) == {"mixed_one_suit": 40}


def test_small_three_dragons_needs_the_dragon_pair():
    # 555z 666z pons and a 77p pair: 3.1 × 2 only.
    assert breakdown(zj("234m456p7p", "7p", meld="pon555z pon666z")) == {"value_honor": 20}


def test_nine_gates_needs_the_nine_way_wait():
    # 1113345678999m + 2m holds 1112345678999m + 3m, but the hand before the
    # win was not the nine-way shape. Its one reading, 11 123 345 678 999m:
    # 2.1.2 80 + 1.2 5 = 85 (one concealed triplet), never 480.
    result = zj("1113345678999m", "2m")
    assert breakdown(result) == {"concealed_hand": 5, "pure_one_suit": 80}


def test_nine_gates_in_a_heavenly_hand_scores_blessing_of_heaven_instead():
    # §5, seed 001 L60-62: no winning tile, so no Nine Gates, and "「天和」のみ数えられる":
    # 9.4.1 155 only (not + 2.1.2 80 + 1.2 5 + 4.2.1 5 = 245).
    result = zj("1112345678999m", "5m", "tsumo", seat="E", flags=["heavenly"])
    assert breakdown(result) == {"blessing_of_heaven": 155}
    assert result.total == 155


# --- limit and minimum -------------------------------------------------------------


def test_two_listed_patterns_score_only_the_highest():
    # 111z 222z 333z 444z (pons) + 55z: 3.3.4 400 and 3.4 320 → 400 alone.
    result = zj("5z", "5z", meld="pon111z pon222z pon333z pon444z")
    assert breakdown(result) == {"big_four_winds": 400} and result.total == 400


def test_limit_line_makes_the_items_add_up():
    result = zj("333s555s7s", "7s", "tsumo", "ankan1111s ankan2222s")
    (limit,) = [i for i in result.items if i.key == "limit"]
    assert (limit.value, limit.count, limit.name) == (-40, 1, "Limit 320")
    assert sum(i.total for i in result.items) == result.total == PRESET.limit


def test_no_pattern_is_below_the_minimum():
    result = score(CHICKEN, "zung-jung")
    assert not result.valid
    assert result.error.code == "below_minimum"
    assert result.error.message == "no pattern: a win needs at least 5 points"
    assert result.total == 0 and result.items == ()


@pytest.mark.parametrize("minimum", [0, 1])
def test_chicken_hand_where_the_event_allows_it(minimum):
    result = score({**CHICKEN, "options": {"zj_min_points": minimum}}, "zung-jung")
    assert result.valid and breakdown(result) == {"chicken_hand": 1}


def test_a_higher_minimum_names_the_points():
    # 1.1 alone is 5 points.
    data = hand("567p345s78s99p", "6s", meld="chi234m", options={"zj_min_points": 10})
    result = score(data, "zung-jung")
    assert result.error.code == "below_minimum"
    assert result.error.message == "5 points; a win needs at least 10 points"
    assert result.total == 5


# --- options -------------------------------------------------------------------------


def test_wsom_values_as_options():
    pure = hand("456p678p999p1p", "1p", meld="chi234p", options={"zj_pure_one_suit": 100})
    assert score(pure, "zung-jung").total == 100
    dragons = hand(
        "234m456p7z", "7z", meld="pon555z pon666z", options={"zj_small_three_dragons": 30}
    )
    assert breakdown(score(dragons, "zung-jung")) == {"value_honor": 20, "small_three_dragons": 30}


def test_four_identical_tiles_as_two_pairs_is_an_option():
    # 2222m 44m 66p 88p 33s 77s: 10.2 30 + 1.3 5 = 35, or not a win at all.
    data = hand("2222m44m66p88p33s7s", "7s")
    assert score(data, "zung-jung").total == 35
    refused = score({**data, "options": {"zj_seven_pairs_quad": False}}, "zung-jung")
    assert refused.error.code == "not_winning"


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"zj_minimum": 5}, "'zj_minimum' is not a Zung Jung option"),
        ({"zj_min_points": "5"}, "options.zj_min_points: expected int"),
        ({"zj_seven_pairs_quad": 1}, "options.zj_seven_pairs_quad: expected bool"),
        ({"zj_pure_one_suit": 0}, "options.zj_pure_one_suit: must be 1 or more"),
        ({"min_fan": 8}, "is not a Zung Jung option"),
    ],
)
def test_bad_options(options, fragment):
    result = score({**CHICKEN, "options": options}, "zung-jung")
    assert result.error.code == "bad_option" and fragment in result.error.message


def test_settlement_and_session_options_pass():
    options = {
        "zj_payoff": "uniform",
        "zj_par": 30,
        "hands_per_session": 8,
        "zj_match_points": [4, 2, 1, 0],
        "clock_hand_seconds": 180,
        "clock_discard_seconds": 15,
    }
    data = hand("567p345s78s99p", "6s", meld="chi234m", options=options)
    assert score(data, "zung-jung").total == 5


# --- situation -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "code", "fragment"),
    [
        ({"flags": ["riichi"]}, "bad_flag", "'riichi' is not a Zung Jung flag"),
        ({"flags": ["kong_replacement"], "win": "tsumo"}, "bad_flag", "needs a kong"),
        ({"flags": ["kong_replacement"]}, "bad_flag", "is a self-draw"),
        ({"flags": ["robbing_kong"], "win": "tsumo"}, "bad_flag", "not a self-draw"),
        ({"flags": ["robbing_kong", "last_tile"]}, "bad_flag", "do not combine"),
        ({"flags": ["heavenly"], "win": "tsumo"}, "bad_flag", "seat_wind is S"),
        ({"flags": ["earthly"], "seat_wind": "E"}, "bad_flag", "seat_wind is E"),
        ({"flags": ["earthly"], "win": "tsumo"}, "bad_flag", "not a tsumo"),
        ({"flags": ["earthly"]}, "bad_flag", "no meld"),
        ({"flowers": 2}, "bad_input", "without flowers"),
        ({"dealer": True}, "bad_input", "dealer"),
        ({"dora_indicators": "1m"}, "bad_input", "dora_indicators"),
    ],
)
def test_situations_that_cannot_be(changes, code, fragment):
    result = score({**CHICKEN, **changes}, "zung-jung")
    assert result.error.code == code and fragment in result.error.message


def test_robbing_a_kong_means_no_other_copy_in_hand():
    # The robbed 5p is the fourth: the other three are in the added kong.
    result = zj("345m5p789s111z", "5p", flags=["robbing_kong"], meld="chi234m")
    assert result.error.code == "bad_flag" and "other three 5p" in result.error.message


def test_heavenly_is_void_after_a_concealed_kong():
    result = zj("456p789s567s1m", "1m", "tsumo", meld="ankan2222m", seat="E", flags=["heavenly"])
    assert result.error.code == "bad_flag" and "void after a kong" in result.error.message


def test_final_draw_and_win_on_kong_both_count():
    # ZJ 9.2: a supplement tile that is also the seabed tile scores both:
    # 4.3.1 5 + 9.2 10 + 9.1.1 10 = 25.
    result = zj(
        "456p789s567s1m", "1m", "tsumo", meld="kan2222m", flags=["kong_replacement", "last_tile"]
    )
    assert breakdown(result) == {"one_kong": 5, "final_draw": 10, "win_on_kong": 10}


def test_not_a_winning_hand():
    result = zj("123m456p789s1235z", "4z")
    assert result.error.code == "not_winning"
    assert result.error.message == (
        "not a winning hand: 123m456p789s1235z + 4z is not four sets and a pair, "
        "seven pairs or thirteen terminals"
    )


# --- penalty tiles (§6) ---------------------------------------------------------------


def test_penalty_tiles_must_stand_in_the_hand():
    result = zj("567p345s78s99p", "6s", meld="chi234m", penalty_tiles="5m")
    assert result.error.code == "bad_input"
    assert result.error.message.startswith("penalty_tiles: 1 × 5m but concealed holds 0")


def test_penalty_tile_in_the_pung_made_with_the_discard():
    # 234m(chi) 777p 999s 55p 88m + 5p: the only reading pungs 555p with the discard.
    result = zj("777p999s55p88m", "5p", meld="chi234m", penalty_tiles="5p")
    assert result.error.code == "penalty_tile"
    assert result.error.message == (
        "penalty_tiles: 5p is a penalty tile; "
        "it cannot be part of the pung made with the discard (5p)"
    )
    # Self-drawn, nothing is exposed: 777p 999s 555p concealed = 4.2.2 30.
    drawn = zj("777p999s55p88m", "5p", "tsumo", meld="chi234m", penalty_tiles="5p")
    assert drawn.valid and drawn.total == 30


def test_penalty_tile_in_the_chow_made_with_the_discard():
    result = zj("567p345s78s99p", "6s", meld="chi234m", penalty_tiles="7s")
    assert result.error.code == "penalty_tile"
    assert "7s is a penalty tile; it cannot be part of the chow made with the discard (6s)" in (
        result.error.message
    )
    # A penalty tile elsewhere in the hand does not matter.
    assert zj("567p345s78s99p", "6s", meld="chi234m", penalty_tiles="5p").total == 5


def test_penalty_tile_completing_the_pair_of_a_single_wait():
    result = zj("345p666p456s5m", "5m", meld="chi234m", penalty_tiles="5m")
    assert result.error.code == "penalty_tile"
    assert "5m is a penalty tile; it cannot be part of the pair made with the discard" in (
        result.error.message
    )
    # 666p stays a concealed pung: a penalty 6p is fine.
    assert zj("345p666p456s5m", "5m", meld="chi234m", penalty_tiles="6p").total == 5


def test_penalty_tile_completing_a_seven_pairs_pair():
    result = zj("11m44m66p88p33s77s5z", "5z", penalty_tiles="5z")
    assert result.error.code == "penalty_tile" and "pair made with the discard" in (
        result.error.message
    )
    assert zj("11m44m66p88p33s77s5z", "5z", penalty_tiles="4m").total == 30


def test_thirteen_terminals_cannot_win_on_a_penalty_tiles_kind():
    result = zj("19m19p19s1234567z", "1m", penalty_tiles="1m")
    assert result.error.code == "penalty_tile" and "Thirteen Terminals" in result.error.message
    assert zj("19m19p19s1234567z", "1m", penalty_tiles="9m").total == 160
    assert zj("19m19p19s1234567z", "1m", "tsumo", penalty_tiles="1m").total == 160


def test_penalty_tiles_are_counted_by_copies():
    # 678m(chi) 555p 34p 999s 88m + 5p. Readings: the discard completes 345p
    # (555p concealed: 4.2.1 5 with 999s) or 555p (exposed; 345p concealed: nothing).
    data = {"meld": "chi678m"}
    assert zj("555p34p999s88m", "5p", **data).total == 5
    # One penalty 5p fits beside the pung's two: both readings stand.
    assert zj("555p34p999s88m", "5p", penalty_tiles="5p", **data).total == 5
    # A penalty 3p forbids the chow reading; the pung reading is allowed but
    # scores nothing, so the win is below the minimum.
    forced = zj("555p34p999s88m", "5p", penalty_tiles="3p", **data)
    assert forced.error.code == "below_minimum" and forced.total == 0
    # Two penalty 5p: the pung reading takes two of the three, so only the
    # chow reading is allowed (5 points).
    assert zj("555p34p999s88m", "5p", penalty_tiles="55p", **data).total == 5


def test_three_penalty_tiles_win_only_by_self_draw():
    result = zj("567p345s78s99p", "6s", meld="chi234m", penalty_tiles="599p")
    assert result.error.code == "penalty_tile"
    assert "3 penalty tiles (599p); with 3 or more a player may win only by self-draw" in (
        result.error.message
    )
    drawn = zj("567p345s78s99p", "6s", "tsumo", meld="chi234m", penalty_tiles="599p")
    assert drawn.valid and drawn.total == 5


# --- names --------------------------------------------------------------------------------


def test_names_in_three_languages():
    def names(lang):
        return {
            i.key: i.name for i in zj("555z23m55p", "4m", meld="pon777z pon666z", lang=lang).items
        }

    assert names("en") == {"value_honor": "Value Honor", "big_three_dragons": "Big Three Dragons"}
    assert names("ja") == {"value_honor": "役牌", "big_three_dragons": "大三元"}
    assert names("zh") == {"value_honor": "番牌", "big_three_dragons": "大三元"}
    seven = zj("11m44m66p88p33s77s5z", "5z", lang="ja").items[0].name
    assert seven == "七対子"


def test_the_name_table_covers_every_pattern():
    table = name_table(NAMES)
    assert set(TESTS) | {"chicken_hand", "limit"} == set(table)
    for key, row in table.items():
        assert all(row[lang] for lang in ("en", "ja", "zh")), key
    numbers = [r.number for r in rows()]
    assert len(numbers) == len(set(numbers)) == 44  # §2: 44 patterns


def test_option_defaults_match_the_table():
    assert PRESET.zj_pure_one_suit == table_value("pure_one_suit")
    assert PRESET.zj_small_three_dragons == table_value("small_three_dragons")
    assert PRESET.limit == table_value("limit")
