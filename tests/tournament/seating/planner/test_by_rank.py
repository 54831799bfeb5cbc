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
