"""Going on with a design when an event is seated one round at a time.

A director usually seats round k only once round k - 1 is over. The planner
then gets the rounds played as history and has no say over them; a greedy
next round soon paints it into a corner (16 players seated round by round
rarely reach five rounds without a repeat, while AG(2, 4) has five).

But when the rounds played are themselves rounds of a design, under some
naming of its points, the design goes on: its unused rounds, under the same
naming, never repeat a meeting. This module finds such a naming. It is a
small constraint search: players are named one at a time, each next to one
already named, so that two players who shared a table in history round i
get points that meet in the design round chosen for i (one design round per
history round), and two who did not never meet in any chosen round.

Rounds the planner seated from the design are always such rounds, whatever
seed each call used, so an event seated round by round gets the design's
quality as long as the field of players stays the same.
"""

from __future__ import annotations

import itertools

from tournament.seating.planner.deadline import Deadline

UNSET = -1
MAX_NODES = 200_000  # naming attempts before giving up (the search is tiny when it succeeds)


def class_of_pairs(size: int, rounds) -> list[list[int]]:
    """cls[x][y]: the design round in which points x and y meet, or UNSET."""
    cls = [[UNSET] * size for _ in range(size)]
    for r, tables in enumerate(rounds):
        for table in tables:
            for x in table:
                for y in table:
                    if x != y:
                        cls[x][y] = r
    return cls


def history_colours(size: int, played) -> list[list[int]] | None:
    """col[p][q]: the history round in which p and q met, or None when history cannot embed.

    History embeds only if every round seats all ``size`` players (indices) in
    tables of four and no pair met twice.
    """
    col = [[UNSET] * size for _ in range(size)]
    for r, tables in enumerate(played):
        seated = [p for table in tables for p in table]
        if sorted(seated) != list(range(size)):
            return None
        for table in tables:
            for p in table:
                for q in table:
                    if p != q:
                        if col[p][q] != UNSET:
                            return None
                        col[p][q] = r
    return col


def embed(
    design_rounds, col, rounds: int, deadline: Deadline, cost=None, most: int = 1
) -> list[int] | None:
    """point[player] that turns every history round into a design round, or None.

    ``rounds`` is the number of history rounds (colours in ``col``). With a
    ``cost`` (of a naming), up to ``most`` namings are found and the cheapest
    kept, the first found among equals: after a change of players the first
    naming need not be the one that kept clubs apart.
    """
    best = best_cost = None
    for found, point in enumerate(_Embedding(design_rounds, col, rounds).namings(deadline)):
        if cost is None:
            return point
        price = cost(point)
        if best_cost is None or price < best_cost:
            best, best_cost = point, price
        if found + 1 >= most:
            break
    return best


class _Embedding:
    """The depth-first search behind embed: players named one at a time."""

    def __init__(self, design_rounds, col, rounds: int):
        self.size = len(col)
        self.col = col
        self.cls = class_of_pairs(self.size, design_rounds)
        self.line = [{x: table for table in tables for x in table} for tables in design_rounds]
        self.order = _order(col)
        self.point = [UNSET] * self.size
        self.taken = [False] * self.size
        self.chosen = [UNSET] * rounds  # history round -> design round

    def fits(self, p: int, x: int) -> list[int] | None:
        """History rounds newly tied to design rounds if p gets point x, or None."""
        tied: list[int] = []
        chosen = self.chosen
        for q, y in enumerate(self.point):
            if y == UNSET:
                continue
            c, i = self.cls[x][y], self.col[p][q]
            if i == UNSET:
                ok = c == UNSET or c not in chosen
            elif chosen[i] == UNSET:
                ok = c != UNSET and c not in chosen
                if ok:
                    chosen[i] = c
                    tied.append(i)
            else:
                ok = chosen[i] == c
            if not ok:
                for i in tied:
                    chosen[i] = UNSET
                return None
        return tied

    def options(self, p: int) -> list[int]:
        """Points p may take: on the right line through a named tablemate, if it has one."""
        for q in range(self.size):
            i = self.col[p][q]
            if i != UNSET and self.point[q] != UNSET and self.chosen[i] != UNSET:
                return [x for x in self.line[self.chosen[i]][self.point[q]] if not self.taken[x]]
        return [x for x in range(self.size) if not self.taken[x]]

    def undo(self, p: int, tied: list[int]) -> None:
        self.taken[self.point[p]] = False
        self.point[p] = UNSET
        for i in tied:
            self.chosen[i] = UNSET

    def namings(self, deadline: Deadline):
        """Depth-first over ``order``, with an explicit stack (players may outnumber
        Python's recursion limit): every naming found, in order, until MAX_NODES
        steps or the deadline."""
        order = self.order
        stack = [[self.options(order[0]), 0, []]]  # per depth: points to try, next, ties
        for _ in range(MAX_NODES):
            if not stack or deadline.expired():
                return
            frame = stack[-1]
            tries, at, tied = frame
            p = order[len(stack) - 1]
            if self.point[p] != UNSET:  # back here: undo the previous try
                self.undo(p, tied)
            while at < len(tries) and (tied := self.fits(p, tries[at])) is None:
                at += 1
            if at == len(tries):
                stack.pop()
                continue
            self.point[p], self.taken[tries[at]] = tries[at], True
            frame[1], frame[2] = at + 1, tied
            if len(stack) == self.size:
                yield list(self.point)
                continue  # back here next step: the last player tries its next point
            stack.append([self.options(order[len(stack)]), 0, []])


def _order(col) -> list[int]:
    """The players table by table as the first round played seated them.

    Each player after the first of a table has a tablemate named before it,
    which keeps the search small. The order depends on the first round only,
    so it is the same in every later call; the search then always finds the
    same (the first, in this order) naming, and a naming that fitted h rounds
    still fits the h + 1 rounds it predicted. So rounds predicted one call
    are the rounds chosen the next.
    """
    size = len(col)
    order: list[int] = []
    placed = [False] * size
    for p in range(size):
        if not placed[p]:
            table = [p] + [q for q in range(size) if col[p][q] == 0]
            for q in table:
                placed[q] = True
            order.extend(table)
    return order


def next_rounds(design_rounds, point, price, count: int) -> list[list[list[int]]]:
    """``count`` design rounds (tables of players named by ``point``), cheapest first.

    A round costs what its meetings cost (``price``: meetings so far and group
    penalties, updated as rounds are taken, so a design round already used
    comes last). Ties go to the round whose sorted tables come first: the
    choice then depends on who met whom, not on the naming the embedding
    happened to find, and the next call, one round later, predicts the same
    rounds; which is what lets winds be planned ahead (see plan.py).
    """
    player_at = [UNSET] * len(point)
    for player, x in enumerate(point):
        player_at[x] = player
    rounds = [
        sorted(sorted(player_at[x] for x in table) for table in tables) for tables in design_rounds
    ]
    price = [row[:] for row in price]
    taken = []
    for _ in range(count):
        best = min(rounds, key=lambda tables: (_meeting_cost(tables, price), tables))
        for table in best:
            for p, q in itertools.permutations(table, 2):
                price[p][q] += 1
        taken.append([list(table) for table in best])
    return taken


def _meeting_cost(tables, price) -> int:
    return sum(price[p][q] for table in tables for p, q in itertools.combinations(table, 2))
