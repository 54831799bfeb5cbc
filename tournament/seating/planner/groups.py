"""Keeping groups apart by choosing who plays which point of a design.

Vocabulary. A *group* is a club, a country or a team: players the director
would rather not seat together. A design's rounds are fixed, but which
player is which point is free, and renaming points keeps every property of
the design (no repeats, tables of four). So clubmates are given points that
never share a table. In AG(3, 4) with 8 of its 21 rounds, for instance, the
lines of an unused direction are 16 sets of 4 points that never meet: 16
clubs of 4 fit exactly, and the search below finds such a naming.

The search is plain: pick a player who meets a groupmate, swap their point
with the swap that removes most such meetings (a random one among equals,
sideways moves allowed), and stop when none are left, after
``max_iterations`` or at the deadline.
"""

from __future__ import annotations

import random
from collections import Counter

from tournament.seating.planner.deadline import Deadline


def meeting_matrix(size: int, rounds) -> list[list[int]]:
    """How often each two points share a table in ``rounds`` (tables of points)."""
    met = [[0] * size for _ in range(size)]
    for tables in rounds:
        for table in tables:
            for p in table:
                for q in table:
                    if p != q:
                        met[p][q] += 1
    return met


def name_points(
    met: list[list[int]],
    group_of: list[int | None],
    rng: random.Random,
    deadline: Deadline,
    max_iterations: int,
    spare_rounds=(),
) -> list[int]:
    """point[player]: a naming of the design's points that keeps groups apart where it can.

    ``met`` is the design's meeting matrix over points; ``group_of[player]``
    is a group number or None. Players are named in a random order first, so
    that different seeds give different seatings. ``spare_rounds`` are design
    rounds not among those in ``met``: two points at one of their tables
    never meet in the others, so groups of up to four packed into the tables
    of a spare round are kept apart at once (the search then has nothing left
    to do).
    """
    size = len(group_of)
    point = list(range(size))
    rng.shuffle(point)
    if not any(c > 1 for c in Counter(g for g in group_of if g is not None).values()):
        return point
    for tables in spare_rounds:
        packed = _pack(tables, group_of, rng)
        if packed is not None and _Naming(met, group_of, packed).cost == 0:
            return packed
    naming = _Naming(met, group_of, point)
    best, best_cost = point[:], naming.cost
    for _ in range(max_iterations):
        if naming.cost == 0 or deadline.expired():
            break
        troubled = [p for p in range(size) if naming.clashes(p, point[p])]
        a = rng.choice(troubled)
        changes = [naming.change(a, b) if b != a else None for b in range(size)]
        least = min(c for c in changes if c is not None)
        naming.swap(a, rng.choice([b for b, c in enumerate(changes) if c == least]), least)
        if naming.cost < best_cost:
            best, best_cost = point[:], naming.cost
    return best


def _pack(tables, group_of, rng: random.Random) -> list[int] | None:
    """A naming that puts each group inside one table of ``tables`` (largest first), or None."""
    members: dict[int, list[int]] = {}
    loners = []
    for player, group in enumerate(group_of):
        (members.setdefault(group, []) if group is not None else loners).append(player)
    free = [list(table) for table in tables]
    rng.shuffle(free)
    point = [-1] * len(group_of)
    for mates in sorted(members.values(), key=len, reverse=True):
        table = next((t for t in free if len(t) >= len(mates)), None)
        if table is None:
            return None
        for player in mates:
            point[player] = table.pop()
    rest = [x for table in free for x in table]
    rng.shuffle(rest)
    for player, x in zip(loners, rest, strict=True):
        point[player] = x
    return point


class _Naming:
    """A naming with, for each group and point, the meetings a member there would have."""

    def __init__(self, met, group_of, point):
        self.met, self.group_of, self.point = met, group_of, point
        groups = sorted({g for g in group_of if g is not None})
        self.at = {g: [0] * len(point) for g in groups}  # at[g][x]: meetings with g from x
        for player, group in enumerate(group_of):
            if group is not None:
                self._add(group, point[player], 1)
        self.cost = sum(self.clashes(p, point[p]) for p in range(len(point))) // 2

    def _add(self, group: int, x: int, sign: int) -> None:
        row, meets = self.at[group], self.met[x]
        for y, m in enumerate(meets):
            if m:
                row[y] += sign * m

    def clashes(self, player: int, x: int) -> int:
        """Meetings ``player`` would have with groupmates from point x (itself excluded)."""
        group = self.group_of[player]
        return 0 if group is None else self.at[group][x] - self.met[x][self.point[player]]

    def change(self, a: int, b: int) -> int:
        """The change in groupmate meetings if a and b swap points."""
        pa, pb = self.point[a], self.point[b]
        ga, gb = self.group_of[a], self.group_of[b]
        if ga == gb:
            return 0  # swapping two of a kind, or two without a group, changes nothing
        change = 0
        if ga is not None:
            change += self.at[ga][pb] - self.met[pb][pa] - self.clashes(a, pa)
        if gb is not None:
            change += self.at[gb][pa] - self.met[pa][pb] - self.clashes(b, pb)
        return change

    def swap(self, a: int, b: int, change: int) -> None:
        pa, pb = self.point[a], self.point[b]
        for player, old, new in ((a, pa, pb), (b, pb, pa)):
            group = self.group_of[player]
            if group is not None:
                self._add(group, old, -1)
                self._add(group, new, 1)
        self.point[a], self.point[b] = pb, pa
        self.cost += change
