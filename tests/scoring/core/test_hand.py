"""Structural checks that hold under every ruleset, through the engine's error values."""

from __future__ import annotations

import pytest

from scoring.core.hand import hand_from_dict
from scoring.engine import score
from tests.sample_hands import RIICHI_PINFU_TANYAO

PINFU = RIICHI_PINFU_TANYAO


def _error(**changes):
    result = score({**PINFU, **changes}, "tenhou")
    assert not result.valid
    return result.error


def test_a_good_hand_reads_back():
    hand = hand_from_dict({**PINFU, "melds": []})
    assert len(hand.concealed) == 13 and str(hand.win_tile) == "4s"
    assert not hand.is_open and not hand.dealer


def test_five_copies_of_a_tile_are_counted_where_they_are():
    error = _error(
        concealed="3333m456p789s", win_tile="1z", melds=[{"type": "chi", "tiles": "345m"}]
    )
    assert error.code == "too_many_copies"
    assert error.message == "5 copies of 3m (4 in hand, 1 in a chow); a set has 4"
    error = _error(concealed="33333m456p789s11z", win_tile="1z")
    assert error.code == "too_many_copies"
    assert error.message.startswith("5 copies of 3m (5 in hand)")


def test_thirteen_tiles_is_a_wrong_count():
    error = _error(concealed="234567m456p238s")
    assert error.code == "wrong_tile_count"
    assert error.message.startswith("13 tiles: a winning hand has 14")


def test_unknown_tile_names_the_field():
    error = _error(concealed="234567m456p2388z")
    assert error.code == "bad_tile"
    assert error.message == "concealed: '8z' is not a tile (honours run from 1z East to 7z Red)"


def test_a_chi_that_is_not_a_run_is_a_bad_meld():
    error = _error(
        concealed="234567m4562s",
        win_tile="2s",
        melds=[{"type": "chi", "tiles": "135m"}],
    )
    assert error.code == "bad_meld"
    assert error.message == "melds[0]: chi 135m is not a run of three consecutive suited tiles"


@pytest.mark.parametrize(
    ("meld", "words"),
    [
        ({"type": "pon", "tiles": "123m"}, "pon 123m must be 3 copies of one tile"),
        ({"type": "chi", "tiles": "123z"}, "chi 123z is not a run"),
        ({"type": "chi", "tiles": "891m"}, "chi 891m is not a run"),
        ({"type": "pon", "tiles": "111m", "concealed": True}, "only a kan can be concealed"),
        ({"type": "peng", "tiles": "111m"}, "type 'peng' must be chi, pon or kan"),
    ],
)
def test_meld_shapes(meld, words):
    error = _error(concealed="234567m4562s", win_tile="2s", melds=[meld])
    assert error.code == "bad_meld"
    assert words in error.message


def test_two_red_fives_of_one_suit_are_too_many():
    error = _error(concealed="234006m456p2388s", win_tile="4s")
    assert error.code == "too_many_copies"
    assert "red" in error.message


def test_unknown_ruleset_is_its_own_error():
    result = score(PINFU, "riichi-deluxe")
    assert result.error.code == "unknown_ruleset"
    assert "'riichi-deluxe' is not a ruleset" in result.error.message


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"win": "draw"}, "win:"),
        ({"seat_wind": "X"}, "seat_wind:"),
        ({"melds": "123m"}, "melds:"),
        ({"flowers": 9}, "flowers:"),
        ({"dealer": "yes"}, "dealer:"),
    ],
)
def test_bad_fields_are_named(changes, field):
    error = _error(**changes)
    assert error.code == "bad_input"
    assert error.message.startswith(field)


def test_missing_field():
    data = dict(PINFU)
    del data["win_tile"]
    result = score(data, "tenhou")
    assert result.error.code == "bad_input"
    assert result.error.message == "win_tile: this field is required"


def test_not_an_object():
    assert score(["123m"], "tenhou").error.code == "bad_input"
