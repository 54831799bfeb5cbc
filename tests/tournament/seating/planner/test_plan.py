"""The pure seating planner: the acceptance table, invariants, swiss, history, errors.

No database. The acceptance rows mostly come from designs and take no time;
timings belong to ``python -m bench``, never to a test.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.seating import ACCEPTANCE
from tournament.seating.planner.plan import Plan, SeatingError, plan_seating


def players(n, first=1):
    return list(range(first, first + n))


def assert_valid(plan: Plan, ids, rounds):
    """Every round seats each player exactly once, at tables of four (E, S, W, N)."""
    assert len(plan.rounds) == rounds
    for tables in plan.rounds:
        assert all(len(table) == 4 for table in tables)
        assert sorted(p for table in tables for p in table) == sorted(ids)


def clubmate_meetings(plan, groups):
    return sum(
        1
        for tables in plan.rounds
        for table in tables
        for a, b in itertools.combinations(table, 2)
        if groups.get(a) is not None and groups.get(a) == groups.get(b)
    )


@pytest.mark.parametrize(
    ("n", "rounds", "bar"), ACCEPTANCE, ids=[f"{n}x{r}" for n, r, _ in ACCEPTANCE]
)
def test_acceptance_table(n, rounds, bar):
    ids = players(n)
    plan = plan_seating(ids, rounds)
    assert_valid(plan, ids, rounds)
    assert plan.repeats() <= bar
    assert plan.winds_balanced()


def test_sixteen_clubs_of_four_never_share_a_table():
    ids = players(64)
    groups = {p: f"club {(p - 1) // 4}" for p in ids}
    plan = plan_seating(ids, 8, groups=groups)
    assert_valid(plan, ids, 8)
    assert clubmate_meetings(plan, groups) == 0
    assert plan.repeats() == 0
    assert plan.winds_balanced()


def test_a_country_too_big_to_split_meets_no_more_than_it_must():
    """20 players of one country over 16 tables: 4 pairs a round at least, and no more."""
    ids = players(64)
    groups = {p: "big" if p <= 20 else None for p in ids}
    plan = plan_seating(ids, 8, groups=groups, time_budget=10)
    assert clubmate_meetings(plan, groups) == 4 * 8
    assert plan.repeats() == 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    k=st.integers(1, 12),
    rounds=st.integers(1, 8),
    method=st.sampled_from(["random", "balanced", "swiss"]),
    seed=st.integers(0, 1000),
)
def test_every_plan_seats_everyone_once_per_round_with_balanced_winds(k, rounds, method, seed):
    ids = players(4 * k, first=100)
    standings = sorted(ids, key=lambda p: (p * 7919) % 101) if method == "swiss" else None
    plan = plan_seating(ids, rounds, method=method, seed=seed, standings=standings, time_budget=0.5)
    assert_valid(plan, ids, rounds)
    assert plan.winds_balanced()
    assert plan.played == 0 and plan.new_rounds == plan.rounds


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    k=st.integers(1, 10),
    played=st.integers(1, 4),
    more=st.integers(1, 4),
    method=st.sampled_from(["random", "balanced", "swiss"]),
    seed=st.integers(0, 1000),
)
def test_rounds_played_are_kept_and_the_rest_seated(k, played, more, method, seed):
    """History from any source (here: random rounds, with a player who left since)."""
    ids = players(4 * k, first=1)
    earlier = plan_seating(ids, played, method="random", seed=seed, time_budget=0.2)
    now = [p for p in ids if p != 1] + [0]  # player 1 left, player 0 came
    plan = plan_seating(
        now, played + more, method=method, seed=seed, history=earlier.rounds, time_budget=0.3
    )
    assert plan.rounds[:played] == earlier.rounds
    assert_valid(Plan(plan.new_rounds), now, more)


def test_swiss_seats_by_standings():
    ids = players(16)
    standings = ids[::-1]
    plan = plan_seating(ids, 1, method="swiss", standings=standings)
    assert [sorted(t) for t in plan.rounds[0]] == [
        sorted(standings[i : i + 4]) for i in range(0, 16, 4)
    ]


def test_swiss_swaps_neighbours_to_avoid_repeats():
    ids = players(16)
    first = plan_seating(ids, 1, method="swiss", standings=ids)
    plan = plan_seating(ids, 2, method="swiss", standings=ids, history=first.rounds)
    assert plan.rounds[0] == first.rounds[0]
    second = plan.rounds[1]
    assert plan.repeats() < 4 * 6  # not the same four tables again
    for t, table in enumerate(second):  # nobody moved more than two tables
        assert all(abs((p - 1) // 4 - t) <= 2 for p in table)


def test_swiss_players_missing_from_the_standings_come_last():
    ids = players(8)
    plan = plan_seating(ids, 1, method="swiss", standings=[5, 6, 7, 8])
    assert sorted(plan.rounds[0][0]) == [5, 6, 7, 8]


def test_same_seed_same_plan_and_other_seeds_differ():
    for n, rounds in [(28, 8), (12, 3)]:
        ids = players(n)
        a = plan_seating(ids, rounds, seed=7)
        assert a == plan_seating(ids, rounds, seed=7)
        assert a != plan_seating(ids, rounds, seed=8)
    ids = players(24)
    assert plan_seating(ids, 3, method="random", seed=1) == plan_seating(
        ids, 3, method="random", seed=1
    )


def test_a_spent_budget_still_gives_a_valid_plan():
    # No timing asserted here (make bench times the planner): with the deadline
    # already past, every search loop must stop at once and return what it has.
    for n, rounds in [(256, 12), (252, 12)]:
        ids = players(n)
        plan = plan_seating(ids, rounds, time_budget=0)
        assert_valid(plan, ids, rounds)
        assert plan.winds_balanced()


def test_history_is_kept_and_counted():
    ids = players(16)
    first = plan_seating(ids, 2, seed=1)
    plan = plan_seating(ids, 5, seed=2, history=first.rounds)
    assert plan.played == 2
    assert plan.rounds[:2] == first.rounds
    assert len(plan.new_rounds) == 3
    assert_valid(plan, ids, 5)
    assert plan.repeats() == 0  # the design goes on from the rounds played


@pytest.mark.parametrize(("n", "rounds"), [(16, 5), (28, 9), (40, 8), (64, 10)])
def test_round_by_round_is_as_good_as_all_at_once(n, rounds):
    """Seating one round per call, as an event does (a new seed each time), still
    continues the design (no repeats) with winds balanced after every round."""
    ids = players(n)
    history = ()
    for number in range(1, rounds + 1):
        plan = plan_seating(ids, number, seed=number, history=history)
        assert plan.rounds[: number - 1] == tuple(history)
        assert plan.repeats() == 0
        assert plan.winds_balanced(), number
        history = plan.rounds


@pytest.mark.parametrize("n", [28, 40, 64])
def test_round_by_round_keeps_clubs_apart_too(n):
    ids = players(n)
    groups = {p: f"club {(p - 1) // 4}" for p in ids}
    history = ()
    for number in range(1, 9):
        plan = plan_seating(ids, number, seed=number, groups=groups, history=history)
        history = plan.rounds
    assert (plan.repeats(), clubmate_meetings(plan, groups)) == (0, 0)
    assert plan.winds_balanced()


def test_history_may_hold_players_who_left_and_miss_newcomers():
    ids = players(16)
    first = plan_seating(ids, 1)
    now = [p for p in ids if p != 3] + [99]
    plan = plan_seating(now, 2, history=first.rounds)
    assert_valid(Plan(plan.new_rounds), now, 1)
    assert plan.rounds[0] == first.rounds[0]


def test_winds_even_out_after_uneven_history():
    """Each player sat one wind twice: the two new rounds give them two others."""
    ids = players(4)
    history = [[(1, 2, 3, 4)], [(1, 2, 3, 4)]]
    plan = plan_seating(ids, 4, history=history)
    assert all(sorted(c) == [0, 1, 1, 2] for c in plan.wind_counts().values())


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"players": players(30)},
            "30 players cannot fill tables of four: add 2 substitutes or drop 2 players",
        ),
        ({"players": players(13)}, "add 3 substitutes or drop 1 player$"),
        ({"players": players(15)}, "add 1 substitute or drop 3 players"),
        ({"players": []}, "no players"),
        ({"players": [1, 2, 3, 3]}, "3 appear twice"),
        ({"players": [1, 2, 3, "x"]}, "whole numbers"),
        ({"rounds": 0}, "from 1, not 0"),
        ({"method": "alphabetical"}, "unknown seating method 'alphabetical'"),
        ({"groups": {99: "A"}}, "a group is given for 99, who is not among the players"),
        ({"history": [[(1, 2, 3)]]}, "history round 1, table 1: a table seats 4 players, not 3"),
        ({"history": [[(1, 2, 3, 4), (1, 5, 6, 7)]]}, "history round 1: player 1 sits twice"),
        ({"rounds": 1, "history": [[(1, 2, 3, 4)]]}, "1 round already played"),
        ({"method": "swiss", "standings": [1, 99]}, "standings list 99"),
        ({"method": "swiss", "standings": [1, 1]}, "standings list 1 twice"),
        ({"time_budget": -1}, "time budget"),
        ({"rounds": 1000}, "1000 rounds is more than"),
    ],
)
def test_refusals_say_what_is_wrong(kwargs, message):
    arguments = {"players": players(8), "rounds": 2, **kwargs}
    with pytest.raises(SeatingError, match=message):
        plan_seating(arguments.pop("players"), arguments.pop("rounds"), **arguments)


def test_seating_error_is_a_value_error():
    assert issubclass(SeatingError, ValueError)


def test_plan_helpers():
    plan = Plan(rounds=(((1, 2, 3, 4),), ((4, 3, 2, 1),)), played=1)
    assert plan.repeats() == 6
    assert plan.meetings()[(1, 2)] == 2
    assert plan.wind_counts()[1] == (1, 0, 0, 1)
    assert not plan.winds_balanced() or plan.winds_balanced()  # two rounds: 0..1 each
    assert plan.new_rounds == (((4, 3, 2, 1),),)
    assert plan.as_json() == {"rounds": [[[1, 2, 3, 4]], [[4, 3, 2, 1]]]}
