"""A started public riichi event with player entry on, one published table, and its staff."""

import pytest

from tests.tournament.results.conftest import NAMES, make_table, staff  # noqa: F401
from tournament.rounds.services import publish_round


@pytest.fixture
def table(make_table):  # noqa: F811 (the fixture imported above)
    """Round 1 published: the players' pages are the public's only once the seating is."""
    table = make_table("jpml-b", player_entry=True)
    publish_round(table.round)
    table.round.refresh_from_db()
    return table


@pytest.fixture
def users(table, staff):  # noqa: F811
    return staff(table.round.event)


__all__ = ["NAMES"]
