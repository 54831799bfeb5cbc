"""Tenhou's call code (``<N m=…>``): a 16-bit field -> the call's kind, tiles and feeder.

Layout (low bits first): bits 0-1 say who fed the call, counted from the
caller (1 the next player, 2 the one opposite, 3 the previous; 0 for a
concealed kan). Then:

- bit 2 set: a *chi*. Bits 3-8 hold the copy (0-3) of each of the three
  tiles; bits 10-15 hold ``base * 3 + called``, where ``base`` numbers the 21
  runs (7 per suit) and ``called`` is which of the three was taken.
- bit 3 set: a *pon*; bit 4 set: an *added kan* (a pon made a kan). Bits 5-6
  hold the copy left out of the pon (for an added kan, the copy added);
  bits 9-15 hold ``kind * 3 + called``.
- bit 5 set alone: three-player *nuki* (a North set aside), never in a
  four-player game.
- otherwise a *kan*: bits 8-15 hold the tile id called (or the first of a
  concealed kan); fed by nobody, it is a concealed kan.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.logs.tenhou import LogError

FEEDER_MASK = 0x3
CHI_BIT, PON_BIT, ADDED_BIT, NUKI_BIT = 0x4, 0x8, 0x10, 0x20
RUNS_PER_SUIT = 7
SUIT_SIZE = 9
COPIES = 4
MAX_CODE = 0xFFFF
KINDS, HONOURS = 34, 27


@dataclass(frozen=True)
class Call:
    """A decoded call. ``tiles`` are the meld's tile ids (all four for a kan).

    ``kind`` is ``chi``, ``pon``, ``added_kan``, ``open_kan`` or ``closed_kan``;
    ``called`` is the id taken from the feeder (for an added kan, the id added
    from the hand; None for a closed kan); ``feeder`` counts seats from the
    caller (0 for a closed kan; an added kan keeps its pon's feeder).
    """

    code: int
    kind: str
    tiles: tuple[int, ...]
    called: int | None
    feeder: int

    @property
    def is_kan(self) -> bool:
        return self.kind.endswith("kan")

    @property
    def kind_index(self) -> int:
        """The tile kind (0-33) of a pon or kan; of the lowest tile of a chi."""
        return min(self.tiles) // COPIES


def decode_call(code: int, where: str) -> Call:
    if not 0 <= code <= MAX_CODE:
        raise LogError("bad_log", f"{where}: call code {code} is not a 16-bit number")
    feeder = code & FEEDER_MASK
    if code & CHI_BIT:
        call = _chi(code, feeder)
    elif code & (PON_BIT | ADDED_BIT):
        call = _pon(code, feeder)
    elif code & NUKI_BIT:
        raise LogError("three_player", f"{where}: a North set aside (nuki) is three-player play")
    else:
        call = _kan(code, feeder)
    if max(call.tiles) >= KINDS * COPIES or (
        call.kind == "chi" and min(call.tiles) >= HONOURS * COPIES
    ):
        raise LogError("bad_log", f"{where}: call code {code} names no real tiles")
    if call.kind != "closed_kan" and not feeder:
        raise LogError("bad_log", f"{where}: call code {code} names nobody who fed it")
    return call


def _chi(code: int, feeder: int) -> Call:
    packed = code >> 10
    called, base = packed % 3, packed // 3
    first = (base // RUNS_PER_SUIT) * SUIT_SIZE + base % RUNS_PER_SUIT
    tiles = tuple((first + i) * COPIES + ((code >> (3 + 2 * i)) & 0x3) for i in range(3))
    return Call(code, "chi", tiles, tiles[called], feeder)


def _pon(code: int, feeder: int) -> Call:
    packed = code >> 9
    called, kind = packed % 3, packed // 3
    other = (code >> 5) & 0x3
    three = tuple(kind * COPIES + c for c in range(COPIES) if c != other)
    if code & ADDED_BIT:
        added = kind * COPIES + other
        return Call(code, "added_kan", tuple(sorted((*three, added))), added, feeder)
    return Call(code, "pon", three, three[called], feeder)


def _kan(code: int, feeder: int) -> Call:
    tile = code >> 8
    kind = tile // COPIES
    tiles = tuple(kind * COPIES + c for c in range(COPIES))
    if feeder == 0:
        return Call(code, "closed_kan", tiles, None, 0)
    return Call(code, "open_kan", tiles, tile, feeder)
