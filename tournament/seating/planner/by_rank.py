"""Finals seating: tables filled from the standings, not from the history.

A final stage seats by rank so that the leaders play each other (``block``:
ranks 1-2-3-4 at table 1, 5-8 at table 2) or are spread over the tables
(``snake``: with two tables, 1-4-5-8 and 2-3-6-7; with four, 1-8-9-16 …).
Within a table the better ranked sits East, then South, West, North: the
same for everyone, and printed with the round.

Teammates (``groups``) are kept apart when the pattern allows: ``snake``
fills the tables one band of ranks at a time (ranks 1-4, then 5-8 … with
four tables), and the players of one band are interchangeable for the
pattern's purpose, so a player whose teammate already sits at their table
changes tables with the nearest player of the band who has none there.
``block`` puts consecutive ranks together by design and is kept as it is;
what is left is shown by the seating report, as for any round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoring.core.seats import PLAYERS_PER_TABLE

PATTERNS = ("snake", "block")


def seat_by_rank(
    order: Sequence[int], pattern: str, groups: Mapping[int, str] | None = None
) -> list[tuple[int, ...]]:
    """(E, S, W, N) tables of ``order`` (best first) by ``pattern``."""
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}: use {', '.join(PATTERNS)}")
    if len(order) % PLAYERS_PER_TABLE or not order:
        raise ValueError(f"{len(order)} players cannot fill tables of four")
    count = len(order) // PLAYERS_PER_TABLE
    if pattern == "block":
        return [
            tuple(order[i * PLAYERS_PER_TABLE : (i + 1) * PLAYERS_PER_TABLE]) for i in range(count)
        ]
    groups = groups or {}
    tables: list[list[int]] = [[] for _ in range(count)]
    for row in range(PLAYERS_PER_TABLE):
        band = list(order[row * count : (row + 1) * count])
        if row % 2:
            band.reverse()
        for table, player in zip(tables, _apart(band, tables, groups), strict=True):
            table.append(player)
    # East to the best ranked at each table, whatever the band order did.
    rank = {player: i for i, player in enumerate(order)}
    return [tuple(sorted(t, key=rank.__getitem__)) for t in tables]


def _apart(band: list[int], tables: list[list[int]], groups: Mapping[int, str]) -> list[int]:
    """``band`` (one player per table, in the pattern's order), with players moved
    between tables of the band only where that keeps a teammate from a table."""

    def clash(player: int, table: list[int]) -> bool:
        group = groups.get(player)
        return group is not None and any(groups.get(p) == group for p in table)

    placed = list(band)
    for i, table in enumerate(tables):
        if not clash(placed[i], table):
            continue
        # The nearest later player of the band who fits here, and whose move fits there.
        for j in sorted(range(i + 1, len(placed)), key=lambda j: j - i):
            if not clash(placed[j], table) and not clash(placed[i], tables[j]):
                placed[i], placed[j] = placed[j], placed[i]
                break
    return placed
