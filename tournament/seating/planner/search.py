"""Local search on who meets whom: tabu search with swaps inside a round.

Vocabulary. Players are 0..n-1. A round is a list ``occupant`` of length n in
which position ``4 * table + wind`` holds a player (wind 0..3 is E, S, W, N).
A *move* swaps two players of one round: they trade tables (and winds).

The cost of a seating is a sum over pairs of players:
``C(m, 2) + penalty * m`` where m is how often the pair shares a table
(the rounds already played included) and ``penalty`` is GROUP_PENALTY for two
players of the same group (club, country), else 0. C(m, 2) equals the
"repeats" count max(0, m - 1) while no pair meets three times, and being
convex it spreads meetings where repeats cannot be avoided. When winds are
searched too (rounds already played make the colouring of winds.py
insufficient) each player adds WIND_WEIGHT * C(c, 2) for each wind sat c times.

The price of one more meeting of p and q is ``price[p][q] = m + penalty``,
which makes a swap's change of cost a handful of look-ups; the search keeps
``price`` up to date rather than the cost itself.

The search is the tabu search that works well on the social golfer problem
(Dotú and Van Hentenryck, 2005): try every swap of a player in conflict (in
any round; a random sample of MOST_CANDIDATES of them when there are more)
with any other player of that round, take the best one that is not tabu (or
that beats the best seating seen), and forbid moving a player back where it
came from for a few iterations. When the best seating has not improved
for a while, restart from it with a few random swaps. It stops at a seating
that meets a lower bound, after ``max_iterations`` (so a seed gives the same
answer on any machine), or when the deadline passes.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass

from scoring.core.seats import PLAYERS_PER_TABLE
from tournament.seating.planner.deadline import Deadline

# A meeting of two clubmates costs as much as a first repeat: with a free
# choice the planner avoids both, and neither outweighs the other.
GROUP_PENALTY = 1
# One wind sat once too often costs as much as one repeated meeting.
WIND_WEIGHT = 1
TABU_TENURE = 8  # iterations a player may not go back (plus up to as many at random)
STALL_ITERATIONS = 500  # iterations without a new best before a restart
# Players in conflict whose swaps one iteration tries: all of them in small
# seatings, a random sample in large ones where conflicts are many and cheap.
MOST_CANDIDATES = 64
RESTART_SWAPS = 3  # random swaps per planned round applied at a restart
# Iterations without a new best after which the search settles for what it has.
GIVE_UP_ITERATIONS = 10_000


@dataclass
class Problem:
    """What the search needs to know, as plain numbers.

    ``price`` is symmetric with a zero diagonal and holds the rounds already
    played plus group penalties. ``winds`` holds each player's wind counts in
    the rounds already played, or None when winds are left to winds.py.
    """

    size: int
    rounds: int
    price: list[list[int]]
    winds: list[list[int]] | None = None


def _seated_at(occupant: list[int], table: int) -> list[int]:
    """The players at one table of a round: four consecutive places of its occupant list."""
    return occupant[PLAYERS_PER_TABLE * table : PLAYERS_PER_TABLE * (table + 1)]


def _pairs_of_table(occupant: list[int], table: int):
    seated = _seated_at(occupant, table)
    for i in range(PLAYERS_PER_TABLE):
        for j in range(i + 1, PLAYERS_PER_TABLE):
            yield seated[i], seated[j]


def cost(problem: Problem, rounds: list[list[int]]) -> int:
    """The cost of ``rounds`` on top of the problem's history, from scratch."""
    price = [row[:] for row in problem.price]
    total = 0
    for occupant in rounds:
        for table in range(problem.size // PLAYERS_PER_TABLE):
            for p, q in _pairs_of_table(occupant, table):
                total += price[p][q]
                price[p][q] += 1
                price[q][p] += 1
    if problem.winds is not None:
        counts = [row[:] for row in problem.winds]
        for occupant in rounds:
            for position, player in enumerate(occupant):
                total += WIND_WEIGHT * counts[player][position % PLAYERS_PER_TABLE]
                counts[player][position % PLAYERS_PER_TABLE] += 1
    return total


def lower_bound(problem: Problem) -> int:
    """No seating of the planned rounds costs less than this (added cost only).

    Each player meets 3 others per round; the cheapest any player could do is
    to take the 3 * rounds cheapest meetings one at a time (a meeting's price
    rising by one each time it is taken). Every meeting's price is shared by
    two players, hence the half. Winds alike: the cheapest counts, one round
    at a time.
    """
    meetings = PLAYERS_PER_TABLE - 1
    total = 0
    for p in range(problem.size):
        heap = [problem.price[p][q] for q in range(problem.size) if q != p]
        heapq.heapify(heap)
        for _ in range(meetings * problem.rounds):
            cheapest = heapq.heappop(heap)
            total += cheapest
            heapq.heappush(heap, cheapest + 1)
    bound = (total + 1) // 2
    if problem.winds is not None:
        for counts in problem.winds:
            counts = list(counts)
            for _ in range(problem.rounds):
                wind = counts.index(min(counts))
                bound += WIND_WEIGHT * counts[wind]
                counts[wind] += 1
    return bound


def greedy_rounds(problem: Problem, rng: random.Random, deadline: Deadline) -> list[list[int]]:
    """Rounds filled one table at a time with the cheapest next player.

    A warm start for the search; once the deadline has passed, the remaining
    rounds are simply shuffled so that an answer still comes back at once.
    """
    price = [row[:] for row in problem.price]
    rounds = []
    for _ in range(problem.rounds):
        order = list(range(problem.size))
        rng.shuffle(order)
        occupant: list[int] = []
        while order and not deadline.expired():
            table = [order.pop(0)]
            while len(table) < PLAYERS_PER_TABLE:
                best = min(order, key=lambda q: sum(price[q][x] for x in table))
                order.remove(best)
                table.append(best)
            occupant.extend(table)
        occupant.extend(order)
        for p, q in (
            pair
            for t in range(problem.size // PLAYERS_PER_TABLE)
            for pair in _pairs_of_table(occupant, t)
        ):
            price[p][q] += 1
            price[q][p] += 1
        rounds.append(occupant)
    return rounds


class _Search:
    """A seating of the planned rounds with its prices, wind counts and cost."""

    def __init__(self, problem: Problem, rounds: list[list[int]]):
        self.problem = problem
        self.size = problem.size
        self.rounds = [list(occupant) for occupant in rounds]
        self.where = [[0] * self.size for _ in rounds]
        for occupant, where in zip(self.rounds, self.where, strict=True):
            for position, player in enumerate(occupant):
                where[player] = position
        self.price = [row[:] for row in problem.price]
        self.winds = None if problem.winds is None else [row[:] for row in problem.winds]
        self.cost = 0
        for occupant in self.rounds:
            for table in range(self.size // PLAYERS_PER_TABLE):
                for p, q in _pairs_of_table(occupant, table):
                    self.cost += self.price[p][q]
                    self.price[p][q] += 1
                    self.price[q][p] += 1
            if self.winds is not None:
                for position, player in enumerate(occupant):
                    self.cost += WIND_WEIGHT * self.winds[player][position % PLAYERS_PER_TABLE]
                    self.winds[player][position % PLAYERS_PER_TABLE] += 1

    def own_prices(self, r: int) -> list[int]:
        """For each player, the sum of prices with its three tablemates in round r."""
        occupant, price = self.rounds[r], self.price
        own = [0] * self.size
        for start in range(0, self.size, PLAYERS_PER_TABLE):
            seated = occupant[start : start + PLAYERS_PER_TABLE]
            for p in seated:
                row = price[p]
                own[p] = row[seated[0]] + row[seated[1]] + row[seated[2]] + row[seated[3]]
        return own

    def conflicts(self, r: int, own: list[int]) -> list[int]:
        """Players whose seat in round r costs something a move could save."""
        repeat_free = PLAYERS_PER_TABLE - 1  # three first meetings at a price of 1 each
        found = [p for p in range(self.size) if own[p] > repeat_free]
        if self.winds is not None:
            where, winds = self.where[r], self.winds
            found.extend(
                p
                for p in range(self.size)
                if own[p] <= repeat_free
                and winds[p][where[p] % PLAYERS_PER_TABLE] > min(winds[p]) + 1
            )
        return found

    def wind_delta(self, a: int, pa: int, b: int, pb: int) -> int:
        wa, wb = pa % PLAYERS_PER_TABLE, pb % PLAYERS_PER_TABLE
        if self.winds is None or wa == wb:
            return 0
        ca, cb = self.winds[a], self.winds[b]
        return WIND_WEIGHT * (ca[wb] - ca[wa] + 1 + cb[wa] - cb[wb] + 1)

    def delta(self, r: int, a: int, b: int) -> int:
        """The change of cost if a and b swap places in round r."""
        occupant, where, price = self.rounds[r], self.where[r], self.price
        pa, pb = where[a], where[b]
        ta, tb = pa // PLAYERS_PER_TABLE, pb // PLAYERS_PER_TABLE
        change = self.wind_delta(a, pa, b, pb)
        if ta != tb:
            rest_a = [x for x in _seated_at(occupant, ta) if x != a]
            rest_b = [y for y in _seated_at(occupant, tb) if y != b]
            change += sum(price[a][y] + 1 - price[b][y] for y in rest_b)
            change += sum(price[b][x] + 1 - price[a][x] for x in rest_a)
        return change

    def swap(self, r: int, a: int, b: int, change: int) -> None:
        occupant, where, price = self.rounds[r], self.where[r], self.price
        pa, pb = where[a], where[b]
        ta, tb = pa // PLAYERS_PER_TABLE, pb // PLAYERS_PER_TABLE
        if ta != tb:
            for mover, stayer_table, leaver in ((a, tb, b), (b, ta, a)):
                for x in _seated_at(occupant, stayer_table):
                    if x != leaver:
                        price[mover][x] += 1
                        price[x][mover] += 1
                        price[leaver][x] -= 1
                        price[x][leaver] -= 1
        if self.winds is not None:
            wa, wb = pa % PLAYERS_PER_TABLE, pb % PLAYERS_PER_TABLE
            self.winds[a][wa] -= 1
            self.winds[a][wb] += 1
            self.winds[b][wb] -= 1
            self.winds[b][wa] += 1
        occupant[pa], occupant[pb] = b, a
        where[a], where[b] = pb, pa
        self.cost += change

    def best_move(self, candidates, tabu, now: int, aspiration: int, rng: random.Random):
        """The best allowed swap of a candidate (round, player): (change, round, a, b) or None.

        A swap is tabu when it sends a player back to a table (or, with winds,
        a seat) it left recently; it is allowed anyway when it would give a
        seating better than ``aspiration``.
        """
        price, n, winds = self.price, self.size, self.winds
        slot = 1 if winds is not None else PLAYERS_PER_TABLE  # a tabu entry per seat, or per table
        best_change, moves = None, []
        for r, a, own in candidates:
            occupant, where = self.rounds[r], self.where[r]
            pa = where[a]
            ta = pa // PLAYERS_PER_TABLE
            row = price[a]
            at_table = [
                row[occupant[i]]
                + row[occupant[i + 1]]
                + row[occupant[i + 2]]
                + row[occupant[i + 3]]
                for i in range(0, n, PLAYERS_PER_TABLE)
            ]
            m0, m1, m2, m3 = (price[x] for x in _seated_at(occupant, ta))
            leave = 2 * PLAYERS_PER_TABLE - 2 - own[a]
            for b in range(n):
                pb = where[b]
                tb = pb // PLAYERS_PER_TABLE
                if tb != ta:
                    change = (
                        leave + at_table[tb] + m0[b] + m1[b] + m2[b] + m3[b] - 2 * row[b] - own[b]
                    )
                elif winds is None or b == a:
                    continue
                else:
                    change = 0
                if winds is not None:
                    change += self.wind_delta(a, pa, b, pb)
                if best_change is not None and change > best_change:
                    continue
                forbidden = (
                    tabu.get((r, a, pb // slot), 0) > now or tabu.get((r, b, pa // slot), 0) > now
                )
                if forbidden and self.cost + change >= aspiration:
                    continue
                if best_change is None or change < best_change:
                    best_change, moves = change, []
                moves.append((r, a, b))
        if not moves:
            return None
        return (best_change, *moves[rng.randrange(len(moves))])

    def candidates(self, rng: random.Random, most: int) -> list[tuple[int, int, list[int]]]:
        """Conflicting (round, player, own prices of that round), at most ``most`` at random."""
        found = []
        for r in range(len(self.rounds)):
            own = self.own_prices(r)
            found.extend((r, p, own) for p in self.conflicts(r, own))
        if len(found) > most:
            found = rng.sample(found, most)
        return found


def improve(
    problem: Problem,
    start: list[list[int]],
    rng: random.Random,
    deadline: Deadline,
    max_iterations: int,
    bound: int | None = None,
) -> list[list[int]]:
    """The best seating the tabu search finds from ``start`` (see the module docstring).

    ``bound`` is a lower bound on the cost that the caller knows better than
    ``lower_bound`` (the search stops when it gets there).
    """
    search = _Search(problem, start)
    if not problem.rounds:
        return search.rounds
    bound = lower_bound(problem) if bound is None else bound
    best, best_cost, last_gain = [o[:] for o in search.rounds], search.cost, 0
    slot = 1 if problem.winds is not None else PLAYERS_PER_TABLE
    tabu: dict[tuple[int, int, int], int] = {}  # (round, player, table or seat) -> until
    iteration = best_found = 0
    while best_cost > bound and iteration < max_iterations and not deadline.expired():
        iteration += 1
        candidates = search.candidates(rng, MOST_CANDIDATES)
        if not candidates:
            break  # no player sits where a swap could help
        move = search.best_move(candidates, tabu, iteration, best_cost, rng)
        if move is None:
            continue
        change, r, a, b = move
        pa, pb = search.where[r][a], search.where[r][b]
        search.swap(r, a, b, change)
        tabu[(r, a, pa // slot)] = iteration + TABU_TENURE + rng.randrange(TABU_TENURE)
        tabu[(r, b, pb // slot)] = iteration + TABU_TENURE + rng.randrange(TABU_TENURE)
        if search.cost < best_cost:
            best, best_cost = [o[:] for o in search.rounds], search.cost
            last_gain = best_found = iteration
        elif iteration - last_gain > STALL_ITERATIONS:
            if iteration - best_found > GIVE_UP_ITERATIONS:
                break
            search = _restart(problem, best, rng)
            last_gain = iteration
    return best


def _restart(problem: Problem, best: list[list[int]], rng: random.Random) -> _Search:
    """The best seating shaken by a few random swaps, to leave a local minimum."""
    search = _Search(problem, best)
    for _ in range(RESTART_SWAPS * problem.rounds):
        r = rng.randrange(problem.rounds)
        a, b = rng.sample(range(problem.size), 2)
        if search.where[r][a] // PLAYERS_PER_TABLE != search.where[r][b] // PLAYERS_PER_TABLE:
            search.swap(r, a, b, search.delta(r, a, b))
    return search
