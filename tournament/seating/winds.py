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

With rounds already played the counts start uneven and a balanced completion
may not exist; each table then takes, in turn, the order of its four players
that suits their counts best, until no table can do better.
"""

from __future__ import annotations

import itertools
import random

from tournament.seating.deadline import Deadline

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
    return seated


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
