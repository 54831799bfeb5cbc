"""``manage.py seat_round SLUG --round N [--method balanced]``.

Seats every active player and substitute of the event for round N with the
planner, in one transaction: every round to the event's number of rounds is
planned, the first seated and the rest kept, and the next call follows the
kept plan unless the field changed (``tournament.rounds.kept_plan``). Exits 0
on success; 1 with a message on stderr (and nothing saved) when refused, e.g.
when the players cannot fill tables of four.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournament.events.errors import EventError
from tournament.events.models import Event
from tournament.rounds.services import publish_round, seat_round
from tournament.seating.models import Round


class Command(BaseCommand):
    help = "Seat a round of an event with the seating planner."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's short name")
        parser.add_argument("--round", type=int, required=True, dest="number", metavar="N")
        parser.add_argument("--method", default=Round.Method.BALANCED, choices=Round.Method.values)
        parser.add_argument("--seed", type=int, help="planner seed (default: the round number)")
        parser.add_argument(
            "--time-budget", type=float, help="seconds the planner may search (default: 10)"
        )
        parser.add_argument("--publish", action="store_true", help="publish the round too")

    def handle(self, *args, slug, number, method, seed, time_budget, publish, **options):
        try:
            event = Event.objects.get(slug=slug)
        except Event.DoesNotExist as error:
            raise CommandError(f"There is no event {slug!r}.") from error
        if event.status == Event.Status.DRAFT:  # the service refuses too, in the page's words
            raise CommandError(
                f"{slug} has not started yet: run manage.py start_event {slug} first."
            )
        try:
            with transaction.atomic():
                round_ = seat_round(event, number, method, seed=seed, time_budget=time_budget)
                if publish:
                    round_ = publish_round(round_)
        except EventError as error:
            raise CommandError(str(error)) from error
        tables = round_.tables.count()
        self.stdout.write(f"Round {number} of {slug} seated ({method}): {tables} table(s).")
        if not event.rounds_planned:
            # Without the horizon each round is planned alone (issue #34: 24 repeats, not 0).
            self.stderr.write(
                f"warning: {slug} has no number of rounds, so round {number} was planned alone; "
                "set it (create_event --rounds N, or the event settings page) to plan ahead"
            )
