"""Seed 002 (``002_b372a12b842eaad6.txt``, an HK Old Style preset in Japanese): L31-L35.

The flower logic, the replacement rules and the first-turn hands, scored with
``hkos`` under its default options (values: rules/hkos.md §3). The winner sits
South in an East round unless a test says otherwise; bonus tile 3 (West's
flower) is held where the test is not about flowers, so it scores nothing.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from scoring.families.hkos.patterns import TESTS
from tests.scoring.seeds.statements import states
from tests.scoring.seeds.test_seed_002_hkos import CHOWS, THIRTEEN_ORPHANS, faan, hk

SEATS = ("E", "S", "W", "N")


# --- L31: flowers and seasons ---------------------------------------------------------------


@states("002", 31, "花 1～4 ↔ 東南西北; 季節も同じ")
@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_seed_002_l31_flower_and_season_n_belong_to_seat_n(number):
    seat = SEATS[number - 1]
    # Flower n and season n + 4 in seat n's hand: All chows 1 + Own flower 1 + Own season 1 = 3.
    own = hk(*CHOWS, seat=seat, flowers=[number, number + 4])
    assert own.valid
    assert faan(own) == {"all_chows": 1, "seat_flower": 1, "seat_season": 1}
    # The same two bonus tiles in the next seat's hand score nothing: All chows 1.
    other = hk(*CHOWS, seat=SEATS[number % 4], flowers=[number, number + 4])
    assert faan(other) == {"all_chows": 1}


@states("002", 31, "コンプリート セットは自分の席のボーナスを置き換え")
@pytest.mark.parametrize(
    ("flowers", "expected"),
    [
        # Flowers 1-4: the set 2; South's own flower 2 (1) is not added. 1 + 2 = 3.
        ([1, 2, 3, 4], {"all_chows": 1, "four_flowers": 2}),
        # Seasons 5-8 + flower 2: the set 2 replaces own season 6, own flower 2 stays:
        # 1 + 2 + 1 = 4.
        ([5, 6, 7, 8, 2], {"all_chows": 1, "four_seasons": 2, "seat_flower": 1}),
    ],
)
def test_seed_002_l31_a_complete_set_replaces_its_own_seat_bonus(flowers, expected):
    result = hk(*CHOWS, flowers=flowers)
    assert result.valid
    assert faan(result) == expected
    assert result.total == sum(expected.values())


@states("002", 31, "8 つのボーナス 牌すべてが他の花のボーナスを置き換え")
def test_seed_002_l31_all_eight_replace_every_other_flower_bonus():
    # All eight 8 alone; not + both sets 2 + 2 + own flower 1 + own season 1.
    # All chows 1 + 8 = 9.
    result = hk(*CHOWS, flowers=range(1, 9))
    assert faan(result) == {"all_chows": 1, "all_flowers": 8}
    assert result.total == 9


@states("002", 31, "資格のあるハンドがなければ勝利しない")
def test_seed_002_l31_flowers_alone_are_no_win():
    # All eight bonus tiles with 135m 135p 135s 1234z + 7z: no winning shape.
    result = hk("135m135p135s1234z", "7z", win="tsumo", flowers=range(1, 9))
    assert not result.valid and result.error.code == "not_winning"


# --- L33: replacements ------------------------------------------------------------------------


@states("002", 33, "小/大三元がドラゴンのボーナスを置き換え")
@pytest.mark.parametrize(
    ("concealed", "win_tile", "meld_specs", "expected"),
    [
        # White, Green pungs + Red pair, 123p, 45m 6m: Small three dragons 5, not + 2.
        ("45m77z", "6m", ("pon 555z", "pon 666z", "chi 123p"), {"small_three_dragons": 5}),
        # All three dragon pungs, 45m 6m, 99p: Big three dragons 8, not + 3.
        ("45m99p", "6m", ("pon 555z", "pon 666z", "pon 777z"), {"big_three_dragons": 8}),
    ],
)
def test_seed_002_l33_three_dragons_replace_the_dragon_pungs(
    concealed, win_tile, meld_specs, expected
):
    result = hk(concealed, win_tile, *meld_specs)
    assert result.valid
    assert faan(result) == expected
    assert "dragon_pung" not in faan(result)


@states(
    "002", 33, "Ten-faan パターン: suit/wind/dragon/all-pung を置き換え、flower と draw は受け取る"
)
def test_seed_002_l33_small_four_winds_keeps_flower_and_self_draw():
    # East, South, West pungs + North pair + 23m 1m, self-drawn, South's flower 2:
    # Small four winds 10 + Self-draw 1 + Own flower 1 = 12. Replaced: seat wind
    # (South) 1, prevailing wind (East) 1, Mixed one suit 3.
    result = hk("23m44z", "1m", "pon 111z", "pon 222z", "pon 333z", win="tsumo", flowers=[2])
    assert faan(result) == {"small_four_winds": 10, "self_draw": 1, "seat_flower": 1}
    assert result.total == 12 and result.points == 256 * 4


@states(
    "002", 33, "Ten-faan パターン: suit/wind/dragon/all-pung を置き換え、flower と draw は受け取る"
)
def test_seed_002_l33_all_honours_replaces_dragon_and_all_pungs():
    # Pungs East, White, Green + 22z pair + 33z, self-drawn 3z, South's flower 2:
    # All honours 10 + Self-draw 1 + Own flower 1 = 12. Replaced: prevailing wind
    # (East) 1, Dragon pung 1 × 2, All pungs 3.
    result = hk("22z33z", "3z", "pon 111z", "pon 555z", "pon 666z", win="tsumo", flowers=[2])
    assert faan(result) == {"all_honours": 10, "self_draw": 1, "seat_flower": 1}
    assert result.total == 12


@states("002", 33, "13 ファーン制限ハンドには追加のボーナスはない")
def test_seed_002_l33_a_limit_hand_takes_no_extras():
    # Thirteen orphans self-drawn by East with all eight bonus tiles: 13 only
    # (not + Self-draw 1 + All eight 8).
    result = hk(*THIRTEEN_ORPHANS, win="tsumo", seat="E", flowers=range(1, 9))
    assert faan(result) == {"thirteen_orphans": 13}
    assert result.total == 13


# --- L35: first-turn hands; what is not used ----------------------------------------------------

FIRST = ("123m456p789s234s5p", "5p")  # 123m 456p 789s 234s + 5p pair


@states("002", 35, "天の手: コング前の East の最初の勝ち手")
def test_seed_002_l35_heavenly_hand():
    # East's first (self-drawn) win: Heavenly hand 13, the limit alone.
    result = hk(*FIRST, win="tsumo", seat="E", flags=["heavenly"])
    assert result.valid and faan(result) == {"heavenly": 13}
    # Not for South, and not after a kong (East's concealed kong 1111z).
    assert hk(*FIRST, win="tsumo", flags=["heavenly"]).error.code == "bad_flag"
    after_kong = hk("123m456p789s5p", "5p", "ckan 1111z", win="tsumo", seat="E", flags=["heavenly"])
    assert after_kong.error.code == "bad_flag"
    assert "before any kong" in after_kong.error.message


@states("002", 35, "アースリー ハンド: コングの前、イーストの最初のディスカード")
def test_seed_002_l35_earthly_hand():
    # South wins on East's first discard: Earthly hand 13.
    result = hk(*FIRST, flags=["earthly"])
    assert result.valid and faan(result) == {"earthly": 13}
    # Not East's own, not self-drawn, not after a kong.
    assert hk(*FIRST, seat="E", flags=["earthly"]).error.code == "bad_flag"
    assert hk(*FIRST, win="tsumo", flags=["earthly"]).error.code == "bad_flag"
    after_kong = hk("123m456p789s5p", "5p", "ckan 1111z", flags=["earthly"])
    assert after_kong.error.code == "bad_flag"


@states("002", 35, "隠し手ボーナスは適用されない")
def test_seed_002_l35_no_concealed_hand_bonus():
    # 123m 456p 789s 234s 55p all concealed, on a discard: All chows 1, nothing for
    # being concealed; the same sets called: the same 1.
    closed = hk(*FIRST)
    called = hk("234s5p", "5p", "chi 123m", "chi 456p", "chi 789s")
    assert faan(closed) == faan(called) == {"all_chows": 1}
    # Self-drawn concealed: All chows 1 + Self-draw 1 = 2, no concealed self-draw extra.
    assert faan(hk(*FIRST, win="tsumo")) == {"all_chows": 1, "self_draw": 1}
    assert not any("concealed" in key for key in TESTS)


@states("002", 35, "責任の支払い、複数の勝者、リーチ、ドラは適用されない")
@pytest.mark.parametrize(
    ("more", "code"),
    [
        ({"flags": ["riichi"]}, "bad_flag"),
        ({"dora_indicators": "1m"}, "bad_input"),
        ({"ura_indicators": "1m"}, "bad_input"),
    ],
)
def test_seed_002_l35_no_riichi_no_dora(more, code):
    data = {
        "concealed": "34s99m",
        "win_tile": "5s",
        "win": "ron",
        "seat_wind": "S",
        "round_wind": "E",
        "flowers": [2, 6],
        "melds": [{"type": "chi", "tiles": t} for t in ("234m", "567p", "678s")],
    }
    assert score(data, "hkos").valid  # All chows 1 + Own flower 1 + Own season 1 = 3
    result = score({**data, **more}, "hkos")
    assert not result.valid and result.error.code == code
