"""The Zung Jung pattern table (rules/zung-jung.md §2), one line per pattern.

Each line is a pattern key and its test over *one* arrangement of the hand
(:class:`scoring.core.patterns.Context`); the test answers how many times the
pattern occurs (``False``/0: absent). Numbers, values and names are data
(``scoring/data/zung_jung_patterns.tsv``); :func:`patterns_for` joins them.

Exclusions follow from the rules, not from a hand-kept list:

- **Series** (§2): the first two numbers (3.3 for 3.3.1-3.3.4). Within a
  series a pattern excludes the lower-numbered ones, so only the highest
  counts. 3.1 Value Honor is a series of its own and counts per set.
- **Special hands** (§5): Seven Pairs excludes every pattern except 1.3,
  2.1.x, 3.4, 8.1.3, 8.1.4 and series 9; Thirteen Terminals every pattern
  except series 9.

Forms (scoring.core.shapes): ``standard`` (four sets and a pair), ``seven_pairs``,
``thirteen_orphans`` (Thirteen Terminals).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from scoring.core.names import name_table
from scoring.core.patterns import DRAGONS, WINDS, Context, Pattern, Test
from scoring.core.tiles import EAST

NAMES = "zung_jung_patterns"
STANDARD, SEVEN_PAIRS, THIRTEEN = "standard", "seven_pairs", "thirteen_orphans"
SUIT_SIZE = 9
TERMINALS = frozenset(k for k in range(EAST) if k % SUIT_SIZE in (0, SUIT_SIZE - 1))
HONOURS = DRAGONS | WINDS
# §2 2.2 Nine Gates: 1112345678999 of one suit held before the winning tile.
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
# §2 7.1 Nine-Tile Straight: the chows 123, 456 and 789 (offsets of the lowest tile).
STRAIGHT = (0, 3, 6)
# §5: what Seven Pairs combines with (besides series 9).
SEVEN_PAIRS_COMBINES = frozenset(
    {
        "no_terminals",
        "mixed_one_suit",
        "pure_one_suit",
        "all_honors",
        "mixed_greater_terminals",
        "pure_greater_terminals",
    }
)
INCIDENTAL_CATEGORY = "9"  # §2 series 9: bonuses for the situation of the win
# Table rows that are not patterns of §2 (display only).
CHICKEN_HAND, LIMIT = "chicken_hand", "limit"


def _sets_of(c: Context, kinds: frozenset[int]) -> int:
    return sum(g.kind in kinds for g in c.pungs)


def _pair_of(c: Context, kinds: frozenset[int]) -> bool:
    return c.form == STANDARD and any(g.kind in kinds for g in c.pairs)


def _value_honors(c: Context) -> int:
    """§2 3.1: dragon or seat-wind triplets/kongs (the prevailing wind does not count)."""
    return sum(g.kind in DRAGONS or g.kind == c.seat_wind_kind for g in c.pungs)


def _concealed_triplets(c: Context) -> int:
    """§2 4.2: a concealed kong counts; a pung completed by a discard does not."""
    return sum(g.concealed for g in c.pungs)


def _chow_copies(c: Context) -> tuple[int, ...]:
    """How many times each distinct chow occurs, most first: (2, 2) is 5.1.2."""
    return tuple(sorted(Counter(g.kind for g in c.chows).values(), reverse=True)) or (0,)


def nine_gates_form(kinds: Counter[int]) -> bool:
    """14 tiles of one suit holding 1112345678999 and one more (§2 2.2's shape, any tile won)."""
    suits = {k // SUIT_SIZE for k in kinds if kinds[k]}
    if len(suits) != 1 or sum(kinds.values()) != SUIT_SIZE + 5 or max(kinds) >= EAST:
        return False
    base = next(iter(suits)) * SUIT_SIZE
    return all(kinds[base + i] >= need for i, need in enumerate(NINE_GATES))


def _nine_gates(c: Context) -> bool:
    """§2 2.2, §5: 1112345678999 concealed, won on any tile of its suit; void when heavenly."""
    if c.hand.melds or "heavenly" in c.flags or len(c.suits) != 1 or c.has_honours:
        return False
    base = "mps".index(next(iter(c.suits))) * SUIT_SIZE
    held = Counter(t.kind for t in c.hand.concealed)
    return all(held[base + i] == need for i, need in enumerate(NINE_GATES))


def _similar_sequences(c: Context) -> bool:
    suits: dict[int, set[int]] = {}
    for g in c.chows:
        suits.setdefault(g.kind % SUIT_SIZE, set()).add(g.kind // SUIT_SIZE)
    return any(len(s) == 3 for s in suits.values())


def _pung_suits(c: Context) -> dict[int, set[int]]:
    """Number (0-8) -> suits holding a triplet/kong of it."""
    suits: dict[int, set[int]] = {}
    for g in c.pungs:
        if g.kind < EAST:
            suits.setdefault(g.kind % SUIT_SIZE, set()).add(g.kind // SUIT_SIZE)
    return suits


def _small_similar_triplets(c: Context) -> bool:
    """§2 6.2.1: n-triplets in two suits and the n-pair in the third."""
    if c.form != STANDARD:
        return False
    (pair,) = c.pairs
    held = _pung_suits(c).get(pair.kind % SUIT_SIZE, set())
    return pair.kind < EAST and len(held) == 2 and pair.kind // SUIT_SIZE not in held


def _consecutive_triplets(c: Context) -> int:
    """The longest run of triplets/kongs n, n+1, … in one suit."""
    kinds = {g.kind for g in c.pungs if g.kind < EAST}
    longest = 0
    for k in kinds:
        if k % SUIT_SIZE == 0 or k - 1 not in kinds:
            run = 1
            while (k + run) % SUIT_SIZE and k + run in kinds:
                run += 1
            longest = max(longest, run)
    return longest


def _straight(c: Context) -> bool:
    kinds = {g.kind for g in c.chows}
    return any({base + o for o in STRAIGHT} <= kinds for base in range(0, EAST, SUIT_SIZE))


def _group_has(g, kinds: frozenset[int]) -> bool:
    if g.shape == "chow":  # 123 or 789 hold a terminal
        return g.kind in kinds or g.kind + 2 in kinds
    return g.kind in kinds


def _outside(c: Context, kinds: frozenset[int]) -> bool:
    """§2 8.1.1-8.1.2: every set and the pair of a regular hand holds one of ``kinds``."""
    return c.form == STANDARD and all(_group_has(g, kinds) for g in c.groups)


def _only(c: Context, kinds: frozenset[int]) -> bool:
    """§2 8.1.3-8.1.4: a regular or seven-pairs hand of nothing but ``kinds``."""
    return c.form != THIRTEEN and c.kinds <= kinds


TESTS: dict[str, Test] = {
    "all_sequences": lambda c: len(c.chows) == 4,
    "concealed_hand": lambda c: c.form == STANDARD and c.is_concealed,
    "no_terminals": lambda c: not c.kinds & (TERMINALS | HONOURS),
    "mixed_one_suit": lambda c: len(c.suits) == 1 and c.has_honours,
    "pure_one_suit": lambda c: len(c.suits) == 1 and not c.has_honours,
    "nine_gates": _nine_gates,
    "value_honor": _value_honors,
    "small_three_dragons": lambda c: _sets_of(c, DRAGONS) == 2 and _pair_of(c, DRAGONS),
    "big_three_dragons": lambda c: _sets_of(c, DRAGONS) == 3,
    "small_three_winds": lambda c: _sets_of(c, WINDS) == 2 and _pair_of(c, WINDS),
    "big_three_winds": lambda c: _sets_of(c, WINDS) == 3 and not _pair_of(c, WINDS),
    "small_four_winds": lambda c: _sets_of(c, WINDS) == 3 and _pair_of(c, WINDS),
    "big_four_winds": lambda c: _sets_of(c, WINDS) == 4,
    "all_honors": lambda c: c.form != THIRTEEN and c.kinds <= HONOURS,
    "all_triplets": lambda c: len(c.pungs) == 4,
    "two_concealed_triplets": lambda c: _concealed_triplets(c) == 2,
    "three_concealed_triplets": lambda c: _concealed_triplets(c) == 3,
    "four_concealed_triplets": lambda c: _concealed_triplets(c) == 4,
    "one_kong": lambda c: len(c.kongs) == 1,
    "two_kongs": lambda c: len(c.kongs) == 2,
    "three_kongs": lambda c: len(c.kongs) == 3,
    "four_kongs": lambda c: len(c.kongs) == 4,
    "two_identical_sequences": lambda c: _chow_copies(c)[:2] in ((2,), (2, 1)),
    "two_identical_sequences_twice": lambda c: _chow_copies(c) == (2, 2),
    "three_identical_sequences": lambda c: _chow_copies(c)[0] == 3,
    "four_identical_sequences": lambda c: _chow_copies(c)[0] == 4,
    "three_similar_sequences": _similar_sequences,
    "small_three_similar_triplets": _small_similar_triplets,
    "three_similar_triplets": lambda c: any(len(s) == 3 for s in _pung_suits(c).values()),
    "nine_tile_straight": _straight,
    "three_consecutive_triplets": lambda c: _consecutive_triplets(c) == 3,
    "four_consecutive_triplets": lambda c: _consecutive_triplets(c) == 4,
    "mixed_lesser_terminals": lambda c: _outside(c, TERMINALS | HONOURS),
    "pure_lesser_terminals": lambda c: _outside(c, TERMINALS),
    "mixed_greater_terminals": lambda c: _only(c, TERMINALS | HONOURS),
    "pure_greater_terminals": lambda c: _only(c, TERMINALS),
    "final_draw": lambda c: c.is_tsumo and "last_tile" in c.flags,
    "final_discard": lambda c: not c.is_tsumo and "last_tile" in c.flags,
    "win_on_kong": lambda c: "kong_replacement" in c.flags,
    "robbing_kong": lambda c: "robbing_kong" in c.flags,
    "blessing_of_heaven": lambda c: "heavenly" in c.flags,
    "blessing_of_earth": lambda c: "earthly" in c.flags,
    "thirteen_terminals": lambda c: c.form == THIRTEEN,
    "seven_pairs": lambda c: c.form == SEVEN_PAIRS,
}


@dataclass(frozen=True)
class Row:
    """One pattern of §2: its number (2.1.2), series (2.1) and table value."""

    key: str
    number: str
    value: int

    @property
    def series(self) -> str:
        return ".".join(self.number.split(".")[:2])

    @property
    def rank(self) -> tuple[int, ...]:
        return tuple(int(n) for n in self.number.split("."))


@cache
def rows() -> tuple[Row, ...]:
    """The §2 table in table order (the display-only rows left out)."""
    table = name_table(NAMES)
    found = [Row(key, r["number"], int(r["value"])) for key, r in table.items() if key in TESTS]
    return tuple(sorted(found, key=lambda r: r.rank))


def table_value(key: str) -> int:
    return int(name_table(NAMES)[key]["value"])


def _excludes(row: Row, table: tuple[Row, ...]) -> frozenset[str]:
    same_series = {r.key for r in table if r.series == row.series and r.rank < row.rank}
    incidental = {r.key for r in table if r.number.split(".")[0] == INCIDENTAL_CATEGORY}
    everything = {r.key for r in table} - {row.key}
    if row.key == "seven_pairs":
        return frozenset(everything - SEVEN_PAIRS_COMBINES - incidental)
    if row.key == "thirteen_terminals":
        return frozenset(everything - incidental)
    return frozenset(same_series)


@cache
def patterns_for(values: tuple[tuple[str, int], ...] = ()) -> tuple[Pattern, ...]:
    """The table as :class:`Pattern` objects; ``values`` overrides table values by key."""
    table, changed = rows(), dict(values)
    return tuple(
        Pattern(r.key, changed.get(r.key, r.value), TESTS[r.key], _excludes(r, table))
        for r in table
    )
