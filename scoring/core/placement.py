"""Placements and rank points, the arithmetic every ruleset's session ends with.

- *placement*: 1st-4th by session score; tied players share the better rank
  (1, 1, 3, 4).
- *rank points*: what a placement earns, from a per-place table: MCR *table
  points* (4/2/1/0, mcr.md §7) or riichi uma (riichi.md §6). Tied players share
  equally the points of the places they occupy, so a table always hands out
  the table's sum. Kept as exact fractions (7/3, never 2.33): standings add
  them up over many sessions and must not drift.

Family-free: each family's session module calls these.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from scoring.core.errors import NamesField
from scoring.core.numbers import is_int

PlayerId = Hashable


class SessionError(NamesField, ValueError):
    """Input that cannot describe a real session; ``field`` names the culprit."""


def _exact(value: object, field: str) -> Fraction:
    """An int or Fraction as a Fraction; floats are refused (they would drift)."""
    if not (is_int(value) or isinstance(value, Fraction)):
        raise SessionError(field, f"must be an int or a Fraction, not {value!r}")
    return Fraction(value)


def _sequence(value: object, field: str) -> tuple[Any, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise SessionError(field, f"must be a list, not {value!r}")
    return tuple(value)


def placements(scores: Mapping[PlayerId, int | Fraction]) -> dict[PlayerId, int]:
    """Shared rank by score, highest first: 1 + the number of players with more.

    ``{a: 30, b: 30, c: 5, d: -65}`` -> ``{a: 1, b: 1, c: 3, d: 4}``.
    """
    values = {p: _exact(s, f"scores[{p!r}]") for p, s in scores.items()}
    return {p: 1 + sum(other > s for other in values.values()) for p, s in values.items()}


def rank_points(
    scores: Mapping[PlayerId, int | Fraction], points: Sequence[int | Fraction]
) -> dict[PlayerId, Fraction]:
    """The points each player's place earns, ties splitting equally (mcr.md §7, riichi.md §6).

    ``points[i]`` is what place i+1 earns. Players tied on score occupy
    consecutive places and each gets the average of those places' points:
    with (4, 2, 1, 0), 1st = 2nd get (4+2)/2 = 3 each; 1st = 2nd = 3rd get
    7/3. The result always sums to ``sum(points)``. Keys come back in the
    order of ``scores``.
    """
    if len(points) != len(scores):
        raise SessionError(
            "points", f"needs one value per place ({len(scores)}), got {len(points)}"
        )
    table = [_exact(v, f"points[{i}]") for i, v in enumerate(points)]
    rank = placements(scores)
    tied: dict[int, int] = {}
    for place in rank.values():
        tied[place] = tied.get(place, 0) + 1
    # Players sharing rank r occupy places r .. r + n - 1 (1-based).
    return {p: sum(table[r - 1 : r - 1 + tied[r]], Fraction(0)) / tied[r] for p, r in rank.items()}
