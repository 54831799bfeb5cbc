"""Seed 003 (``003_8e4c733065fe2957.txt``, JPML competition rules): the yaku list, L117-L221.

Each row is one sentence of the seed's yaku list (【１飜役】 to 【６飜役】), scored
under the JPML default preset ``jpml-a`` (ippatsu only exists in ``jpml-b``,
the seed's second block). Every expected value is worked out by hand from the
seed and rules/riichi.md §1-§2: b = fu x 2^(2 + han), fu rounded up to 10
(seven pairs 25); non-dealer ron 4b; non-dealer tsumo: dealer 2b, others b;
each payment rounded up to 100; 5 han mangan (b 2,000), 6-7 haneman (3,000).
Fu: 20 base, +10 closed ron, +2 tsumo, +2 kanchan / penchan / tanki, pungs
2/4 (open/closed simples, doubled for terminals and honours), kans x4, +2 for a
dragon, seat- or round-wind pair.

Hands sit South (non-dealer) in the East round unless the row says otherwise.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from tests.scoring.hands import chi as _chi
from tests.scoring.hands import hand as _hand
from tests.scoring.hands import items as _items
from tests.scoring.hands import kan as _kan
from tests.scoring.hands import pon as _pon
from tests.scoring.seeds.statements import case

BY = "test_seed_003_yaku_value"


# 123m 456p 789s 99m, kanchan 13s waiting on 2s: no yaku of its own (no pinfu: kanchan).
PLAIN = {"concealed": "123m456p789s13s99m", "win_tile": "2s"}
# 123m 456m 789p 55p + 23s, a two-sided wait on 4s: the pinfu shape, no simples-only.
PINFU_SHAPE = {"concealed": "123m456m789p23s55p", "win_tile": "4s"}
# 345m 678m 88s + 34s waiting on 5s, with a kan of 1111p: no yaku of its own.
KAN_1P = {"concealed": "345m678m34s88s", "win_tile": "5s"}

YAKU = [
    # L118 門前清自摸和 1 han, with a concealed kan: closed 1111p kan + 345m 678m 345s 88s,
    # tsumo. Fu 20 + 32 (closed terminal kan) + 2 (tsumo) = 54 -> 60; b = 60 x 8 = 480;
    # dealer 960 -> 1,000, others 480 -> 500: 2,000.
    case(
        "003", 118, "門前清自摸和 １飜 (暗カンも可)",
        _hand(**KAN_1P, win="tsumo", melds=[_kan("1111p", concealed=True)]),
        "jpml-a", {"menzen_tsumo": 1}, 1, 60, 2000, by=BY,
    ),
    # L122 立直 1 han: PLAIN with riichi. Fu 20 + 10 (closed ron) + 2 (kanchan) = 32 -> 40;
    # b = 40 x 8 = 320; 4b = 1,280 -> 1,300.
    case(
        "003", 122, "立直 １飜",
        _hand(**PLAIN, flags=["riichi"]), "jpml-a", {"riichi": 1}, 1, 40, 1300, by=BY,
    ),
    # L127 pinfu: closed, four runs, pair 55p not a value tile, two-sided wait.
    # 1 han 30 fu (20 + 10 closed ron): b = 240; 4b = 960 -> 1,000.
    case(
        "003", 127, "平和: 門前・４面子順子・雀頭が役牌以外・リャン待ち",
        _hand(**PINFU_SHAPE), "jpml-a", {"pinfu": 1}, 1, 30, 1000, by=BY,
    ),
    # L127 pinfu by tsumo: pinfu 1 + menzen tsumo 1 = 2 han, 20 fu (no tsumo fu);
    # b = 20 x 16 = 320: dealer 640 -> 700, others 320 -> 400: 1,500.
    case(
        "003", 127, "ピンフ・ツモは20符２飜",
        _hand(**PINFU_SHAPE, win="tsumo"),
        "jpml-a", {"pinfu": 1, "menzen_tsumo": 1}, 2, 20, 1500, by=BY,
    ),
    # L128 tanyao closed: 234m 567m 456p 88s + 24s kanchan on 3s (no pinfu).
    # Fu 20 + 10 + 2 = 32 -> 40; 1 han: 4 x 320 = 1,280 -> 1,300.
    case(
        "003", 128, "斷么九 １飜 鳴き１飜",
        _hand("234m567m456p24s88s", "3s"), "jpml-a", {"tanyao": 1}, 1, 40, 1300, by=BY,
    ),
    # L128 tanyao open (chi 234m), same kanchan: fu 20 + 2 = 22 -> 30; 4 x 240 = 960 -> 1,000.
    case(
        "003", 128, "斷么九 １飜 鳴き１飜",
        _hand("567m456p24s88s", "3s", melds=[_chi("234m")]),
        "jpml-a", {"tanyao": 1}, 1, 30, 1000, by=BY,
    ),
    # L132 an open tanyao of the pinfu shape (chi 234m, 567m 456p 88s + 23s on 4s):
    # 20 fu raised to 30; 4 x 240 = 960 -> 1,000.
    case(
        "003", 132, "ピンフ形の斷麼は30符扱い",
        _hand("567m456p23s88s", "4s", melds=[_chi("234m")]),
        "jpml-a", {"tanyao": 1}, 1, 30, 1000, by=BY,
    ),
    # L132 the same by tsumo: 20 + 2 = 22 -> 30 fu; dealer 480 -> 500, others 240 -> 300: 1,100.
    case(
        "003", 132, "ピンフ形の斷麼は30符扱い",
        _hand("567m456p23s88s", "4s", win="tsumo", melds=[_chi("234m")]),
        "jpml-a", {"tanyao": 1}, 1, 30, 1100, by=BY,
    ),
    # L134 yakuhai: closed haku pung 555z + 234m 567p 88s + 23s on 4s.
    # Fu 20 + 10 + 8 (closed honour pung) = 38 -> 40; 1 han: 1,300.
    case(
        "003", 134, "役牌 １飜; 連風牌 ２飜",
        _hand("234m567p23s88s555z", "4s"), "jpml-a", {"yakuhai_haku": 1}, 1, 40, 1300, by=BY,
    ),
    # L134 double wind: South seat in the South round, closed 222z: seat 1 + round 1 = 2 han.
    # Fu 40 as above; b = 40 x 16 = 640; 4b = 2,560 -> 2,600.
    case(
        "003", 134, "役牌 １飜; 連風牌 ２飜",
        _hand("234m567p23s88s222z", "4s", round_wind="S"),
        "jpml-a", {"yakuhai_seat_south": 1, "yakuhai_round_south": 1}, 2, 40, 2600, by=BY,
    ),
    # L147 iipeikou, closed: 123m 123m 789p 55p + 13s kanchan on 2s.
    # Fu 20 + 10 + 2 = 32 -> 40; 1 han: 1,300.
    case(
        "003", 147, "一盃口 １飜 門前役",
        _hand("112233m789p13s55p", "2s"), "jpml-a", {"iipeikou": 1}, 1, 40, 1300, by=BY,
    ),
    # L147 a closed-only yaku: the same 123m 123m with a pon of 555z is haku alone.
    # Fu 20 + 4 (open honour pung) + 2 (kanchan) = 26 -> 30; 1 han: 1,000.
    case(
        "003", 147, "一盃口 １飜 門前役",
        _hand("112233m13s55p", "2s", melds=[_pon("555z")]),
        "jpml-a", {"yakuhai_haku": 1}, 1, 30, 1000, by=BY,
    ),
    # L150 rinshan kaihou after an open kan of 1111p (no menzen tsumo: the kan is open).
    # Fu 20 + 16 (open terminal kan) + 2 (tsumo) = 38 -> 40; b = 320; dealer 640 -> 700,
    # others 320 -> 400: 1,500.
    case(
        "003", 150, "嶺上開花 １飜",
        _hand(**KAN_1P, win="tsumo", melds=[_kan("1111p")], flags=["rinshan"]),
        "jpml-a", {"rinshan": 1}, 1, 40, 1500, by=BY,
    ),
    # L153 chankan: PLAIN robbing 2s from another's added kan; fu 40, 1 han: 1,300.
    case(
        "003", 153, "槍槓 １飜",
        _hand(**PLAIN, flags=["chankan"]), "jpml-a", {"chankan": 1}, 1, 40, 1300, by=BY,
    ),
    # L158 haitei, open (chi 123m) so menzen tsumo does not join: fu 20 + 2 + 2 = 24 -> 30;
    # b = 240: dealer 480 -> 500, others 240 -> 300: 1,100.
    case(
        "003", 158, "海底摸月 １飜",
        _hand("456p789s13s99m", "2s", win="tsumo", melds=[_chi("123m")], flags=["haitei"]),
        "jpml-a", {"haitei": 1}, 1, 30, 1100, by=BY,
    ),
    # L161 houtei, the same open hand by ron: fu 20 + 2 = 22 -> 30; 4 x 240 = 960 -> 1,000.
    case(
        "003", 161, "河底撈魚 １飜",
        _hand("456p789s13s99m", "2s", melds=[_chi("123m")], flags=["houtei"]),
        "jpml-a", {"houtei": 1}, 1, 30, 1000, by=BY,
    ),
    # L164 ippatsu (jpml-b): PLAIN riichi + ippatsu = 2 han 40 fu; 4 x 640 = 2,560 -> 2,600.
    case(
        "003", 164, "一発 １飜 (B)",
        _hand(**PLAIN, flags=["riichi", "ippatsu"]),
        "jpml-b", {"riichi": 1, "ippatsu": 1}, 2, 40, 2600, by=BY,
    ),
    # L166 ippatsu with chankan (jpml-b): riichi 1 + ippatsu 1 + chankan 1 = 3 han 40 fu;
    # b = 40 x 32 = 1,280; 4b = 5,120 -> 5,200.
    case(
        "003", 166, "一発: 槍槓との複合を認める",
        _hand(**PLAIN, flags=["riichi", "ippatsu", "chankan"]),
        "jpml-b", {"riichi": 1, "ippatsu": 1, "chankan": 1}, 3, 40, 5200, by=BY,
    ),
    # L168 sanshoku closed: 123m 123p 789m 55p + 12s penchan on 3s. Fu 20 + 10 + 2 = 32 -> 40;
    # 2 han: 4 x 640 = 2,560 -> 2,600.
    case(
        "003", 168, "三色同順 ２飜 鳴き１飜",
        _hand("123m123p789m12s55p", "3s"),
        "jpml-a", {"sanshoku_doujun": 2}, 2, 40, 2600, by=BY,
    ),
    # L168 sanshoku open (chi 123m): fu 20 + 2 = 22 -> 30; 1 han: 1,000.
    case(
        "003", 168, "三色同順 ２飜 鳴き１飜",
        _hand("123p789m12s55p", "3s", melds=[_chi("123m")]),
        "jpml-a", {"sanshoku_doujun": 1}, 1, 30, 1000, by=BY,
    ),
    # L171 ittsu closed: 123m 456m 789m 55p + 12s on 3s: 2 han 40 fu: 2,600.
    case(
        "003", 171, "一気通貫 ２飜 鳴き１飜",
        _hand("123456789m12s55p", "3s"), "jpml-a", {"ittsu": 2}, 2, 40, 2600, by=BY,
    ),
    # L171 ittsu open (chi 123m): 1 han 30 fu: 1,000.
    case(
        "003", 171, "一気通貫 ２飜 鳴き１飜",
        _hand("456789m12s55p", "3s", melds=[_chi("123m")]),
        "jpml-a", {"ittsu": 1}, 1, 30, 1000, by=BY,
    ),
    # L173 seven pairs 11m 22m 33m 55p 77p 99s 11z: 2 han 25 fu, b = 25 x 16 = 400;
    # 4b = 1,600. The 112233m in it is no iipeikou (no four sets and a pair).
    case(
        "003", 173, "七対子 25符2飜; 一盃口・二盃口は複合しない",
        _hand("112233m5577p99s1z", "1z"), "jpml-a", {"chiitoitsu": 2}, 2, 25, 1600, by=BY,
    ),
    # L173 pairs that also read 123m 123m 789p 789p 55s: ryanpeikou 3 (40 fu: 20 + 10 +
    # 2 tanki, b = 1,280, 5,200) beats seven pairs (2 han 25 fu, 1,600); seven pairs does
    # not join it, nor does iipeikou.
    case(
        "003", 173, "七対子 25符2飜; 一盃口・二盃口は複合しない",
        _hand("112233m778899p5s", "5s"), "jpml-a", {"ryanpeikou": 3}, 3, 40, 5200, by=BY,
    ),
    # L177 toitoi + sanankou: pon 999m; 333m (tsumo) 555p 777s concealed; pair 88s.
    # Fu 20 + 4 (open terminal pung) + 3 x 4 (closed simple pungs) + 2 (tsumo) = 38 -> 40;
    # 4 han 40 fu: b = 2,560 -> mangan 2,000; tsumo 4,000 + 2,000 x 2 = 8,000.
    case(
        "003", 177, "対々和 ２飜; 三暗刻があれば複合する",
        _hand("33m555p777s88s", "3m", win="tsumo", melds=[_pon("999m")]),
        "jpml-a", {"toitoi": 2, "sanankou": 2}, 4, 40, 8000, by=BY,
    ),
    # L180 sanankou with a concealed kan: closed 2222m kan, 555p, 777s; 678m; 9s tanki.
    # Fu 20 + 10 + 16 (closed simple kan) + 4 + 4 + 2 (tanki) = 56 -> 60;
    # 2 han: b = 960, 4b = 3,840 -> 3,900.
    case(
        "003", 180, "三暗刻 ２飜 (暗槓も可)",
        _hand("555p777s678m9s", "9s", melds=[_kan("2222m", concealed=True)]),
        "jpml-a", {"sanankou": 2}, 2, 60, 3900, by=BY,
    ),
    # L182 sanshoku doukou: pon 333m, closed 333p 333s, 456m, 9s tanki.
    # Fu 20 + 2 (open simple pung) + 4 + 4 + 2 (tanki) = 32 -> 40; 2 han: 2,600.
    case(
        "003", 182, "三色同刻 ２飜",
        _hand("333p333s456m9s", "9s", melds=[_pon("333m")]),
        "jpml-a", {"sanshoku_doukou": 2}, 2, 40, 2600, by=BY,
    ),
    # L185 chanta closed: 123m 789p 789s 11z + 12s penchan on 3s. Fu 20 + 10 + 2 +
    # 2 (round-wind pair) = 34 -> 40; 2 han: 2,600.
    case(
        "003", 185, "混全帯么九 ２飜 鳴き１飜",
        _hand("123m789p789s12s11z", "3s"), "jpml-a", {"chanta": 2}, 2, 40, 2600, by=BY,
    ),
    # L185 chanta open (chi 123m): fu 20 + 2 + 2 = 24 -> 30; 1 han: 1,000.
    case(
        "003", 185, "混全帯么九 ２飜 鳴き１飜",
        _hand("789p789s12s11z", "3s", melds=[_chi("123m")]),
        "jpml-a", {"chanta": 1}, 1, 30, 1000, by=BY,
    ),
    # L188 sankantsu: open kans 1111m 5555p 7777s; 345m; 8s tanki.
    # Fu 20 + 16 + 8 + 8 + 2 = 54 -> 60; 2 han: 3,900.
    case(
        "003", 188, "三槓子 ２飜",
        _hand("345m8s", "8s", melds=[_kan("1111m"), _kan("5555p"), _kan("7777s")]),
        "jpml-a", {"sankantsu": 2}, 2, 60, 3900, by=BY,
    ),
    # L190 double riichi on PLAIN: 2 han 40 fu: 2,600.
    case(
        "003", 190, "ダブル立直 ２飜",
        _hand(**PLAIN, flags=["double_riichi"]),
        "jpml-a", {"double_riichi": 2}, 2, 40, 2600, by=BY,
    ),
    # L197 shousangen: closed 555z 666z, pair 77z, 234m, 56p on 4p: shousangen 2 + haku 1 +
    # hatsu 1 = 4 han ("実質４飜"); fu 20 + 10 + 8 + 8 + 2 (dragon pair) = 48 -> 50;
    # b = 50 x 64 = 3,200 -> mangan 2,000: 8,000.
    case(
        "003", 197, "小三元 ２飜 (実質４飜)",
        _hand("234m56p555z666z77z", "4p"),
        "jpml-a", {"shousangen": 2, "yakuhai_haku": 1, "yakuhai_hatsu": 1}, 4, 50, 8000, by=BY,
    ),
    # L203 honroutou + toitoi: pon 111m, closed 999p 111s, 99s and 33z, ron on 9s.
    # 2 + 2 = 4 han; fu 20 + 4 + 8 + 8 + 4 (999s won by ron) = 44 -> 50: mangan 8,000.
    case(
        "003", 203, "混老頭 ２飜 (対々和・七対子で実質４飜)",
        _hand("999p111s99s33z", "9s", melds=[_pon("111m")]),
        "jpml-a", {"toitoi": 2, "honroutou": 2}, 4, 50, 8000, by=BY,
    ),
    # L203 honroutou + seven pairs 11m 99m 11p 99p 11s 22z 33z: 4 han 25 fu;
    # b = 25 x 64 = 1,600; 4b = 6,400.
    case(
        "003", 203, "混老頭 ２飜 (対々和・七対子で実質４飜)",
        _hand("1199m1199p11s223z", "3z"),
        "jpml-a", {"chiitoitsu": 2, "honroutou": 2}, 4, 25, 6400, by=BY,
    ),
    # L211 honitsu closed: 123m 345m 789m, closed 333z (West: no value), 5m tanki.
    # Fu 20 + 10 + 8 + 2 = 40; 3 han: b = 1,280, 4b = 5,120 -> 5,200.
    case(
        "003", 211, "混一色 ３飜 鳴き２飜; 対子も可",
        _hand("123m345m789m333z5m", "5m"), "jpml-a", {"honitsu": 3}, 3, 40, 5200, by=BY,
    ),
    # L211 honitsu open (pon 333z): fu 20 + 4 + 2 = 26 -> 30; 2 han: b = 480, 1,920 -> 2,000.
    case(
        "003", 211, "混一色 ３飜 鳴き２飜; 対子も可",
        _hand("123m345m789m5m", "5m", melds=[_pon("333z")]),
        "jpml-a", {"honitsu": 2}, 2, 30, 2000, by=BY,
    ),
    # L211 pairs too: seven pairs 11m 33m 55m 77m 99m 11z 22z: chiitoitsu 2 + honitsu 3 =
    # 5 han: mangan 8,000.
    case(
        "003", 211, "混一色 ３飜 鳴き２飜; 対子も可",
        _hand("1133557799m112z", "2z"),
        "jpml-a", {"chiitoitsu": 2, "honitsu": 3}, 5, 25, 8000, by=BY,
    ),
    # L216 junchan closed: 123m 789m 123p 99p + 89s penchan on 7s: fu 40, 3 han: 5,200.
    case(
        "003", 216, "純全帯么九 ３飜 鳴き２飜",
        _hand("123m789m123p89s99p", "7s"), "jpml-a", {"junchan": 3}, 3, 40, 5200, by=BY,
    ),
    # L216 junchan open (chi 123m): fu 30, 2 han: 2,000.
    case(
        "003", 216, "純全帯么九 ３飜 鳴き２飜",
        _hand("789m123p89s99p", "7s", melds=[_chi("123m")]),
        "jpml-a", {"junchan": 2}, 2, 30, 2000, by=BY,
    ),
    # L219 ryanpeikou 123m 123m 789p 789p, 5s tanki: 3 han 40 fu, 5,200; neither iipeikou
    # nor seven pairs (11m 22m 33m 77p 88p 99p 55s, 2 han 25 fu) joins it.
    case(
        "003", 219, "二盃口 ３飜; 一盃口・七対子と複合しない",
        _hand("112233m778899p5s", "5s"), "jpml-a", {"ryanpeikou": 3}, 3, 40, 5200, by=BY,
    ),
    # L221 chinitsu closed: 123m 345m 567m 99m + 79m kanchan on 8m: 6 han haneman,
    # 4 x 3,000 = 12,000 (fu 20 + 10 + 2 = 32 -> 40).
    case(
        "003", 221, "清一色 ６飜 鳴き５飜",
        _hand("123345567m79m99m", "8m"), "jpml-a", {"chinitsu": 6}, 6, 40, 12000, by=BY,
    ),
    # L221 chinitsu open (chi 123m): 5 han mangan 8,000 (fu 20 + 2 = 22 -> 30).
    case(
        "003", 221, "清一色 ６飜 鳴き５飜",
        _hand("345567m79m99m", "8m", melds=[_chi("123m")]),
        "jpml-a", {"chinitsu": 5}, 5, 30, 8000, by=BY,
    ),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "preset", "items", "han", "fu", "points"), YAKU)
def test_seed_003_yaku_value(hand, preset, items, han, fu, points):
    result = score(hand, preset)
    assert result.valid, result.error
    assert _items(result) == items
    assert (result.total, result.han, result.fu, result.points) == (han, han, fu, points)


# --- where the yaku is absent: the seed's conditions, one at a time -------------------

BY_ABSENT = "test_seed_003_yaku_absent"

ABSENT = [
    # L127 pinfu needs all four sets to be runs: 111m (closed terminal pung) instead of 123m.
    # Riichi alone: fu 20 + 10 + 8 = 38 -> 40; 1 han: 1,300.
    case(
        "003", 127, "平和: 門前・４面子順子・雀頭が役牌以外・リャン待ち",
        _hand("111m456m789p23s55p", "4s", flags=["riichi"]), "pinfu", {"riichi": 1}, 1300,
        by=BY_ABSENT,
    ),
    # L127 ... a pair that is not a value tile: 55z (haku) pair: fu 20 + 10 + 2 = 32 -> 40.
    case(
        "003", 127, "平和: 門前・４面子順子・雀頭が役牌以外・リャン待ち",
        _hand("123m456m789p23s55z", "4s", flags=["riichi"]), "pinfu", {"riichi": 1}, 1300,
        by=BY_ABSENT,
    ),
    # L127 ... a two-sided wait: 13s kanchan on 2s: fu 20 + 10 + 2 = 32 -> 40.
    case(
        "003", 127, "平和: 門前・４面子順子・雀頭が役牌以外・リャン待ち",
        _hand("123m456m789p13s55p", "2s", flags=["riichi"]), "pinfu", {"riichi": 1}, 1300,
        by=BY_ABSENT,
    ),
    # L127 ... a closed hand: the pinfu shape with chi 234m is open tanyao only (30 fu, 1,000).
    case(
        "003", 127, "平和: 門前・４面子順子・雀頭が役牌以外・リャン待ち",
        _hand("567m456p23s88s", "4s", melds=[_chi("234m")]), "pinfu", {"tanyao": 1}, 1000,
        by=BY_ABSENT,
    ),
    # L173 seven pairs holding 112233m: no iipeikou (checked in the value table too).
    case(
        "003", 173, "七対子 25符2飜; 一盃口・二盃口は複合しない",
        _hand("112233m5577p99s1z", "1z"), "iipeikou", {"chiitoitsu": 2}, 1600, by=BY_ABSENT,
    ),
    # L219 ryanpeikou is not also an iipeikou, nor seven pairs.
    case(
        "003", 219, "二盃口 ３飜; 一盃口・七対子と複合しない",
        _hand("112233m778899p5s", "5s"), "chiitoitsu", {"ryanpeikou": 3}, 5200, by=BY_ABSENT,
    ),
    case(
        "003", 219, "二盃口 ３飜; 一盃口・七対子と複合しない",
        _hand("112233m778899p5s", "5s"), "iipeikou", {"ryanpeikou": 3}, 5200, by=BY_ABSENT,
    ),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "absent", "items", "points"), ABSENT)
def test_seed_003_yaku_absent(hand, absent, items, points):
    result = score(hand, "jpml-a")
    assert result.valid, result.error
    assert absent not in _items(result)
    assert _items(result) == items
    assert result.points == points
