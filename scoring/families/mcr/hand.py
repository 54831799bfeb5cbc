"""MCR (Chinese Official) hands, valued by ``pymahjonggb`` behind a small adapter.

The library applies the 81 fans and the combination principles (rules/mcr.md
§3) and picks the best arrangement. This adapter adds what it lacks: the tile
count and copies check, the 8-fan minimum *without* flowers
(``below_minimum``), flowers as their own item, and the kong values of the
event's edition, and the edition's own counting (rules/mcr.md §2, "Editions";
option ``mcr_edition``): ``seed`` (the default) adjusts the library's fans to
seed 000's sentences (``seed_edition.py``) and counts kongs 8/6;
``cn-national`` keeps the library's counting, as the reference calculators and
the shared corpus do, and counts kongs 6/5. ``mcr_kong_values`` overrides the
edition's kong values.

Vocabulary: a *fan* is one scoring pattern; F is the hand's total fan
including flowers, which settlement uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from MahjongGB import MahjongFanCalculator

from scoring.core.errors import ErrorInfo, HandError
from scoring.core.flags import (
    KONG_WIN_RULES,
    apart,
    check_flags,
)
from scoring.core.frozen import fill
from scoring.core.hand import Hand
from scoring.core.names import display_name, name_table, names_in
from scoring.core.refusals import NONE_OF
from scoring.core.result import Item, Result
from scoring.core.shapes import not_winning
from scoring.core.tiles import NUM_KINDS, WIND_LETTERS, Tile
from scoring.families.checking import typed_changes
from scoring.families.mcr.options import ALL_OPTIONS, HAND_OPTIONS
from scoring.families.mcr.seed_edition import EDITION_KONG_VALUES, EDITIONS, seed_fans
from scoring.families.rulesets import Ruleset

NAMES = "mcr_fans"
KNITTED_FORMS = "four sets and a pair, seven pairs, thirteen orphans or a knitted hand"
FLOWER_KEY = "flower_tiles"
MCR_FLAGS = frozenset({"last_tile", "kong_replacement", "robbing_kong", "last_of_kind"})
KONG_FLAGS = frozenset({"kong_replacement", "robbing_kong"})
# Flags that cannot apply (scoring.core.flags), pairs first so that a message names both.
# Allowed on purpose: last_tile with kong_replacement (the corpus scores the pair,
# mcr-helper-unittest:L326); robbing_kong with last_of_kind (a robbed tile is a
# fourth; the library then leaves Last Tile out); last_of_kind with a copy of the
# winning tile in hand (the corpus has one, mcr-helper-unittest:L247).
MCR_FLAG_RULES = (
    # Seed 000 L98: Robbing the Kong does not combine with Last Tile Draw or
    # Last Tile Claim; the robbed tile is added to a kong, neither drawn from
    # the wall by the winner nor discarded.
    apart(
        "robbing_kong",
        "last_tile",
        "Robbing the Kong does not combine with Last Tile Draw or Last Tile Claim (seed 000 L98)",
        rule="seed 000 L98",
    ),
    # Seed 000 L97-98: one is a self-draw after one's own kong, the other a win
    # on another player's kong.
    apart(
        "robbing_kong",
        "kong_replacement",
        "one is a win on another's kong, the other a self-draw after one's own (seed 000 L97-98)",
        rule="seed 000 L97-98",
    ),
    # Seed 000 L97 杠上開花: a self-draw on the replacement tile of a kong.
    # Seed 000 L98 搶杠和: won on the tile another player adds to a kong,
    # scored as a discard win; that kong holds the other three copies.
    *KONG_WIN_RULES,
)
KONG_EDITIONS = ("green-book", "cn-national")
# How the library's kong fans are counted in each edition (rules/mcr.md §2,
# "Kong values differ by edition"): library key -> (our key, value).
KONG_VALUES: dict[str, dict[str, tuple[str, int]]] = {
    # Seed 000 fans 48 and 57: Two Concealed Kongs 8; one concealed and one
    # melded kong score Two Melded Kongs at 6.
    "green-book": {
        "two_concealed_kongs": ("two_concealed_kongs", 8),
        "concealed_kong_and_melded_kong": ("two_melded_kongs", 6),
    },
    # Chinese national edition (the hand corpus): 6, and 明暗杠 as its own fan, 5.
    "cn-national": {
        "two_concealed_kongs": ("two_concealed_kongs", 6),
        "concealed_kong_and_melded_kong": ("concealed_kong_and_melded_kong", 5),
    },
}


@dataclass(frozen=True)
class MCRConfig:
    """What an event can change about valuing one MCR hand (rules/mcr.md §10)."""

    name: str = "mcr"
    mcr_edition: str = "seed"  # rules/mcr.md §2 "Editions": seed 000 is the user's rule document
    mcr_kong_values: str | None = None  # None: the edition's kong values
    min_fan: int = 8  # rules/mcr.md §1: 8 fan, not counting Flower Tiles
    flowers_used: bool = True  # rules/mcr.md §4

    @property
    def kong_values(self) -> str:
        """The kong values counted: the override, else the edition's."""
        return self.mcr_kong_values or EDITION_KONG_VALUES[self.mcr_edition]


PRESET = MCRConfig()
_OPTION_TYPES = {"mcr_edition": str, "mcr_kong_values": str, "min_fan": int, "flowers_used": bool}


def resolve(preset: MCRConfig, overrides: Mapping[str, Any]) -> MCRConfig:
    """The preset with overrides applied; each option name and value checked."""
    changes = typed_changes(
        overrides, _OPTION_TYPES, "an MCR", ALL_OPTIONS, skip=ALL_OPTIONS - HAND_OPTIONS
    )
    if changes.get("mcr_edition", "seed") not in EDITIONS:
        raise HandError("bad_option", f"options.mcr_edition: use {' or '.join(EDITIONS)}")
    if changes.get("mcr_kong_values", "green-book") not in KONG_EDITIONS:
        raise HandError("bad_option", f"options.mcr_kong_values: use {' or '.join(KONG_EDITIONS)}")
    if changes.get("min_fan", 0) < 0:
        raise HandError("bad_option", "options.min_fan: must be 0 or more")
    return replace(preset, **changes)


def score_mcr(hand: Hand, config: MCRConfig, lang: str = "en") -> Result:
    """Validate and value one MCR hand under ``config``."""
    _check_situation(hand, config)
    fans = _library_fans(hand)
    if config.mcr_edition == "seed":
        fans = seed_fans(hand, fans)
    names = names_in(NAMES, lang) if fans else None
    items = [_item(key, value, count, config, lang, names) for key, value, count in fans]
    items.sort(key=_highest_first)  # highest first, as a judge reads them out
    without_flowers = sum([i.value * i.count for i in items])
    if hand.flower_count:
        name = display_name(NAMES, FLOWER_KEY, lang)
        items.append(Item(FLOWER_KEY, _table_value(FLOWER_KEY), hand.flower_count, name))
    error = None
    if without_flowers < config.min_fan:
        # Still report the count and the fans: the judge needs them to explain
        # the ruling, and a false win is penalised, not scored.
        message = f"{without_flowers} fan without flowers; a win needs {config.min_fan}"
        params = {"value": without_flowers, "minimum": config.min_fan}
        error = ErrorInfo("below_minimum", message, "below_minimum", params)
    total = sum([i.value * i.count for i in items])
    fields = {"ruleset": config.name, "valid": error is None, "error": error, "total": total}
    fields |= {"items": tuple(items), "han": None, "fu": None, "points": None, "limit": None}
    fields |= {"basic": None, "yakuman": 0}
    return fill(Result, fields)


def _highest_first(item: Item) -> int:
    return -item.value


def _check_situation(hand: Hand, config: MCRConfig) -> None:
    for flag in sorted(hand.flags):
        if flag not in MCR_FLAGS:
            known = ", ".join(sorted(MCR_FLAGS))
            raise HandError(
                "bad_flag",
                f"flags: {flag!r} is not an MCR flag; use {known}",
                "flag_unknown",
                flag=flag,
            )
    check_flags(hand, MCR_FLAG_RULES)
    if hand.flower_count and not config.flowers_used:
        raise HandError(
            "bad_input", "flowers: this event is played without flowers", "no_flowers_event"
        )
    for name, refusal in NONE_OF.items():
        if getattr(hand, name):
            raise HandError("bad_input", f"{name}: MCR has none", refusal, ruleset=config.name)


def _library_fans(hand: Hand) -> list[tuple[str, int, int]]:
    """(our key, library value, count) for each fan the library finds."""
    flags = hand.flags
    try:
        found = MahjongFanCalculator(
            pack=tuple([_pack(m) for m in hand.melds]),
            hand=tuple([_CODES[t.kind] for t in hand.concealed]),
            winTile=_CODES[hand.win_tile.kind],
            flowerCount=0,  # flowers are our own item, outside the minimum
            isSelfDrawn=hand.is_tsumo,
            is4thTile="last_of_kind" in flags,
            isAboutKong=bool(flags & KONG_FLAGS),
            isWallLast="last_tile" in flags,
            seatWind=WIND_LETTERS.index(hand.seat_wind),
            prevalentWind=WIND_LETTERS.index(hand.round_wind),
            verbose=True,
        )
    except TypeError as problem:
        raise _library_error(str(problem), hand) from None
    keys = _keys_by_library_name()
    return [(keys[en], value, count) for value, count, _zh, en in found]


def _item(
    key: str,
    library_value: int,
    count: int,
    config: MCRConfig,
    lang: str,
    names: dict[str, str] | None = None,
) -> Item:
    edition = KONG_VALUES[config.kong_values]
    if key in edition:
        key, value = edition[key]
    else:
        value = _table_value(key)
    name = names.get(key) if names is not None else None
    if name is None:
        name = display_name(NAMES, key, lang)
    return fill(Item, {"key": key, "value": value, "count": count, "name": name})


def _table_value(key: str) -> int:
    values = _values()
    return values[key] if key in values else int(name_table(NAMES)[key]["value"])


@cache
def _values() -> dict[str, int]:
    """Each fan's value from the names table, read once (a row that is not a number is
    left to :func:`_table_value`, which reports it when that fan is scored)."""
    return {
        key: int(row["value"])
        for key, row in name_table(NAMES).items()
        if (row["value"] or "").strip().isdecimal()
    }


@cache
def _keys_by_library_name() -> dict[str, str]:
    return {row["library_name"]: key for key, row in name_table(NAMES).items()}


# The library's tile codes: W characters, B dots, T bamboo, F winds, J dragons
# (J1 red, J2 green, J3 white).
_SUIT_CODES = {"m": "W", "p": "B", "s": "T"}
_HONOUR_CODES = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")
_MELDED = 1  # "offer": which player a pung or kong came from; 0 means concealed


def _code(tile: Tile) -> str:
    if tile.suit == "z":
        return _HONOUR_CODES[tile.number - 1]
    return f"{_SUIT_CODES[tile.suit]}{tile.number}"


_CODES = tuple(_code(Tile(kind)) for kind in range(NUM_KINDS))  # by kind; a red five is a five


def _pack(meld) -> tuple[str, str, int]:
    kinds = sorted([t.kind for t in meld.tiles])
    if meld.type == "chi":
        return ("CHI", _CODES[kinds[1]], _MELDED)
    if meld.type == "pon":
        return ("PENG", _CODES[kinds[0]], _MELDED)
    return ("GANG", _CODES[kinds[0]], 0 if meld.concealed else _MELDED)


def _library_error(code: str, hand: Hand) -> HandError:
    if code == "ERROR_NOT_WIN":
        return not_winning(hand, KNITTED_FORMS)
    if code == "ERROR_TILE_COUNT_GREATER_THAN_4":
        return HandError("too_many_copies", "more than 4 copies of a tile", "calculator_copies")
    if code == "ERROR_WRONG_TILES_COUNT":
        return HandError(
            "wrong_tile_count", "the hand does not have 14 tiles", "calculator_tile_count"
        )
    return HandError(
        "bad_input", f"the fan calculator refused the hand ({code})", "calculator_refused"
    )


# The family registers these with itself (family.py, ``hand_rulesets``).
RULESETS = (Ruleset("mcr", PRESET, resolve, score_mcr, red_fives=False),)
