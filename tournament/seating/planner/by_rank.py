"""Finals seating: tables filled from the standings, not from the history.

A final stage seats by rank so that the leaders play each other (``block``:
ranks 1-2-3-4 at table 1, 5-8 at table 2) or are spread over the tables
(``snake``: with two tables, 1-4-5-8 and 2-3-6-7; with four, 1-8-9-16 …).
Within a table the better ranked sits East, then South, West, North: the
same for everyone, and printed with the round.
"""

from __future__ import annotations

from collections.abc import Sequence

PATTERNS = ("snake", "block")
SEATS = 4


def seat_by_rank(order: Sequence[int], pattern: str) -> list[tuple[int, ...]]:
    """(E, S, W, N) tables of ``order`` (best first) by ``pattern``."""
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}: use {', '.join(PATTERNS)}")
    if len(order) % SEATS or not order:
        raise ValueError(f"{len(order)} players cannot fill tables of four")
    count = len(order) // SEATS
    if pattern == "block":
        return [tuple(order[i * SEATS : (i + 1) * SEATS]) for i in range(count)]
    tables: list[list[int]] = [[] for _ in range(count)]
    for row in range(SEATS):
        chunk = list(order[row * count : (row + 1) * count])
        if row % 2:
            chunk.reverse()
        for table, player in zip(tables, chunk, strict=True):
            table.append(player)
    return [tuple(t) for t in tables]
