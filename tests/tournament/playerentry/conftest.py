"""A started riichi event with player entry on, one seated table, and its staff."""

import pytest

from tests.tournament.results.conftest import NAMES, make_table, staff  # noqa: F401

RON = {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30}


@pytest.fixture
def table(make_table):  # noqa: F811 (the fixture imported above)
    return make_table("jpml-b", player_entry=True)


@pytest.fixture
def users(table, staff):  # noqa: F811
    return staff(table.round.event)


__all__ = ["NAMES", "RON"]
