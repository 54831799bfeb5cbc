"""Seed 003 (``003_8e4c733065fe2957.txt``, JPML competition rules): yakuman, renhou and
dora, L224-L313, under the default preset ``jpml-a``.

Worked by hand from the seed and rules/riichi.md §1-§2: a yakuman is b = 8,000;
different yakuman stack ("複數の役満には複合を認める", up to four); the special
waits (13-sided kokushi, suuankou tanki, junsei chuuren, daisuushii) are no
double. Non-dealer ron 4b (yakuman 32,000), non-dealer tsumo 2b + b + b
(32,000), dealer 6b (48,000). Renhou is a mangan (b 2,000: 8,000), L293-296.
Dora: one han per tile; the indicator's next tile is dora (L304). Hands sit
South (non-dealer) in the East round unless the row says otherwise.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from tests.scoring.hands import hand as _hand
from tests.scoring.hands import items as _items
from tests.scoring.hands import kan as _kan
from tests.scoring.hands import pon as _pon
from tests.scoring.seeds.statements import case, states


def _dealer(hand: dict) -> dict:
    return {**hand, "seat_wind": "E", "dealer": True}


DRAGON_PONS = [_pon("555z"), _pon("666z"), _pon("777z")]
Y = 13  # the han a yakuman shows (rules: one yakuman = 13 han in the breakdown)
BY = "test_seed_003_yakuman_value"

YAKUMAN = [
    # L225 kokushi: 19m 19p 19s 123456z with the 11m pair, waiting on 7z alone: 32,000.
    case(
        "003", 225, "國士無雙 役満 (13面待ちはダブルにならない)",
        _hand("119m19p19s123456z", "7z"), {"kokushi": Y}, 1, 32000, by=BY,
    ),
    # L225 the 13-sided wait (all thirteen held, won on 1m): still one yakuman, 32,000.
    case(
        "003", 225, "國士無雙 役満 (13面待ちはダブルにならない)",
        _hand("19m19p19s1234567z", "1m"), {"kokushi_13": Y}, 1, 32000, by=BY,
    ),
    # L234 suuankou by tsumo on the shanpon 77s/99s: 111m 333p 555s 999s all concealed:
    # yakuman, tsumo 16,000 + 8,000 + 8,000 = 32,000.
    case(
        "003", 234,
        "四暗刻: ツモ役満 / ロンは対々三暗刻 / 単騎はどちらでも役満 (ダブルにならない)",
        _hand("111m333p555s77s99s", "9s", win="tsumo"), {"suuankou": Y}, 1, 32000, by=BY,
    ),
    # L234 the tanki wait by ron (111m 333m 555p 777s, 9p): one yakuman, 32,000.
    case(
        "003", 234,
        "四暗刻: ツモ役満 / ロンは対々三暗刻 / 単騎はどちらでも役満 (ダブルにならない)",
        _hand("111333m555p777s9p", "9p"), {"suuankou_tanki": Y}, 1, 32000, by=BY,
    ),
    # L234 ... and by tsumo: one yakuman, 32,000.
    case(
        "003", 234,
        "四暗刻: ツモ役満 / ロンは対々三暗刻 / 単騎はどちらでも役満 (ダブルにならない)",
        _hand("111333m555p777s9p", "9p", win="tsumo"), {"suuankou_tanki": Y}, 1, 32000, by=BY,
    ),
    # L242 daisangen with all three dragon pungs called: 123m, 9p tanki: 32,000.
    case(
        "003", 242, "大三元 役満 (鳴き役満)",
        _hand("123m9p", "9p", melds=DRAGON_PONS), {"daisangen": Y}, 1, 32000, by=BY,
    ),
    # L245 tsuuiisou, open: pon 111z; 222z 333z; 55z 66z shanpon, won on 5z: 32,000.
    case(
        "003", 245, "字一色 役満; 字一対子 役満",
        _hand("222z333z55z66z", "5z", melds=[_pon("111z")]), {"tsuuiisou": Y}, 1, 32000,
        by=BY,
    ),
    # L245 字一対子: seven honour pairs 11 22 33 44 55 66 77z: yakuman, 32,000.
    case(
        "003", 245, "字一色 役満; 字一対子 役満",
        _hand("1122334455667z", "7z"), {"tsuuiisou": Y}, 1, 32000, by=BY,
    ),
    # L249 shousuushii: 111z 222z 333z, pair 44z, 123m: 32,000.
    case(
        "003", 249, "小四喜・大四喜 役満 (大四喜はダブルにならない)",
        _hand("123m111z222z333z4z", "4z"), {"shousuushii": Y}, 1, 32000, by=BY,
    ),
    # L249 daisuushii (pon 111z; 222z 333z 444z; 5m tanki): single, 32,000.
    case(
        "003", 249, "小四喜・大四喜 役満 (大四喜はダブルにならない)",
        _hand("222z333z444z5m", "5m", melds=[_pon("111z")]), {"daisuushii": Y}, 1, 32000,
        by=BY,
    ),
    # L259 chinroutou: pon 111m; 999m 111p; 99s/11s shanpon won on 1s: 32,000.
    case(
        "003", 259, "清老頭 役満",
        _hand("999m111p99s11s", "1s", melds=[_pon("111m")]), {"chinroutou": Y}, 1, 32000,
        by=BY,
    ),
    # L261 ryuuiisou with hatsu: 234s 234s 666s, pair 66z, 88s shanpon won on 8s: 32,000.
    case(
        "003", 261, "緑一色 役満",
        _hand("223344666s88s66z", "8s"), {"ryuuiisou": Y}, 1, 32000, by=BY,
    ),
    # L266 junsei chuuren (1112345678999m, nine-sided) won on 5m: single, 32,000.
    case(
        "003", 266, "九蓮寶燈: 暗槓不可; 純正９門待ちはダブルにならない",
        _hand("1112345678999m", "5m"), {"junsei_chuuren_poutou": Y}, 1, 32000, by=BY,
    ),
    # L274 suukantsu with concealed, called and added kans (2222m closed, 5555p called,
    # 7777s added, 1111s called), 9p tanki: 32,000.
    case(
        "003", 274, "四槓子 役満 (暗槓・明槓どちらも可)",
        _hand(
            "9p", "9p",
            melds=[
                _kan("2222m", concealed=True), _kan("5555p"), _kan("7777s", added=True),
                _kan("1111s"),
            ],
        ),
        {"suukantsu": Y}, 1, 32000, by=BY,
    ),
    # L278 tenhou: the dealer's tsumo on the deal (123m 456m 789p 234s 55p): 16,000 all,
    # 48,000.
    case(
        "003", 278, "天和 役満",
        _dealer(_hand("123m456m789p23s55p", "4s", win="tsumo", flags=["tenhou"])),
        {"tenhou": Y}, 1, 48000, by=BY,
    ),
    # L280 chiihou: a non-dealer's closed tsumo on the first draw: 32,000.
    case(
        "003", 280, "地和: 鳴きがあると無効",
        _hand("123m456m789p23s55p", "4s", win="tsumo", flags=["chiihou"]),
        {"chiihou": Y}, 1, 32000, by=BY,
    ),
    # L283 double (the seed's example 大三元・四暗刻): 555z 666z 777z 111m closed, 9p tanki:
    # daisangen + suuankou tanki = 2 x 32,000 = 64,000.
    case(
        "003", 283, "複數の役満には複合を認める (ダブル/トリプル/四倍の例)",
        _hand("111m555z666z777z9p", "9p"),
        {"daisangen": Y, "suuankou_tanki": Y}, 2, 64000, by=BY,
    ),
    # L283 triple (大三元・四暗刻・字一色): 555z 666z 777z 111z closed, 2z tanki: 96,000.
    case(
        "003", 283, "複數の役満には複合を認める (ダブル/トリプル/四倍の例)",
        _hand("5556667771112z", "2z"),
        {"daisangen": Y, "tsuuiisou": Y, "suuankou_tanki": Y}, 3, 96000, by=BY,
    ),
    # L283 quadruple: the same triple won by the dealer on the deal (+ tenhou):
    # 4 x 8,000 = 32,000 basic; dealer tsumo 64,000 all = 192,000.
    case(
        "003", 283, "複數の役満には複合を認める (ダブル/トリプル/四倍の例)",
        _dealer(_hand("5556667771112z", "2z", win="tsumo", flags=["tenhou"])),
        {"daisangen": Y, "tsuuiisou": Y, "suuankou_tanki": Y, "tenhou": Y}, 4, 192000, by=BY,
    ),
    # L94 役満が純粋に重複: daisangen + tsuuiisou (dragon pungs called, 111z, 2z tanki):
    # double yakuman, 64,000.
    case(
        "003", 94, "役満が純粋に重複した場合、ダブル・トリプル役満",
        _hand("1112z", "2z", melds=DRAGON_PONS), {"daisangen": Y, "tsuuiisou": Y}, 2, 64000,
        by=BY,
    ),
    # L94 ... triple: daisangen + tsuuiisou + suuankou tanki, 96,000.
    case(
        "003", 94, "役満が純粋に重複した場合、ダブル・トリプル役満",
        _hand("5556667771112z", "2z"),
        {"daisangen": Y, "tsuuiisou": Y, "suuankou_tanki": Y}, 3, 96000, by=BY,
    ),
    # L95 all green without hatsu (2023 revision): 234s 234s 666s 888s, 44s: 32,000.
    case(
        "003", 95, "緑一色は發が含まれていなくても成立",
        _hand("2233444466688s", "8s"), {"ryuuiisou": Y}, 1, 32000, by=BY,
    ),
]  # fmt: skip

LIMIT = {1: "yakuman", 2: "double_yakuman", 3: "triple_yakuman", 4: "quadruple_yakuman"}


@pytest.mark.parametrize(("hand", "items", "times", "points"), YAKUMAN)
def test_seed_003_yakuman_value(hand, items, times, points):
    result = score(hand, "jpml-a")
    assert result.valid, result.error
    assert _items(result) == items
    assert (result.han, result.total, result.limit) == (Y * times, Y * times, LIMIT[times])
    assert result.points == points


@states("003", 234, "四暗刻: ツモ役満 / ロンは対々三暗刻 / 単騎はどちらでも役満 (ダブルにならない)")
def test_seed_003_L234_four_concealed_pungs_by_ron_on_a_shanpon_is_toitoi_sanankou():
    # 111m 333p 555s + 77s/99s shanpon won on 9s by ron: 999s is an open pung, so three
    # concealed pungs: toitoi 2 + sanankou 2 = 4 han. Fu 20 + 10 (closed ron) + 8 (111m) +
    # 4 (333p) + 4 (555s) + 4 (999s, open terminal pung) = 50; b = 50 x 64 = 3,200 ->
    # mangan 2,000: 8,000.
    result = score(_hand("111m333p555s77s99s", "9s"), "jpml-a")
    assert _items(result) == {"toitoi": 2, "sanankou": 2}
    assert "suuankou" not in _items(result)
    assert (result.han, result.fu, result.points, result.limit) == (4, 50, 8000, "mangan")


@states("003", 266, "九蓮寶燈: 暗槓不可; 純正９門待ちはダブルにならない")
def test_seed_003_L266_nine_gates_with_a_concealed_kan_is_only_a_full_flush():
    # A concealed kan of 1111m with 234m 567m 999m, 88m pair (won on 8m): all the nine-gates
    # tiles, but kanned: no chuuren. Chinitsu 6 han (closed): haneman, 4 x 3,000 = 12,000.
    hand = _hand("2345679998m", "8m", melds=[_kan("1111m", concealed=True)])
    result = score(hand, "jpml-a")
    assert result.valid, result.error
    assert not {"chuuren_poutou", "junsei_chuuren_poutou"} & set(_items(result))
    assert _items(result) == {"chinitsu": 6}
    assert (result.han, result.points, result.limit) == (6, 12000, "haneman")


@states("003", 280, "地和: 鳴きがあると無効")
def test_seed_003_L280_chiihou_with_a_call_is_refused():
    # The same shape after a pon of 777p: a call voids the first turn, so chiihou cannot be.
    hand = _hand("123m456m23s55p", "4s", win="tsumo", flags=["chiihou"], melds=[_pon("777p")])
    result = score(hand, "jpml-a")
    assert not result.valid
    assert result.error.code == "bad_flag"
    assert "chiihou cannot have a meld" in result.error.message


# --- L293 renhou ---------------------------------------------------------------------

# 234m 567p 234s 88s + 79s kanchan on 8s: no yaku; indicator 7s makes 8s dora (x3).
NO_YAKU = _hand("234m567p23488s79s", "8s", dora_indicators="7s")


@states("003", 293, "人和 満貫")
def test_seed_003_L293_renhou_is_a_mangan():
    assert score(NO_YAKU, "jpml-a").error.code == "no_yaku"
    result = score({**NO_YAKU, "flags": ["renhou"]}, "jpml-a")
    # mangan: b = 2,000, non-dealer ron 4b = 8,000; the three dora are not added (L295).
    assert _items(result) == {"renhou": 5}
    assert (result.points, result.limit) == (8000, "mangan")


# --- L299-L313 dora ------------------------------------------------------------------

# 123m 456p 789s 99m + 13s kanchan on 2s, riichi: 1 han 40 fu (20 + 10 closed ron + 2).
RIICHI = _hand("123m456p789s13s99m", "2s", flags=["riichi"])


@states("003", 299, "ドラ: １枚ごとに１飜; ドラ自體は役ではない")
def test_seed_003_L299_each_dora_is_one_han():
    # Indicator 8m: 9m is dora, two of them: riichi 1 + dora 2 = 3 han 40 fu;
    # b = 40 x 32 = 1,280; 4b = 5,120 -> 5,200.
    result = score({**RIICHI, "dora_indicators": "8m"}, "jpml-a")
    assert _items(result) == {"riichi": 1, "dora": 2}
    assert (result.han, result.fu, result.points) == (3, 40, 5200)


@states("003", 299, "ドラ: １枚ごとに１飜; ドラ自體は役ではない")
def test_seed_003_L299_dora_alone_is_no_yaku():
    # The same hand without riichi has two dora and no yaku: not a win.
    result = score({**RIICHI, "flags": [], "dora_indicators": "8m"}, "jpml-a")
    assert not result.valid
    assert result.error.code == "no_yaku"


@pytest.mark.parametrize(
    ("concealed", "indicator", "dora", "points"),
    [
        # 9m -> 1m: one 1m in the hand: riichi 1 + dora 1 = 2 han 40 fu; 4 x 640 -> 2,600.
        case("003", 304, "ドラ表示牌: ９→１, 北→東, 中→白", "123m456p789s13s99m", "9m", 1, 2600,
             by="test_seed_003_L304_dora_indicator_wraps"),
        # North -> East: the 11z pair (round wind, +2 fu: 20 + 10 + 2 + 2 = 34 -> 40) is two
        # dora: 3 han 40 fu: 5,200.
        case("003", 304, "ドラ表示牌: ９→１, 北→東, 中→白", "123m456p789s13s11z", "4z", 2, 5200,
             by="test_seed_003_L304_dora_indicator_wraps"),
        # Red -> White: the 55z pair (+2 fu) is two dora: 3 han 40 fu: 5,200.
        case("003", 304, "ドラ表示牌: ９→１, 北→東, 中→白", "123m456p789s13s55z", "7z", 2, 5200,
             by="test_seed_003_L304_dora_indicator_wraps"),
    ],
)  # fmt: skip
def test_seed_003_L304_dora_indicator_wraps(concealed, indicator, dora, points):
    result = score({**RIICHI, "concealed": concealed, "dora_indicators": indicator}, "jpml-a")
    assert _items(result) == {"riichi": 1, "dora": dora}
    assert result.points == points


# Closed kan of 8888p, 123m, 4p red 5p 6p, 99m, 13s waiting on 2s, riichi (and ippatsu).
# Fu 20 + 10 (closed ron) + 16 (closed simple kan) + 2 (kanchan) = 48 -> 50.
# Indicators: 8m (-> 9m, two), kan dora 3p (-> 4p, one); ura 1s (-> 2s, one),
# kan ura 7p (-> 8p, four); one red five.
LOADED = _hand(
    "123m406p13s99m",
    "2s",
    melds=[_kan("8888p", concealed=True)],
    flags=["riichi", "ippatsu"],
    dora_indicators="8m3p",
    ura_indicators="1s7p",
)


@states("003", 83, "A: 一発、裏ドラ、槓ドラなし / L89 槓ドラ、槓ウラなし")
@states("003", 313, "連盟公式ルールは表ドラのみ (no red, no ura/kan)")
def test_seed_003_jpml_a_counts_only_the_first_dora_indicator():
    # jpml-a: riichi 1 + dora 2 (9m x 2); no ippatsu, kan dora, ura, kan ura or red five.
    # 3 han 50 fu: b = 50 x 32 = 1,600; 4b = 6,400.
    result = score(LOADED, "jpml-a")
    assert _items(result) == {"riichi": 1, "dora": 2}
    assert (result.han, result.fu, result.points) == (3, 50, 6400)


@states("003", 101, "B: 一発、裏ドラ、槓ドラあり / L108")
def test_seed_003_jpml_b_counts_ippatsu_ura_and_kan_dora():
    # jpml-b: riichi 1 + ippatsu 1 + dora 3 (9m x 2, 4p) + ura 5 (2s, 8p x 4) = 10 han:
    # baiman, b = 4,000; 4b = 16,000. Still no red five (rules/riichi.md §4).
    result = score(LOADED, "jpml-b")
    assert _items(result) == {"riichi": 1, "ippatsu": 1, "dora": 3, "ura_dora": 5}
    assert (result.han, result.points, result.limit) == (10, 16000, "baiman")
