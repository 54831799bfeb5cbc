"""The quality measure, newcomers in the seats of players gone, and clubs against repeats."""

from __future__ import annotations

from tournament.seating.planner.lineage import carried_over, continued_history
from tournament.seating.planner.plan import plan_seating
from tournament.seating.planner.quality import compare, measure

ROUND_1 = [(1, 2, 3, 4), (5, 6, 7, 8)]
ROUND_2 = [(1, 2, 5, 6), (3, 4, 7, 8)]
CLUBS = {1: "A", 2: "A", 3: "A", 4: "A", 5: "B", 6: None, 7: "B"}


def test_measure_counts_repeats_clubs_whole_club_tables_and_winds():
    quality = measure([ROUND_1, ROUND_2, ROUND_1], CLUBS)
    # Round 1 twice: its 12 pairs meet twice; 1-2, 3-4, 5-6, 7-8 a third time in round 2.
    assert quality.repeats == 12 + 4
    assert (1, 2, 3) in quality.repeated_pairs
    assert quality.club_meetings == 6 + 1 + 1 + 1 + 6 + 1
    assert quality.whole_group_tables == 2
    assert quality.whole_group_at == ((1, 1), (3, 1))
    assert quality.wind_counts[1] == (3, 0, 0, 0)
    assert 1 in quality.wind_unbalanced
    assert measure([ROUND_1], CLUBS).wind_balanced


def test_compare_tells_what_got_worse():
    before = measure([ROUND_1, ROUND_2], CLUBS)
    after = measure([ROUND_1, ROUND_1], CLUBS)
    change = compare(before, after)
    assert change.repeats == after.repeats - before.repeats > 0
    assert change.worse
    assert (5, 7, 2) in change.new_repeated_pairs
    assert not compare(before, before).worse


def test_a_newcomer_continues_the_player_gone():
    history = [ROUND_1, ROUND_2]
    now = [1, 2, 3, 4, 5, 6, 7, 9]  # 8 left, 9 came
    assert continued_history(history, now)[1] == [(1, 2, 5, 6), (3, 4, 7, 9)]
    kept = carried_over([[(1, 5, 3, 7), (2, 6, 4, 8)]], history, now)
    assert kept == [[(1, 5, 3, 7), (2, 6, 4, 9)]]
    assert carried_over([[(1, 5, 3, 7), (2, 6, 4, 8)]], history, now[:-1] + [10, 11]) is None


def test_a_drop_and_a_substitute_keep_the_design_going():
    ids = list(range(1, 29))
    first = plan_seating(ids, 8, seed=1, time_budget=2)
    now = [p for p in ids if p != 6] + [99]
    plan = plan_seating(now, 8, seed=4, history=first.rounds[:3], time_budget=2)
    assert plan.repeats() == 0
    assert sum(99 in table for tables in plan.rounds for table in tables) == 5


def test_four_clubs_of_four_are_kept_apart_at_the_price_of_repeats():
    ids = list(range(1, 17))
    groups = {p: f"club {(p - 1) // 4}" for p in ids}
    quality = measure(plan_seating(ids, 5, groups=groups, time_budget=2).rounds, groups)
    assert (quality.club_meetings, quality.whole_group_tables) == (0, 0)
    assert quality.repeats == 24  # 12 strangers for 15 meetings each, at the least
