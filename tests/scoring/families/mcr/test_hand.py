"""MCR hands made by hand, each value checked against seed 000's fan table.

The base hand is melded: chows 234m and 567p, a pung of 8s, then 34s + 5s
(a two-sided wait, no wait fan) and the pair 99m. Its only fan is No Honors
(#76, 1), so situational fans show on their own.
"""

from __future__ import annotations

import pytest

from scoring.core.hand import hand_from_dict
from scoring.core.names import name_table
from scoring.engine import score
from scoring.families.mcr.hand import _library_fans
from tests.scoring.hands import PLAIN_HAND

BASE = PLAIN_HAND
WITH_KONG = {**BASE, "melds": [*BASE["melds"][:2], {"type": "kan", "tiles": "8888s"}]}


def _fans(result):
    return {i.key: i.total for i in result.items}


def _mcr(hand, **changes):
    return score({**hand, **changes}, "mcr")


def test_one_fan_is_below_the_minimum():
    result = _mcr(BASE)
    assert not result.valid
    assert result.error.code == "below_minimum"
    assert result.error.message == "1 fan without flowers; a win needs 8"
    assert result.total == 1 and _fans(result) == {"no_honors": 1}


def test_flowers_do_not_count_towards_the_minimum():
    result = _mcr(BASE, flowers=8)
    assert result.error.code == "below_minimum"
    assert result.total == 9  # reported, for the ruling
    assert _fans(result) == {"no_honors": 1, "flower_tiles": 8}


def test_last_tile_draw():
    # #44 Last Tile Draw 8 (not combined with Self-Drawn) + No Honors 1
    result = _mcr(BASE, win="tsumo", flags=["last_tile"])
    assert result.valid and result.total == 9
    assert _fans(result) == {"last_tile_draw": 8, "no_honors": 1}


def test_last_tile_claim():
    result = _mcr(BASE, flags=["last_tile"])
    assert _fans(result) == {"last_tile_claim": 8, "no_honors": 1}


def test_robbing_the_kong():
    # #47 Robbing the Kong 8 + No Honors 1
    result = _mcr(BASE, flags=["robbing_kong"])
    assert result.valid and _fans(result) == {"robbing_the_kong": 8, "no_honors": 1}


def test_out_with_replacement_tile():
    # #46 Out with Replacement Tile 8 (not with Self-Drawn) + Melded Kong 1 + No Honors 1
    result = _mcr(WITH_KONG, win="tsumo", flags=["kong_replacement"])
    assert result.valid and result.total == 10
    assert _fans(result) == {"out_with_replacement_tile": 8, "melded_kong": 1, "no_honors": 1}


def test_flowers_are_their_own_item_and_count_in_the_total():
    result = _mcr(WITH_KONG, win="tsumo", flags=["kong_replacement"], flowers=[1, 5])
    assert result.total == 12
    (flowers,) = [i for i in result.items if i.key == "flower_tiles"]
    assert (flowers.value, flowers.count) == (1, 2)


def test_eight_fan_exactly_is_enough():
    # Chicken Hand (#43, 8): the base hand as a self-draw still has No Honors
    # and Self-Drawn, so use Last Tile Claim instead: 8 + 1 = 9; and the
    # minimum can be changed per event.
    assert _mcr(BASE, flags=["last_tile"]).valid
    assert _mcr(BASE, options={"min_fan": 1}).valid
    assert not _mcr(BASE, flags=["last_tile"], options={"min_fan": 10}).valid


# Two concealed kongs (1s, 9p), a melded chow 678m, 234m and a 5p single wait,
# self-drawn: Pung of Terminals or Honors x2, No Honors, Single Wait,
# Self-Drawn = 5, plus the kong fan of the edition.
TWO_KONGS = {
    "concealed": "234m5p",
    "win_tile": "5p",
    "win": "tsumo",
    "seat_wind": "S",
    "round_wind": "E",
    "melds": [
        {"type": "kan", "tiles": "1111s", "concealed": True},
        {"type": "kan", "tiles": "9999p", "concealed": True},
        {"type": "chi", "tiles": "678m"},
    ],
}
ONE_OF_EACH = {
    **TWO_KONGS,
    "melds": [TWO_KONGS["melds"][0], {"type": "kan", "tiles": "9999p"}, TWO_KONGS["melds"][2]],
}


@pytest.mark.parametrize(
    ("hand", "edition", "fan", "total"),
    [
        (TWO_KONGS, "green-book", ("two_concealed_kongs", 8), 13),
        (TWO_KONGS, "cn-national", ("two_concealed_kongs", 6), 11),
        (ONE_OF_EACH, "green-book", ("two_melded_kongs", 6), 11),
        (ONE_OF_EACH, "cn-national", ("concealed_kong_and_melded_kong", 5), 10),
    ],
)
def test_kong_values_by_edition(hand, edition, fan, total):
    result = _mcr(hand, options={"mcr_kong_values": edition})
    assert result.total == total
    key, value = fan
    assert _fans(result)[key] == value
    assert {"pung_of_terminals_or_honors": 2, "self_drawn": 1}.items() <= _fans(result).items()


def test_green_book_is_the_default():
    assert _mcr(TWO_KONGS).total == 13


def test_table_has_the_81_fans_in_seed_order():
    table = name_table("mcr_fans")
    assert len(table) == 82  # 81 fans + 明暗杠 of the national edition
    assert [int(r["number"]) for r in table.values() if r["number"]] == list(range(1, 82))


def test_table_values_agree_with_the_library(mcr_corpus):
    """Seed 000's values in our table equal the library's, except Two Concealed Kongs
    (8 in the seed, 6 in the library's national edition)."""
    table = name_table("mcr_fans")
    differ = set()
    for case in mcr_corpus:
        for key, library_value, _count in _library_fans(hand_from_dict(case)):
            if int(table[key]["value"]) != library_value:
                differ.add((key, int(table[key]["value"]), library_value))
    assert differ == {("two_concealed_kongs", 8, 6)}


@pytest.mark.parametrize(
    ("changes", "code", "words"),
    [
        ({"flags": ["riichi"]}, "bad_flag", "'riichi' is not an MCR flag"),
        ({"flags": ["kong_replacement"], "win": "tsumo"}, "bad_flag", "needs a kong"),
        ({"flags": ["robbing_kong"], "win": "tsumo"}, "bad_flag", "not a self-draw"),
        ({"dora_indicators": "1m"}, "bad_input", "dora_indicators: MCR has none"),
        ({"options": {"mcr_kong_values": "gb"}}, "bad_option", "mcr_kong_values"),
        ({"options": {"min_fan": "8"}}, "bad_option", "options.min_fan: expected int"),
        ({"win_tile": "6s"}, "not_winning", "99m34s + 6s does not complete; it waits on 2s, 5s"),
        ({"concealed": "34s999m", "win_tile": "9m"}, "wrong_tile_count", "15 tiles"),
    ],
)
def test_bad_hands_are_named(changes, code, words):
    result = _mcr(BASE, **changes)
    assert result.error.code == code
    assert words in result.error.message


def test_flowers_can_be_switched_off():
    result = _mcr(BASE, flags=["last_tile"], flowers=2, options={"flowers_used": False})
    assert result.error.code == "bad_input"


def test_session_options_pass_through():
    assert _mcr(BASE, flags=["last_tile"], options={"hands_per_session": 16}).valid


def test_names_in_three_languages():
    names = {
        lang: score({**BASE, "flags": ["robbing_kong"]}, "mcr", lang).items[0].name
        for lang in ("en", "ja", "zh")
    }
    assert names == {"en": "Robbing the Kong", "ja": "搶杠和", "zh": "抢杠和"}


def test_knitted_hands_win():
    # Lesser Honors and Knitted Tiles (#34, 12): 147m 258p 369s knitted with five honours
    hand = {
        "concealed": "147m258p36s12345z",
        "win_tile": "6z",
        "win": "ron",
        "seat_wind": "S",
        "round_wind": "E",
    }
    result = score(hand, "mcr")
    assert result.valid, result.error
    assert "lesser_honors_and_knitted_tiles" in _fans(result) or "knitted_straight" in _fans(result)
