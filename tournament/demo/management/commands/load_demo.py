"""``manage.py load_demo``: the demo event, 32 players seated for 4 published rounds.

It also adds demo staff logins, round 1's published results and a sheet in
progress (``tournament/demo/results.py``), and the demo team event: 64
players in 16 teams, qualifying, semifinal and final, all played and
published (``tournament/demo/team_event.py``).

Built with the same services a director uses (create, register, start, seat
with the planner, publish), so the demo shows what the code does today rather
than a fixture that drifts. Running it again changes nothing: it only adds
what is missing (``make run`` calls it on every start).
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournament.demo.results import (
    DEMO_PASSWORD,
    demo_clock,
    demo_results,
    demo_staff,
    register_demo_players,
)
from tournament.demo.team_event import load_team_demo
from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, save_with_history
from tournament.events.models import Event
from tournament.events.services import create_event, start_event
from tournament.rounds.services import publish_round, seat_round
from tournament.seating.models import Round

PLAYERS_CSV = settings.BASE_DIR / "fixtures" / "demo-players.csv"
DEMO = {
    "slug": "demo-open",
    "name": "Demo Open 2026",
    "ruleset": "jpml-b",
    "start_date": datetime.date(2026, 5, 16),
    "end_date": datetime.date(2026, 5, 17),
    "is_public": True,
}
ROUNDS = 4
# The demo plays 4 of 6 rounds: the pages say "Round 4 of 6" and a director can
# plan the last two. Set after the four are seated, so their seating stays as it was.
ROUNDS_PLANNED = 6


class Command(BaseCommand):
    help = (
        "Load the demo events (32 players, 4 published rounds; a 64-player team event "
        "in 3 stages); safe to run again."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--time-budget",
            type=float,
            default=2.0,
            help="seconds the planner may search per round (default: 2)",
        )
        parser.add_argument(
            "--without-teams",
            action="store_true",
            help="only the demo open, not the team event (quicker, for tests that need one event)",
        )

    def handle(self, *args, time_budget, without_teams=False, **options):
        try:
            with transaction.atomic():
                event, added, seated = load_demo(time_budget)
                users = demo_staff(event)
                entered = demo_results(event, users)
                demo_clock(event, users)
                teams = None if without_teams else load_team_demo(users, time_budget)
        except EventError as error:
            raise CommandError("\n".join([str(error), *error.problems])) from error
        self.stdout.write(
            f"Demo event {event.slug}: {event.registrations.count()} players "
            f"({added} added), {event.rounds.count()} rounds ({seated} seated now); "
            f"seating at /e/{event.slug}/round/1/; results: {entered} table(s) entered now; "
            f"standings at /e/{event.slug}/standings/"
        )
        self.stdout.write(
            f"Demo logins (password {DEMO_PASSWORD!r}): {', '.join(users)}; "
            f"a judge's table page: /j/{event.slug}/2/1/; "
            f"the projector: /e/{event.slug}/projector/"
        )
        if teams is not None:
            self.stdout.write(team_summary(*teams))


def team_summary(event: Event, added: int, seated: int) -> str:
    """The output line of the team event: what was added now, and where to look."""
    return (
        f"Demo team event {event.slug}: {event.registrations.count()} players in "
        f"{len(set(event.registrations.values_list('team', flat=True)))} teams "
        f"({added} added), {event.rounds.count()} rounds in {event.stages.count()} stages "
        f"({seated} seated now); standings of each stage at /e/{event.slug}/standings/, "
        f"team standings at /e/{event.slug}/teams/, the cuts at /manage/{event.slug}/stages/"
    )


def load_demo(time_budget: float) -> tuple[Event, int, int]:
    """The demo event, completed where anything is missing."""
    event = Event.objects.filter(slug=DEMO["slug"]).first()
    if event is None:
        event = create_event(**DEMO)
    added = register_demo_players(event, PLAYERS_CSV)
    if event.status == Event.Status.DRAFT:
        event = start_event(event)
    seated = 0
    for number in range(1, ROUNDS + 1):
        round_ = event.rounds.filter(number=number).first()
        if round_ is None or round_.status == Round.Status.DRAFT:
            round_ = seat_round(event, number, seed=number, time_budget=time_budget)
            seated += 1
        if round_.status == Round.Status.SEATED:
            publish_round(round_)
    if event.rounds_planned is None:
        event.rounds_planned = ROUNDS_PLANNED
        save_with_history(event, change_reason("event.edited"), None)
    return event, added, seated
