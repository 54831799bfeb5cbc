"""Tiles and the mpsz notation.

mpsz is what judges and the corpus write: digits followed by a suit letter,
``m`` characters, ``p`` dots, ``s`` bamboo, ``z`` honours (1z..7z = East,
South, West, North, White, Green, Red). ``0m``/``0p``/``0s`` is a red five.
Digits before a suit letter share it: ``123m456p11z``.

A :class:`Tile` is a *kind* (0..33) plus whether it is the red copy of a five.
Parsing errors name the field and the exact piece of text that is wrong,
because the person reading them is a judge holding a phone. Each is a
:class:`TileError`: a ``problem`` code with its ``params`` (``TILE_PROBLEMS``),
which the Django side turns into words in the judge's language, under the
hand-format code it belongs to (``bad_tile``, ``too_many_copies``,
``wrong_tile_count``).

What a judge types into one tile input of a form (:func:`read_typed`) is read
strictly: ASCII digits only (a full-width digit gets its own problem, where
the engine's JSON input lets any decimal digit through, as it always has),
any whitespace skipped, and the copies and the count checked for the input's
*kind* (``INPUT_KINDS``). The constants a page's script needs to read mpsz
the same way are in :func:`script_rules`.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scoring.core.errors import HandError

SUITS = "mpsz"
HONOUR_SUIT = "z"
DIGITS = "0123456789"  # what mpsz writes before a suit letter (ASCII)
NUMBERS = "123456789"  # a suit's tiles as written
HONOURS = "1234567"  # 1z-7z: East, South, West, North, White, Green, Red
RED_FIVE = "0"  # 0m, 0p, 0s: the red copy of the five
WIND_LETTERS = "ESWN"

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WIND_KINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
NUM_KINDS = 34
COPIES = 4
HAND_SIZE = 14  # four sets and a pair; a kong counts as a set of three
MELD_SIZES = {"chi": 3, "pon": 3, "kan": 4}
PAIR_SIZE = 2

# The kinds of tile input a form has, for the count of tiles each may hold.
ONE, MELD, INDICATORS, CONCEALED, MANY = "one", "meld", "indicators", "concealed", "many"
INPUT_KINDS = (ONE, MELD, INDICATORS, CONCEALED, MANY)
# One indicator turned at the start, plus one for each kong (four at most) where kan dora apply.
MOST_INDICATORS = 5
MOST_CONCEALED = HAND_SIZE - 1  # the winning tile is entered apart

# Each problem typed mpsz text can have: the hand-format code it is reported
# under, and the engine's own (English) sentence, filled from its params. The
# sentence of an unknown character is kept for a full-width or upper-case one.
_NOT_MPSZ = "'{char}' is not part of mpsz notation (digits then m, p, s or z)"
TILE_PROBLEMS = {
    "no_digits": ("bad_tile", "suit letter '{suit}' has no digits before it"),
    "bad_honour": ("bad_tile", "'{tile}' is not a tile (honours run from 1z East to 7z Red)"),
    "no_suit": ("bad_tile", "digits '{digits}' have no suit letter (m, p, s or z) after them"),
    "full_width": ("bad_tile", _NOT_MPSZ),
    "upper_case": ("bad_tile", _NOT_MPSZ),
    "not_mpsz": ("bad_tile", _NOT_MPSZ),
    "copies": ("too_many_copies", "{tile} is written {count} times: a set has {most}"),
    "red_copies": ("too_many_copies", "{tile} is written {count} times: a set has one"),
    "not_one": ("bad_tile", "expected exactly one tile, got {count} in {text!r}"),
    "meld_size": ("bad_meld", "a meld has 3 tiles (4 for a kong), not {count}"),
    "indicators": ("wrong_tile_count", "at most {most} indicators, not {count}"),
    "concealed": ("wrong_tile_count", "{count} concealed tiles: a hand has at most {most}"),
}


class TileError(HandError):
    """A problem with mpsz text: ``problem`` (a key of ``TILE_PROBLEMS``) and its ``params``.

    ``info`` carries the hand-format code and the engine's English sentence,
    prefixed with the field, as every :class:`HandError` does.
    """

    def __init__(self, problem: str, field: str, **params: Any):
        code, sentence = TILE_PROBLEMS[problem]
        super().__init__(code, f"{field}: {sentence.format(**params)}", problem, **params)
        self.problem = problem
        self.params = params


@dataclass(frozen=True, order=True)
class Tile:
    """One tile: its kind (0..33) and whether it is a red five."""

    kind: int
    red: bool = False

    @property
    def suit(self) -> str:
        return SUITS[self.kind // 9]

    @property
    def number(self) -> int:
        """1..9 for suited tiles, 1..7 for honours (as written in mpsz)."""
        return self.kind % 9 + 1

    @property
    def is_honour(self) -> bool:
        return self.kind >= EAST

    @property
    def is_terminal(self) -> bool:
        return not self.is_honour and self.number in (1, 9)

    @property
    def is_simple(self) -> bool:
        return not self.is_honour and not self.is_terminal

    def __str__(self) -> str:
        return f"{0 if self.red else self.number}{self.suit}"


# Tiles are immutable, so every parse hands out the same 37 instances, and the
# mpsz text of each tile maps straight to it (tables built once, at import).
_PLAIN = tuple(Tile(kind) for kind in range(NUM_KINDS))
_RED = {kind: Tile(kind, red=True) for kind in (4, 13, 22)}  # 0m, 0p, 0s
_BY_SUIT: dict[str, dict[str, Tile]] = {
    suit: {str(t.number): t for t in _PLAIN if t.suit == suit} for suit in SUITS
}
for _red in _RED.values():
    _BY_SUIT[_red.suit]["0"] = _red
_SINGLE = {f"{digit}{suit}": t for suit, row in _BY_SUIT.items() for digit, t in row.items()}
# What _parse_plain accepts: ASCII digit runs each closed by a suit letter, honours 1-7.
_PLAIN_MPSZ = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)*")


def kind_name(kind: int) -> str:
    """mpsz text of a tile kind (never red), e.g. ``3m`` or ``7z``."""
    return str(Tile(kind))


def single_tile(text: str) -> Tile | None:
    """The tile if ``text`` is exactly one well-formed tile such as ``5p``, else None."""
    return _SINGLE.get(text)


def parse_tile(text: str, field: str = "tile") -> Tile:
    """Parse exactly one tile such as ``5p`` or ``0s``."""
    tile = _SINGLE.get(text) if isinstance(text, str) else None
    if tile is not None:
        return tile
    tiles = parse_tiles(text, field)
    if len(tiles) != 1:
        raise TileError("not_one", field, count=len(tiles), text=text)
    return tiles[0]


def parse_tiles(text: str, field: str = "tiles") -> list[Tile]:
    """Parse an mpsz string into tiles, in the order written.

    The message of every error names the field and the offending characters,
    e.g. ``concealed: '8z' is not a tile (honours run from 1z East to 7z Red)``.
    """
    if not isinstance(text, str):
        raise HandError(
            "bad_input",
            f"{field}: expected an mpsz string such as '123m', got {text!r}",
            "not_text",
            value=repr(text),
        )
    compact = text.replace(" ", "")
    if _PLAIN_MPSZ.fullmatch(compact):
        return _parse_plain(compact)
    return _parse_checked(compact, field, typed=False)


def plain_tiles(text: str) -> list[Tile] | None:
    """The tiles of well-formed mpsz text (spaces allowed), or None where
    :func:`parse_tiles` would have an error to report (or a non-ASCII digit to read)."""
    compact = text.replace(" ", "")
    return _parse_plain(compact) if _PLAIN_MPSZ.fullmatch(compact) else None


_WHITESPACE = re.compile(r"\s+")


def squash_spaces(text: str | None) -> str:
    """Typed mpsz without its whitespace (``123m 456p`` -> ``123m456p``), as the engine reads it."""
    return _WHITESPACE.sub("", text or "")


def read_typed(text: str, kind: str = MANY, field: str = "tiles") -> list[Tile]:
    """The tiles a judge typed into a tile input of ``kind``, or the first :class:`TileError`.

    Stricter than :func:`parse_tiles`, because a person is there to fix it:
    any whitespace is skipped (``123m 456p``), a digit must be ASCII, and the
    text itself must not hold more copies of a tile than a set has, nor more
    tiles than its input takes. What the text cannot say by itself (whether
    the tiles make a winning hand, whether a meld is a run) is the engine's.
    """
    squashed = squash_spaces(text)
    if _PLAIN_MPSZ.fullmatch(squashed):
        tiles = _parse_plain(squashed)
    else:
        tiles = _parse_checked(squashed, field, typed=True)
    _check_copies(tiles, field)
    _check_count(len(tiles), kind, field, squashed)
    return tiles


def _parse_plain(compact: str) -> list[Tile]:
    """Text already known to be well-formed ASCII mpsz: table look-ups only.

    Read from the end, so each digit meets its suit letter before itself.
    """
    tiles: list[Tile] = []
    append = tiles.append
    table: dict[str, Tile] = {}
    for ch in reversed(compact):
        suit_table = _BY_SUIT.get(ch)
        if suit_table is None:
            append(table[ch])
        else:
            table = suit_table
    tiles.reverse()
    return tiles


def _parse_checked(compact: str, field: str, typed: bool) -> list[Tile]:
    """Anything else: character by character, raising the first problem.

    ``typed``: only ASCII digits are digits; otherwise any decimal digit is
    (not isdigit(): '²' is a digit that int() refuses).
    """
    tiles: list[Tile] = []
    digits = ""
    for ch in compact:
        if ch in DIGITS or (not typed and ch.isdecimal()):
            digits += ch
        elif ch in SUITS:
            if not digits:
                raise TileError("no_digits", field, suit=ch)
            tiles.extend(_suit_run(digits, ch, field))
            digits = ""
        else:
            raise _character_error(ch, field)
    if digits:
        raise TileError("no_suit", field, digits=digits)
    return tiles


def _character_error(ch: str, field: str) -> TileError:
    """A character mpsz does not use, told apart when it is a digit or suit letter
    written otherwise (full width from a Japanese keyboard, or upper case)."""
    plain = unicodedata.normalize("NFKC", ch)
    if plain != ch and len(plain) == 1 and (plain in DIGITS or plain.lower() in SUITS):
        return TileError("full_width", field, char=ch, plain=plain.lower())
    if ch.lower() in SUITS:
        return TileError("upper_case", field, char=ch, plain=ch.lower())
    return TileError("not_mpsz", field, char=ch)


def _suit_run(digits: str, suit: str, field: str) -> Iterable[Tile]:
    base = SUITS.index(suit) * 9
    for d in digits:
        n = int(d)
        if suit == HONOUR_SUIT:
            if not 1 <= n <= len(HONOURS):
                raise TileError("bad_honour", field, tile=f"{d}{suit}")
            yield _PLAIN[base + n - 1]
        elif n == 0:
            yield _RED[base + 4]
        else:
            yield _PLAIN[base + n - 1]


def _check_copies(tiles: list[Tile], field: str) -> None:
    """No more copies of a tile than a set has (a red five is one of the four fives)."""
    kinds = Counter(t.kind for t in tiles)
    for kind, count in kinds.items():
        if count > COPIES:
            raise TileError("copies", field, tile=kind_name(kind), count=count, most=COPIES)
    reds = Counter(t for t in tiles if t.red)
    for tile, count in reds.items():
        if count > 1:
            raise TileError("red_copies", field, tile=str(tile), count=count)


def _check_count(count: int, kind: str, field: str, text: str) -> None:
    """As many tiles as an input of ``kind`` takes."""
    if kind == ONE and count != 1:
        raise TileError("not_one", field, count=count, text=text)
    if kind == MELD and count not in MELD_SIZES.values():
        raise TileError("meld_size", field, count=count)
    if kind == INDICATORS and count > MOST_INDICATORS:
        raise TileError("indicators", field, count=count, most=MOST_INDICATORS)
    if kind == CONCEALED and count > MOST_CONCEALED:
        raise TileError("concealed", field, count=count, most=MOST_CONCEALED)


def script_rules() -> dict[str, Any]:
    """What a page's script needs to read and build mpsz as this module does
    (the judge's tile picker), so that it keeps no copies of its own."""
    return {
        "suits": SUITS,
        "honourSuit": HONOUR_SUIT,
        "digits": DIGITS,
        "numbers": NUMBERS,
        "honours": HONOURS,
        "redFive": RED_FIVE,
        "five": str(_RED[4].number),
        "handSize": HAND_SIZE,
        "setSizes": {**MELD_SIZES, "pair": PAIR_SIZE},
    }


def to_mpsz(tiles: Iterable[Tile]) -> str:
    """Compact sorted mpsz text, as the corpus writes it (red five after the 5)."""
    by_suit: dict[str, list[str]] = {s: [] for s in SUITS}
    for t in sorted(tiles, key=lambda t: (t.kind, t.red)):
        by_suit[t.suit].append("0" if t.red else str(t.number))
    return "".join("".join(ds) + s for s, ds in by_suit.items() if ds)


def counts34(tiles: Iterable[Tile]) -> list[int]:
    """How many of each of the 34 kinds (red fives count as fives)."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t.kind] += 1
    return counts


def dora_from_indicator(indicator: Tile) -> int:
    """The kind an indicator points at: next number in the suit, winds and dragons cycle."""
    k = indicator.kind
    if k < EAST:
        return k - k % 9 + (k % 9 + 1) % 9
    if k <= NORTH:
        return EAST + (k - EAST + 1) % 4
    return WHITE + (k - WHITE + 1) % 3
