"""HKOS hands made by hand, each value worked out from rules/hkos.md §2-§4.

Unless a test says otherwise the winner sits South in an East round
(``seat_wind`` S, ``round_wind`` E) and holds one bonus tile, 3 (the West
flower: not South's, and not "no flowers"), so only the pattern under test
scores. ``_faan`` maps each item's key to its faan (value × count); it is
reported for invalid hands too (below the minimum), which is how patterns
worth less than 3 are checked on their own.
"""

from __future__ import annotations

import pytest

from scoring.core.errors import ERROR_CODES
from scoring.core.names import name_table
from scoring.engine import score
from scoring.families.hkos.hand import PRESET, resolve, scale_units
from scoring.families.hkos.patterns import TESTS
from scoring.families.rulesets import get_ruleset
from tests.scoring.hands import PLAIN_HAND
from tests.scoring.hands import items as _faan
from tests.scoring.hands import melds as _melds

# chow 234m, chow 567p, pung 888s, then 34s + 5s (two-sided) and the pair 99m:
# no pattern at all (mixed suits, a pung so not all chows, no honours).
BASE = {**PLAIN_HAND, "flowers": [3]}
WITH_KONG = {**BASE, "melds": [*BASE["melds"][:2], {"type": "kan", "tiles": "8888s"}]}


def _hk(hand=BASE, lang="en", **changes):
    return score({**hand, **changes}, "hkos", lang)


def test_base_hand_has_no_pattern():
    result = _hk()
    assert _faan(result) == {} and result.total == 0
    assert result.error.code == "below_minimum"


# --- every row of the §3 table -------------------------------------------------


def test_self_draw():
    # Self-draw 1. Total 1.
    assert _faan(_hk(win="tsumo")) == {"self_draw": 1}


def test_win_on_a_kong_replacement():
    # Kong replacement 1 + self-draw 1 = 2.
    result = _hk(WITH_KONG, win="tsumo", flags=["kong_replacement"])
    assert _faan(result) == {"replacement_win": 1, "self_draw": 1} and result.total == 2


def test_win_on_a_flower_replacement():
    # Flower replacement 1 + self-draw 1 = 2 (one row for both kinds of replacement).
    result = _hk(win="tsumo", flags=["flower_replacement"])
    assert _faan(result) == {"replacement_win": 1, "self_draw": 1}


def test_robbing_a_kong():
    # Robbing a kong 1 (a discard-like win: no self-draw).
    assert _faan(_hk(flags=["robbing_kong"])) == {"robbing_kong": 1}


def test_win_on_the_last_tile():
    # Last tile 1 on a discard; drawn: last tile 1 + self-draw 1 = 2.
    assert _faan(_hk(flags=["last_tile"])) == {"last_tile": 1}
    assert _hk(flags=["last_tile"], win="tsumo").total == 2


def test_all_chows():
    # chows 234m 567p 678s 345s + pair 99m: all chows 1.
    melds = _melds("chi 234m", "chi 567p", "chi 678s")
    assert _faan(_hk(melds=melds)) == {"all_chows": 1}


def test_all_chows_missed_by_one_pung():
    assert "all_chows" not in _faan(_hk())  # 888s is a pung


def test_no_flowers():
    # seed 002 L7/L23: the seed's table has no "no flowers" bonus, so none by default.
    assert _faan(_hk(flowers=[])) == {}
    # As an option (faan_table no_flowers 1), no bonus tile at all: 1.
    # A bare count 0 is the same as an empty list.
    on = {"faan_table": {"no_flowers": 1}}
    assert _faan(_hk(flowers=[], options=on)) == {"no_flowers": 1}
    assert _faan(_hk(flowers=0, options=on)) == {"no_flowers": 1}


def test_dragon_pungs_count_one_each():
    # pung of Red: 1; pungs of White and Green (pair 99m): 1 × 2 = 2.
    red = _melds("chi 234m", "chi 567p", "pon 777z")
    assert _faan(_hk(melds=red)) == {"dragon_pung": 1}
    two = _melds("chi 234m", "pon 555z", "pon 666z")
    result = _hk(melds=two)
    assert _faan(result) == {"dragon_pung": 2}
    assert [(i.value, i.count) for i in result.items] == [(1, 2)]


def test_seat_wind():
    # South seat, pung of South: seat wind 1 (the round is East).
    melds = _melds("chi 234m", "chi 567p", "pon 222z")
    assert _faan(_hk(melds=melds)) == {"seat_wind": 1}


def test_prevailing_wind():
    # East round, pung of East, South seat: prevailing wind 1.
    melds = _melds("chi 234m", "chi 567p", "pon 111z")
    assert _faan(_hk(melds=melds)) == {"prevailing_wind": 1}


def test_seat_and_prevailing_wind_stack():
    # East seat in an East round, pung of East: seat 1 + prevailing 1 = 2.
    melds = _melds("chi 234m", "chi 567p", "pon 111z")
    result = _hk(melds=melds, seat_wind="E")
    assert _faan(result) == {"seat_wind": 1, "prevailing_wind": 1} and result.total == 2


def test_a_wind_that_is_neither_seat_nor_prevailing_scores_nothing():
    melds = _melds("chi 234m", "chi 567p", "pon 444z")  # North; South seat, East round
    assert _faan(_hk(melds=melds)) == {}


def test_own_flower_and_own_season():
    # South is seat 2: flower 2 (orchid) 1 + season 6 (summer) 1 = 2.
    result = _hk(flowers=[2, 6])
    assert _faan(result) == {"seat_flower": 1, "seat_season": 1} and result.total == 2


def test_flowers_of_the_wrong_seat_score_nothing():
    # Flowers 1 and 5 are East's; South gets nothing for them (and not "no flowers").
    assert _faan(_hk(flowers=[1, 5, 3, 4, 8])) == {}


def test_own_flower_follows_the_seat():
    # The same bonus tiles 1 and 5 in East's hand: 1 + 1 = 2.
    assert _hk(flowers=[1, 5], seat_wind="E").total == 2


def test_complete_set_of_flowers_replaces_its_own_seat_bonus():
    # Flowers 1-4 for South: complete set 2 (flower 2's own-seat 1 is replaced);
    # season 6 is South's too and stays: 2 + 1 = 3.
    assert _faan(_hk(flowers=[1, 2, 3, 4])) == {"four_flowers": 2}
    result = _hk(flowers=[1, 2, 3, 4, 6])
    assert _faan(result) == {"four_flowers": 2, "seat_season": 1} and result.total == 3


def test_complete_set_of_seasons():
    # Seasons 5-8 + flower 2 for South: complete set 2 + own flower 1 = 3.
    assert _faan(_hk(flowers=[5, 6, 7, 8, 2])) == {"four_seasons": 2, "seat_flower": 1}


def test_all_eight_bonus_tiles_replace_every_other_flower_bonus():
    # All eight: 8 alone (not 2 + 2 + 1 + 1).
    result = _hk(flowers=[1, 2, 3, 4, 5, 6, 7, 8])
    assert _faan(result) == {"all_flowers": 8} and result.total == 8
    assert result.valid and result.points == 64 * 4  # u(8) = 64


def test_all_eight_bonus_tiles_are_not_a_win_by_themselves():
    # 1m 3m 5m … no shape: eight flowers do not make a win.
    hand = {**BASE, "melds": [], "concealed": "135m135p135s1234z", "win_tile": "7z"}
    result = _hk(hand, flowers=[1, 2, 3, 4, 5, 6, 7, 8])
    assert result.error.code == "not_winning"


def test_mixed_terminals_and_honours():
    # pungs 111m 999p 999s(standing) 444z(completed by the discard) + pair 11s:
    # mixed terminals 1 + all pungs 3 = 4 (North is not the South seat's wind).
    hand = {**BASE, "melds": _melds("pon 111m", "pon 999p"), "concealed": "999s44z11s"}
    result = _hk(hand, win_tile="4z")
    assert _faan(result) == {"all_pungs": 3, "mixed_terminals": 1} and result.total == 4


def test_all_pungs():
    # pungs 222m 555p 888s + 33m with the discard 3m + pair 66p: all pungs 3.
    hand = {**BASE, "melds": _melds("pon 222m", "pon 555p", "pon 888s"), "concealed": "33m66p"}
    result = _hk(hand, win_tile="3m")
    assert _faan(result) == {"all_pungs": 3} and result.valid and result.points == 8 * 4


def test_mixed_one_suit():
    # 123m 456m pung of North + 78m9m + pair West: mixed one suit 3.
    hand = {**BASE, "melds": _melds("chi 123m", "chi 456m", "pon 444z"), "concealed": "78m33z"}
    assert _faan(_hk(hand, win_tile="9m")) == {"mixed_one_suit": 3}


def test_mixed_one_suit_missed_by_a_stray_suit_tile():
    # The same with the pair 99p instead of West: two suits, no pattern.
    hand = {**BASE, "melds": _melds("chi 123m", "chi 456m", "pon 444z"), "concealed": "78m99p"}
    assert _faan(_hk(hand, win_tile="9m")) == {}


def test_pure_one_suit():
    # 123m 456m 999m 678m + pair 11m: pure one suit 7 (not mixed, no honours).
    hand = {**BASE, "melds": _melds("chi 123m", "chi 456m", "pon 999m"), "concealed": "67m11m"}
    result = _hk(hand, win_tile="8m")
    assert _faan(result) == {"pure_one_suit": 7} and result.total == 7


def test_small_three_dragons_replaces_the_dragon_pungs():
    # White and Green pungs, Red pair, 123p 456m: small three dragons 5
    # (not 5 + 2 for the two dragon pungs).
    hand = {**BASE, "melds": _melds("pon 555z", "pon 666z", "chi 123p"), "concealed": "45m77z"}
    result = _hk(hand, win_tile="6m")
    assert _faan(result) == {"small_three_dragons": 5} and result.total == 5


def test_big_three_dragons_replaces_the_dragon_pungs():
    # Three dragon pungs, 456m, pair 99p: big three dragons 8 (not 8 + 3).
    melds = _melds("pon 555z", "pon 666z", "pon 777z")
    result = _hk({**BASE, "melds": melds, "concealed": "45m99p"}, win_tile="6m")
    assert _faan(result) == {"big_three_dragons": 8}


def test_small_four_winds_replaces_wind_suit_and_pung_bonuses():
    # East, South, West pungs, North pair, 123m: small four winds 10. Replaced:
    # prevailing East 1, seat South 1, mixed one suit 3 (m + honours).
    melds = _melds("pon 111z", "pon 222z", "pon 333z")
    hand = {**BASE, "melds": melds, "concealed": "23m44z"}
    result = _hk(hand, win_tile="1m")
    assert _faan(result) == {"small_four_winds": 10} and result.total == 10


def test_a_ten_faan_pattern_keeps_flower_and_self_draw_bonuses():
    # The same drawn, with South's own flower 2: 10 + self-draw 1 + own flower 1 = 12.
    melds = _melds("pon 111z", "pon 222z", "pon 333z")
    hand = {**BASE, "melds": melds, "concealed": "23m44z"}
    result = _hk(hand, win_tile="1m", win="tsumo", flowers=[2])
    assert _faan(result) == {"small_four_winds": 10, "self_draw": 1, "seat_flower": 1}
    assert result.total == 12 and result.points == 256 * 4  # u(12) = 256


def test_all_honours_replaces_what_it_contains():
    # Pungs East, White, Green, West + pair South: all honours 10. Replaced:
    # prevailing East 1, dragon pungs 2, all pungs 3 (the South pair scores nothing).
    hand = {**BASE, "melds": _melds("pon 111z", "pon 555z", "pon 666z"), "concealed": "22z33z"}
    result = _hk(hand, win_tile="3z")
    assert _faan(result) == {"all_honours": 10}


def test_all_honours_with_small_three_dragons_is_capped():
    # East, South, White, Green pungs + Red pair: all honours 10 + small three
    # dragons 5 = 15 (the wind and dragon pungs replaced), paid as 13: cut −2.
    melds = _melds("pon 111z", "pon 222z", "pon 555z")
    result = _hk({**BASE, "melds": melds, "concealed": "66z77z"}, win_tile="6z")
    assert _faan(result) == {"all_honours": 10, "small_three_dragons": 5, "max_faan": -2}
    assert result.total == 13 == sum(i.value * i.count for i in result.items)


ALL_TERMINALS = {**BASE, "melds": _melds("pon 111m", "pon 999m", "pon 111p"), "concealed": "99s11s"}


def test_all_terminals_is_a_limit_hand():
    # 111m 999m 111p 111s + 99s: all terminals 13; all pungs is not added.
    result = _hk(ALL_TERMINALS, win_tile="1s")
    assert _faan(result) == {"all_terminals": 13} and result.points == 384 * 4


def test_all_terminals_at_ten_is_a_ten_faan_pattern():
    # faan_table all_terminals 10: then a "10-faan pattern": replaces all pungs 3
    # but keeps self-draw 1 and own flower 1: 10 + 1 + 1 = 12.
    options = {"faan_table": {"all_terminals": 10}}
    result = _hk(ALL_TERMINALS, win_tile="1s", win="tsumo", flowers=[2], options=options)
    assert _faan(result) == {"all_terminals": 10, "self_draw": 1, "seat_flower": 1}


THIRTEEN_ORPHANS = {**BASE, "melds": [], "concealed": "19m19p19s1234567z", "win_tile": "1m"}


def test_thirteen_orphans():
    assert _faan(_hk(THIRTEEN_ORPHANS)) == {"thirteen_orphans": 13}


def test_a_limit_hand_takes_no_extras():
    # Drawn, East seat and round, all eight bonus tiles: still 13 (no 1 + 8 + …).
    result = _hk(THIRTEEN_ORPHANS, win="tsumo", seat_wind="E", flowers=list(range(1, 9)))
    assert _faan(result) == {"thirteen_orphans": 13} and result.total == 13


def test_nine_gates():
    # 1112345678999m + 5m, closed: 13 (pure one suit 7 is not added).
    hand = {**BASE, "melds": [], "concealed": "1112345678999m"}
    assert _faan(_hk(hand, win_tile="5m")) == {"nine_gates": 13}


def test_nine_gates_missed_when_melded():
    # The same tiles with 111m melded: pure one suit 7 + … but no nine gates.
    hand = {**BASE, "melds": _melds("pon 111m"), "concealed": "2345678999m"}
    result = _hk(hand, win_tile="5m")
    assert "nine_gates" not in _faan(result) and _faan(result)["pure_one_suit"] == 7


def test_big_four_winds():
    # Four wind pungs + pair 55m: 13 (seat, prevailing, all pungs, mixed suit not added).
    melds = _melds("pon 111z", "pon 222z", "pon 333z")
    result = _hk({**BASE, "melds": melds, "concealed": "44z55m"}, win_tile="4z")
    assert _faan(result) == {"big_four_winds": 13}


def test_four_kongs():
    # Kongs 1111m, 2222p (concealed), 3333s, 4444z + pair 5m: 13.
    melds = _melds("kan 1111m", "ckan 2222p", "kan 3333s", "kan 4444z")
    result = _hk({**BASE, "melds": melds, "concealed": "5m"}, win_tile="5m")
    assert _faan(result) == {"four_kongs": 13}


HEAVENLY = {**BASE, "melds": [], "concealed": "123m456p789s234s5p", "win_tile": "5p"}


def test_heavenly_hand():
    # East's initial 14: 13 (self-draw, all chows not added).
    result = _hk(HEAVENLY, seat_wind="E", win="tsumo", flags=["heavenly"])
    assert _faan(result) == {"heavenly": 13} and result.valid


def test_earthly_hand():
    # South wins on East's first discard: 13.
    assert _faan(_hk(HEAVENLY, flags=["earthly"])) == {"earthly": 13}


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"seat_wind": "S", "win": "tsumo"}, "heavenly is East's self-drawn win"),
        ({"seat_wind": "E", "win": "ron"}, "heavenly is East's self-drawn win"),
        ({"seat_wind": "E", "win": "tsumo", "melds": _melds("ckan 1111z")}, "before any kong"),
    ],
)
def test_heavenly_hand_needs_east_self_drawn_before_any_kong(changes, problem):
    hand = {**HEAVENLY, **changes}
    if "melds" in changes:
        hand["concealed"] = "123m456p789s5p"
    result = _hk(hand, flags=["heavenly"])
    assert result.error.code == "bad_flag" and problem in result.error.message


def test_earthly_hand_is_not_easts_and_not_drawn():
    assert _hk(HEAVENLY, seat_wind="E", flags=["earthly"]).error.code == "bad_flag"
    assert _hk(HEAVENLY, win="tsumo", flags=["earthly"]).error.code == "bad_flag"


# --- forms -----------------------------------------------------------------


def test_seven_pairs_is_not_a_win():
    hand = {**BASE, "melds": [], "concealed": "1133m5577p99s112z", "win_tile": "2z"}
    result = _hk(hand)
    assert result.error.code == "not_winning"
    assert "seven pairs, which is not a win in HKOS" in result.error.message


def test_pairs_that_also_read_as_chows_win_as_chows():
    # 112233m 445566p 77s: two 123m and two 456p chows + pair 7s: all chows 1.
    hand = {**BASE, "melds": [], "concealed": "112233m445566p7s", "win_tile": "7s"}
    assert _faan(_hk(hand)) == {"all_chows": 1}


def test_not_winning_says_what_it_waits_on():
    result = _hk(win_tile="9s")
    assert result.error.code == "not_winning"
    assert result.error.message.endswith("it waits on 2s, 5s")


# --- minimum and maximum ------------------------------------------------------


def test_below_the_minimum_still_reports_the_count():
    # No flowers 1 (an option, seed 002 L23) + self-draw 1 = 2 < 3.
    result = _hk(flowers=[], win="tsumo", options={"faan_table": {"no_flowers": 1}})
    assert not result.valid and result.error.code == "below_minimum"
    assert result.error.message == "2 faan; a win needs 3"
    assert result.total == 2 and _faan(result) == {"no_flowers": 1, "self_draw": 1}
    assert result.points is None


def test_bonus_faan_count_toward_the_minimum_by_default():
    # All chows 1 + self-draw 1 + own flower 1 = 3: a win worth u(3) × 4 = 32.
    melds = _melds("chi 234m", "chi 567p", "chi 678s")
    result = _hk(melds=melds, win="tsumo", flowers=[2])
    assert result.valid and result.total == 3 and result.points == 32


def test_bonus_faan_can_be_left_out_of_the_minimum():
    # The same under bonus_counts_toward_min false: only all chows 1 counts.
    melds = _melds("chi 234m", "chi 567p", "chi 678s")
    options = {"bonus_counts_toward_min": False}
    result = _hk(melds=melds, win="tsumo", flowers=[2], options=options)
    assert result.error.code == "below_minimum"
    assert result.error.message == "1 faan without flowers and self-draw; a win needs 3"
    assert result.total == 3


def test_min_faan_option():
    assert _hk(options={"min_faan": 0}).valid  # 0 faan, worth u(0) × 4 = 4
    assert _hk(options={"min_faan": 0}).points == 4


def test_maximum_13_shows_the_cut():
    # Pure one suit 7 + all pungs 3 + self-draw 1 + all eight 8 = 19, paid 13 (cut −6).
    melds = _melds("pon 111m", "pon 333m", "pon 555m")
    hand = {**BASE, "melds": melds, "concealed": "77m99m"}
    result = _hk(hand, win_tile="7m", win="tsumo", flowers=list(range(1, 9)))
    faan = _faan(result)
    assert faan == {
        "pure_one_suit": 7,
        "all_pungs": 3,
        "self_draw": 1,
        "all_flowers": 8,
        "max_faan": -6,
    }
    assert result.total == 13 == sum(faan.values())
    assert result.items[-1].name == "Over the limit"


def test_max_faan_option():
    # max_faan 10: pure one suit 7 + all pungs 3 + self-draw 1 = 11, cut −1 -> 10, u(10) = 128.
    melds = _melds("pon 111m", "pon 333m", "pon 555m")
    hand = {**BASE, "melds": melds, "concealed": "77m99m"}
    result = _hk(hand, win_tile="7m", win="tsumo", options={"max_faan": 10})
    assert result.total == 10 and _faan(result)["max_faan"] == -1 and result.points == 512


# --- the faan table as data ---------------------------------------------------


def test_faan_table_override_changes_a_value():
    # Pure one suit at 6 (some tables).
    hand = {**BASE, "melds": _melds("chi 123m", "chi 456m", "pon 999m"), "concealed": "67m11m"}
    result = _hk(hand, win_tile="8m", options={"faan_table": {"pure_one_suit": 6}})
    assert _faan(result) == {"pure_one_suit": 6}


def test_a_pattern_at_zero_is_off():
    assert _faan(_hk(flowers=[], options={"faan_table": {"no_flowers": 0}})) == {}
    assert _faan(_hk(flowers=[], options={"faan_table": {"all_chows": 0}})) == {}


def test_mixed_terminals_at_four():
    # Some tables value 花么九 at 4: 4 + all pungs 3 = 7.
    hand = {**BASE, "melds": _melds("pon 111m", "pon 999p"), "concealed": "999s44z11s"}
    result = _hk(hand, win_tile="4z", options={"faan_table": {"mixed_terminals": 4}})
    assert result.total == 7


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"faan_table": {"seven_pairs": 4}}, "'seven_pairs' is not an HKOS pattern"),
        ({"faan_table": {"max_faan": 4}}, "'max_faan' is not an HKOS pattern"),
        ({"faan_table": {"all_chows": -1}}, "faan_table.all_chows"),
        ({"faan_table": {"all_chows": "1"}}, "faan_table.all_chows"),
        ({"faan_table": ["all_chows"]}, "expected an object"),
        ({"min_fan": 8}, "'min_fan' is not an HKOS option"),
        ({"min_faan": 14}, "min_faan ≤ max_faan"),
        ({"max_faan": True}, "options.max_faan"),
        ({"bonus_counts_toward_min": "yes"}, "bonus_counts_toward_min"),
        ({"faan_scale": "spicy"}, "use half-spicy, full-spicy"),
        ({"faan_scale": "custom"}, "a list of 14 values"),
        ({"faan_scale": [1, 2, 3]}, "14 positive whole numbers"),
        ({"faan_scale": [2, 1] + [4] * 12}, "cannot fall"),
        ({"points_per_unit": 0}, "points_per_unit"),
    ],
)
def test_bad_options(options, words):
    result = _hk(options=options)
    assert result.error.code == "bad_option" and words in result.error.message


def test_session_options_pass_the_hand_reader():
    options = {
        "payment_scheme": "half-responsibility",
        "multiple_winners": True,
        "session_length": "minutes:90",
        "time_limit_policy": "finish_current",
        "dealer_repeat_cap": 3,
        "false_win_points": 100,
        "false_win_policy": "continue",
        "tiebreak_chain": ["session_wins"],
    }
    assert _hk(flowers=[2, 6], win="tsumo", options=options).valid


def test_replaces_is_stored_in_the_config():
    replaces = dict(PRESET.replaces)
    assert replaces["small_three_dragons"] == ("dragon_pung",)
    assert replaces["all_flowers"] == ("four_flowers", "four_seasons", "seat_flower", "seat_season")
    assert set(replaces["all_honours"]) == {
        "mixed_one_suit",
        "pure_one_suit",
        "seat_wind",
        "prevailing_wind",
        "dragon_pung",
        "all_pungs",
    }
    assert "self_draw" in replaces["big_four_winds"]
    assert dict(PRESET.faan_table)["all_terminals"] == 13
    lowered = resolve(PRESET, {"faan_table": {"all_terminals": 10}})
    assert "self_draw" not in dict(lowered.replaces)["all_terminals"]


def test_defaults_of_the_table():
    # rules/hkos.md §3 defaults, row by row.
    assert dict(PRESET.faan_table) == {
        "self_draw": 1,
        "replacement_win": 1,
        "robbing_kong": 1,
        "last_tile": 1,
        "no_flowers": 0,  # seed 002 L7/L23: not in the seed's table, an option
        "seat_flower": 1,
        "seat_season": 1,
        "four_flowers": 2,
        "four_seasons": 2,
        "all_flowers": 8,
        "dragon_pung": 1,
        "seat_wind": 1,
        "prevailing_wind": 1,
        "all_chows": 1,
        "mixed_terminals": 1,
        "all_pungs": 3,
        "mixed_one_suit": 3,
        "small_three_dragons": 5,
        "pure_one_suit": 7,
        "big_three_dragons": 8,
        "small_four_winds": 10,
        "all_honours": 10,
        "all_terminals": 13,
        "thirteen_orphans": 13,
        "nine_gates": 13,
        "big_four_winds": 13,
        "four_kongs": 13,
        "heavenly": 13,
        "earthly": 13,
    }
    assert (PRESET.min_faan, PRESET.max_faan, PRESET.bonus_counts_toward_min) == (3, 13, True)
    assert get_ruleset("hkos").preset is PRESET


# --- faan to points (§4) --------------------------------------------------------

HALF_SPICY = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)  # §4 table, f = 0 … 13


@pytest.mark.parametrize("faan", range(14))
def test_half_spicy_table_every_column(faan):
    assert PRESET.units(faan) == HALF_SPICY[faan]
    assert PRESET.hand_value(faan) == HALF_SPICY[faan] * 4


def test_half_spicy_doubles_every_two_faan_above_four():
    assert scale_units("half-spicy", 13) == HALF_SPICY
    units = scale_units("half-spicy", 16)
    assert units[14:] == (512, 768, 1024)  # 384 × 4/3, × 3/2, × 4/3


def test_faan_above_the_maximum_are_paid_as_the_maximum():
    assert PRESET.hand_value(20) == PRESET.hand_value(13) == 1536


def test_stake_table_is_this_scale_times_20():
    # §4: 3 faan 160 on a discard, 240 self-drawn (3V/2); 13 faan 7,680 / 11,520.
    config = resolve(PRESET, {"points_per_unit": 20})
    assert config.hand_value(3) == 160 and config.hand_value(3) * 3 // 2 == 240
    assert config.hand_value(13) == 7680 and config.hand_value(13) * 3 // 2 == 11520


def test_full_spicy_scale():
    config = resolve(PRESET, {"faan_scale": "full-spicy"})
    assert config.faan_units == tuple(2**f for f in range(14))
    assert config.hand_value(13) == 8192 * 4


def test_custom_scale():
    custom = [1, 2, 4, 8, 16, 32, 48, 64, 96, 128, 192, 256, 384, 512]
    config = resolve(PRESET, {"faan_scale": custom})
    assert config.faan_scale == "custom" and config.units(5) == 32
    assert resolve(config, {"faan_scale": "custom"}).faan_units == tuple(custom)
    # All pungs 3 under the custom scale: u(3) = 8, V = 32.
    hand = {**BASE, "melds": _melds("pon 222m", "pon 555p", "pon 888s"), "concealed": "33m66p"}
    assert _hk(hand, win_tile="3m", options={"faan_scale": custom}).points == 32


# --- names ----------------------------------------------------------------------


def test_names_in_three_languages():
    hand = {**BASE, "melds": _melds("chi 123m", "chi 456m", "pon 999m"), "concealed": "67m11m"}
    names = {lang: _hk(hand, lang, win_tile="8m").items[0].name for lang in ("en", "ja", "zh")}
    assert names == {"en": "Pure one suit", "ja": "清一色", "zh": "清一色"}
    result = _hk(THIRTEEN_ORPHANS, "ja")
    assert result.items[0].name == "国士無双"
    assert _hk(THIRTEEN_ORPHANS, "zh").items[0].name == "十三幺"


def test_every_row_is_named_in_every_language():
    rows = name_table("hkos_faan")
    assert set(rows) == set(TESTS) | {"max_faan"}
    for key, row in rows.items():
        assert all(row[lang].strip() for lang in ("en", "ja", "zh")), key


# --- situation and input checks ---------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"flags": ["riichi"]}, "'riichi' is not an HKOS flag"),
        ({"flags": ["last_of_kind"]}, "'last_of_kind' is not an HKOS flag"),
        ({"flags": ["kong_replacement"], "win": "tsumo"}, "needs a kong"),
        ({"flags": ["kong_replacement"]}, "is a self-draw"),
        ({"flags": ["flower_replacement"], "win": "tsumo", "flowers": []}, "needs a bonus tile"),
        ({"flags": ["robbing_kong"], "win": "tsumo"}, "not a self-draw"),
    ],
)
def test_bad_flags(changes, words):
    result = _hk(**changes)
    assert result.error.code == "bad_flag" and words in result.error.message


def test_a_bare_flower_count_is_refused():
    result = _hk(flowers=2)
    assert result.error.code == "bad_input"
    assert "give the list of tiles (1-4 flowers, 5-8 seasons), not the count 2" in (
        result.error.message
    )


def test_the_dealer_is_east():
    assert _hk(dealer=True).error.code == "bad_input"  # South cannot deal
    assert _hk(seat_wind="E", dealer=False).error.code == "bad_input"


def test_riichi_fields_are_refused():
    assert _hk(dora_indicators="1m").error.code == "bad_input"


def test_error_codes_are_registered():
    for hand in (_hk(flowers=2), _hk(flags=["x"]), _hk(options={"x": 1}), _hk(win_tile="9s")):
        assert hand.error.code in ERROR_CODES
