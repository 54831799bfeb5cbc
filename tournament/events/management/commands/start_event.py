"""``manage.py start_event SLUG``: the dashboard's *Start event*, from the command line.

Seating and publishing need a started event (issue #34), so a director's
script runs ``create_event``, then this, then ``seat_round``. Fixes the
event's ruleset as the page does (``services.start_event``). Exits 0 on
success, 1 when refused (the reason on stderr), 2 for bad arguments.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournament.events.errors import EventError
from tournament.events.models import Event
from tournament.events.services import start_event


class Command(BaseCommand):
    help = "Start an event: fix its ruleset so that its rounds can be seated and published."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's short name")

    def handle(self, *args, slug, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"There is no event {slug!r}.")
        try:
            start_event(event)
        except EventError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Started {slug}: its ruleset is fixed; seat its rounds now.")
