"""Seat winds: who sits East, South, West and North at each table.

Vocabulary. A *seat* is a player's place at a table in one round; its *wind*
is 0..3 for East, South, West, North. A player's *wind counts* say how often
they sat each wind. Winds are *balanced* when every count is within
floor(R / 4)..ceil(R / 4) for a player seated R times.

With nothing played yet, balance is always possible and found exactly. Seats
form a bipartite graph: on one side a player's appearances in groups of four
consecutive rounds, on the other the tables of each round, each with four
edges. Colouring its edges with four colours so that no two edges at a
vertex share one is a proper edge colouring, which a bipartite graph of
maximum degree four always has (König); alternating paths find it. A table
then has each wind once, and a player each wind once in every four
consecutive rounds, hence balanced counts (de Werra's equitable colouring).

When rounds of a block were played in earlier calls, ``complete_block``
finishes the block so that nobody sits a wind twice in it: a small search,
used by balanced.py with the rounds a design will bring next, so that an
event seated round by round stays balanced. Failing that (rounds played
elsewhere, say), each table takes in turn the order of its four players that
suits their counts best, until no table can do better, and alternating
chains across the planned rounds even out what single tables cannot.
"""

from __future__ import annotations

import itertools
import random

from tournament.seating.planner.deadline import Deadline

WINDS = 4
ROUNDS_PER_CYCLE = 4  # every player sits each wind once per four rounds
MAX_POLISH_PASSES = 20  # sweeps over all tables when rounds were already played
_ORDERS = tuple(itertools.permutations(range(WINDS)))


def colour_winds(rounds: list[list[list[int]]], rng: random.Random) -> list[list[list[int]]]:
    """Each table of ``rounds`` (players 0..n-1) ordered E, S, W, N with balanced counts."""
    # Vertices: ("p", player, cycle) and ("t", round, table); colour_at[v][c] = other end.
    colour_at: dict[tuple, list] = {}
    edges = []
    appearances: dict[int, int] = {}
    for r, tables in enumerate(rounds):
        for t, table in enumerate(tables):
            for player in table:
                seen = appearances.get(player, 0)
                appearances[player] = seen + 1
                edges.append((("p", player, seen // ROUNDS_PER_CYCLE), ("t", r, t)))
    rng.shuffle(edges)
    for u, v in edges:
        at_u = colour_at.setdefault(u, [None] * WINDS)
        at_v = colour_at.setdefault(v, [None] * WINDS)
        alpha = rng.choice([c for c in range(WINDS) if at_u[c] is None])
        if at_v[alpha] is not None:
            beta = rng.choice([c for c in range(WINDS) if at_v[c] is None])
            _flip_path(colour_at, v, alpha, beta)
        at_u[alpha], at_v[alpha] = v, u
    seated = []
    for r, tables in enumerate(rounds):
        ordered = []
        for t in range(len(tables)):
            at_table = colour_at[("t", r, t)]
            ordered.append([at_table[wind][1] for wind in range(WINDS)])
        seated.append(ordered)
    return seated


def _flip_path(colour_at: dict, start, alpha: int, beta: int) -> None:
    """Swap colours alpha and beta along the path from ``start`` that begins with alpha.

    In a bipartite graph this path never comes back to the edge being
    coloured, so afterwards alpha is free at ``start``.
    """
    path = []
    vertex, colour = start, alpha
    while (other := colour_at[vertex][colour]) is not None:
        path.append((vertex, other, colour))
        vertex, colour = other, beta if colour == alpha else alpha
    for u, v, colour in path:
        colour_at[u][colour] = None
        colour_at[v][colour] = None
    for u, v, colour in path:
        swapped = beta if colour == alpha else alpha
        colour_at[u][swapped] = v
        colour_at[v][swapped] = u


def polish_winds(
    rounds: list[list[list[int]]],
    counts: list[list[int]],
    deadline: Deadline,
) -> list[list[list[int]]]:
    """Reorder each table to even out wind counts that start at ``counts`` (rounds played).

    ``rounds`` holds the planned tables already in some wind order; the
    result keeps the tables and changes only who sits where at each.
    """
    counts = [row[:] for row in counts]
    seated = [[list(table) for table in tables] for tables in rounds]
    for tables in seated:
        for table in tables:
            for wind, player in enumerate(table):
                counts[player][wind] += 1
    for _ in range(MAX_POLISH_PASSES):
        improved = False
        for tables in seated:
            for table in tables:
                if deadline.expired():
                    return seated
                improved |= _best_order(table, counts)
        if not improved:
            break
    while not deadline.expired() and _mend_one(seated, counts):
        pass
    return seated


def _mend_one(seated, counts) -> bool:
    """Even out one player's two winds along an alternating chain; False if none is left.

    A player p who sat wind a at least twice more than wind b swaps a for b
    at a table; whoever sat b there now has a too many, unless it suits them,
    so they pass a on at another table where they sit a, and so on. Each
    player inside the chain keeps their counts, every table keeps its four
    winds, and the chain ends at a player who wanted a more than b, so the
    total cost falls. This is de Werra's argument for equitable colourings,
    run over the planned rounds only: rounds played are never touched.
    """
    at_wind: dict[tuple[int, int], list[list[int]]] = {}
    for tables in seated:
        for table in tables:
            for wind, player in enumerate(table):
                at_wind.setdefault((player, wind), []).append(table)
    for p, c in enumerate(counts):
        for a, b in itertools.permutations(range(WINDS), 2):
            if c[a] >= c[b] + 2 and _chain(p, a, b, at_wind, counts):
                return True
    return False


def _chain(p: int, a: int, b: int, at_wind, counts) -> bool:
    """Find and flip a chain from p passing wind a on (see _mend_one)."""
    came_from: dict[int, tuple[int, list[int]] | None] = {p: None}
    frontier = [p]
    while frontier:
        following = []
        for x in frontier:
            for table in at_wind.get((x, a), ()):
                y = table[b]
                if y in came_from:
                    continue
                came_from[y] = (x, table)
                if counts[y][b] >= counts[y][a] + 1:
                    _flip(y, a, b, came_from, counts)
                    return True
                following.append(y)
        frontier = following
    return False


def _flip(end: int, a: int, b: int, came_from, counts) -> None:
    step = came_from[end]
    while step is not None:
        x, table = step
        table[a], table[b] = table[b], table[a]
        step = came_from[x]
    start = end
    while came_from[start] is not None:
        start = came_from[start][0]
    counts[start][a] -= 1
    counts[start][b] += 1
    counts[end][a] += 1
    counts[end][b] -= 1


def _best_order(table: list[int], counts: list[list[int]]) -> bool:
    """Give ``table`` its best wind order in place; True if that changed it.

    A count c costs c * (c - 1) / 2, so a player gains most from the winds
    they sat least.
    """
    for wind, player in enumerate(table):
        counts[player][wind] -= 1

    def cost(order) -> int:
        return sum(counts[table[i]][wind] for wind, i in enumerate(order))

    current = tuple(range(WINDS))
    best = min(_ORDERS, key=lambda order: (cost(order), order != current))
    improved = best != current
    table[:] = [table[i] for i in best]
    for wind, player in enumerate(table):
        counts[player][wind] += 1
    return improved


def wind_counts(rounds, players) -> dict[int, list[int]]:
    """Each player's counts of E, S, W, N over ``rounds`` of (E, S, W, N) tables."""
    counts = {player: [0] * WINDS for player in players}
    for tables in rounds:
        for table in tables:
            for wind, player in enumerate(table):
                if player in counts:
                    counts[player][wind] += 1
    return counts


def balanced(counts: list[int]) -> bool:
    """Every wind within floor(R / 4)..ceil(R / 4) of the player's R seats."""
    seats = sum(counts)
    low, high = seats // WINDS, -(-seats // WINDS)
    return all(low <= c <= high for c in counts)


def complete_block(rounds, used: dict[int, set[int]], deadline: Deadline, max_nodes: int):
    """The rest of a block of four rounds with nobody sitting a wind twice in the block, or None.

    ``rounds`` holds the block's remaining rounds (tables of players, order
    free); ``used[p]`` the winds p already sat in the block. A depth-first
    search that always seats next the table with the fewest wind orders left
    (the counts kept up to date for the tables a choice touches); it gives up
    (None) after ``max_nodes`` steps or at the deadline.
    """
    tables = [tuple(table) for tables in rounds for table in tables]
    allowed = {p: set(range(WINDS)) - used.get(p, set()) for table in tables for p in table}
    neighbours: dict[int, set[int]] = {}  # table -> tables sharing a player with it
    at_tables: dict[int, list[int]] = {}
    for i, table in enumerate(tables):
        for p in table:
            at_tables.setdefault(p, []).append(i)
    for i, table in enumerate(tables):
        neighbours[i] = {j for p in table for j in at_tables[p] if j != i}

    def options(i: int) -> list[tuple[int, ...]]:
        seated = tables[i]
        return [o for o in _ORDERS if all(o[k] in allowed[p] for k, p in enumerate(seated))]

    left = {i: len(options(i)) for i in range(len(tables))}  # open tables -> orders left
    chosen: dict[int, tuple[int, ...]] = {}

    def seat(i: int, order, sign: int) -> None:
        for k, p in enumerate(tables[i]):
            (allowed[p].discard if sign > 0 else allowed[p].add)(order[k])
        for j in neighbours[i]:
            if j in left:
                left[j] = len(options(j))

    def open_next() -> list:
        i = min(left, key=left.get)
        orders = options(i)
        del left[i]
        return [i, orders, 0]

    stack = [open_next()] if tables else []
    for _ in range(max_nodes):
        if not stack:
            return None if tables and len(chosen) < len(tables) else _seated(rounds, tables, chosen)
        if deadline.expired():
            return None
        frame = stack[-1]
        i, orders, at = frame
        if i in chosen:  # back here: take the last try away
            seat(i, chosen.pop(i), -1)
        if at == len(orders):
            stack.pop()
            left[i] = len(options(i))
            continue
        frame[2] = at + 1
        chosen[i] = orders[at]
        seat(i, orders[at], 1)
        if not left:
            return _seated(rounds, tables, chosen)
        stack.append(open_next())
    return None


def _seated(rounds, tables, chosen) -> list[list[list[int]]]:
    """Rounds of tables in wind order from the orders chosen per table."""
    out, i = [], 0
    for tables_of_round in rounds:
        seated = []
        for _ in tables_of_round:
            seat = [0] * WINDS
            for k, p in enumerate(tables[i]):
                seat[chosen[i][k]] = p
            seated.append(seat)
            i += 1
        out.append(seated)
    return out
