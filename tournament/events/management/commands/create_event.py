"""``manage.py create_event SLUG --name NAME --ruleset R [--rounds N] [--players F.csv] [--draft]``.

A new event, started (its ruleset fixed, as *Start event* does), with its
number of rounds (``--rounds``, as the settings page sets it: ``seat_round``
then plans every round up to it, not one at a time) and its players registered from a CSV file
(``name,club,country,ema_id[,status,team,group]``, UTF-8, header row). All or nothing:
when the file has a bad row nothing is saved, and every problem is printed
with its line number. Names or teams that look like another one of the file
(``tournament.events.lookalikes``) are printed as warnings on stderr. Exits 0
on success, 1 when refused, 2 for bad arguments.

Why started: seating and publishing need a started event (issue #34), and
the command line's flow has always been ``create_event`` then ``seat_round``
(COMMANDS.md). The command gives the whole ruleset (``--ruleset``,
``--overrides``), so nothing is left to edit before the start. ``--draft``
keeps the event a draft, to be edited and started on its page (or with
``start_event``).
"""

from __future__ import annotations

import argparse
import datetime
import json

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scoring.families import ruleset_names
from tournament.commands import BAD_ARGUMENTS
from tournament.events.csv_import import decode_upload, import_players
from tournament.events.errors import EventError
from tournament.events.lookalikes import registration_warnings
from tournament.events.services import create_event, start_event


def _rounds(text: str) -> int:
    """A whole number of rounds, at least 1; argparse names ``--rounds`` and exits 2 otherwise."""
    try:
        rounds = int(text)
    except ValueError:
        rounds = 0
    if rounds < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of rounds; use 1 or more")
    return rounds


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError as error:
        # argparse turns this into "error: argument --start: ..." and exit status 2.
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date; write it as YYYY-MM-DD"
        ) from error


class Command(BaseCommand):
    help = (
        "Create an event and start it (--draft: leave it a draft), optionally registering "
        "its players from a CSV file."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="short name used in URLs, e.g. spring-open-2026")
        parser.add_argument("--name", required=True, help="the event's name, in any script")
        parser.add_argument("--ruleset", required=True, help=", ".join(ruleset_names()))
        parser.add_argument(
            "--rounds", type=_rounds, metavar="N", help="number of rounds (seating plans to it)"
        )
        parser.add_argument("--players", metavar="F.csv", help="players to register")
        parser.add_argument("--start", type=_date, help="first day, YYYY-MM-DD (default: today)")
        parser.add_argument("--end", type=_date, help="last day, YYYY-MM-DD (default: --start)")
        parser.add_argument(
            "--overrides", default="{}", help='ruleset overrides as JSON, e.g. {"kiriage": false}'
        )
        parser.add_argument("--hands-per-session", type=int)
        parser.add_argument("--time-limit", type=int, metavar="MINUTES")
        parser.add_argument("--public", action="store_true", help="show it on the public pages")
        parser.add_argument(
            "--draft",
            action="store_true",
            help="leave the event a draft, to edit and start on its page (or with start_event)",
        )

    def handle(self, *args, **options):
        try:
            overrides = json.loads(options["overrides"])
        except json.JSONDecodeError as error:
            raise CommandError(
                f"--overrides is not JSON: {error}", returncode=BAD_ARGUMENTS
            ) from error
        csv_text = self._read(options["players"]) if options["players"] else None
        try:
            with transaction.atomic():
                event = create_event(
                    slug=options["slug"],
                    name=options["name"],
                    ruleset=options["ruleset"],
                    start_date=options["start"],
                    end_date=options["end"],
                    ruleset_overrides=overrides,
                    hands_per_session=options["hands_per_session"],
                    time_limit_minutes=options["time_limit"],
                    is_public=options["public"],
                    rounds_planned=options["rounds"],
                )
                registrations = import_players(event, csv_text) if csv_text is not None else []
                if not options["draft"]:
                    event = start_event(event)
        except EventError as error:
            raise CommandError("\n".join([str(error), *error.problems])) from error
        self.stdout.write(
            f"Created {event.slug} ({event.ruleset}) with {len(registrations)} player(s)."
        )
        if options["draft"]:
            self.stdout.write(
                "It is a draft: start it on its page, or with start_event, before seating."
            )
        else:
            self.stdout.write("Started: its ruleset is fixed; seat its rounds with seat_round.")
        for warning in registration_warnings(event, registrations):  # lookalike names, teams
            self.stderr.write(f"warning: {warning}")

    def _read(self, path: str) -> str:
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as error:
            raise CommandError(
                f"--players: cannot read {path}: {error.strerror}", returncode=BAD_ARGUMENTS
            ) from error
        try:
            return decode_upload(data)
        except EventError as error:
            raise CommandError(f"--players: {error}", returncode=BAD_ARGUMENTS) from error
