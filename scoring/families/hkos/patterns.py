"""What each row of the HKOS faan table looks for (rules/hkos.md §3).

One test per pattern key of ``scoring/data/hkos_faan.tsv``, over one
arrangement of the hand (:class:`scoring.core.patterns.Context`). A test answers
how many times its pattern occurs (``False``/0: absent). Values and the
replacement rules are not here: they are data (the TSV and the event's
``faan_table``), joined to these tests by :func:`scoring.families.hkos.hand.patterns_for`.

Bonus tiles (hand-format.md ``flowers``): 1-4 are the flowers plum, orchid,
chrysanthemum, bamboo; 5-8 the seasons spring, summer, autumn, winter.
Flower *n* and season *n* + 4 belong to seat wind *n* (1 = East … 4 = North).
"""

from __future__ import annotations

from scoring.core.patterns import DRAGONS, WINDS, Context, Test
from scoring.core.shapes import SETS_IN_HAND
from scoring.core.tiles import EAST, WIND_LETTERS

# hand-format.md `flowers`: the bonus tiles by number.
FLOWERS = frozenset({1, 2, 3, 4})
SEASONS = frozenset({5, 6, 7, 8})
SEASON_OFFSET = 4  # season n + 4 matches the same seat as flower n
SUIT_SIZE = 9
TERMINALS = frozenset(k for k in range(EAST) if k % SUIT_SIZE in (0, SUIT_SIZE - 1))
# rules/hkos.md §3 Nine Gates: 1112345678999 of one suit (plus any tile of it).
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
REPLACEMENT_FLAGS = frozenset({"kong_replacement", "flower_replacement"})


def bonus_tiles(ctx: Context) -> frozenset[int]:
    flowers = ctx.hand.flowers
    return frozenset() if isinstance(flowers, int) else frozenset(flowers)


def seat_number(ctx: Context) -> int:
    """1 for East … 4 for North: the number of this seat's flower."""
    return WIND_LETTERS.index(ctx.hand.seat_wind) + 1


def _dragon_pungs(ctx: Context) -> int:
    return sum(g.kind in DRAGONS for g in ctx.pungs)


def _wind_pungs(ctx: Context) -> int:
    return sum(g.kind in WINDS for g in ctx.pungs)


def _pair_in(ctx: Context, kinds: frozenset[int]) -> bool:
    return any(g.kind in kinds for g in ctx.pairs)


def _mixed_terminals(ctx: Context) -> bool:
    """Only terminals and honours, with both present (all terminals is its own row)."""
    only = all(k in TERMINALS or k >= EAST for k in ctx.kinds)
    return only and bool(ctx.kinds & TERMINALS) and ctx.has_honours


def _nine_gates(ctx: Context) -> bool:
    """Closed (no meld at all), one suit, 1112345678999 and one more tile of it."""
    if ctx.hand.melds or len(ctx.suits) != 1 or ctx.has_honours:
        return False
    base = "mps".index(next(iter(ctx.suits))) * SUIT_SIZE
    extra = [ctx.counts[base + i] - need for i, need in enumerate(NINE_GATES)]
    return min(extra) >= 0 and sum(extra) == 1


TESTS: dict[str, Test] = {
    "self_draw": lambda c: c.is_tsumo,
    "replacement_win": lambda c: bool(c.flags & REPLACEMENT_FLAGS),
    "robbing_kong": lambda c: "robbing_kong" in c.flags,
    "last_tile": lambda c: "last_tile" in c.flags,
    "no_flowers": lambda c: not bonus_tiles(c),
    "seat_flower": lambda c: seat_number(c) in bonus_tiles(c),
    "seat_season": lambda c: seat_number(c) + SEASON_OFFSET in bonus_tiles(c),
    "four_flowers": lambda c: bonus_tiles(c) >= FLOWERS,
    "four_seasons": lambda c: bonus_tiles(c) >= SEASONS,
    "all_flowers": lambda c: bonus_tiles(c) >= FLOWERS | SEASONS,
    "dragon_pung": _dragon_pungs,
    "seat_wind": lambda c: any(g.kind == c.seat_wind_kind for g in c.pungs),
    "prevailing_wind": lambda c: any(g.kind == c.round_wind_kind for g in c.pungs),
    "all_chows": lambda c: len(c.chows) == SETS_IN_HAND,
    "mixed_terminals": _mixed_terminals,
    "all_pungs": lambda c: len(c.pungs) == SETS_IN_HAND,
    "mixed_one_suit": lambda c: len(c.suits) == 1 and c.has_honours,
    "small_three_dragons": lambda c: _dragon_pungs(c) == 2 and _pair_in(c, DRAGONS),
    "pure_one_suit": lambda c: len(c.suits) == 1 and not c.has_honours,
    "big_three_dragons": lambda c: _dragon_pungs(c) == len(DRAGONS),
    "small_four_winds": lambda c: _wind_pungs(c) == len(WINDS) - 1 and _pair_in(c, WINDS),
    "all_honours": lambda c: not c.suits,
    "all_terminals": lambda c: c.kinds <= TERMINALS,
    "thirteen_orphans": lambda c: c.form == "thirteen_orphans",
    "nine_gates": _nine_gates,
    "big_four_winds": lambda c: _wind_pungs(c) == len(WINDS),
    "four_kongs": lambda c: len(c.kongs) == SETS_IN_HAND,
    "heavenly": lambda c: "heavenly" in c.flags,
    "earthly": lambda c: "earthly" in c.flags,
}
