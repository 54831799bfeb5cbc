"""Declarative scoring patterns and the best-arrangement search.

Zung Jung and Hong Kong Old Style have no library, so their tables are ours.
Each pattern is a small object: a key, a value, a test over *one*
arrangement of the hand, and the keys it excludes. A ruleset is then a list of
patterns plus a function that turns the items into a total (limits, caps).

Two rules hold for every table written this way:

- **One arrangement.** The winner gets the best single arrangement; patterns
  found in different arrangements never combine (Zung Jung §4).
- **Exclusion is by presence.** A pattern is dropped when any pattern found in
  the same arrangement excludes it, whether or not that excluder is itself
  dropped. This keeps the result independent of the order of the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from scoring.core.hand import Hand
from scoring.core.shapes import Arrangement, Group
from scoring.core.tiles import EAST, NUM_KINDS, WHITE, WIND_KINDS


@dataclass(frozen=True)
class Context:
    """One arrangement of a hand, with the facts patterns ask about."""

    hand: Hand
    arrangement: Arrangement
    config: Any = None

    @property
    def form(self) -> str:
        return self.arrangement.form

    @property
    def groups(self) -> tuple[Group, ...]:
        return self.arrangement.groups

    @cached_property
    def sets(self) -> tuple[Group, ...]:
        """Chows, pungs and kongs (not the pair)."""
        return tuple(g for g in self.groups if g.shape != "pair")

    @cached_property
    def pairs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.shape == "pair")

    @cached_property
    def chows(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.shape == "chow")

    @cached_property
    def pungs(self) -> tuple[Group, ...]:
        """Pungs *and* kongs: a kong counts as a triplet wherever triplets count."""
        return tuple(g for g in self.groups if g.shape in ("pung", "kong"))

    @cached_property
    def kongs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.shape == "kong")

    @cached_property
    def counts(self) -> list[int]:
        out = [0] * NUM_KINDS
        for t in self.hand.all_tiles:
            out[t.kind] += 1
        return out

    @cached_property
    def kinds(self) -> frozenset[int]:
        return frozenset(k for k, c in enumerate(self.counts) if c)

    @cached_property
    def suits(self) -> frozenset[str]:
        """Suit letters among the numbered tiles (m, p, s)."""
        return frozenset("mps"[k // 9] for k in self.kinds if k < EAST)

    @cached_property
    def has_honours(self) -> bool:
        return any(k >= EAST for k in self.kinds)

    @property
    def is_tsumo(self) -> bool:
        return self.hand.is_tsumo

    @property
    def flags(self) -> frozenset[str]:
        return self.hand.flags

    @property
    def wait(self) -> str:
        return self.arrangement.wait

    @cached_property
    def is_concealed(self) -> bool:
        """No called meld (a concealed kong keeps the hand concealed)."""
        return not any(g.melded and not g.concealed for g in self.groups)

    @property
    def seat_wind_kind(self) -> int:
        return WIND_KINDS[self.hand.seat_wind]

    @property
    def round_wind_kind(self) -> int:
        return WIND_KINDS[self.hand.round_wind]


DRAGONS = frozenset(range(WHITE, NUM_KINDS))
WINDS = frozenset(range(EAST, WHITE))

Test = Callable[[Context], int | bool]


@dataclass(frozen=True)
class Pattern:
    """A scoring pattern: ``test`` returns how many times it occurs (0/False: absent)."""

    key: str
    value: int
    test: Test
    excludes: frozenset[str] = field(default_factory=frozenset)

    def count(self, ctx: Context) -> int:
        return int(self.test(ctx))


@dataclass(frozen=True)
class Found:
    """A pattern found in one arrangement."""

    key: str
    value: int
    count: int

    @property
    def total(self) -> int:
        return self.value * self.count


def evaluate(patterns: Iterable[Pattern], ctx: Context) -> list[Found]:
    """The patterns of one arrangement, after exclusions, in table order."""
    present = [(p, n) for p in patterns if (n := p.count(ctx))]
    excluded = set().union(*(p.excludes for p, _ in present)) if present else set()
    return [Found(p.key, p.value, n) for p, n in present if p.key not in excluded]


@dataclass(frozen=True)
class Scored:
    """The best arrangement of a hand and what it scores."""

    arrangement: Arrangement
    found: tuple[Found, ...]
    total: int


def all_scores(
    hand: Hand,
    arrangements: Sequence[Arrangement],
    patterns: Sequence[Pattern],
    total: Callable[[list[Found]], int],
    config: Any = None,
) -> list[Scored]:
    """Every arrangement scored on its own (property tests compare the best to these)."""
    out = []
    for arrangement in arrangements:
        found = evaluate(patterns, Context(hand, arrangement, config))
        out.append(Scored(arrangement, tuple(found), total(found)))
    return out


def best_arrangement(
    hand: Hand,
    arrangements: Sequence[Arrangement],
    patterns: Sequence[Pattern],
    total: Callable[[list[Found]], int],
    config: Any = None,
) -> Scored | None:
    """The highest-scoring single arrangement; ties keep the first, so it is deterministic."""
    best: Scored | None = None
    for scored in all_scores(hand, arrangements, patterns, total, config):
        if best is None or scored.total > best.total:
            best = scored
    return best
