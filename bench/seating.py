"""Seating benchmarks: repeats, wind balance and time of the balanced planner.

One row per line of the acceptance table of issue [4/8], plus 64 players in
16 clubs of four, who must never share a table. Each plan is made once with
the default time budget and seed 0; the planner is deterministic, so a rerun
gives the same repeats, and only the seconds vary with the machine.
"""

from __future__ import annotations

import itertools
import time

from tournament.seating.planner.plan import DEFAULT_TIME_BUDGET, plan_seating

# (players, rounds, repeats allowed): the acceptance table.
ACCEPTANCE = (
    (16, 5, 0),
    (24, 8, 20),
    (28, 8, 0),
    (32, 8, 0),
    (36, 8, 0),
    (40, 8, 0),
    (48, 8, 0),
    (64, 10, 0),
    (100, 10, 0),
    (128, 12, 0),
    (256, 12, 0),
)
CLUBS = (64, 8, 16)  # players, rounds, clubs of four


def _row(name, players, rounds, bar, groups=None) -> dict:
    start = time.perf_counter()
    plan = plan_seating(
        list(range(1, players + 1)), rounds, groups=groups, time_budget=DEFAULT_TIME_BUDGET
    )
    seconds = time.perf_counter() - start
    row = {
        "name": name,
        "players": players,
        "rounds": rounds,
        "repeats": plan.repeats(),
        "repeats_allowed": bar,
        "wind_ok": plan.winds_balanced(),
        "seconds": round(seconds, 3),
        "construction": plan.construction,
    }
    if groups:
        row["clubmate_meetings"] = sum(
            1
            for tables in plan.rounds
            for table in tables
            for a, b in itertools.combinations(table, 2)
            if groups[a] == groups[b]
        )
    return row


def seating_benchmarks() -> list[dict]:
    """A benchmark dict per acceptance row and for the clubs case."""
    rows = [
        _row(f"seating_balanced_{players}x{rounds}", players, rounds, bar)
        for players, rounds, bar in ACCEPTANCE
    ]
    players, rounds, clubs = CLUBS
    size = players // clubs
    groups = {p: f"club {(p - 1) // size + 1}" for p in range(1, players + 1)}
    rows.append(
        _row(f"seating_balanced_{players}x{rounds}_{clubs}_clubs", players, rounds, 0, groups)
    )
    return rows
