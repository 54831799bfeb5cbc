"""Finals seating by rank (issue #21): the two patterns the director chooses."""

import pytest

from tournament.seating.planner.by_rank import seat_by_rank


def test_snake_spreads_the_leaders_over_the_tables():
    assert seat_by_rank(list(range(1, 9)), "snake") == [(1, 4, 5, 8), (2, 3, 6, 7)]
    tables = seat_by_rank(list(range(1, 17)), "snake")
    assert tables[0] == (1, 8, 9, 16) and tables[3] == (4, 5, 12, 13)


def test_block_seats_the_leaders_together():
    assert seat_by_rank(list(range(1, 9)), "block") == [(1, 2, 3, 4), (5, 6, 7, 8)]


def test_a_field_that_does_not_fill_tables_is_refused():
    with pytest.raises(ValueError):
        seat_by_rank([1, 2, 3], "snake")
    with pytest.raises(ValueError):
        seat_by_rank([1, 2, 3, 4], "spiral")


def test_snake_keeps_teammates_apart_within_a_band_of_ranks():
    # Two tables; 1 and 4 are teammates, so are 5 and 8 (snake puts each pair together).
    groups = {1: "A", 4: "A", 5: "B", 8: "B"}
    tables = seat_by_rank(list(range(1, 9)), "snake", groups)
    for table in tables:
        named = [groups[p] for p in table if p in groups]
        assert len(named) == len(set(named)), tables
    # Each table still takes one player of each band of ranks (1-2, 3-4, 5-6, 7-8).
    for table in tables:
        assert sorted((p - 1) // 2 for p in table) == [0, 1, 2, 3]
    # The best ranked sits East.
    assert all(table[0] == min(table) for table in tables)


def test_snake_without_a_way_apart_keeps_the_pattern():
    # Four teammates and two tables: somebody must share; the plain pattern stays.
    groups = dict.fromkeys(range(1, 9), "A")
    assert seat_by_rank(list(range(1, 9)), "snake", groups) == [(1, 4, 5, 8), (2, 3, 6, 7)]
