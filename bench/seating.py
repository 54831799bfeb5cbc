"""Seating benchmarks: repeats, wind balance and time of the balanced planner.

One row per line of the acceptance table of issue [4/8], plus 64 players in
16 clubs of four, who must never share a table. Each plan is made once with
the default time budget and seed 0; the planner is deterministic, so a rerun
gives the same repeats, and only the seconds vary with the machine.

Then the *real path* (issue "[4/8] messy tournament day"): the same planner
as the pages call it, through ``seat_round`` one round at a time and
``plan_remaining_rounds`` all at once, on a temporary database, with clubs,
drops, late arrivals and substitutes (:data:`REAL_PATH`). These rows record
repeats, club meetings, whole-club tables and wind-unbalanced players as
:func:`tournament.seating.quality.event_quality` reports them. They run in a
child process (``python -m bench.seating``), which sets Django up on its own
SQLite file, as ``bench.printing`` does.
"""

from __future__ import annotations

import itertools
import json
import sys
import time

from bench.child import on_fresh_database, rows_from_child
from tournament.seating.planner.plan import DEFAULT_TIME_BUDGET, plan_seating

# (players, rounds, repeats allowed): the acceptance table.
ACCEPTANCE = (
    (16, 5, 0),
    (24, 8, 20),
    (28, 8, 0),
    (32, 8, 0),
    (36, 8, 0),
    (40, 8, 0),
    (48, 8, 0),
    (64, 10, 0),
    (100, 10, 0),
    (128, 12, 0),
    (256, 12, 0),
)
CLUBS = (64, 8, 16)  # players, rounds, clubs of four


def _row(name, players, rounds, bar, groups=None) -> dict:
    start = time.perf_counter()
    plan = plan_seating(
        list(range(1, players + 1)), rounds, groups=groups, time_budget=DEFAULT_TIME_BUDGET
    )
    seconds = time.perf_counter() - start
    row = {
        "name": name,
        "players": players,
        "rounds": rounds,
        "repeats": plan.repeats(),
        "repeats_allowed": bar,
        "wind_ok": plan.winds_balanced(),
        "seconds": round(seconds, 3),
        "construction": plan.construction,
    }
    if groups:
        row["clubmate_meetings"] = sum(
            1
            for tables in plan.rounds
            for table in tables
            for a, b in itertools.combinations(table, 2)
            if groups[a] == groups[b]
        )
    return row


def seating_benchmarks() -> list[dict]:
    """A benchmark dict per acceptance row and for the clubs case."""
    rows = [
        _row(f"seating_balanced_{players}x{rounds}", players, rounds, bar)
        for players, rounds, bar in ACCEPTANCE
    ]
    players, rounds, clubs = CLUBS
    size = players // clubs
    groups = {p: f"club {(p - 1) // size + 1}" for p in range(1, players + 1)}
    rows.append(
        _row(f"seating_balanced_{players}x{rounds}_{clubs}_clubs", players, rounds, 0, groups)
    )
    return rows + real_path_benchmarks()


# --- The real path: the services the pages call, on a temporary database -----------------

MESSY_CLUBS = (5, 5, 4, 4, 3, 3, 2, 2)
# name, players, rounds, club sizes, how (round_by_round, all_at_once or a
# story of changes), (repeats, club meetings) allowed.
REAL_PATH = (
    ("28x8_messy_clubs", 28, 8, MESSY_CLUBS, "round_by_round", (0, 8)),
    ("28x8_messy_clubs", 28, 8, MESSY_CLUBS, "all_at_once", (0, 8)),
    ("28x8_7_clubs", 28, 8, (4,) * 7, "round_by_round", (0, 0)),
    ("28x8_7_clubs", 28, 8, (4,) * 7, "all_at_once", (0, 0)),
    ("36x8_9_clubs", 36, 8, (4,) * 9, "round_by_round", (0, 0)),
    ("36x8_9_clubs", 36, 8, (4,) * 9, "all_at_once", (0, 0)),
    ("16x5_4_clubs", 16, 5, (4,) * 4, "round_by_round", (None, 0)),
    ("16x5_4_clubs", 16, 5, (4,) * 4, "all_at_once", (None, 0)),
    ("28x8_messy_clubs_drop_and_substitute", 28, 8, MESSY_CLUBS, "drop_after_3", (0, None)),
    ("28x8_messy_clubs_drop_and_substitute", 28, 8, MESSY_CLUBS, "drop_after_3_rbr", (0, None)),
    ("32x8_late_arrival_and_withdrawals", 32, 8, (), "late_and_withdrawals", (None, None)),
)


def _event(slug: str, players: int, rounds: int, clubs) -> object:
    import datetime

    from tournament.events import services as event_services
    from tournament.events.models import Event

    event = Event.objects.create(
        slug=slug,
        name=slug,
        ruleset="wrc",
        start_date=datetime.date(2026, 6, 1),
        end_date=datetime.date(2026, 6, 2),
        rounds_planned=rounds,
    )
    names = [f"club {c}" for c, size in enumerate(clubs) for _ in range(size)]
    for n in range(players):
        club = names[n] if n < len(names) else ""
        event_services.add_player(event, name=f"P{n:02d}", club=club)
    return event_services.start_event(event)  # seating needs a started event (issue #34)


def _publish(event, *numbers) -> None:
    from tournament.rounds import services
    from tournament.seating.models import Round

    for number in numbers:
        services.publish_round(Round.objects.get(event=event, number=number))


def _drop_and_substitute(event, index: int, name: str) -> None:
    from tournament.events import services as event_services

    event_services.drop_player(event.registrations.order_by("pk")[index])
    event_services.add_substitute(event, name=name)


def _story(event, how: str, rounds: int) -> None:
    """Seat ``event`` the way ``how`` says (see REAL_PATH)."""
    from tournament.events import services as event_services
    from tournament.rounds import services

    if how == "round_by_round":
        for number in range(1, rounds + 1):
            services.seat_round(event, number)
    elif how == "all_at_once":
        services.plan_remaining_rounds(event)
    elif how == "drop_after_3":
        services.plan_remaining_rounds(event)
        _publish(event, 1, 2, 3)
        _drop_and_substitute(event, 5, "Sub")
        services.plan_remaining_rounds(event)
    elif how == "drop_after_3_rbr":
        for number in range(1, 4):
            services.seat_round(event, number)
        _publish(event, 1, 2, 3)
        _drop_and_substitute(event, 5, "Sub")
        for number in range(4, rounds + 1):
            services.seat_round(event, number)
    elif how == "late_and_withdrawals":
        services.plan_remaining_rounds(event)
        _publish(event, 1, 2)
        event_services.drop_player(event.registrations.order_by("pk")[3])
        event_services.add_player(event, name="Late")
        services.plan_remaining_rounds(event)
        _publish(event, 3, 4)
        _drop_and_substitute(event, 10, "House")
        services.plan_remaining_rounds(event)
    else:
        raise ValueError(f"unknown story {how!r}")


def real_path_row(name, players, rounds, clubs, how, allowed) -> dict:
    """One scenario through the services; Django must be set up on a scratch database."""
    from tournament.seating.quality import event_quality

    event = _event(f"{name}-{how}".replace("_", "-"), players, rounds, clubs)
    start = time.perf_counter()
    _story(event, how, rounds)
    seconds = time.perf_counter() - start
    quality = event_quality(event)
    repeats_allowed, clubs_allowed = allowed
    return {
        "name": f"seating_real_path_{name}_{how}",
        "kind": "seating_real_path",
        "players": players,
        "rounds": rounds,
        "how": how,
        "repeats": quality.repeats,
        "repeats_allowed": repeats_allowed,
        "club_meetings": quality.club_meetings,
        "club_meetings_allowed": clubs_allowed,
        "whole_club_tables": quality.whole_group_tables,
        "wind_unbalanced": len(quality.wind_unbalanced),
        "wind_ok": not quality.wind_unbalanced,
        "seconds": round(seconds, 3),
    }


def run_real_path(scenarios=REAL_PATH) -> list[dict]:
    """Every scenario in this process, on a temporary database (Django not set up yet)."""
    return on_fresh_database(
        "bench-seating-", lambda: [real_path_row(*scenario) for scenario in scenarios]
    )


def real_path_benchmarks() -> list[dict]:
    """The real-path rows from a child process: this one may have set Django up already."""
    return rows_from_child("bench.seating", "the seating real-path benchmarks")


if __name__ == "__main__":
    # ``python -m bench.seating [name ...]``: the real-path rows (those named, or all) as JSON.
    wanted = set(sys.argv[1:])
    chosen = [s for s in REAL_PATH if not wanted or s[0] in wanted or s[4] in wanted]
    print(json.dumps(run_real_path(chosen)))
