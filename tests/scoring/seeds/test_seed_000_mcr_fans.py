"""Seed 000 (MCR), ``000_d48782b6de643c27.txt``, fan lines 60-148: which fans combine.

Every hand is scored with the default options (``mcr_edition: "seed"``), seat
wind South and prevalent wind East unless the row says otherwise. Each row
names its seed line; its expected fans (key -> value x count) and total are
worked out by hand from the seed's table (values: rules/mcr.md §2). For an
"A ⊅ B" row the hand really meets B's condition (the comment says how) and B
must be absent; fans that a counted fan makes inevitable are left out by the
non-repeat principle (rules/mcr.md §3), which the comments name where it acts.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from scoring.families.mcr.settlement import settle_mcr
from tests.scoring.hands import hand_with as hand
from tests.scoring.hands import meld
from tests.scoring.seeds.statements import case, states

S = "000"
BY = "test_seed_000_fans_combine_as_the_seed_says"


def fans(result) -> dict[str, int]:
    return {i.key: i.total for i in result.items}


# Mixed Straight hands (123m 456p 789s, 8): the fourth set and the pair vary.
# Concealed, East pair, two-sided wait 2m/5m; ron: Mixed Straight 8 + Concealed Hand 2.
STRAIGHT = hand("123m456p789s34m11z", "5m")
# The same with a pair of 9p: all four sets are chows and the pair is not an honour.
STRAIGHT_CHOWS = hand("123m456p789s34m99p", "5m")
# 123m and 456p melded, a melded kong of West (3333z), 78s + 9s (wait 6s/9s), pair 55m.
KONG_WEST = hand("78s55m", "9s", "chi 123m", "chi 456p", "kan 3333z")
# Melded 234m 567p 888s, 34s + 5s (two-sided), pair 99m: only No Honors (1).
BASE = hand("34s99m", "5s", "chi 234m", "chi 567p", "pon 888s")
BASE_KONG = {**BASE, "melds": [meld("chi 234m"), meld("chi 567p"), meld("kan 8888s")]}
# Two kongs (1s, 9p), chow 678m, 234m and a 5p single wait.
KONGS = ("234m5p", "5p")
# 222p 444p 666s melded, 88s 22m + 8s: All Pungs' and All Simples' conditions met.
EVEN = hand("88s22m", "8s", "pon 222p", "pon 444p", "pon 666s")
# 222333444m reads as three 234m chows or three shifted pungs.
TRIPLE_CHOW = hand("22333444m234s77p", "2m")
SHIFTED_PUNGS = hand("222333444m234s7p", "7p")
# 123m 789m 123p 789p, pair 5s: four chows and a number pair (All Chows' condition),
# 123m + 789m (Two Terminal Chows'), 123m + 123p (Mixed Double Chow's).
THREE_SUITED = hand("123789m123789p5s", "5s")
# 147m 258p 36s + five honours: m, p, s, winds and dragons (All Types' condition).
LESSER = hand("147m258p36s12345z", "6z")
LESSER_KNITTED = hand("147m258p369s1234z", "5z")
ROBBED = hand("123m456p345s78s99m", "9s", flags=["robbing_kong"])
KONG_FANS = {"mixed_straight": 8, "pung_of_terminals_or_honors": 1, "melded_kong": 1}
EDGE = "辺張: 多面待ち・他の待ちとダブる場合にはつかない"
CLOSED = "坎張: 多面待ち・他の待ちとダブる場合にはつかない"

ROWS = [
    # L60: 全双刻 (24) alone; the hand is all pungs of even tiles 2-8. No No Honors
    # either: All Simples would exclude it (L131), rules/mcr.md §3.
    case(S, 60, "全双刻 ⊅ 碰碰和", EVEN, {"all_even_pungs": 24}, {"all_pungs"}, 24, by=BY),
    case(S, 60, "全双刻 ⊅ 断么", EVEN, {"all_even_pungs": 24}, {"all_simples"}, 24, by=BY),
    # L61: 234m 678m 999m melded, 1123m + 1m (wait 1m/4m): Full Flush 24 + Pung of
    # Terminals or Honors (999m) 1; the hand has no honour tile.
    case(S, 61, "清一色 ⊅ 无字",
         hand("1123m", "1m", "chi 234m", "chi 678m", "pon 999m"),
         {"full_flush": 24, "pung_of_terminals_or_honors": 1}, {"no_honors"}, 25, by=BY),
    # L62: 234m x3 (any two are a Pure Double Chow) + 234s, 77p; 222m 333m 444m would
    # be shifted pungs but that reading is worth less (24 + 2 + 2 + 2 = 30); one
    # reading only (rules/mcr.md §3). Pure Triple Chow 24 + Concealed Hand 2 + All
    # Chows 2 + All Simples 2 + Mixed Double Chow (234m/234s) 1 = 31; wait 2m/5m.
    case(S, 62, "一色三同順 ⊅ 一色三節高", TRIPLE_CHOW,
         {"pure_triple_chow": 24, "concealed_hand": 2, "all_chows": 2, "all_simples": 2,
          "mixed_double_chow": 1}, {"pure_shifted_pungs"}, 31, by=BY),
    case(S, 62, "一色三同順 ⊅ 一般高", TRIPLE_CHOW,
         {"pure_triple_chow": 24, "concealed_hand": 2, "all_chows": 2, "all_simples": 2,
          "mixed_double_chow": 1}, {"pure_double_chow"}, 31, by=BY),
    # L63: 222m 333m 444m (also three 234m chows), 234s, 7p single wait: Pure Shifted
    # Pungs 24 + Three Concealed Pungs 16 + Concealed Hand 2 + All Simples 2 + Single 1.
    case(S, 63, "一色三節高 ⊅ 一色三同順", SHIFTED_PUNGS,
         {"pure_shifted_pungs": 24, "three_concealed_pungs": 16, "concealed_hand": 2,
          "all_simples": 2, "unique_wait_single": 1}, {"pure_triple_chow"}, 45, by=BY),
    # L64: 789m, 888p, 999p melded, 78s + 9s, pair 77p: Upper Tiles 24 + Mixed Double
    # Chow (789m/789s) 1 + Pung of Terminals or Honors (999p) 1.
    case(S, 64, "全大 ⊅ 无字",
         hand("78s77p", "9s", "chi 789m", "pon 888p", "pon 999p"),
         {"upper_tiles": 24, "mixed_double_chow": 1, "pung_of_terminals_or_honors": 1},
         {"no_honors"}, 26, by=BY),
    # L65: 456m, 444p, 666p melded, 56s + 4s, pair 55p: Middle Tiles 24 + Mixed Double
    # Chow 1 (All Simples is inevitable, rules/mcr.md §3).
    case(S, 65, "全中 ⊅ 无字",
         hand("56s55p", "4s", "chi 456m", "pon 444p", "pon 666p"),
         {"middle_tiles": 24, "mixed_double_chow": 1}, {"no_honors", "all_simples"}, 25, by=BY),
    # L66: 123m, 222p, 333p melded, 23s + 1s, pair 11p: Lower Tiles 24 + Mixed Double Chow 1.
    case(S, 66, "全小 ⊅ 无字",
         hand("23s11p", "1s", "chi 123m", "pon 222p", "pon 333p"),
         {"lower_tiles": 24, "mixed_double_chow": 1}, {"no_honors"}, 25, by=BY),
    # L72: Three-Suited Terminal Chows 16 + Concealed Hand 2 + Single Wait 1 = 19 (no
    # No Honors: inevitable, rules/mcr.md §3).
    case(S, 72, "三色双龍会 ⊅ 平和", THREE_SUITED,
         {"three_suited_terminal_chows": 16, "concealed_hand": 2, "unique_wait_single": 1},
         {"all_chows"}, 19, by=BY),
    case(S, 72, "三色双龍会 ⊅ 老少副", THREE_SUITED,
         {"three_suited_terminal_chows": 16, "concealed_hand": 2, "unique_wait_single": 1},
         {"two_terminal_chows"}, 19, by=BY),
    case(S, 72, "三色双龍会 ⊅ 喜相逢", THREE_SUITED,
         {"three_suited_terminal_chows": 16, "concealed_hand": 2, "unique_wait_single": 1},
         {"mixed_double_chow"}, 19, by=BY),
    # L74: 345m 456m 345p 567p (7p won, wait 4p/7p), pair 55s: four chows and a number
    # pair. All Five 16 + Concealed Hand 2 + Mixed Double Chow (345m/345p) 1 (All
    # Simples is inevitable, rules/mcr.md §3).
    case(S, 74, "全帯五 ⊅ 平和", hand("345m456m345p56p55s", "7p"),
         {"all_five": 16, "concealed_hand": 2, "mixed_double_chow": 1}, {"all_chows"}, 19, by=BY),
    # L81: concealed and won on a discard (門前清's condition), all five kinds.
    case(S, 81, "全不靠 ⊅ 門前清", LESSER,
         {"lesser_honors_and_knitted_tiles": 12}, {"concealed_hand"}, 12, by=BY),
    case(S, 81, "全不靠 ⊅ 五門斉", LESSER,
         {"lesser_honors_and_knitted_tiles": 12}, {"all_types"}, 12, by=BY),
    # Self-drawn: 12 + Fully Concealed Hand 4, not Self-Drawn.
    case(S, 81, "全不靠: ツモ上がりの場合、不求人がつく", {**LESSER, "win": "tsumo"},
         {"lesser_honors_and_knitted_tiles": 12, "fully_concealed_hand": 4},
         {"self_drawn"}, 16, by=BY),
    # 147m 258p 369s + 1234z 5z: Lesser Honors 12 + Knitted Straight 12.
    case(S, 81, "全不靠 + 組合龍", LESSER_KNITTED,
         {"lesser_honors_and_knitted_tiles": 12, "knitted_straight": 12}, set(), 24, by=BY),
    case(S, 82, "組合龍 + 全不靠", LESSER_KNITTED,
         {"lesser_honors_and_knitted_tiles": 12, "knitted_straight": 12}, set(), 24, by=BY),
    # L82: the knitted straight completed by its only tile, 7m after 1m 4m (an end, as
    # an edge) or 4m between 1m and 7m (as a closed wait): Knitted Straight 12 +
    # Concealed Hand 2, no wait fan. A wait in the fourth set: see the next test.
    case(S, 82, "組合龍 ⊅ 辺張", hand("14m258p369s234s55z", "7m"),
         {"knitted_straight": 12, "concealed_hand": 2}, {"unique_wait_edge"}, 14, by=BY),
    case(S, 82, "組合龍 ⊅ 嵌張", hand("17m258p369s234s55z", "4m"),
         {"knitted_straight": 12, "concealed_hand": 2}, {"unique_wait_closed"}, 14, by=BY),
    # Knitted straight + 234m (23m + 4m, wait 1m/4m) + pair 55s: 12 + All Chows 2 +
    # Concealed Hand 2.
    case(S, 82, "組合龍 + 平和", hand("147m258p369s23m55s", "4m"),
         {"knitted_straight": 12, "all_chows": 2, "concealed_hand": 2}, set(), 16, by=BY),
    # L83: 678m, 789p, 666p melded, 67s + 8s, pair 99m: Upper Four 12 + Mixed Double Chow 1.
    case(S, 83, "大于五 ⊅ 无字",
         hand("67s99m", "8s", "chi 678m", "chi 789p", "pon 666p"),
         {"upper_four": 12, "mixed_double_chow": 1}, {"no_honors"}, 13, by=BY),
    # L84: 123m, 234p, 444m melded, 23s + 4s, pair 11m: Lower Four 12 + Mixed Double Chow 1.
    case(S, 84, "小于五 ⊅ 无字",
         hand("23s11m", "4s", "chi 123m", "chi 234p", "pon 444m"),
         {"lower_four": 12, "mixed_double_chow": 1}, {"no_honors"}, 13, by=BY),
    # L91: 123p 345p 456s 888s (won on 8s) and White 55z: no characters (缺一門's
    # condition). Reversible Tiles 8 + Concealed Hand 2.
    case(S, 91, "推不倒 ⊅ 缺一門", hand("123p345p456s88s55z", "8s"),
         {"reversible_tiles": 8, "concealed_hand": 2}, {"one_voided_suit"}, 10, by=BY),
    # L94: 234m 678p 888s melded, 34s + 5s, West pair: nothing scores; Chicken Hand 8,
    # and 2 flowers 1 each.
    case(S, 94, "无番和: 花牌以外には何も役がつかない手",
         hand("34s33z", "5s", "chi 234m", "chi 678p", "pon 888s", flowers=2),
         {"chicken_hand": 8, "flower_tiles": 2}, set(), 10, by=BY),
    # L95-97 on BASE: Last Tile Draw 8 / Last Tile Claim 8 / Out with Replacement Tile 8
    # (+ Melded Kong 1), each + No Honors 1.
    case(S, 95, "妙手回春 ⊅ 自摸", {**BASE, "win": "tsumo", "flags": ["last_tile"]},
         {"last_tile_draw": 8, "no_honors": 1}, {"self_drawn"}, 9, by=BY),
    case(S, 96, "海底撈月 (8)", {**BASE, "flags": ["last_tile"]},
         {"last_tile_claim": 8, "no_honors": 1}, set(), 9, by=BY),
    case(S, 97, "杠上開花 ⊅ 自摸", {**BASE_KONG, "win": "tsumo", "flags": ["kong_replacement"]},
         {"out_with_replacement_tile": 8, "melded_kong": 1, "no_honors": 1},
         {"self_drawn"}, 10, by=BY),
    # Self-drawn on a flower's replacement: a plain self-draw, without the
    # kong_replacement flag (rules/mcr.md §4; flower_replacement is an HKOS flag):
    # Mixed Straight 8 + Pung of Terminals or Honors (West) 1 + Self-Drawn 1 + 1 flower.
    case(S, 97, "杠上開花: 花牌補充の場合は適用されない; 自摸がつく",
         hand("78s55m", "9s", "chi 123m", "chi 456p", "pon 333z", win="tsumo", flowers=1),
         {"mixed_straight": 8, "pung_of_terminals_or_honors": 1, "self_drawn": 1,
          "flower_tiles": 1}, {"out_with_replacement_tile"}, 11, by=BY),
    # L148: a kong, its replacement a flower, the flower's replacement wins: Mixed
    # Straight 8 + West kong (Pung of Terminals or Honors 1, Melded Kong 1) + Self-Drawn 1
    # + the flower 1. Entered without kong_replacement, as rules/mcr.md §4 says.
    case(S, 148, "嶺上牌として花牌を引き…上がった場合、自摸1点",
         {**KONG_WEST, "win": "tsumo", "flowers": 1},
         {"mixed_straight": 8, "pung_of_terminals_or_honors": 1, "melded_kong": 1,
          "self_drawn": 1, "flower_tiles": 1}, {"out_with_replacement_tile"}, 12, by=BY),
    # L98: a concealed hand robbing a 9s kong counts as a discard win: Concealed Hand,
    # not Fully Concealed Hand or Self-Drawn. Mixed Straight 8 + Robbing the Kong 8 +
    # Concealed Hand 2 + All Chows (123m 456p 345s 789s, pair 99m) 2.
    case(S, 98, "搶杠和: 点数計算時にはロン上がりの扱い", ROBBED,
         {"mixed_straight": 8, "robbing_the_kong": 8, "concealed_hand": 2, "all_chows": 2},
         {"self_drawn", "fully_concealed_hand"}, 20, by=BY),
    # L99: concealed kongs 1111s 9999p, self-drawn: 8 + Pung of Terminals or Honors x2
    # + No Honors 1 + Single Wait 1 + Self-Drawn 1.
    case(S, 99, "双暗杠 8", hand(*KONGS, "ckan 1111s", "ckan 9999p", "chi 678m", win="tsumo"),
         {"two_concealed_kongs": 8, "pung_of_terminals_or_honors": 2, "no_honors": 1,
          "unique_wait_single": 1, "self_drawn": 1}, set(), 13, by=BY),
    # L108: four melded sets, 5m single wait won on a discard: Mixed Straight 8 + Melded
    # Hand 6 + Pung of Terminals or Honors (West) 1.
    case(S, 108, "全求人 ⊅ 単釣将",
         hand("5m", "5m", "chi 123m", "chi 456p", "chi 789s", "pon 333z"),
         {"mixed_straight": 8, "melded_hand": 6, "pung_of_terminals_or_honors": 1},
         {"unique_wait_single"}, 15, by=BY),
    # L115: concealed, self-drawn: Mixed Straight 8 + Fully Concealed Hand 4.
    case(S, 115, "不求人 ⊅ 自摸", {**STRAIGHT, "win": "tsumo"},
         {"mixed_straight": 8, "fully_concealed_hand": 4}, {"self_drawn"}, 12, by=BY),
    case(S, 115, "不求人 ⊅ 門前清", {**STRAIGHT, "win": "tsumo"},
         {"mixed_straight": 8, "fully_concealed_hand": 4}, {"concealed_hand"}, 12, by=BY),
    # L116: melded kongs 1111s 9999p on a discard: 4 + 2 + 1 + 1 = 8.
    case(S, 116, "双明杠 4", hand(*KONGS, "kan 1111s", "kan 9999p", "chi 678m"),
         {"two_melded_kongs": 4, "pung_of_terminals_or_honors": 2, "no_honors": 1,
          "unique_wait_single": 1}, set(), 8, by=BY),
    # One concealed (1111s), one melded (9999p), self-drawn: 6 + 2 + 1 + 1 + 1.
    case(S, 116, "明槓・暗槓を各1つ含む場合、6点",
         hand(*KONGS, "ckan 1111s", "kan 9999p", "chi 678m", win="tsumo"),
         {"two_melded_kongs": 6, "pung_of_terminals_or_honors": 2, "no_honors": 1,
          "unique_wait_single": 1, "self_drawn": 1}, {"concealed_kong", "melded_kong"}, 11, by=BY),
    # L117: the fourth 5m: 8 + Last Tile 4 + Concealed Hand 2.
    case(S, 117, "和絶張 4", {**STRAIGHT, "flags": ["last_of_kind"]},
         {"mixed_straight": 8, "last_tile": 4, "concealed_hand": 2}, set(), 14, by=BY),
    # L122 / L140: a melded White pung: Mixed Straight 8 + Dragon Pung 2, and no Pung of
    # Terminals or Honors 1 for it.
    case(S, 122, "箭刻: 鳴いてもよい",
         hand("78s99m", "9s", "chi 123m", "chi 456p", "pon 555z"),
         {"mixed_straight": 8, "dragon_pung": 2}, set(), 10, by=BY),
    case(S, 140, "么九刻: 箭刻には2点つく",
         hand("78s99m", "9s", "chi 123m", "chi 456p", "pon 555z"),
         {"mixed_straight": 8, "dragon_pung": 2}, {"pung_of_terminals_or_honors"}, 10, by=BY),
    # L125: concealed, ron: 8 + 2. A concealed kong keeps it: 8 + Concealed Hand 2 +
    # Concealed Kong 2 + Pung of Terminals or Honors (West) 1. A chow melded: no 門前清.
    case(S, 125, "門前清: ポン・チー・明槓をせず、ロン", STRAIGHT,
         {"mixed_straight": 8, "concealed_hand": 2}, set(), 10, by=BY),
    case(S, 125, "門前清: ポン・チー・明槓をせず、ロン",
         hand("123m456p78s55m", "9s", "ckan 3333z"),
         {"mixed_straight": 8, "concealed_hand": 2, "concealed_kong": 2,
          "pung_of_terminals_or_honors": 1}, set(), 13, by=BY),
    case(S, 125, "門前清: ポン・チー・明槓をせず、ロン",
         hand("456p78s55m", "9s", "chi 123m", "ckan 3333z"),
         {"mixed_straight": 8, "concealed_kong": 2, "pung_of_terminals_or_honors": 1},
         {"concealed_hand"}, 11, by=BY),
    # L126: four chows with an East pair: no All Chows; with a 9p pair: + All Chows 2.
    case(S, 126, "平和: 雀頭は字牌以外", STRAIGHT,
         {"mixed_straight": 8, "concealed_hand": 2}, {"all_chows"}, 10, by=BY),
    case(S, 126, "平和: 雀頭は字牌以外", STRAIGHT_CHOWS,
         {"mixed_straight": 8, "concealed_hand": 2, "all_chows": 2}, set(), 12, by=BY),
    case(S, 126, "平和 ⊅ 无字", STRAIGHT_CHOWS,
         {"mixed_straight": 8, "concealed_hand": 2, "all_chows": 2}, {"no_honors"}, 12, by=BY),
    # L127: 111m + 123m, four 1m not a kong: 8 + Concealed Hand 2 + Tile Hog 2 + Pung of
    # Terminals or Honors 1 + Single Wait 1. Four West as a kong: no Tile Hog (10).
    case(S, 127, "四帰一: 槓子にせず同種の牌4枚", hand("111m123m456p789s1z", "1z"),
         {"mixed_straight": 8, "concealed_hand": 2, "tile_hog": 2,
          "pung_of_terminals_or_honors": 1, "unique_wait_single": 1}, set(), 14, by=BY),
    case(S, 127, "四帰一: 槓子にせず同種の牌4枚", KONG_WEST, KONG_FANS, {"tile_hog"}, 10, by=BY),
    # L128: pung 555m + kong 5555p, pung 777s, 222s on a discard, pair 33z: All Pungs 6 +
    # Double Pung 2 + Melded Kong 1.
    case(S, 128, "双同刻: 刻子と槓子各1つずつでもよい",
         hand("22s33z", "2s", "pon 555m", "kan 5555p", "pon 777s"),
         {"all_pungs": 6, "double_pung": 2, "melded_kong": 1}, set(), 9, by=BY),
    # L131: 456m 456p melded, 456s 678s, pair 22m: Mixed Triple Chow 8 + All Chows 2 +
    # All Simples 2.
    case(S, 131, "断幺 ⊅ 无字", hand("456s78s22m", "6s", "chi 456m", "chi 456p"),
         {"mixed_triple_chow": 8, "all_chows": 2, "all_simples": 2}, {"no_honors"}, 12, by=BY),
    # L136: two melded 234m, White pung, 789m, East pair: Half Flush 6 + Dragon Pung 2 +
    # Pure Double Chow 1.
    case(S, 136, "一般高: 鳴いても良い",
         hand("78m11z", "9m", "chi 234m", "chi 234m", "pon 555z"),
         {"half_flush": 6, "dragon_pung": 2, "pure_double_chow": 1}, set(), 9, by=BY),
    # L140: a melded South pung (seat South) or East pung (prevalent East): Mixed
    # Straight 8 + the wind 2 + Pung of Terminals or Honors 1.
    case(S, 140, "么九刻 + 門風刻",
         hand("78s99m", "9s", "pon 222z", "chi 123m", "chi 456p"),
         {"mixed_straight": 8, "seat_wind": 2, "pung_of_terminals_or_honors": 1}, set(), 11, by=BY),
    case(S, 140, "么九刻 + 圏風刻",
         hand("78s99m", "9s", "pon 111z", "chi 123m", "chi 456p"),
         {"mixed_straight": 8, "prevalent_wind": 2, "pung_of_terminals_or_honors": 1},
         set(), 11, by=BY),
    # L141: a kong claimed on a discard (大明槓) or added to a pung (小明槓): Melded Kong 1.
    case(S, 141, "明杠: 大明槓・小明槓どちらにも", KONG_WEST,
         KONG_FANS, set(), 10, by=BY),
    case(S, 141, "明杠: 大明槓・小明槓どちらにも",
         {**KONG_WEST, "melds": [meld("chi 123m"), meld("chi 456p"), meld("akan 3333z")]},
         KONG_FANS, set(), 10, by=BY),
    # L144: 12m + 3m, nothing else waits: Edge Wait 1 (8 + 2 + 1). 12m 345m + 3m also
    # waits on 6m: no Edge Wait (8 + 2).
    case(S, 144, EDGE, hand("12m456p789s567m11z", "3m"),
         {"mixed_straight": 8, "concealed_hand": 2, "unique_wait_edge": 1}, set(), 11, by=BY),
    case(S, 144, EDGE, hand("12m456p789s345m11z", "3m"),
         {"mixed_straight": 8, "concealed_hand": 2}, {"unique_wait_edge"}, 10, by=BY),
    # L145: 13m + 2m alone: Closed Wait 1. 1113m waits on 2m (11 + 123) and 3m (111 +
    # 33): no Closed Wait; Mixed Straight 8 + Dragon Pung 2 + Concealed Hand 2.
    case(S, 145, CLOSED, hand("13m456p789s567m11z", "2m"),
         {"mixed_straight": 8, "concealed_hand": 2, "unique_wait_closed": 1}, set(), 11, by=BY),
    case(S, 145, CLOSED, hand("1113m456p789s555z", "2m"),
         {"mixed_straight": 8, "dragon_pung": 2, "concealed_hand": 2},
         {"unique_wait_closed"}, 12, by=BY),
    # L146: 1234m waits on 1m and 4m; won on 4m (123m + 44m): no Single Wait. A lone 9m
    # waits on 9m only: Single Wait 1.
    case(S, 146, "単釣将: 1234 で1または4待ちにはつかない", hand("1234m456p789s555z", "4m"),
         {"mixed_straight": 8, "dragon_pung": 2, "concealed_hand": 2},
         {"unique_wait_single"}, 12, by=BY),
    case(S, 146, "単釣将: 1234 で1または4待ちにはつかない", hand("123m456p789s555z9m", "9m"),
         {"mixed_straight": 8, "dragon_pung": 2, "concealed_hand": 2, "unique_wait_single": 1},
         set(), 13, by=BY),
    # L147: 123m 456p melded, self-drawn: Mixed Straight 8 + Self-Drawn 1.
    case(S, 147, "自摸 1", hand("78s345m11z", "9s", "chi 123m", "chi 456p", win="tsumo"),
         {"mixed_straight": 8, "self_drawn": 1}, set(), 9, by=BY),
    # L148: three flowers, 1 each: 8 + 2 + 3.
    case(S, 148, "花牌 1枚につき1点", {**STRAIGHT, "flowers": 3},
         {"mixed_straight": 8, "concealed_hand": 2, "flower_tiles": 3}, set(), 13, by=BY),
]  # fmt: skip


@pytest.mark.parametrize(("hand_", "expected", "absent", "total"), ROWS)
def test_seed_000_fans_combine_as_the_seed_says(hand_, expected, absent, total):
    result = score(hand_, "mcr")
    assert result.valid, result.error
    assert fans(result) == expected
    assert not absent & fans(result).keys()
    assert result.total == total


@states(S, 82, "組合龍 ⊅ 辺張")
@states(S, 82, "組合龍 ⊅ 嵌張")
def test_seed_000_L82_a_wait_in_the_fourth_set_still_counts():
    # rules/mcr.md §2 "Editions": L82 is silent on a wait in the fourth set, and the
    # project counts it. 147m 258p 369s + 89m waiting on 7m (an edge) + East pair:
    # Knitted Straight 12 + Concealed Hand 2 + Edge Wait 1; 13m + 2m (closed): + 1.
    edge = score(hand("147m258p369s89m11z", "7m"), "mcr")
    assert fans(edge) == {"knitted_straight": 12, "concealed_hand": 2, "unique_wait_edge": 1}
    assert edge.total == 15
    closed = score(hand("147m258p369s13m11z", "2m"), "mcr")
    assert fans(closed) == {"knitted_straight": 12, "concealed_hand": 2, "unique_wait_closed": 1}
    assert closed.total == 15


@states(S, 98, "搶杠和 ⊅ 妙手回春")
@states(S, 98, "搶杠和 ⊅ 海底撈月")
def test_seed_000_L98_robbing_the_kong_never_takes_a_last_tile_fan():
    # Robbing the Kong alone: 20 (see the L98 row above), no Last Tile Draw or Claim.
    robbed = score(ROBBED, "mcr")
    assert robbed.valid and robbed.total == 20
    assert {"last_tile_draw", "last_tile_claim"}.isdisjoint(fans(robbed))
    # The last tile as well: the engine refuses the pair of flags (rules/mcr.md §2,
    # "Editions", L98), on a discard (海底撈月) and on a draw (妙手回春).
    for win in ("ron", "tsumo"):
        both = score({**ROBBED, "win": win, "flags": ["robbing_kong", "last_tile"]}, "mcr")
        assert not both.valid
        assert both.error.code == "bad_flag"
        assert "seed 000 L98" in both.error.message


@states(S, 98, "搶杠和: 点数計算時にはロン上がりの扱い")
def test_seed_000_L98_robbing_the_kong_is_settled_as_a_discard_win():
    # Not a self-draw: refused as one.
    drawn = score({**ROBBED, "win": "tsumo"}, "mcr")
    assert not drawn.valid and drawn.error.code == "bad_flag"
    # F = 20 (above); the player who added the kong pays as the discarder (rules/mcr.md
    # §5): winner +(20 + 24) = 44, kong owner -(20 + 8) = -28, the two others -8.
    settled = settle_mcr(
        ["ann", "bob", "cy", "dee"], "discard", winner="cy", discarder="dee", fan=20
    )
    assert settled.deltas == {"ann": -8, "bob": -8, "cy": 44, "dee": -28}


@states(S, 148, "花牌は8点縛りにはカウントされない")
def test_seed_000_L148_flowers_do_not_reach_the_minimum():
    # 234m 678m West pung melded, 555m on a discard, East pair: Half Flush 6 + Pung of
    # Terminals or Honors 1 = 7 fan; 4 flowers make 11, still below 8 without them.
    short = hand("55m11z", "5m", "chi 234m", "chi 678m", "pon 333z", flowers=4)
    result = score(short, "mcr")
    assert not result.valid
    assert result.error.code == "below_minimum"
    assert fans(result) == {"half_flush": 6, "pung_of_terminals_or_honors": 1, "flower_tiles": 4}
    assert result.total == 11
    # 8 fan without flowers is enough: Chicken Hand 8 + 4 flowers = 12.
    chicken = score(hand("34s33z", "5s", "chi 234m", "chi 678p", "pon 888s", flowers=4), "mcr")
    assert chicken.valid and chicken.total == 12
