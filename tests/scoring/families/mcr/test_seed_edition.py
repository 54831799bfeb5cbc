"""Seed 000 sentence by sentence, where the default edition (``seed``) and the
calculators' edition (``cn-national``) part (rules/mcr.md §2, "Editions").

Each test names its seed line and builds a hand that shows the sentence. It
asserts the default edition's total and fans (key -> value x count), and the
cn-national total (what ``pymahjonggb`` and the shared corpus count) where it
differs. Fan values are seed 000's table.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from scoring.families import family_for
from scoring.families.mcr.rules import resolve
from tests.scoring.hands import hand as _hand
from tests.scoring.hands import items as _fans

CN = {"mcr_edition": "cn-national"}


def _seed(hand):
    result = score(hand, "mcr")
    assert result.valid, result.error
    return result


def _cn_total(hand):
    return score({**hand, "options": CN}, "mcr").total


# --- one hand each: the seed edition's fans and total, and the cn-national total ------

# pytest.param(hand, fans (key -> value x count), seed total, cn-national total, id=the case).
EDITION_CASES = [
    # L140 么九刻: 111z (East: prevalent and seat) 123m 456p 789s 99m: Mixed Straight 8,
    # Prevalent Wind 2, Seat Wind 2, Concealed Hand 2, Pung of Terminals or Honors 1.
    pytest.param(
        _hand("111z123m456p78s99m", "9s", seat_wind="E"),
        {
            "mixed_straight": 8,
            "prevalent_wind": 2,
            "seat_wind": 2,
            "concealed_hand": 2,
            "pung_of_terminals_or_honors": 1,  # one pung, though it scores both winds
        },
        15,
        14,
        id="L140_pung_of_terminals_or_honors_combines_with_both_winds",
    ),
    # L140: a melded seat-wind pung 222z (seat South): Mixed Straight 8 + Seat Wind 2 +
    # Pung of Terminals or Honors 1 = 11 (cn-national: 10).
    pytest.param(
        _hand("123m456p78s99m", "9s", melds=[{"type": "pon", "tiles": "222z"}]),
        {"mixed_straight": 8, "seat_wind": 2, "pung_of_terminals_or_honors": 1},
        11,
        10,
        id="L140_a_melded_seat_wind_pung_reaches_eight",
    ),
    # L140: 111z (prevalent East) and 222z (seat South), both concealed, the value that
    # makes it 8 or more: the seed counts 12, the calculators 10.
    pytest.param(
        _hand("111z222z123m456p9m", "9m"),
        {
            "prevalent_wind": 2,
            "seat_wind": 2,
            "concealed_hand": 2,
            "two_concealed_pungs": 2,
            "one_voided_suit": 1,
            "unique_wait_single": 1,
            "pung_of_terminals_or_honors": 2,
        },
        12,
        10,
        id="L140_one_pung_of_terminals_or_honors_per_wind_pung",
    ),
    # L58 七対 on the last tile: Last Tile Draw replaces Self-Drawn (L95); the self-drawn
    # hand still gets 不求人, as any concealed self-drawn hand does with Last Tile Draw.
    pytest.param(
        _hand("1133m5577p22s446z", "6z", "tsumo", flags=["last_tile"]),
        {"seven_pairs": 24, "last_tile_draw": 8, "all_types": 6, "fully_concealed_hand": 4},
        42,
        38,
        id="L58_seven_pairs_on_the_last_tile_is_fully_concealed_too",
    ),
    # L58: the same seven pairs won on a discard is unchanged.
    pytest.param(
        _hand("1133m5577p22s446z", "6z"),
        {"seven_pairs": 24, "all_types": 6},
        30,
        30,
        id="L58_a_seven_pairs_discard_win_is_unchanged",
    ),
    # L26 緑一色: 22s 234s 234s 666s 888s, bamboo only. All Green 88 + Concealed Hand 2 +
    # Tile Hog 2 + Two Concealed Pungs 2 + All Simples 2 + Pure Double Chow 1; no Full
    # Flush (cn-national: 121, + Full Flush 24).
    pytest.param(
        _hand("223344666888s2s", "2s"),
        {
            "all_green": 88,
            "concealed_hand": 2,
            "tile_hog": 2,
            "two_concealed_pungs": 2,
            "all_simples": 2,
            "pure_double_chow": 1,
        },
        97,
        121,
        id="L26_all_green_does_not_combine_with_full_flush",
    ),
    # L26: 22s 22s 33s 44s 66s 88s 66z: All Green 88 + Seven Pairs 24, no Tile Hog.
    pytest.param(
        _hand("222233446688s6z", "6z"),
        {"all_green": 88, "seven_pairs": 24},
        112,
        114,
        id="L26_all_green_seven_pairs_adds_no_tile_hog",
    ),
    # L35 清么九: 111m 111p 999s 999m 11s: 1m/1p and 9m/9s are two Double Pungs (2 each).
    pytest.param(
        _hand("111m111p999s99m11s", "9m"),
        {"all_terminals": 64, "three_concealed_pungs": 16, "concealed_hand": 2, "double_pung": 4},
        86,
        82,
        id="L35_all_terminals_combines_with_double_pung",
    ),
    # L35: 111m 111p 111s 999m 99s: Triple Pung 16, in both editions; no Double Pung beside it.
    pytest.param(
        _hand("111m111p111s99m99s", "9m"),
        {"all_terminals": 64, "triple_pung": 16, "three_concealed_pungs": 16, "concealed_hand": 2},
        98,
        98,
        id="L35_all_terminals_combines_with_triple_pung",
    ),
    # L35: 11m 11m 99m 11p 99p 11s 99s: All Terminals 64 + Seven Pairs 24.
    pytest.param(
        _hand("1111m99m11p99p11s9s", "9s"),
        {"all_terminals": 64, "seven_pairs": 24},
        88,
        90,
        id="L35_all_terminals_seven_pairs_adds_no_tile_hog",
    ),
    # L27 九連宝灯: 1112345678999m + 2m: 111 22 345 678 999. Nine Gates 88 + Two Concealed
    # Pungs 2 + Short Straight 1.
    pytest.param(
        _hand("1112345678999m", "2m"),
        {"nine_gates": 88, "two_concealed_pungs": 2, "short_straight": 1},
        91,
        92,
        id="L27_nine_gates_adds_no_pung_of_terminals_or_honors",
    ),
    # L74 全帯五: 345m 456p 567s 456s 55m: All Five 16 + Mixed Shifted Chows 6 + Concealed
    # Hand 2 + Mixed Double Chow 1.
    pytest.param(
        _hand("345m456p567s456s5m", "5m"),
        {"all_five": 16, "mixed_shifted_chows": 6, "concealed_hand": 2, "mixed_double_chow": 1},
        25,
        27,
        id="L74_all_five_does_not_combine_with_all_chows",
    ),
]


@pytest.mark.parametrize(("hand", "fans", "total", "cn_total"), EDITION_CASES)
def test_seed_000_edition_fans_and_totals(hand, fans, total, cn_total):
    """The seed edition's fans and total of one hand, and the cn-national total."""
    result = _seed(hand)
    assert _fans(result) == fans
    assert result.total == total
    assert _cn_total(hand) == cn_total


# --- L140 么九刻 -------------------------------------------------------------------


def test_seed_000_L36_little_four_winds_adds_no_pung_of_terminals_or_honors():
    # L36: 小四風会 does not combine with 么九刻, but does with Seat and Prevalent Wind;
    # L140 adds nothing here, in either edition.
    hand = _hand("12m111z222z333z44z", "3m", seat_wind="E")
    result = _seed(hand)
    assert "pung_of_terminals_or_honors" not in _fans(result)
    assert {"little_four_winds": 64, "seat_wind": 2, "prevalent_wind": 2}.items() <= _fans(
        result
    ).items()
    assert _cn_total(hand) == result.total


# --- Fully Concealed Hand for a self-drawn special hand ----------------------------------


@pytest.mark.parametrize(
    ("line", "concealed", "win_tile", "fans", "cn_total"),
    [
        # L58 七対: ツモ上りの場合、不求人がつく. Seven Pairs 24 + All Types 6 + 4.
        ("L58", "1133m5577p22s446z", "6z", {"seven_pairs": 24, "all_types": 6}, 31),
        # L59 七星不靠: ツモ上がりの場合、不求人がつく. 24 + 4.
        ("L59", "147m25p3s1234567z", "8p", {"greater_honors_and_knitted_tiles": 24}, 25),
        # L81 全不靠: ツモ上がりの場合、不求人がつく. 12 + 4.
        ("L81", "147m258p36s12345z", "6z", {"lesser_honors_and_knitted_tiles": 12}, 13),
        # L39 四暗刻: 不求人とは複合する. 64 + Dragon Pung 2 + Pung of Terminals or
        # Honors 1 + Single Wait 1 + 4.
        (
            "L39",
            "111m333p555s777z9m",
            "9m",
            {
                "four_concealed_pungs": 64,
                "dragon_pung": 2,
                "pung_of_terminals_or_honors": 1,
                "unique_wait_single": 1,
            },
            69,
        ),
        # L27 九連宝灯: 門前自模と複合可能, read as 不求人 (and L27: no 么九刻). 88 +
        # Two Concealed Pungs 2 + 4.
        ("L27", "1112345678999m", "5m", {"nine_gates": 88, "two_concealed_pungs": 2}, 92),
        # L29 連七対: 門前自模と複合可能. 88 + All Simples 2 + 4.
        ("L29", "2233445566778m", "8m", {"seven_shifted_pairs": 88, "all_simples": 2}, 91),
        # L30 十三幺: 門前自模と複合可能. 88 + 4.
        ("L30", "19m19p19s1234567z", "1m", {"thirteen_orphans": 88}, 89),
    ],
)
def test_seed_000_self_drawn_special_hand_is_fully_concealed(
    line, concealed, win_tile, fans, cn_total
):
    """seed 000 L58, L59, L81, L39, L27, L29, L30: Fully Concealed Hand 4, not Self-Drawn 1."""
    hand = _hand(concealed, win_tile, "tsumo")
    result = _seed(hand)
    want = {**fans, "fully_concealed_hand": 4}
    assert _fans(result) == want, line
    assert result.total == sum(want.values())
    assert _cn_total(hand) == cn_total


# --- L26 緑一色 -------------------------------------------------------------------


def test_seed_000_L26_all_green_does_not_combine_with_half_flush():
    # With 666z: no Half Flush in either edition.
    hand = _hand("22334466888s66z", "6z")
    result = _seed(hand)
    assert "half_flush" not in _fans(result)
    assert result.total == _cn_total(hand) == 93


# --- L98 搶杠和 -------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, CN])
def test_seed_000_L98_robbing_the_kong_does_not_combine_with_last_tile_claim(options):
    hand = _hand(
        "34s99m",
        "5s",
        melds=[
            {"type": "chi", "tiles": "234m"},
            {"type": "chi", "tiles": "567p"},
            {"type": "pon", "tiles": "888s"},
        ],
        flags=["robbing_kong", "last_tile"],
        options=options,
    )
    result = score(hand, "mcr")
    assert not result.valid and result.error.code == "bad_flag"
    assert "seed 000 L98" in result.error.message


# --- L82 組合龍 -------------------------------------------------------------------


def test_seed_000_L82_a_wait_in_the_fourth_set_of_a_knitted_straight_counts():
    # L82 excludes Edge and Closed Wait for the knitted straight itself; it is silent
    # on the fourth set (1m 3m waiting on 2m), so the wait fan counts, in both editions.
    hand = _hand("11347m258p369s11z", "2m")
    result = _seed(hand)
    assert _fans(result) == {"knitted_straight": 12, "concealed_hand": 2, "unique_wait_closed": 1}
    assert result.total == _cn_total(hand) == 15


# --- L99, L116: kong values ---------------------------------------------------------

TWO_KONGS = _hand(
    "234m5p",
    "5p",
    "tsumo",
    melds=[
        {"type": "kan", "tiles": "1111s", "concealed": True},
        {"type": "kan", "tiles": "9999p", "concealed": True},
        {"type": "chi", "tiles": "678m"},
    ],
)
ONE_OF_EACH = {
    **TWO_KONGS,
    "melds": [TWO_KONGS["melds"][0], {"type": "kan", "tiles": "9999p"}, TWO_KONGS["melds"][2]],
}


def test_seed_000_L99_two_concealed_kongs_is_8():
    assert _fans(_seed(TWO_KONGS))["two_concealed_kongs"] == 8
    assert _cn_total(TWO_KONGS) == _seed(TWO_KONGS).total - 2


def test_seed_000_L116_one_melded_and_one_concealed_kong_is_6():
    assert _fans(_seed(ONE_OF_EACH))["two_melded_kongs"] == 6
    cn = score({**ONE_OF_EACH, "options": CN}, "mcr")
    assert _fans(cn)["concealed_kong_and_melded_kong"] == 5


def test_kong_values_override_the_edition():
    options = {"mcr_edition": "cn-national", "mcr_kong_values": "green-book"}
    result = score({**TWO_KONGS, "options": options}, "mcr")
    assert _fans(result)["two_concealed_kongs"] == 8


# --- the option ---------------------------------------------------------------------


def test_seed_is_the_default_edition():
    rules = resolve("mcr", {})
    assert rules.hand.mcr_edition == "seed"
    assert rules.hand.kong_values == "green-book"
    assert resolve("mcr", CN).hand.kong_values == "cn-national"


def test_an_unknown_edition_is_refused():
    result = score({**TWO_KONGS, "options": {"mcr_edition": "gb"}}, "mcr")
    assert result.error.code == "bad_option"
    assert "mcr_edition" in result.error.message


def test_the_edition_is_frozen_and_named():
    family = family_for("mcr")
    frozen = resolve("mcr", CN).freeze()
    assert frozen["hand"]["mcr_edition"] == "cn-national"
    rules = family.thaw(frozen)
    assert rules.hand.mcr_edition == "cn-national"
    assert "national" in family.edition_title(rules, "en")
    # seed 000 is Mahjong Time's MCR rules page (rules/mcr.md)
    assert family.edition_title(resolve("mcr", {}), "ja") == "Mahjong Time版"


def test_rules_frozen_before_the_editions_keep_their_counting():
    """Frozen without ``mcr_edition``: the library's counting, with the frozen kong values."""
    frozen = resolve("mcr", {}).freeze()
    del frozen["hand"]["mcr_edition"]
    frozen["hand"]["mcr_kong_values"] = "green-book"
    rules = family_for("mcr").thaw(frozen)
    assert rules.hand.mcr_edition == "cn-national"
    assert rules.hand.kong_values == "green-book"


# --- the corpus under the default edition ----------------------------------------------

SEED_TOUCHED = {
    "pung_of_terminals_or_honors",  # L140, L27
    "self_drawn",  # L58 ...
    "fully_concealed_hand",
    "full_flush",  # L26
    "tile_hog",  # L26, L35
    "double_pung",  # L35
    "all_chows",  # L74
    "two_concealed_kongs",  # L99
    "two_melded_kongs",  # L116
    "concealed_kong_and_melded_kong",
}


def test_the_seed_edition_changes_the_corpus_only_by_its_rules(mcr_corpus):
    """The corpus encodes cn-national; the default edition differs on 52 of its 335
    hands, and only in the fans a seed rule or the kong values touch."""
    changed, strays = 0, set()
    for case in mcr_corpus:
        seed = score(case)
        national = score({**case, "options": CN})
        if seed.total == national.total:
            continue
        changed += 1
        mine = {(i.key, i.value, i.count) for i in seed.items}
        theirs = {(i.key, i.value, i.count) for i in national.items}
        strays |= {key for key, _, _ in mine ^ theirs} - SEED_TOUCHED
    assert strays == set()
    assert changed == 52


# --- L10 / L312 seats -------------------------------------------------------------


def test_seed_000_L312_the_seed_edition_rotates_the_seats_every_hand_and_nothing_more():
    seed, cn = resolve("mcr", {}), resolve("mcr", CN)
    assert seed.event.seat_rotation_scheme == "rotate-each-hand"
    assert cn.event.seat_rotation_scheme == "green-book"  # rules/mcr.md §6
    family = family_for("mcr")
    assert family.seats_by_round(seed, "W") is None  # nobody changes seats
    assert family.seats_by_round(cn, "W") == ["W", "N", "E", "S"]  # rules/mcr.md §6 table
    # Either edition may choose the other scheme.
    chosen = resolve("mcr", {"seat_rotation_scheme": "green-book"})
    assert chosen.event.seat_rotation_scheme == "green-book"


def test_rules_frozen_before_the_seat_option_keep_the_green_book_seats():
    frozen = resolve("mcr", CN).freeze()
    del frozen["event"]["seat_rotation_scheme"]
    del frozen["hand"]["mcr_edition"]  # frozen before the editions: cn-national
    assert family_for("mcr").thaw(frozen).event.seat_rotation_scheme == "green-book"
    seeded = resolve("mcr", {}).freeze()
    del seeded["event"]["seat_rotation_scheme"]
    assert family_for("mcr").thaw(seeded).event.seat_rotation_scheme == "rotate-each-hand"
