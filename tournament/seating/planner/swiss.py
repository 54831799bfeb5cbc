"""Swiss seating: tables by standings, with small swaps to avoid repeats.

Vocabulary. The *standings* rank the players, best first. A player's *home
table* is where the standings put them: the top four at table 1, the next
four at table 2, and so on. *Displacement* is how far a player sits from
home, in tables.

Each round starts from the home tables. Then the best swap of two players of
nearby tables (at most REACH apart) is made, again and again, while one lowers
the cost:

    MEETING_WEIGHT * (price of the table's meetings)
    + (displacement ** 2 for each player)
    + MEETING_WEIGHT * (wind cost), when rounds were already played

where a meeting's price is its number of earlier meetings plus the group
penalty (see search.py), so a first meeting of strangers is free. Swapping two
neighbours costs 2, less than the MEETING_WEIGHT a repeat costs, so repeats
go whenever a neighbour can take the seat; a player is sent two tables away
(4) only to avoid more than one repeat. The wind cost of a table is the best
its four players can do, each wind costing the times they already sat it;
it keeps the winds of a round-by-round event balanced where it can.
Several new rounds are seated one after another from the same standings.

Swaps alone can get stuck with repeats that a seating of near-equal standing
avoids (two tables, each with someone the other's players have met). So when
a round still has repeats (or clubmates together), a small depth-first search
looks for a seating that keeps every player within one table of home and
meets nobody again; if it finds one in NEAR_HOME_NODES steps, the swaps go
on from there. A repeat then costs more than the one-table moves it takes
to avoid (each costs 1, a repeat MEETING_WEIGHT), and the swaps never bring
it back.
"""

from __future__ import annotations

import itertools

from scoring.core.seats import PLAYERS_PER_TABLE
from tournament.seating.planner.deadline import Deadline

MEETING_WEIGHT = 4
# Swaps are between tables at most this far apart: neighbours, and the next
# ones for the rare player whose neighbours they have all met.
REACH = 2
_ORDERS = tuple(itertools.permutations(range(PLAYERS_PER_TABLE)))
NEAR_HOME_NODES = 50_000  # steps of the depth-first search for a repeat-free round


class _Round:
    """One round being seated: tables of player indices and their costs."""

    def __init__(self, order, price, counts):
        self.price, self.counts = price, counts
        self.home = {player: i // PLAYERS_PER_TABLE for i, player in enumerate(order)}
        self.tables = [
            list(order[i : i + PLAYERS_PER_TABLE]) for i in range(0, len(order), PLAYERS_PER_TABLE)
        ]
        self._cache: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}
        count = len(self.tables)
        self.pairs = [(t, u) for t in range(count) for u in range(t + 1, min(count, t + REACH + 1))]

    def company(self, table) -> tuple[int, tuple[int, ...]]:
        """(meeting and wind cost, best wind order) of a table's four players, memoised."""
        key = tuple(sorted(table))
        if key not in self._cache:
            meetings = sum(self.price[p][q] for p, q in itertools.combinations(key, 2))
            order, winds = tuple(range(PLAYERS_PER_TABLE)), 0
            if self.counts is not None:
                winds, order = min(
                    (sum(self.counts[key[i]][wind] for wind, i in enumerate(o)), o) for o in _ORDERS
                )
            self._cache[key] = (MEETING_WEIGHT * (meetings + winds), order)
        return self._cache[key]

    def cost(self, t: int, table) -> int:
        return self.company(table)[0] + sum((t - self.home[p]) ** 2 for p in table)

    def best_swap(self):
        """(change, t, u, i, j): the best swap of seat i at table t with seat j at table u.

        Tables at most REACH apart; the displacement cost keeps moves short.
        """
        best = None
        for t, u in self.pairs:
            upper, lower = self.tables[t], self.tables[u]
            before = self.cost(t, upper) + self.cost(u, lower)
            for i, j in itertools.product(range(PLAYERS_PER_TABLE), repeat=2):
                new_upper = upper[:i] + [lower[j]] + upper[i + 1 :]
                new_lower = lower[:j] + [upper[i]] + lower[j + 1 :]
                change = self.cost(t, new_upper) + self.cost(u, new_lower) - before
                if change < 0 and (best is None or change < best[0]):
                    best = (change, t, u, i, j)
        return best

    def meetings(self) -> int:
        """The round's meetings that cost something: repeats and clubmates together."""
        return sum(
            self.price[p][q] for table in self.tables for p, q in itertools.combinations(table, 2)
        )

    def seated(self) -> list[list[int]]:
        """The tables, each in its best wind order when winds are weighed."""
        out = []
        for table in self.tables:
            key = tuple(sorted(table))
            order = self.company(table)[1]
            out.append([key[i] for i in order] if self.counts is not None else list(table))
        return out


def swiss_rounds(
    order: list[int],
    count: int,
    price: list[list[int]],
    counts: list[list[int]] | None,
    deadline: Deadline,
) -> list[list[list[int]]]:
    """``count`` rounds of tables (player indices) for players ranked ``order``.

    ``price`` holds the rounds already played and the group penalties, and is
    updated with each new round; ``counts`` (wind counts so far) is None when
    winds are left to the colouring of winds.py.
    """
    price = [row[:] for row in price]
    counts = None if counts is None else [row[:] for row in counts]
    rounds = []
    for _ in range(count):
        current = _Round(order, price, counts)
        _descend(current, deadline)
        if current.meetings():
            # Swaps get stuck in knots; when a seating exists that keeps everyone
            # within a table of home and meets nobody again, take that one.
            free = _near_home(order, price, deadline)
            if free is not None:
                current.tables = free
                _descend(current, deadline)
        tables = current.seated()
        for table in tables:
            for p, q in itertools.permutations(table, 2):
                price[p][q] += 1
            if counts is not None:
                for wind, player in enumerate(table):
                    counts[player][wind] += 1
        rounds.append(tables)
    return rounds


def _descend(current: _Round, deadline: Deadline) -> None:
    """The best swap, again and again, while one lowers the cost."""
    while not deadline.expired() and (move := current.best_swap()) is not None:
        _, t, u, i, j = move
        upper, lower = current.tables[t], current.tables[u]
        upper[i], lower[j] = lower[j], upper[i]


def _near_home(order: list[int], price, deadline: Deadline) -> list[list[int]] | None:
    """Tables in which everyone sits at home or one table away and meets no one at a price.

    Players are placed best first, each at home first, then one table down,
    then one up; None when there is no such seating or after NEAR_HOME_NODES
    steps.
    """
    count = len(order) // PLAYERS_PER_TABLE
    tables: list[list[int]] = [[] for _ in range(count)]
    choices = [
        [t for step in (0, 1, -1) if 0 <= (t := i // PLAYERS_PER_TABLE + step) < count]
        for i in range(len(order))
    ]
    stack = [0]  # per placed player: the index of the choice it took, plus one
    for _ in range(NEAR_HOME_NODES):
        if deadline.expired():
            return None
        i = len(stack) - 1
        if i == len(order):
            return tables
        player, tried = order[i], stack[-1]
        while tried < len(choices[i]):
            table = tables[choices[i][tried]]
            tried += 1
            if len(table) < PLAYERS_PER_TABLE and all(price[player][q] == 0 for q in table):
                table.append(player)
                stack[-1] = tried
                stack.append(0)
                break
        else:
            stack.pop()
            if not stack:
                return None
            previous = len(stack) - 1
            tables[choices[previous][stack[-1] - 1]].remove(order[previous])
    return None
