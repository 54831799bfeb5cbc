"""Tiles and the mpsz notation.

mpsz is what judges and the corpus write: digits followed by a suit letter,
``m`` characters, ``p`` dots, ``s`` bamboo, ``z`` honours (1z..7z = East,
South, West, North, White, Green, Red). ``0m``/``0p``/``0s`` is a red five.
Digits before a suit letter share it: ``123m456p11z``.

A :class:`Tile` is a *kind* (0..33) plus whether it is the red copy of a five.
Parsing errors name the field and the exact piece of text that is wrong,
because the person reading them is a judge holding a phone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.core.errors import HandError

SUITS = "mpsz"
WIND_LETTERS = "ESWN"

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WIND_KINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
NUM_KINDS = 34
COPIES = 4


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
        raise HandError(
            "bad_tile", f"{field}: expected exactly one tile, got {len(tiles)} in {text!r}"
        )
    return tiles[0]


def parse_tiles(text: str, field: str = "tiles") -> list[Tile]:
    """Parse an mpsz string into tiles, in the order written.

    The message of every error names the field and the offending characters,
    e.g. ``concealed: '8z' is not a tile (honours run from 1z East to 7z Red)``.
    """
    if not isinstance(text, str):
        raise HandError(
            "bad_input", f"{field}: expected an mpsz string such as '123m', got {text!r}"
        )
    compact = text.replace(" ", "")
    if _PLAIN_MPSZ.fullmatch(compact):
        return _parse_plain(compact)
    return _parse_checked(compact, field)


def plain_tiles(text: str) -> list[Tile] | None:
    """The tiles of well-formed mpsz text (spaces allowed), or None where
    :func:`parse_tiles` would have an error to report (or a non-ASCII digit to read)."""
    compact = text.replace(" ", "")
    return _parse_plain(compact) if _PLAIN_MPSZ.fullmatch(compact) else None


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


def _parse_checked(compact: str, field: str) -> list[Tile]:
    """Anything else: character by character, with the precise error messages."""
    tiles: list[Tile] = []
    digits = ""
    for ch in compact:
        if ch.isdecimal():  # not isdigit(): '²' is a digit that int() refuses
            digits += ch
        elif ch in SUITS:
            if not digits:
                raise HandError("bad_tile", f"{field}: suit letter '{ch}' has no digits before it")
            tiles.extend(_suit_run(digits, ch, field))
            digits = ""
        else:
            raise HandError(
                "bad_tile",
                f"{field}: '{ch}' is not part of mpsz notation (digits then m, p, s or z)",
            )
    if digits:
        raise HandError(
            "bad_tile", f"{field}: digits '{digits}' have no suit letter (m, p, s or z) after them"
        )
    return tiles


def _suit_run(digits: str, suit: str, field: str) -> Iterable[Tile]:
    base = SUITS.index(suit) * 9
    for d in digits:
        n = int(d)
        if suit == "z":
            if not 1 <= n <= 7:
                raise HandError(
                    "bad_tile",
                    f"{field}: '{d}z' is not a tile (honours run from 1z East to 7z Red)",
                )
            yield _PLAIN[base + n - 1]
        elif n == 0:
            yield _RED[base + 4]
        else:
            yield _PLAIN[base + n - 1]


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
