"""Seating round by round follows a kept plan (issue #34, acceptance 5).

Through the real commands a director's script runs (``create_event --rounds``,
``seat_round``) and the real planner: each ``seat_round`` plans every
remaining round with everything known so far, seats the first and keeps the
rest; the next one follows the kept plan unless the field changed. Repeats
and club meetings are counted here from the Seat rows; the bar is what
``plan_seating`` gets for the same field, all rounds at once.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.rounds import services
from tournament.seating.models import KeptPlan, Round, Seat

pytestmark = pytest.mark.django_db

MESSY_CLUBS = (5, 5, 4, 4, 3, 3, 2, 2)
BUDGET = "2"  # seconds the planner may search per call: enough for these fields


def clubs_of(sizes, players):
    names = [f"Club {c}" for c, size in enumerate(sizes) for _ in range(size)]
    return [names[n] if n < len(names) else "" for n in range(players)]


def create(tmp_path, slug, players, sizes, rounds=8, reserves=0):
    """``create_event SLUG --rounds R --players F.csv`` and Start event, as a director would."""
    lines = ["name,club,country,ema_id,status"]
    lines += [f"P{n:02d},{club},,,active" for n, club in enumerate(clubs_of(sizes, players))]
    lines += [f"R{n},,,,reserve" for n in range(reserves)]
    path = tmp_path / f"{slug}.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    call_command(
        "create_event",
        slug,
        "--name",
        slug,
        "--ruleset",
        "mcr",
        "--rounds",
        str(rounds),
        "--players",
        str(path),
        stdout=StringIO(),
        stderr=StringIO(),
    )
    event = Event.objects.get(slug=slug)
    return event


def seat(event, number):
    call_command(
        "seat_round", event.slug, "--round", str(number), "--time-budget", BUDGET, stdout=StringIO()
    )


def counts(event):
    """(repeats, club meetings) over every Seat row of the event."""
    club = {r.pk: r.club for r in event.registrations.all()}
    tables: dict = {}
    for round_, table, player in Seat.objects.filter(round__event=event).values_list(
        "round__number", "table__number", "registration_id"
    ):
        tables.setdefault((round_, table), []).append(player)
    return _count(tables.values(), club.get)


def _count(tables, club):
    met: Counter = Counter()
    meetings = 0
    for table in tables:
        for a, b in itertools.combinations(sorted(table), 2):
            met[a, b] += 1
            meetings += bool(club(a)) and club(a) == club(b)
    return sum(m - 1 for m in met.values() if m > 1), meetings


def whole_plan(tmp_path, sizes, players, rounds=8):
    """(repeats, club meetings) of ``plan_seating`` for the same field, all rounds at once."""
    clubs = clubs_of(sizes, players)
    groups = tmp_path / "groups.csv"
    groups.write_text(
        "player,group\n" + "".join(f"{n + 1},{c}\n" for n, c in enumerate(clubs) if c),
        encoding="utf-8",
    )
    out = StringIO()
    call_command(
        "plan_seating",
        "--players",
        str(players),
        "--rounds",
        str(rounds),
        "--seed",
        "1",
        "--groups",
        str(groups),
        "--time-budget",
        BUDGET,
        stdout=out,
    )
    plan = json.loads(out.getvalue())["rounds"]
    return _count((t for r in plan for t in r), lambda p: clubs[p - 1])


def test_create_event_rounds_sets_the_number_of_rounds(tmp_path):
    event = create(tmp_path, "eight", 4, (), rounds=8)
    assert event.rounds_planned == 8
    assert event.history.earliest().rounds_planned == 8  # in the version that created it


@pytest.mark.parametrize("bad", ["0", "-2"])
def test_create_event_refuses_a_number_of_rounds_below_one(bad):
    with pytest.raises(CommandError, match="--rounds"):
        call_command("create_event", "bad", "--name", "Bad", "--ruleset", "mcr", "--rounds", bad)
    assert not Event.objects.filter(slug="bad").exists()


def test_28_in_messy_clubs_round_by_round_as_good_as_the_whole_plan(tmp_path):
    event = create(tmp_path, "messy", 28, MESSY_CLUBS)
    for number in range(1, 9):
        seat(event, number)
        services.publish_round(Round.objects.get(event=event, number=number))
    repeats, meetings = counts(event)
    best_repeats, best_meetings = whole_plan(tmp_path, MESSY_CLUBS, 28)
    assert repeats == 0 == best_repeats
    assert meetings <= best_meetings


def test_36_in_nine_clubs_of_four_round_by_round_meet_nobody_twice(tmp_path):
    event = create(tmp_path, "nine", 36, (4,) * 9)
    for number in range(1, 9):
        seat(event, number)
    assert counts(event) == (0, 0)
    plan = KeptPlan.objects.get(event=event)
    assert plan.history.count() == 1  # planned once, at round 1; followed since


def test_the_next_round_follows_the_kept_plan(tmp_path):
    event = create(tmp_path, "follow", 28, MESSY_CLUBS)
    seat(event, 1)
    kept = KeptPlan.objects.get(event=event)
    assert (kept.first_round, kept.last_round) == (1, 8)
    seat(event, 2)
    seats = Seat.objects.filter(round__event=event, round__number=2)
    tables: dict = {}
    for table, player in seats.values_list("table__number", "registration_id").order_by(
        "table__number", "pk"
    ):
        tables.setdefault(table, set()).add(player)
    assert sorted(map(sorted, tables.values())) == sorted(sorted(t) for t in kept.rounds[1])


def test_a_withdrawal_between_rounds_replans_without_the_player(tmp_path):
    event = create(tmp_path, "drop", 28, MESSY_CLUBS, reserves=1)
    for number in (1, 2, 3):
        seat(event, number)
        services.publish_round(Round.objects.get(event=event, number=number))
    gone = event.registrations.order_by("pk")[5]
    event_services.drop_player(gone)
    seat(event, 4)
    kept = KeptPlan.objects.get(event=event)
    assert kept.first_round == 4  # planned again from round 4, with the field as it is now
    assert gone.pk not in {p for tables in kept.rounds for table in tables for p in table}
    assert not Seat.objects.filter(round__number=4, registration=gone).exists()
    reserve = event.registrations.get(name="R0")
    assert Seat.objects.filter(round__number=4, registration=reserve).exists()
    for number in range(5, 9):
        seat(event, number)
    assert not Seat.objects.filter(round__number__gte=4, registration=gone).exists()
    assert counts(event)[0] == 0


def test_seat_round_warns_when_the_number_of_rounds_is_not_set(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("name,club,country,ema_id\n" + "".join(f"P{n},,,\n" for n in range(8)))
    out = StringIO()
    call_command(
        "create_event",
        "open",
        "--name",
        "Open",
        "--ruleset",
        "mcr",
        "--players",
        str(path),
        stdout=out,
    )
    err = StringIO()
    call_command("seat_round", "open", "--round", "1", stdout=StringIO(), stderr=err)
    assert "no number of rounds" in err.getvalue() and "--rounds" in err.getvalue()
