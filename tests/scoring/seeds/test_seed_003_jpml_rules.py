"""Seed 003 (``003_8e4c733065fe2957.txt``, JPML competition rules): the rule blocks'
hand-value sentences, L83-L112, and the yaku list's notes on combining (L164-L166).

Lines of the first block ("A:", L83-L100) are the ``jpml-a`` preset, the
default; the second block ("B:", L101-L116) is ``jpml-b``. A sentence both
blocks share is checked under both. Every number is worked out by hand from
the seed and rules/riichi.md §1-§2: b = fu x 2^(2 + han), fu rounded up to 10;
non-dealer ron 4b, dealer ron 6b; non-dealer tsumo: dealer 2b, others b;
payments rounded up to 100; 6-7 han haneman (b 3,000), 8-10 baiman (4,000),
11+ sanbaiman (6,000). Hands sit South (non-dealer) in the East round unless
the test says otherwise.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from tests.sample_hands import FOUR_HAN_THIRTY_FU
from tests.scoring.hands import hand as _hand
from tests.scoring.hands import items as _items
from tests.scoring.seeds.statements import case, states

BOTH = ("jpml-a", "jpml-b")


# --- L83 / L101 basic rules ---------------------------------------------------------------


@states("003", 83, "喰いタン あり")
@pytest.mark.parametrize("preset", BOTH)
def test_seed_003_L83_open_tanyao(preset):
    # chi 234m; 567m 456p 88s + 24s kanchan on 3s, all simples: tanyao 1 han, open.
    # Fu 20 + 2 (kanchan) = 22 -> 30; b = 30 x 8 = 240; 4b = 960 -> 1,000.
    hand = _hand("567m456p24s88s", "3s", melds=[{"type": "chi", "tiles": "234m"}])
    result = score(hand, preset)
    assert result.valid, result.error
    assert _items(result) == {"tanyao": 1}
    assert (result.han, result.fu, result.points) == (1, 30, 1000)


# chi 234m; 567p 345s and a shanpon 55z / 88s: only a win on 5z (haku) has a yaku.
ATOZUKE = _hand("567p345s55z88s", "5z", melds=[{"type": "chi", "tiles": "234m"}])


@states("003", 83, "後づけ あり")
@pytest.mark.parametrize("preset", BOTH)
def test_seed_003_L83_atozuke_a_yaku_made_by_the_winning_tile(preset):
    # The open hand has no yaku until the winning tile: on 5z the haku pung is its yaku.
    # Fu 20 + 4 (555z won by ron: an open honour pung) = 24 -> 30; 1 han: 1,000.
    result = score(ATOZUKE, preset)
    assert result.valid, result.error
    assert _items(result) == {"yakuhai_haku": 1}
    assert (result.han, result.fu, result.points) == (1, 30, 1000)
    # On the other tile of the same wait (8s) it has none: the yaku really came at the end.
    assert score({**ATOZUKE, "win_tile": "8s"}, preset).error.code == "no_yaku"


# --- L89 / L108 kan ------------------------------------------------------------------------

# A closed kan of 1111p; 345m 678m 88s + 34s waiting on 5s, won on the replacement tile.
RINSHAN = _hand(
    "345m678m34s88s",
    "5s",
    win="tsumo",
    melds=[{"type": "kan", "tiles": "1111p", "concealed": True}],
    flags=["rinshan"],
)


@states("003", 89, "嶺上開花と海底は重複しない")
@pytest.mark.parametrize("preset", BOTH)
def test_seed_003_L89_rinshan_and_haitei_do_not_combine(preset):
    # rules/riichi.md §4 notes: "rinshan and haitei do not combine" is a validation rule:
    # a win flagged both is refused.
    both = score({**RINSHAN, "flags": ["rinshan", "haitei"]}, preset)
    assert not both.valid
    assert both.error.code == "bad_flag"
    assert "haitei and rinshan do not combine" in both.error.message
    # Rinshan alone: menzen tsumo 1 + rinshan 1 = 2 han; fu 20 + 32 (closed terminal kan) +
    # 2 (tsumo) = 54 -> 60; b = 60 x 16 = 960: dealer 1,920 -> 2,000, others 1,000: 4,000.
    result = score(RINSHAN, preset)
    assert _items(result) == {"menzen_tsumo": 1, "rinshan": 1}
    assert "haitei" not in _items(result)
    assert (result.han, result.fu, result.points) == (2, 60, 4000)


# --- L94 / L112 hand value -----------------------------------------------------------------


@states("003", 94, "A: 30符４翻は満貫に切り上げず、子7,700點、親11,600點")
def test_seed_003_L94_jpml_a_four_han_thirty_fu_is_not_rounded_up():
    # riichi + pinfu + tanyao + dora 1 = 4 han, 30 fu: b = 30 x 64 = 1,920;
    # 4b = 7,680 -> 7,700; the dealer 6b = 11,520 -> 11,600. No mangan.
    result = score(FOUR_HAN_THIRTY_FU, "jpml-a")
    assert (result.han, result.fu, result.points, result.limit) == (4, 30, 7700, None)
    dealer = score({**FOUR_HAN_THIRTY_FU, "seat_wind": "E", "dealer": True}, "jpml-a")
    assert (dealer.points, dealer.limit) == (11600, None)


@states("003", 112, "B: 30符４翻は満貫に切り上げる")
def test_seed_003_L112_jpml_b_four_han_thirty_fu_is_a_mangan():
    # The same 4 han 30 fu rounds up to mangan: b = 2,000; 8,000 / dealer 12,000.
    result = score(FOUR_HAN_THIRTY_FU, "jpml-b")
    assert (result.han, result.fu, result.points, result.limit) == (4, 30, 8000, "mangan")
    dealer = score({**FOUR_HAN_THIRTY_FU, "seat_wind": "E", "dealer": True}, "jpml-b")
    assert (dealer.points, dealer.limit) == (12000, "mangan")


# Closed tsumo, one suit, 234m 234m 567m 678m 88m (67m waiting on 5m): menzen tsumo 1 +
# pinfu 1 + tanyao 1 + iipeikou 1 + chinitsu 6 = 10 han; with riichi 11.
TEN_HAN = _hand("2233446767888m", "5m", win="tsumo")
# 223344m 556677m 88m + 7m closed tsumo with riichi: riichi 1 + tsumo 1 + pinfu 1 +
# tanyao 1 + ryanpeikou 3 + chinitsu 6 = 13 han.
THIRTEEN_HAN = _hand("2233445566788m", "7m", win="tsumo", flags=["riichi"])

SANBAIMAN = "11翻から三倍満、數え役満はなし"


@pytest.mark.parametrize(
    ("hand", "preset", "han", "limit", "points"),
    [
        # 10 han is still baiman: b = 4,000; tsumo 8,000 + 4,000 x 2 = 16,000.
        case("003", 94, SANBAIMAN, TEN_HAN, "jpml-a", 10, "baiman", 16000,
             by="test_seed_003_L94_sanbaiman_from_eleven_han_and_no_kazoe_yakuman"),
        # 11 han: sanbaiman, b = 6,000; tsumo 12,000 + 6,000 x 2 = 24,000.
        case("003", 94, SANBAIMAN, {**TEN_HAN, "flags": ["riichi"]}, "jpml-a", 11, "sanbaiman",
             24000, by="test_seed_003_L94_sanbaiman_from_eleven_han_and_no_kazoe_yakuman"),
        # 13 han: still sanbaiman, no counted yakuman: 24,000 (not 32,000).
        case("003", 94, SANBAIMAN, THIRTEEN_HAN, "jpml-a", 13, "sanbaiman", 24000,
             by="test_seed_003_L94_sanbaiman_from_eleven_han_and_no_kazoe_yakuman"),
        case("003", 94, SANBAIMAN, THIRTEEN_HAN, "jpml-b", 13, "sanbaiman", 24000,
             by="test_seed_003_L94_sanbaiman_from_eleven_han_and_no_kazoe_yakuman"),
    ],
)  # fmt: skip
def test_seed_003_L94_sanbaiman_from_eleven_han_and_no_kazoe_yakuman(
    hand, preset, han, limit, points
):
    result = score(hand, preset)
    assert (result.han, result.limit, result.points) == (han, limit, points)
    assert result.yakuman == 0


@states("003", 94, "連風牌の雀頭は2符")
@pytest.mark.parametrize("preset", BOTH)
def test_seed_003_L94_double_wind_pair_is_two_fu(preset):
    # The dealer (East seat, East round) with an 11z pair: closed 111m, 234p 567s, 78s on 9s,
    # riichi. Fu 20 + 10 (closed ron) + 8 (closed terminal pung) + 2 (the double-wind pair,
    # not 4) = 40 (with 4 fu it would be 42 -> 50). 1 han: b = 320; 6b = 1,920 -> 2,000.
    hand = _hand("111m234p567s78s11z", "9s", seat_wind="E", dealer=True, flags=["riichi"])
    result = score(hand, preset)
    assert _items(result) == {"riichi": 1}
    assert (result.han, result.fu, result.points) == (1, 40, 2000)


@states("003", 94, "嶺上牌にツモ符 (B: 2符)")
@pytest.mark.parametrize("preset", BOTH)
def test_seed_003_L94_a_rinshan_win_takes_the_tsumo_fu(preset):
    # Called kan of 2222p; 345m 678m 88s + 35s kanchan, 4s drawn from the dead wall.
    # rinshan 1 + tanyao 1 = 2 han. Fu 20 + 8 (open simple kan) + 2 (kanchan) + 2 (tsumo)
    # = 32 -> 40 (without the tsumo fu 30 -> 30). b = 40 x 16 = 640: dealer 1,280 -> 1,300,
    # others 640 -> 700: 2,700.
    hand = _hand(
        "345m678m35s88s",
        "4s",
        win="tsumo",
        melds=[{"type": "kan", "tiles": "2222p"}],
        flags=["rinshan"],
    )
    result = score(hand, preset)
    assert _items(result) == {"rinshan": 1, "tanyao": 1}
    assert (result.han, result.fu, result.points) == (2, 40, 2700)


# --- L164-L166 ippatsu ---------------------------------------------------------------------


@states("003", 166, "一発: 嶺上開花と複合しない")
def test_seed_003_L166_ippatsu_does_not_combine_with_rinshan():
    # jpml-b (ippatsu exists there): the kan ends the ippatsu turn, so a win flagged both
    # is refused (rules/riichi.md §4 "Ippatsu with rinshan kaihou: not combined").
    flagged = {**RINSHAN, "flags": ["riichi", "ippatsu", "rinshan"]}
    refused = score(flagged, "jpml-b")
    assert not refused.valid
    assert refused.error.code == "bad_flag"
    assert "ippatsu and rinshan do not combine" in refused.error.message
    # Without ippatsu: riichi 1 + menzen tsumo 1 + rinshan 1 = 3 han 60 fu; b = 1,920,
    # rounded up to mangan in jpml-b (L112): 4,000 + 2,000 x 2 = 8,000.
    result = score({**RINSHAN, "flags": ["riichi", "rinshan"]}, "jpml-b")
    assert _items(result) == {"riichi": 1, "menzen_tsumo": 1, "rinshan": 1}
    assert "ippatsu" not in _items(result)
    assert (result.han, result.fu, result.points) == (3, 60, 8000)
