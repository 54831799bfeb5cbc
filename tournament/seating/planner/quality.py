"""How good a seating is: repeats, club meetings, whole-club tables, wind balance.

Vocabulary as in plan.py: rounds of (E, S, W, N) tables of player ids. Two
players *meet* when they share a table; a pair's *repeats* are its meetings
beyond the first. A *club meeting* is two players of one group (club,
country) at one table in one round, counted per pair and round. A
*whole-group table* seats four players of one group. A player's winds are
*balanced* when each wind count is within floor(R / 4)..ceil(R / 4) of the
R rounds they sat.

Why a module of its own: the director sees these numbers on the round page
and before a swap, and the benchmark and the tests count the same things;
the planner's own cost mixes them with weights and must not be what the
director reads.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

WINDS = 4


@dataclass(frozen=True)
class Quality:
    """The numbers of one seating (a list of rounds), and who or what makes them."""

    repeats: int
    repeated_pairs: tuple[tuple[int, int, int], ...]  # (a, b, meetings), a < b
    club_meetings: int
    club_pairs: tuple[tuple[int, int, int], ...]  # (round number from 1, a, b), a < b
    whole_group_tables: int
    whole_group_at: tuple[tuple[int, int], ...]  # (round number, table number), from 1
    wind_unbalanced: tuple[int, ...]  # players, sorted
    wind_counts: Mapping[int, tuple[int, int, int, int]] = field(default_factory=dict)

    @property
    def wind_balanced(self) -> bool:
        return not self.wind_unbalanced


@dataclass(frozen=True)
class Change:
    """What a change (a swap, say) does to a seating: after minus before, and what is new."""

    repeats: int
    club_meetings: int
    whole_group_tables: int
    wind_unbalanced: int
    new_repeated_pairs: tuple[tuple[int, int, int], ...]
    new_club_pairs: tuple[tuple[int, int, int], ...]

    @property
    def worse(self) -> bool:
        """Any number went up."""
        return any(
            d > 0
            for d in (
                self.repeats,
                self.club_meetings,
                self.whole_group_tables,
                self.wind_unbalanced,
            )
        )


def balanced(counts: Sequence[int]) -> bool:
    """Each wind floor(R / 4)..ceil(R / 4) times over the R rounds sat."""
    low, extra = divmod(sum(counts), WINDS)
    return all(low <= c <= low + (1 if extra else 0) for c in counts)


def measure(
    rounds: Sequence[Sequence[Sequence[int]]], group_of: Mapping[int, str | None]
) -> Quality:
    """The quality of ``rounds``; ``group_of`` names each player's group (None or absent: none)."""
    met: Counter = Counter()
    club_pairs = []
    whole = []
    winds: dict[int, list[int]] = {}
    for r, tables in enumerate(rounds, start=1):
        for t, table in enumerate(tables, start=1):
            for wind, player in enumerate(table):
                winds.setdefault(player, [0] * WINDS)[wind] += 1
            for a, b in itertools.combinations(sorted(table), 2):
                met[a, b] += 1
                if group_of.get(a) and group_of.get(a) == group_of.get(b):
                    club_pairs.append((r, a, b))
            names = {group_of.get(p) for p in table}
            if len(names) == 1 and None not in names:
                whole.append((r, t))
    repeated = tuple(sorted((a, b, m) for (a, b), m in met.items() if m > 1))
    counts = {p: tuple(c) for p, c in sorted(winds.items())}
    return Quality(
        repeats=sum(m - 1 for _a, _b, m in repeated),
        repeated_pairs=repeated,
        club_meetings=len(club_pairs),
        club_pairs=tuple(club_pairs),
        whole_group_tables=len(whole),
        whole_group_at=tuple(whole),
        wind_unbalanced=tuple(p for p, c in counts.items() if not balanced(c)),
        wind_counts=counts,  # type: ignore[arg-type]
    )


def compare(before: Quality, after: Quality) -> Change:
    """``after`` against ``before``, for a swap preview."""
    pairs_before = {(a, b): m for a, b, m in before.repeated_pairs}
    clubs_before = set(before.club_pairs)
    return Change(
        repeats=after.repeats - before.repeats,
        club_meetings=after.club_meetings - before.club_meetings,
        whole_group_tables=after.whole_group_tables - before.whole_group_tables,
        wind_unbalanced=len(after.wind_unbalanced) - len(before.wind_unbalanced),
        new_repeated_pairs=tuple(
            (a, b, m) for a, b, m in after.repeated_pairs if m > pairs_before.get((a, b), 1)
        ),
        new_club_pairs=tuple(p for p in after.club_pairs if p not in clubs_before),
    )
