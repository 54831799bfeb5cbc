"""mpsz parsing: every tile, red fives, and errors that name the problem."""

from __future__ import annotations

import pytest

from scoring.core.errors import HandError
from scoring.core.tiles import (
    EAST,
    RED,
    Tile,
    counts34,
    dora_from_indicator,
    parse_tile,
    parse_tiles,
    to_mpsz,
)


def test_digits_share_the_suit_letter_that_follows():
    tiles = parse_tiles("123m456p789s1234567z")
    assert [t.kind for t in tiles] == [0, 1, 2, 12, 13, 14, 24, 25, 26, *range(27, 34)]


def test_red_five_is_a_five_marked_red():
    (tile,) = parse_tiles("0p")
    assert tile == Tile(13, red=True)
    assert tile.number == 5 and tile.suit == "p" and str(tile) == "0p"


def test_round_trip_sorts_like_the_corpus():
    assert to_mpsz(parse_tiles("5z406m11p")) == "406m11p5z"


def test_tile_properties():
    one_m, five_s, east, red = parse_tiles("1m5s1z7z")
    assert one_m.is_terminal and not one_m.is_simple
    assert five_s.is_simple and not five_s.is_honour
    assert east.kind == EAST and east.is_honour and not east.is_terminal
    assert red.kind == RED


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("1m", "2m"),
        ("9m", "1m"),
        ("0p", "6p"),
        ("4z", "1z"),
        ("1z", "2z"),
        ("7z", "5z"),
        ("5z", "6z"),
    ],
)
def test_dora_follows_the_indicator(indicator, dora):
    assert dora_from_indicator(parse_tile(indicator)) == parse_tile(dora).kind


def test_counts_treat_red_fives_as_fives():
    assert counts34(parse_tiles("550m"))[4] == 3


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("8z", "'8z' is not a tile"),
        ("0z", "'0z' is not a tile"),
        ("123", "digits '123' have no suit letter"),
        ("m", "suit letter 'm' has no digits"),
        ("12x", "'x' is not part of mpsz notation"),
    ],
)
def test_bad_text_names_the_field_and_the_piece(text, words):
    with pytest.raises(HandError) as caught:
        parse_tiles(text, "concealed")
    assert caught.value.info.code == "bad_tile"
    assert caught.value.info.message.startswith("concealed: ")
    assert words in caught.value.info.message


def test_parse_tile_wants_exactly_one():
    with pytest.raises(HandError, match="exactly one tile"):
        parse_tile("12m", "win_tile")
