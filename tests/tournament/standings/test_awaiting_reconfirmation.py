"""The public standings mark tables awaiting re-confirmation instead of dropping them (issue #34).

The issue's case: after a seat swap on a published round, the swapped
sheets wait for confirmation and the public standings silently dropped
those tables: a player's row lost a session with no word why. Now the rows
of the players at those tables stay, marked, with the note "table 1 of
round 1 awaits re-confirmation", on the public page, in the API and on the
projector. The tables' numbers are left out until confirmed again (none of
the last confirmed numbers: they were confirmed for the players who sat
there before the correction).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournament.standings.conftest import tournament  # noqa: F401 (a fixture)
from tournament.results.sheet import services as results
from tournament.results.sheet.state import head_of
from tournament.rounds.swaps import expected_of, swap_seats
from tournament.seating.models import Round, Seat
from tournament.stages.models import Stage
from tournament.standings.services import publish_results, standings

ROUND_1 = [[142, -30, -50, -62], [40, 10, -20, -30]]


@pytest.fixture
def swapped(tournament):  # noqa: F811 (the fixture imported above)
    """A published MCR round whose East of table 1 and North of table 2 were swapped after."""
    built = tournament("mcr", tables=2, rounds=1)
    built.play_round(1, ROUND_1)
    publish_results(Round.objects.get(event=built.event, number=1))
    east = Seat.objects.get(table=built.tables[(1, 1)], wind="E")
    north = Seat.objects.get(table=built.tables[(1, 2)], wind="N")
    built.alice, built.bob = east.registration, north.registration
    expect = expected_of([east.table, north.table], [east, north])
    swap_seats(east, north, by=built.users["director"], reason="wrong tables", expect=expect)
    return built


def rows_by_name(built) -> dict:
    return {row["player"]: row for row in standings(built.event, "public").rows}


def test_the_rows_stay_marked_with_the_table_awaiting(client, swapped):
    rows = rows_by_name(swapped)
    assert len(rows) == 8  # no row dropped
    alice, bob = swapped.alice.name, swapped.bob.name
    # Bob now sits at table 1, Alice at table 2: both tables await, nothing counted.
    assert rows[bob]["awaiting"] == [[1, 1]] and rows[alice]["awaiting"] == [[1, 2]]
    assert (rows[bob]["sessions"], rows[alice]["sessions"]) == (0, 0)

    page = client.get(reverse("public:standings", args=[swapped.event.slug])).content.decode()
    assert page.count("is-awaiting") == 8  # the eight players' rows, marked
    assert 'class="standings-awaiting"' in page  # and said above the table
    assert "Table 1 of round 1 awaits re-confirmation" in page
    assert "Table 2 of round 1 awaits re-confirmation" in page
    assert bob in page and alice in page

    api = client.get(reverse("api:public-standings", args=[swapped.event.slug])).json()
    by_name = {row["name"]: row for row in api["rows"]}
    assert len(by_name) == 8
    assert by_name[bob]["awaiting"] == [{"round": 1, "table": 1}]
    assert by_name[alice]["awaiting"] == [{"round": 1, "table": 2}]
    board = client.get(
        reverse("hall:projector_standings_board", args=[swapped.event.slug])
    ).content.decode()
    assert board.count("is-awaiting") == 8 and "awaits re-confirmation" in board

    # A stage's own standings (``?stage=1``, the event played as one qualifying stage)
    # mark them the same way.
    Stage.objects.create(event=swapped.event, number=1, kind=Stage.Kind.QUALIFYING, rounds=1)
    url = reverse("api:public-standings", args=[swapped.event.slug])
    staged = {row["name"]: row for row in client.get(url, {"stage": 1}).json()["rows"]}
    assert staged[bob]["awaiting"] == [{"round": 1, "table": 1}]
    assert staged[alice]["awaiting"] == [{"round": 1, "table": 2}]


def test_confirmed_again_the_mark_goes(client, swapped):
    judge = swapped.users["judge"]
    for number in (1, 2):
        table = swapped.tables[(1, number)]
        results.confirm_sheet(table, by=judge, version=head_of(table).version)
    rows = rows_by_name(swapped)
    assert all(row["awaiting"] == [] for row in rows.values())
    assert rows[swapped.bob.name]["score"] == "142"
    page = client.get(reverse("public:standings", args=[swapped.event.slug])).content.decode()
    assert "awaits re-confirmation" not in page


def test_an_unpublished_round_is_not_marked_in_public(tournament):  # noqa: F811
    built = tournament("mcr", tables=2, rounds=1)
    built.play_round(1, ROUND_1)
    east = Seat.objects.get(table=built.tables[(1, 1)], wind="E")
    north = Seat.objects.get(table=built.tables[(1, 2)], wind="N")
    expect = expected_of([east.table, north.table], [east, north])
    swap_seats(east, north, by=built.users["director"], reason="wrong tables", expect=expect)
    assert all(not row["awaiting"] for row in standings(built.event, "public").rows)
    assert sum(bool(row["awaiting"]) for row in standings(built.event, "staff").rows) == 8
