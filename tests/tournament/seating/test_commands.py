"""The command-line contracts: create_event, seat_round, load_demo (COMMANDS.md).

Each runs as a real process, as a director's script would: exit 0 on success;
on failure non-zero, a message on stderr, and nothing saved.
"""

import shutil
import sqlite3

import pytest
from django.core.management import call_command

from tests.tournament import commands
from tournament.events.models import Event, Registration
from tournament.hall.models import ClockEvent, RoundClock
from tournament.seating.models import Round, Seat

PLAYERS = "name,club,country,ema_id,status\n" + "".join(
    f"Player {n},Club {n % 4},JP,,\n" for n in range(1, 13)
)


@pytest.fixture(scope="module")
def migrated(tmp_path_factory):
    """One migrated SQLite file; each test gets a copy."""
    path = tmp_path_factory.mktemp("commands") / "migrated.sqlite3"
    result = manage(f"sqlite:///{path}", "migrate", "--noinput")
    assert result.returncode == 0, result.stderr
    return path


@pytest.fixture
def database(migrated, tmp_path):
    """A fresh, migrated SQLite database for commands run as separate processes."""
    path = tmp_path / "db.sqlite3"
    shutil.copyfile(migrated, path)
    return f"sqlite:///{path}"


def manage(database_url, *args):
    return commands.manage(*args, env=commands.on_database(database_url), timeout=120)


def count(database_url, table):
    path = database_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        return connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


EVENTS = "events_event"
REGISTRATIONS = "events_registration"
SEATS = "seating_seat"
ROUNDS = "seating_round"


def test_create_event_then_seat_rounds(database, tmp_path):
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    result = manage(
        database,
        "create_event",
        "spring-cup",
        "--name",
        "Spring Cup 春",
        "--ruleset",
        "wrc",
        "--players",
        str(players),
    )
    assert result.returncode == 0, result.stderr
    assert "Created spring-cup (wrc) with 12 player(s)." in result.stdout
    assert count(database, REGISTRATIONS) == 12

    result = manage(database, "seat_round", "spring-cup", "--round", "1")
    assert result.returncode == 0, result.stderr
    assert "Round 1 of spring-cup seated (balanced): 3 table(s)." in result.stdout
    result = manage(
        database, "seat_round", "spring-cup", "--round", "2", "--method", "random", "--publish"
    )
    assert result.returncode == 0, result.stderr
    assert count(database, SEATS) == 24


def test_create_event_with_a_bad_file_saves_nothing(database, tmp_path):
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS + ",no name,JP,,\nX,,ZZ,,\n", encoding="utf-8")
    result = manage(
        database,
        "create_event",
        "spring-cup",
        "--name",
        "Spring",
        "--ruleset",
        "wrc",
        "--players",
        str(players),
    )
    assert result.returncode == 1
    assert "Nothing was imported: 2 problem(s) in the file." in result.stderr
    assert "line 14: The player needs a name." in result.stderr
    assert "line 15: “ZZ” is not a country code" in result.stderr
    assert "Traceback" not in result.stderr
    assert count(database, EVENTS) == 0
    assert count(database, REGISTRATIONS) == 0


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--ruleset", "poker"], 1, "Unknown ruleset “poker”"),
        (["--ruleset", "wrc", "--overrides", '{"bogus": 1}'], 1, "“bogus” is not an option"),
        (["--ruleset", "wrc", "--overrides", "{"], 2, "--overrides is not JSON"),
        (["--ruleset", "wrc", "--players", "/nonexistent.csv"], 2, "cannot read /nonexistent.csv"),
        (["--ruleset", "wrc", "--start", "June 1"], 2, "is not a date"),
    ],
)
def test_create_event_refusals(database, args, code, message):
    result = manage(database, "create_event", "cup", "--name", "Cup", *args)
    assert result.returncode == code, result.stderr
    assert message in result.stderr
    assert count(database, EVENTS) == 0


def test_seat_round_refusals_save_nothing(database, tmp_path):
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS + "Extra,,,,\n", encoding="utf-8")
    assert (
        manage(
            database,
            "create_event",
            "cup",
            "--name",
            "Cup",
            "--ruleset",
            "mcr",
            "--players",
            str(players),
        ).returncode
        == 0
    )
    result = manage(database, "seat_round", "cup", "--round", "1")
    assert result.returncode == 1
    assert (
        "13 players cannot fill tables of four: add 3 substitute(s) or drop 1 player(s)."
        in result.stderr
    )
    result = manage(database, "seat_round", "nope", "--round", "1")
    assert result.returncode == 1
    assert "There is no event 'nope'." in result.stderr
    result = manage(database, "seat_round", "cup", "--round", "3")
    assert result.returncode == 1
    assert count(database, ROUNDS) == 0


def test_load_demo_is_idempotent(db):
    call_command("load_demo", "--time-budget", "0.5", "--without-teams", verbosity=0)
    call_command("load_demo", "--time-budget", "0.5", "--without-teams", verbosity=0)
    event = Event.objects.get(slug="demo-open")
    assert event.is_public
    assert event.status == "running"
    assert event.ruleset_config["ruleset"] == "jpml-b"
    assert Registration.objects.filter(event=event, status="active").count() == 32
    assert list(event.rounds.values_list("number", "status")) == [
        (n, "published") for n in range(1, 5)
    ]
    assert Seat.objects.count() == 4 * 32
    assert Round.objects.count() == 4
    # Round 2, the one being played, has its clock running, started once by the director.
    clock = RoundClock.objects.get(round__event=event)
    assert clock.round.number == 2 and clock.started_at is not None and clock.paused_at is None
    assert [(e.kind, e.created_by.username) for e in ClockEvent.objects.all()] == [
        ("start", "demo-director")
    ]
