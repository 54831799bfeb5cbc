"""A stand-in for ``tournament.seating.plan`` while the real planner is being written.

Same API (``plan_seating``, ``Plan``, ``SeatingError``), naive algorithm:
shuffle, then greedily keep repeat opponents low. ``install()`` puts it in
``sys.modules`` only when the real module cannot be imported.
"""

from __future__ import annotations

import importlib
import random
import sys
import types
from dataclasses import dataclass


class SeatingError(ValueError):
    pass


@dataclass(frozen=True)
class Plan:
    rounds: tuple


def plan_seating(
    players,
    rounds,
    *,
    method="balanced",
    seed=0,
    groups=None,
    history=(),
    standings=None,
    time_budget=20.0,
):
    players = list(players)
    if len(players) % 4:
        raise SeatingError(f"{len(players)} players is not a multiple of 4; add substitutes")
    rng = random.Random(seed)
    met = {}
    done = [list(map(tuple, r)) for r in history]
    for r in done:
        for table in r:
            for a in table:
                for b in table:
                    if a != b:
                        met[(a, b)] = met.get((a, b), 0) + 1
    out = list(done)
    for _ in range(len(done), rounds):
        order = list(standings) if method == "swiss" and standings else players[:]
        if method != "swiss":
            rng.shuffle(order)
        tables = []
        left = order
        while left:
            first, rest = left[0], left[1:]
            table = [first]
            for _seat in range(3):
                pick = (
                    min(rest, key=lambda p: sum(met.get((p, q), 0) for q in table))
                    if method == "balanced"
                    else rest[0]
                )
                table.append(pick)
                rest.remove(pick)
            left = rest
            for a in table:
                for b in table:
                    if a != b:
                        met[(a, b)] = met.get((a, b), 0) + 1
            tables.append(tuple(table))
        out.append(tables)
    return Plan(rounds=tuple(tuple(r) for r in out))


def install():
    try:
        importlib.import_module("tournament.seating.plan")
    except ModuleNotFoundError:
        module = types.ModuleType("tournament.seating.plan")
        module.plan_seating = plan_seating
        module.Plan = Plan
        module.SeatingError = SeatingError
        sys.modules["tournament.seating.plan"] = module
