"""Seed 001 (``001_63973a9b73593511.txt``, WSOM rules in Japanese), hand by hand.

Every statement of seed 001 in ``seed-statements.tsv`` that a single hand
shows, scored with ``zung-jung`` under its default options. Values are the
pattern table of rules/zung-jung.md §2 (the seed gives none); each expected
total is added up in the comment above it. Unless a test says otherwise the
winner sits South in an East round (``tests/zung_jung_hands.py``), so East is
nobody's value honour and South is the seat wind.

The table-level statements (the deal, draws, penalty tiles on a sheet, false
wins) are in ``test_seed_001_zung_jung_table.py``.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from tests.scoring.seeds.statements import case, states
from tests.zung_jung_hands import breakdown, hand, zj

# chow 234m (called), pung 999p (called), 567s, 23p + 4p, pair of East:
# mixed suits, a terminal pung, no value honour: no pattern at all.
CHICKEN = hand("567s23p11z", "4p", meld="chi234m pon999p")
# chow 234m (called) 567p 345s 678s 99p on 6s: four chows, 1.1 All Sequences 5 only.
ALL_SEQUENCES = hand("567p345s78s99p", "6s", meld="chi234m")


# --- L8: 136 tiles, no flowers -------------------------------------------------------


@states("001", 8, "136枚、花牌は使わない")
@pytest.mark.parametrize("flowers", [[1], [5], 2])
def test_seed_001_l8_no_flower_tiles(flowers):
    # A flower or season, or a count of them, is refused: bad_input.
    result = score({**ALL_SEQUENCES, "flowers": flowers}, "zung-jung")
    assert not result.valid
    assert result.error.code == "bad_input"
    assert "without flowers" in result.error.message


@states("001", 8, "136枚、花牌は使わない")
def test_seed_001_l8_four_copies_of_each_of_34_kinds():
    # 136 = 34 kinds x 4: a fifth 1m (four standing + the winning tile) is refused.
    fifth = zj("1111m456p789s234s", "1m")
    assert not fifth.valid and fifth.error.code == "too_many_copies"
    # No flowers given (0): the plain hand is a win: 1.1 All Sequences 5.
    plain = score({**ALL_SEQUENCES, "flowers": 0}, "zung-jung")
    assert plain.valid and plain.total == 5


# --- L30: a win must have a winning shape (錯和 otherwise) ---------------------------------


@states("001", 30, "和了形に合わなければ和ることができない（錯和）")
def test_seed_001_l30_pattern_tiles_without_a_winning_shape_cannot_win():
    # 123456789m + 1235z + 4z: only characters and honours (2.1.1's condition) and
    # 123-456-789m (7.1's), but 1z 2z 3z 4z 5z are no sets and a pair: not a win.
    result = zj("123m456m789m1235z", "4z")
    assert not result.valid
    assert result.error.code == "not_winning"
    assert result.total is None and result.items == ()  # no points: nothing is scored


# --- L45: at least one pattern (5 points) ------------------------------------------------


@states("001", 45, "5点縛り: 役を一つ以上")
def test_seed_001_l45_no_pattern_is_no_win():
    result = score(CHICKEN, "zung-jung")
    assert not result.valid
    assert result.error.code == "below_minimum"
    assert result.total == 0 and breakdown(result) == {}


@states("001", 45, "5点縛り: 役を一つ以上")
@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # One pattern, the smallest: 1.1 All Sequences 5.
        (ALL_SEQUENCES, {"all_sequences": 5}),
        # "どれでも可": the pattern-less hand on the seabed tile, 9.1.1 Final Draw 10
        # (a series-9 pattern alone qualifies: rules/zung-jung.md §3 ⚠).
        ({**CHICKEN, "win": "tsumo", "flags": ["last_tile"]}, {"final_draw": 10}),
    ],
)
def test_seed_001_l45_any_one_pattern_wins(data, expected):
    result = score(data, "zung-jung")
    assert result.valid, result.error
    assert breakdown(result) == expected
    assert result.total == sum(expected.values())


# --- L55-L58: the best single arrangement ---------------------------------------------------


@states("001", 55, "自由数和: 最も有利な排列を選ぶ; 一つの排列でしか計算できない")
def test_seed_001_l55_the_best_arrangement_alone_is_scored():
    # 111s 222s 33s 99m + pung 777z (Red), 3s on a discard (rules §4 worked row 3).
    # Chows 123s x 3: 5.1.3 120 + 8.1.1 40 (every set and the pair has a terminal
    # or honour) + 3.1 10 = 170. Triplets 111s 222s 333s: 7.2.1 100 + 4.1 30
    # + 4.2.1 5 (333s is exposed by the discard) + 3.1 10 = 145. The winner takes 170,
    # and nothing of the triplet reading is added (not 120 + 100 + …).
    result = zj("111s222s33s99m", "3s", meld="pon777z")
    assert result.valid
    assert breakdown(result) == {
        "three_identical_sequences": 120,
        "mixed_lesser_terminals": 40,
        "value_honor": 10,
    }
    assert result.total == 170


@states("001", 57, "一色三同順と三連刻を複合することはできず")
def test_seed_001_l57_three_identical_sequences_never_with_three_consecutive_triplets():
    # 111 222 333m 456p 99s, won on the 9s discard (both readings fully concealed).
    # Chows 123m x 3 + 456p: 5.1.3 120 + 1.1 5 + 1.2 5 = 130.
    # Triplets 111m 222m 333m: 7.2.1 100 + 4.2.2 30 + 1.2 5 = 135 (the better one).
    # Never both: not 120 + 100 + ….
    result = zj("111222333m456p9s", "9s")
    assert result.valid
    assert breakdown(result) == {
        "three_consecutive_triplets": 100,
        "three_concealed_triplets": 30,
        "concealed_hand": 5,
    }
    assert "three_identical_sequences" not in breakdown(result)
    assert result.total == 135


@states("001", 58, "兩般高と七対子を複合することもできない")
def test_seed_001_l58_two_identical_sequences_twice_never_with_seven_pairs():
    # 22 33 44m 55 66 77p 99s is seven pairs (10.2 30, nothing else: 99s is a
    # terminal) and also 234m 234m 567p 567p + 99s: 5.1.2 60 + 1.1 5 + 1.2 5 = 70.
    # The sets reading wins; 10.2 is not added (not 60 + 30).
    result = zj("223344m556677p9s", "9s")
    assert result.valid
    assert breakdown(result) == {
        "two_identical_sequences_twice": 60,
        "all_sequences": 5,
        "concealed_hand": 5,
    }
    assert "seven_pairs" not in breakdown(result)
    assert result.total == 70


# --- L60-L62: Nine Gates in a heavenly hand -------------------------------------------------

NINE_GATES_EAST = hand("1112345678999m", "5m", "tsumo", seat="E")


@states("001", 62, "天和の九蓮宝灯は無効")
def test_seed_001_l62_nine_gates_is_void_in_a_heavenly_hand():
    # Self-drawn with the winning tile kept apart, 1112345678999m + 5m is 2.2 Nine
    # Gates 480 (listed at 320 or more, so it scores alone).
    assert breakdown(score(NINE_GATES_EAST, "zung-jung")) == {"nine_gates": 480}
    # East's initial 14 tiles have no winning tile: no Nine Gates.
    heavenly = score({**NINE_GATES_EAST, "flags": ["heavenly"]}, "zung-jung")
    assert heavenly.valid
    assert "nine_gates" not in breakdown(heavenly)
    assert heavenly.total == 155


@states("001", 62, "「天和」のみ数えられる")
def test_seed_001_l62_only_blessing_of_heaven_counts():
    # 9.4.1 Blessing of Heaven 155 alone; not + 2.1.2 Pure One-Suit 80 + 1.2 5
    # + 4.2.1 (111m 999m) 5 = 245.
    heavenly = score({**NINE_GATES_EAST, "flags": ["heavenly"]}, "zung-jung")
    assert breakdown(heavenly) == {"blessing_of_heaven": 155}
    assert heavenly.total == 155


# --- L70-L73: the seabed tile and the river-bottom tile ---------------------------------------


@states("001", 70, "海底牌を自摸った人は槓ができない")
def test_seed_001_l70_no_kong_after_the_seabed_tile_so_none_to_rob():
    # The pattern-less hand won on a tile added to a kong: 9.3 Robbing a Kong 10.
    robbed = score({**CHICKEN, "flags": ["robbing_kong"]}, "zung-jung")
    assert robbed.valid and breakdown(robbed) == {"robbing_kong": 10}
    # At the wall's end: the seabed drawer may not kong, so no kong to rob there.
    result = score({**CHICKEN, "flags": ["robbing_kong", "last_tile"]}, "zung-jung")
    assert not result.valid
    assert result.error.code == "bad_flag"
    assert "the seabed drawer may not kong" in result.error.message


@states("001", 73, "河底牌はロン和のみ")
def test_seed_001_l73_the_river_bottom_tile_is_only_won_on():
    # Won on the seabed player's discard: 9.1.2 Final Discard 10 (a discard win).
    discard = score({**CHICKEN, "flags": ["last_tile"]}, "zung-jung")
    assert discard.valid and breakdown(discard) == {"final_discard": 10}
    assert discard.total == 10
    # The same tiles self-drawn at the end are the seabed tile itself: 9.1.1, not 9.1.2.
    drawn = score({**CHICKEN, "win": "tsumo", "flags": ["last_tile"]}, "zung-jung")
    assert breakdown(drawn) == {"final_draw": 10}


# --- L87-L92: penalty tiles in a discard win -------------------------------------------------
# (hand, penalty tiles, error code or None, total when it is a win)

PENALTY_CASES = [
    # 234m(chi) 567p 345s 78s + 6s: the discard makes the chow 678s; a penalty 7s
    # would be in that exposed chow.
    case(
        "001", 87, "罰牌は（ロン和のときを含む）明順・明刻・明槓を構成できない",
        ALL_SEQUENCES, "7s", "penalty_tile", None, by="test_seed_001_penalty_tiles",
    ),
    # 234m(chi) 777p 999s 55p 88m + 5p: the only reading pungs 555p with the discard.
    case(
        "001", 87, "罰牌は（ロン和のときを含む）明順・明刻・明槓を構成できない",
        hand("777p999s55p88m", "5p", meld="chi234m"), "5p", "penalty_tile", None,
        by="test_seed_001_penalty_tiles",
    ),
    # A penalty 5p outside the group the discard completes: still 1.1 5.
    case(
        "001", 87, "罰牌は（ロン和のときを含む）明順・明刻・明槓を構成できない",
        ALL_SEQUENCES, "5p", None, 5, by="test_seed_001_penalty_tiles",
    ),
    # 234m(chi) 345p 666p 456s 5m + 5m: single wait, the discard makes the pair 55m.
    case(
        "001", 88, "罰牌: 単騎待ちのロン和で明の雀頭を構成できない",
        hand("345p666p456s5m", "5m", meld="chi234m"), "5m", "penalty_tile", None,
        by="test_seed_001_penalty_tiles",
    ),
    # The same with a penalty 6p in the concealed pung: 1.3 No Terminals 5.
    case(
        "001", 88, "罰牌: 単騎待ちのロン和で明の雀頭を構成できない",
        hand("345p666p456s5m", "5m", meld="chi234m"), "6p", None, 5,
        by="test_seed_001_penalty_tiles",
    ),
    # 11m 44m 66p 88p 33s 77s 5z + 5z: the discard pairs a penalty 5z.
    case(
        "001", 90, "七対子: 罰牌で単騎待ちのロン和の対子はできない",
        hand("11m44m66p88p33s77s5z", "5z"), "5z", "penalty_tile", None,
        by="test_seed_001_penalty_tiles",
    ),
    # A penalty 4m in another pair: 10.2 Seven Pairs 30.
    case(
        "001", 90, "七対子: 罰牌で単騎待ちのロン和の対子はできない",
        hand("11m44m66p88p33s77s5z", "5z"), "4m", None, 30,
        by="test_seed_001_penalty_tiles",
    ),
    # 19m 19p 19s 1234567z + 1m on a discard, a penalty 1m: refused.
    case(
        "001", 91, "十三么九: 罰牌と同じ牌のロン和はできない",
        hand("19m19p19s1234567z", "1m"), "1m", "penalty_tile", None,
        by="test_seed_001_penalty_tiles",
    ),
    # A penalty 9m, another kind than the discard: 10.1 Thirteen Terminals 160.
    case(
        "001", 91, "十三么九: 罰牌と同じ牌のロン和はできない",
        hand("19m19p19s1234567z", "1m"), "9m", None, 160,
        by="test_seed_001_penalty_tiles",
    ),
    # Three penalty tiles (5p 9p 9p), none in the chow 678s: no discard win at all.
    case(
        "001", 92, "罰牌が3枚以上: 自摸でのみ和れる",
        ALL_SEQUENCES, "599p", "penalty_tile", None, by="test_seed_001_penalty_tiles",
    ),
    # The same three self-drawn: a win, 1.1 All Sequences 5.
    case(
        "001", 92, "罰牌が3枚以上: 自摸でのみ和れる",
        {**ALL_SEQUENCES, "win": "tsumo"}, "599p", None, 5, by="test_seed_001_penalty_tiles",
    ),
    # Two penalty tiles (9p 9p) on a discard: still allowed, 5.
    case(
        "001", 92, "罰牌が3枚以上: 自摸でのみ和れる",
        ALL_SEQUENCES, "99p", None, 5, by="test_seed_001_penalty_tiles",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("data", "penalty", "code", "total"), PENALTY_CASES)
def test_seed_001_penalty_tiles(data, penalty, code, total):
    result = score({**data, "penalty_tiles": penalty}, "zung-jung")
    if code is None:
        assert result.valid, result.error
        assert result.total == total
    else:
        assert not result.valid
        assert result.error.code == code


@states("001", 91, "十三么九: 罰牌と同じ牌のロン和はできない")
def test_seed_001_l91_thirteen_terminals_self_drawn_with_that_penalty_tile():
    # L91 bars only a discard win: self-drawn, the 1m penalty tile is no bar: 160.
    data = hand("19m19p19s1234567z", "1m", "tsumo", penalty_tiles="1m")
    assert breakdown(score(data, "zung-jung")) == {"thirteen_terminals": 160}


@states("001", 87, "罰牌は（ロン和のときを含む）明順・明刻・明槓を構成できない")
def test_seed_001_l87_a_penalty_tile_is_never_in_a_called_meld():
    # 2222m exposed kong, 456p 789s 567s 1m + 1m: 4.3.1 One Kong 5 is a win…
    kong = hand("456p789s567s1m", "1m", meld="kan2222m")
    assert score(kong, "zung-jung").total == 5
    # …but a penalty 2m cannot be one of the kong's tiles: penalty tiles stand in
    # the hand (concealed), none is left for the exposed kong.
    result = score({**kong, "penalty_tiles": "2m"}, "zung-jung")
    assert not result.valid
    assert result.error.code == "bad_input"
    assert result.error.message.startswith("penalty_tiles: 1 × 2m but concealed holds 0")
