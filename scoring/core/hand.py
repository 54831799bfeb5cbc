"""The Hand value object and its structural checks.

A *hand* here is a finished winning hand as a judge reports it: the concealed
tiles still standing (without the winning tile and without any meld), the
melds (chi, pon, kan; a concealed kan is still a meld), the winning tile, how
it was won (``tsumo`` self-draw or ``ron`` on a discard), the seat and round
winds, the flags of the situation, dora indicators and bonus tiles.

The checks in this module hold for every ruleset (tile count, copies, meld
shapes). What counts as a *legal win* is the ruleset's business.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from scoring.core.errors import HandError
from scoring.core.frozen import fill
from scoring.core.numbers import is_int
from scoring.core.tiles import (
    COPIES,
    HAND_SIZE,
    MELD_SIZES,
    NUM_KINDS,
    WIND_LETTERS,
    Tile,
    kind_name,
    parse_tile,
    parse_tiles,
    plain_tiles,
    single_tile,
    to_mpsz,
)

MELD_TYPES = ("chi", "pon", "kan")
MELD_WORDS = {"chi": "chow", "pon": "pung", "kan": "kong"}
WIN_KINDS = ("tsumo", "ron")
SET_SIZE = 3
MAX_FLOWER = 8  # flowers 1-4 and seasons 5-8
# A tuple, not a set: `in` compares, so an unhashable value is refused rather than raising.
_WINDS = tuple(WIND_LETTERS)


@dataclass(frozen=True)
class Meld:
    """A called or declared set. ``concealed`` only for a concealed kong."""

    type: str
    tiles: tuple[Tile, ...]
    concealed: bool = False
    added: bool = False

    @property
    def kind(self) -> int:
        return self.tiles[0].kind

    @property
    def is_open(self) -> bool:
        return not self.concealed

    def __str__(self) -> str:
        return to_mpsz(self.tiles)


@dataclass(frozen=True)
class Hand:
    """A winning hand and its situation, as entered. Immutable."""

    concealed: tuple[Tile, ...]
    win_tile: Tile
    win: str
    seat_wind: str
    round_wind: str
    melds: tuple[Meld, ...] = ()
    dealer: bool = False
    flags: frozenset[str] = frozenset()
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    flowers: tuple[int, ...] | int = 0
    penalty_tiles: tuple[Tile, ...] = ()
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    id: str | None = None
    ruleset: str | None = None

    @property
    def is_tsumo(self) -> bool:
        return self.win == "tsumo"

    @property
    def is_open(self) -> bool:
        """Open means a called meld; a concealed kong keeps the hand closed."""
        return any(m.is_open for m in self.melds)

    @property
    def all_tiles(self) -> list[Tile]:
        """Every tile of the hand: concealed, winning tile and all meld tiles."""
        tiles = [*self.concealed, self.win_tile]
        for m in self.melds:
            tiles.extend(m.tiles)
        return tiles

    @property
    def closed_tiles(self) -> list[Tile]:
        """The fourteen-minus-melds tiles that must form sets by themselves."""
        return [*self.concealed, self.win_tile]

    @property
    def flower_count(self) -> int:
        return self.flowers if isinstance(self.flowers, int) else len(self.flowers)


def hand_from_dict(data: dict[str, Any]) -> Hand:
    """Read a hand-format.md object; raise :class:`HandError` naming the field.

    Fields are read, and so their errors found, in the order of the Hand's fields.
    """
    if not isinstance(data, dict):
        raise HandError("bad_input", "a hand must be a JSON object", "hand_not_object")
    for name in ("concealed", "win_tile", "win"):
        if name not in data:
            raise HandError(
                "bad_input", f"{name}: this field is required", "field_required", input=name
            )
    win = data["win"]
    if win not in WIN_KINDS:
        raise HandError(
            "bad_input",
            f"win: {win!r} must be 'tsumo' (self-draw) or 'ron' (discard)",
            "win_kind",
            value=repr(win),
        )
    seat = _wind(data, "seat_wind")
    concealed = tuple(parse_tiles(data["concealed"], "concealed"))
    win_tile = parse_tile(_str(data, "win_tile"), "win_tile")
    round_wind = _wind(data, "round_wind")
    melds = data.get("melds")
    melds = tuple([_meld(m, i) for i, m in enumerate(_list(data, "melds"))]) if melds else ()
    hand = fill(
        Hand,
        {
            "concealed": concealed,
            "win_tile": win_tile,
            "win": win,
            "seat_wind": seat,
            "round_wind": round_wind,
            "melds": melds,
            "dealer": _bool(data, "dealer", default=seat == "E"),
            "flags": frozenset(_flags(data)) if data.get("flags") else _NO_FLAGS,
            "dora_indicators": _tiles(data, "dora_indicators"),
            "ura_indicators": _tiles(data, "ura_indicators"),
            "flowers": _flowers(data.get("flowers", 0)),
            "penalty_tiles": _tiles(data, "penalty_tiles"),
            "options": _options(data),
            "id": data.get("id"),
            "ruleset": data.get("ruleset"),
        },
    )
    check_structure(hand)
    return hand


_NO_FLAGS: frozenset[str] = frozenset()


def _tiles(data: dict, name: str) -> tuple[Tile, ...]:
    """An optional mpsz field; missing, null and empty all mean no tiles."""
    value = data.get(name)
    if not value and (value is None or type(value) is str):
        return ()
    if type(value) is str:
        tile = single_tile(value)  # most often one dora indicator
        if tile is not None:
            return (tile,)
    return tuple(parse_tiles(_str(data, name), name))


def check_structure(hand: Hand) -> None:
    """Tile count and copies: true of a real hand under every ruleset."""
    size = len(hand.concealed) + 1 + SET_SIZE * len(hand.melds)
    if size != HAND_SIZE:
        raise HandError(
            "wrong_tile_count",
            f"{size} tiles: a winning hand has {HAND_SIZE} ({len(hand.concealed)} concealed + "
            f"the winning tile + {len(hand.melds)} meld(s) of 3; a kong counts as 3)",
            "tile_count",
            count=size,
            most=HAND_SIZE,
        )
    _check_copies(hand)


def _check_copies(hand: Hand) -> None:
    """At most four of a kind and one red five per suit.

    A legal hand passes on plain counts; only a hand with too many copies pays
    for the detailed message (where the copies sit), in :func:`_copies_error`.
    """
    counts = [0] * NUM_KINDS
    reds = 0  # red fives seen, one bit per suit: a second red of a suit sets `twice`
    twice = 0
    for t in (*hand.concealed, hand.win_tile, *[t for m in hand.melds for t in m.tiles]):
        counts[t.kind] += 1
        if t.red:
            bit = 1 << t.kind
            twice |= reds & bit
            reds |= bit
    if twice or max(counts) > COPIES:
        _copies_error(hand)


def _copies_error(hand: Hand) -> None:
    """Raise the first problem found, naming where each copy sits."""
    places: dict[int, Counter[str]] = {}
    for t in hand.closed_tiles:
        places.setdefault(t.kind, Counter())["in hand"] += 1
    for m in hand.melds:
        for t in m.tiles:
            places.setdefault(t.kind, Counter())[f"in a {MELD_WORDS[m.type]}"] += 1
    for kind, where in sorted(places.items()):
        total = sum(where.values())
        if total > COPIES:
            detail = ", ".join(f"{n} {w}" for w, n in where.items())
            raise HandError(
                "too_many_copies",
                f"{total} copies of {kind_name(kind)} ({detail}); a set has 4",
                "copies",
                tile=kind_name(kind),
                count=total,
                most=COPIES,
            )
    reds = Counter(t.suit for t in hand.all_tiles if t.red)
    for suit, n in reds.items():
        if n > 1:
            raise HandError(
                "too_many_copies",
                f"{n} red fives 0{suit}: a set has only one red 5{suit}",
                "red_copies",
                tile=f"0{suit}",
                count=n,
            )


def _meld(data: Any, index: int) -> Meld:
    """A meld as entered: a legal one straight away, anything else with its error."""
    meld = _legal_meld(data)
    return meld if meld is not None else _checked_meld(data, index)


def _legal_meld(data: Any) -> Meld | None:
    """The meld if every part of it is well-formed and legal, else None (no error built)."""
    if type(data) is not dict:
        return None
    mtype = data.get("type")
    text = data.get("tiles")
    if type(mtype) is not str or mtype not in MELD_SIZES or type(text) is not str:
        return None
    tiles = plain_tiles(text)
    concealed = data.get("concealed", False)
    added = data.get("added", False)
    if concealed is None:
        concealed = False
    if added is None:
        added = False
    if tiles is None or type(concealed) is not bool or type(added) is not bool:
        return None
    if len(tiles) != MELD_SIZES[mtype]:
        return None
    if mtype == "chi":
        a, b, c = sorted([t.kind for t in tiles])
        if tiles[0].is_honour or a // 9 != c // 9 or b != a + 1 or c != a + 2:
            return None
    elif not tiles[0].kind == tiles[1].kind == tiles[-2].kind == tiles[-1].kind:
        return None
    if (concealed or added) and (mtype != "kan" or (concealed and added)):
        return None
    return fill(
        Meld, {"type": mtype, "tiles": tuple(tiles), "concealed": concealed, "added": added}
    )


def _checked_meld(data: Any, index: int) -> Meld:
    where = f"melds[{index}]"
    if not isinstance(data, dict):
        raise HandError(
            "bad_input",
            f"{where}: a meld must be an object with 'type' and 'tiles'",
            "meld_not_object",
        )
    mtype = data.get("type")
    if mtype not in MELD_TYPES:
        raise HandError(
            "bad_meld",
            f"{where}: type {mtype!r} must be chi, pon or kan",
            "meld_type",
            value=repr(mtype),
        )
    tiles = tuple(parse_tiles(_str(data, "tiles", where), f"{where}.tiles"))
    concealed = _bool(data, "concealed", where=where)
    added = _bool(data, "added", where=where)
    text = data.get("tiles")
    if mtype == "chi":
        ks = sorted(t.kind for t in tiles)
        run = (
            len(ks) == 3
            and not tiles[0].is_honour
            and ks[0] // 9 == ks[2] // 9
            and ks == [ks[0], ks[0] + 1, ks[0] + 2]
        )
        if not run:
            raise HandError(
                "bad_meld",
                f"{where}: chi {text} is not a run of three consecutive suited tiles",
                "meld_not_run",
                tiles=text,
            )
    else:
        size = MELD_SIZES[mtype]
        if len(tiles) != size or len({t.kind for t in tiles}) != 1:
            raise HandError(
                "bad_meld",
                f"{where}: {mtype} {text} must be {size} copies of one tile",
                "meld_not_set",
                tiles=text,
            )
    if concealed and mtype != "kan":
        raise HandError(
            "bad_meld",
            f"{where}: only a kan can be concealed, not a {mtype}",
            "meld_concealed_not_kong",
        )
    if added and mtype != "kan":
        raise HandError(
            "bad_meld",
            f"{where}: only a kan can be added to a pon, not a {mtype}",
            "meld_added_not_kong",
        )
    if added and concealed:
        raise HandError(
            "bad_meld",
            f"{where}: an added kan is open; it cannot be concealed",
            "meld_added_concealed",
        )
    return Meld(mtype, tiles, concealed, added)


def _str(data: dict, name: str, where: str = "") -> str:
    value = data.get(name, "")
    label = f"{where}.{name}" if where else name
    if value is None:
        return ""
    if not isinstance(value, str):
        raise HandError(
            "bad_input",
            f"{label}: expected an mpsz string, got {value!r}",
            "not_text",
            value=repr(value),
        )
    return value


def _list(data: dict, name: str) -> list:
    value = data.get(name) or []
    if not isinstance(value, list):
        raise HandError(
            "bad_input",
            f"{name}: expected a list, got {value!r}",
            "not_a_list",
            input=name,
            value=repr(value),
        )
    return value


def _bool(data: dict, name: str, default: bool = False, where: str = "") -> bool:
    value = data.get(name, default)
    if value is True or value is False:
        return value
    if value is None:
        return default
    if not isinstance(value, bool):
        label = f"{where}.{name}" if where else name
        raise HandError(
            "bad_input",
            f"{label}: expected true or false, got {value!r}",
            "not_yes_no",
            input=name,
            value=repr(value),
        )
    return value


def _wind(data: dict, name: str) -> str:
    value = data.get(name, "E")
    if value not in _WINDS:
        raise HandError(
            "bad_input",
            f"{name}: {value!r} is not a wind; use E, S, W or N",
            "not_a_wind",
            input=name,
            value=repr(value),
        )
    return value


def _flags(data: dict) -> list[str]:
    flags = _list(data, "flags")
    for f in flags:
        if not isinstance(f, str):
            raise HandError(
                "bad_flag", f"flags: {f!r} is not a flag name", "flag_not_text", value=repr(f)
            )
    return flags


def _flowers(value: Any) -> tuple[int, ...] | int:
    if is_int(value):
        if not 0 <= value <= MAX_FLOWER:
            raise HandError(
                "bad_input",
                f"flowers: {value} is not a count from 0 to {MAX_FLOWER}",
                "flower_count",
                value=value,
                most=MAX_FLOWER,
            )
        return value
    if isinstance(value, list):
        for v in value:
            if not is_int(v) or not 1 <= v <= MAX_FLOWER:
                raise HandError(
                    "bad_input",
                    f"flowers: {v!r} is not a bonus tile (1-4 flowers, 5-8 seasons)",
                    "not_a_bonus_tile",
                    value=repr(v),
                )
        if len(set(value)) != len(value):
            raise HandError("bad_input", "flowers: each bonus tile exists only once", "bonus_twice")
        return tuple(value)
    raise HandError(
        "bad_input",
        f"flowers: expected a count or a list of 1-8, got {value!r}",
        "flowers_shape",
        value=repr(value),
    )


def _options(data: dict) -> dict[str, Any]:
    value = data.get("options")
    if not value:
        return {}
    if not isinstance(value, dict):
        raise HandError(
            "bad_input",
            f"options: expected an object, got {value!r}",
            "options_not_object",
            value=repr(value),
        )
    return dict(value)
