"""Swiss seating gets out of knots that swaps of two players alone leave in."""

from __future__ import annotations

import itertools

from tournament.seating.planner import swiss
from tournament.seating.planner.deadline import Deadline
from tournament.seating.planner.plan import plan_seating

# Two rounds played by 16 players (standings 1..16); found by a random
# search: swaps alone then seat round 3 with 2 repeats, though everyone can
# sit at home or one table away and meet nobody again.
HISTORY = [
    [(1, 8, 15, 10), (6, 5, 4, 14), (9, 7, 11, 13), (12, 2, 16, 3)],
    [(6, 12, 11, 13), (2, 15, 5, 7), (10, 1, 16, 9), (4, 14, 3, 8)],
]


def met_before():
    return {
        frozenset(pair)
        for tables in HISTORY
        for table in tables
        for pair in itertools.combinations(table, 2)
    }


def test_swaps_alone_stop_short_of_a_repeat_free_round():
    price = [[0] * 16 for _ in range(16)]
    for pair in met_before():
        p, q = sorted(pair)
        price[p - 1][q - 1] = price[q - 1][p - 1] = 1
    stuck = swiss._Round(list(range(16)), price, None)
    swiss._descend(stuck, Deadline(5))
    assert stuck.meetings() > 0


def test_swiss_avoids_repeats_when_a_seating_of_near_equal_standing_exists():
    ids = list(range(1, 17))
    plan = plan_seating(ids, 3, method="swiss", standings=ids, history=HISTORY)
    third = plan.rounds[2]
    new = {frozenset(pair) for table in third for pair in itertools.combinations(table, 2)}
    assert not new & met_before()
    for t, table in enumerate(third):  # everyone within one table of home
        assert all(abs((p - 1) // 4 - t) <= 1 for p in table)
