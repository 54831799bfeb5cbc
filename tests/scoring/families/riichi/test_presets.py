"""Each preset difference of rules/riichi.md §4, on hands valued by hand.

The expected numbers were worked out from rules/riichi.md §1-§2
(b = fu x 2^(2+han), ron 4b / 6b rounded up to 100) and the yaku table, not
read back from the engine.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from tests.sample_hands import FOUR_HAN_THIRTY_FU
from tests.scoring.hands import hand as _hand
from tests.scoring.hands import hand_with as _hand_with
from tests.scoring.hands import items as _items

RIICHI_PRESETS = ("jpml-a", "jpml-b", "wrc", "ema", "tenhou")


def _as_dealer(hand):
    return {**hand, "seat_wind": "E", "dealer": True}


@pytest.mark.parametrize(
    ("ruleset", "non_dealer", "dealer", "limit"),
    [
        ("jpml-a", 7700, 11600, None),  # no kiriage
        ("ema", 7700, 11600, None),
        ("tenhou", 7700, 11600, None),
        ("jpml-b", 8000, 12000, "mangan"),  # kiriage mangan
        ("wrc", 8000, 12000, "mangan"),
    ],
)
def test_four_han_thirty_fu_with_and_without_kiriage(ruleset, non_dealer, dealer, limit):
    result = score(FOUR_HAN_THIRTY_FU, ruleset)
    assert (result.han, result.fu, result.points, result.limit) == (4, 30, non_dealer, limit)
    assert score(_as_dealer(FOUR_HAN_THIRTY_FU), ruleset).points == dealer


def test_kiriage_is_an_event_option():
    hand = {**FOUR_HAN_THIRTY_FU, "options": {"kiriage": True}}
    assert score(hand, "jpml-a").points == 8000
    assert score({**hand, "options": {"kiriage": False}}, "wrc").points == 7700


# East seat in the East round: the 1z pair is both seat and round wind.
# Closed ron: 30 base + 8 (concealed 111m) + pair 4 (Tenhou) = 42 -> 50 fu,
# or + pair 2 (JPML) = 40 fu. Riichi only: 1 han, dealer ron 6b.
DOUBLE_WIND_PAIR = _hand("111m234p567s78s11z", "9s", seat_wind="E", flags=["riichi"])


@pytest.mark.parametrize(
    ("ruleset", "fu", "points"),
    [
        ("tenhou", 50, 2400),  # 50 x 2^3 = 400; 6b = 2,400
        ("jpml-a", 40, 2000),  # 40 x 2^3 = 320; 6b = 1,920 -> 2,000
        ("jpml-b", 40, 2000),
        ("wrc", 40, 2000),
        ("ema", 40, 2000),
    ],
)
def test_double_wind_pair_is_two_fu_outside_tenhou(ruleset, fu, points):
    result = score(DOUBLE_WIND_PAIR, ruleset)
    assert (result.han, result.fu, result.points) == (1, fu, points)


def test_double_wind_pair_fu_is_an_option():
    hand = {**DOUBLE_WIND_PAIR, "options": {"double_wind_pair_fu": 4}}
    assert score(hand, "jpml-a").fu == 50


# Closed tsumo 2233445566788m + 7m: riichi 1, tsumo 1, pinfu 1, tanyao 1,
# ryanpeikou 3, chinitsu 6 = 13 han. Non-dealer tsumo: b = 8,000 -> 16,000 +
# 8,000 x 2 = 32,000; b = 6,000 -> 12,000 + 6,000 x 2 = 24,000.
THIRTEEN_HAN = _hand("2233445566788m", "7m", "tsumo", flags=["riichi"])


@pytest.mark.parametrize(
    ("ruleset", "limit", "points"),
    [
        ("tenhou", "yakuman", 32000),
        ("jpml-a", "sanbaiman", 24000),
        ("jpml-b", "sanbaiman", 24000),
        ("wrc", "sanbaiman", 24000),
        ("ema", "sanbaiman", 24000),
    ],
)
def test_thirteen_han_is_kazoe_yakuman_only_on_tenhou(ruleset, limit, points):
    result = score(THIRTEEN_HAN, ruleset)
    assert result.han == 13
    assert (result.limit, result.points) == (limit, points)


# riichi + ippatsu + pinfu + tanyao; dora 9s->1s (0) then kan dora 1m->2m (1);
# ura 3p->4p (1) and 1s->2s (1).
SITUATIONAL = {
    **FOUR_HAN_THIRTY_FU,
    "flags": ["riichi", "ippatsu"],
    "dora_indicators": "9s1m",
    "ura_indicators": "3p1s",
}


def test_jpml_a_has_no_ippatsu_ura_or_kan_dora():
    result = score(SITUATIONAL, "jpml-a")
    assert _items(result) == {"riichi": 1, "pinfu": 1, "tanyao": 1}
    assert (result.han, result.points) == (3, 3900)  # 30 x 2^5 = 960; 4b = 3,840 -> 3,900


@pytest.mark.parametrize("ruleset", ["jpml-b", "wrc", "ema", "tenhou"])
def test_other_presets_count_ippatsu_ura_and_kan_dora(ruleset):
    result = score(SITUATIONAL, ruleset)
    want = {"riichi": 1, "ippatsu": 1, "pinfu": 1, "tanyao": 1, "dora": 1, "ura_dora": 2}
    assert _items(result) == want
    assert result.han == 7 and result.limit == "haneman" and result.points == 12000


def test_ura_dora_needs_riichi():
    hand = {**FOUR_HAN_THIRTY_FU, "flags": [], "ura_indicators": "3p"}
    assert "ura_dora" not in _items(score(hand, "tenhou"))


RED_FIVE = {**FOUR_HAN_THIRTY_FU, "concealed": "234067m456p2388s", "dora_indicators": ""}


def test_red_fives_count_only_on_tenhou():
    assert _items(score(RED_FIVE, "tenhou"))["aka_dora"] == 1
    assert "aka_dora" not in _items(score(RED_FIVE, "jpml-b"))
    assert score(RED_FIVE, "tenhou").points == 7700
    assert score(RED_FIVE, "jpml-b").points == 3900


def test_red_fives_can_be_switched_on():
    hand = {**RED_FIVE, "options": {"red_fives": True}}
    assert _items(score(hand, "wrc"))["aka_dora"] == 1


# Big three dragons + all honours: two different yakuman.
TWO_YAKUMAN = _hand("5556667771122z", "1z")


@pytest.mark.parametrize(
    ("ruleset", "points", "limit"),
    [
        ("tenhou", 64000, "double_yakuman"),  # different yakuman stack
        ("jpml-a", 64000, "double_yakuman"),  # stack to 4x
        ("wrc", 32000, "yakuman"),  # every yakuman single
        ("ema", 32000, "yakuman"),
    ],
)
def test_stacked_yakuman(ruleset, points, limit):
    result = score(TWO_YAKUMAN, ruleset)
    assert (result.points, result.limit) == (points, limit)
    assert set(_items(result)) == {"daisangen", "tsuuiisou"}


# Four concealed pungs won on the pair: a "special wait" double only where allowed.
SUUANKOU_TANKI = _hand("111333m555p777s9p", "9p")


@pytest.mark.parametrize("ruleset", RIICHI_PRESETS)
def test_special_waits_are_single_yakuman_in_every_preset(ruleset):
    result = score(SUUANKOU_TANKI, ruleset)
    assert (result.han, result.points, result.limit) == (13, 32000, "yakuman")


def test_special_waits_double_when_the_option_says():
    hand = {**SUUANKOU_TANKI, "options": {"double_yakuman": True}}
    assert score(hand, "tenhou").points == 64000


OPEN_TANYAO = _hand_with("567m456p2388s", "4s", "chi 234m")


@pytest.mark.parametrize("ruleset", RIICHI_PRESETS)
def test_open_tanyao_everywhere(ruleset):
    result = score(OPEN_TANYAO, ruleset)
    # open pinfu shape won by ron is 30 fu; 1 han: 30 x 2^3 = 240; 4b = 960 -> 1,000
    assert (result.han, result.fu, result.points) == (1, 30, 1000)


def test_without_open_tanyao_the_hand_has_no_yaku():
    result = score({**OPEN_TANYAO, "options": {"open_tanyao": False}}, "tenhou")
    assert result.error.code == "no_yaku"


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"kiriage": "yes"}, "options.kiriage: expected bool"),
        ({"uma_bonus": 1}, "options: 'uma_bonus' is not a riichi option"),
        ({"double_wind_pair_fu": 3}, "options.double_wind_pair_fu: must be 2 or 4"),
    ],
)
def test_bad_options_are_named(options, words):
    result = score({**OPEN_TANYAO, "options": options}, "tenhou")
    assert result.error.code == "bad_option"
    assert result.error.message.startswith(words)


@pytest.mark.parametrize(
    ("flags", "changes", "words"),
    [
        (["ippatsu"], {}, "ippatsu needs riichi"),
        (["rinshan"], {}, "rinshan is a self-draw"),
        (
            ["riichi"],
            {"melds": [{"type": "chi", "tiles": "234m"}], "concealed": "567m456p2388s"},
            "riichi needs a closed hand",
        ),
        (["nagashi"], {}, "'nagashi' is not a riichi flag"),
        (["renhou"], {}, "'renhou' is not a yaku under tenhou"),
    ],
)
def test_impossible_situations_are_bad_flags(flags, changes, words):
    result = score({**FOUR_HAN_THIRTY_FU, **changes, "flags": flags}, "tenhou")
    assert result.error.code == "bad_flag"
    assert words in result.error.message


def test_no_yaku_and_not_winning_are_told_apart():
    no_yaku = {**OPEN_TANYAO, "concealed": "567m456p2399s", "win_tile": "4s"}
    assert score(no_yaku, "jpml-a").error.code == "no_yaku"
    broken = {**FOUR_HAN_THIRTY_FU, "concealed": "234567m456p2389s"}
    error = score(broken, "jpml-a").error
    assert error.code == "not_winning"
    assert error.message.startswith("not a winning hand: ")


def test_not_winning_message_lists_the_waits():
    hand = {**FOUR_HAN_THIRTY_FU, "concealed": "234567m456p2388s", "win_tile": "9p"}
    assert score(hand, "tenhou").error.message.endswith("it waits on 1s, 4s")


def test_dealer_must_sit_east():
    error = score({**FOUR_HAN_THIRTY_FU, "dealer": True}, "tenhou").error
    assert error.code == "bad_input" and error.message.startswith("dealer:")


def test_names_in_three_languages():
    names = {
        lang: score(FOUR_HAN_THIRTY_FU, "tenhou", lang).items[0].name for lang in ("en", "ja", "zh")
    }
    assert names == {"en": "Riichi", "ja": "立直", "zh": "立直"}
    tanyao = {
        lang: _named(score(FOUR_HAN_THIRTY_FU, "tenhou", lang), "tanyao") for lang in ("en", "ja")
    }
    assert tanyao == {"en": "All simples", "ja": "断幺九"}


def _named(result, key):
    return next(i.name for i in result.items if i.key == key)
