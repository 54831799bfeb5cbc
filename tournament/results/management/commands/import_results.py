"""``manage.py import_results SLUG F.csv``: final session scores, all or nothing.

Columns ``round,table,player,seat,score[,penalty]`` (UTF-8, header row);
``player`` is the seated player's name (or player id), ``seat`` E, S, W or N,
``score`` the session's final score in the ruleset's unit (riichi: final
points; MCR, Zung Jung, HK: the session total), ``penalty`` 0 or negative,
and, where the family asks for them (riichi), an optional ``sticks``: the
riichi sticks left on the table. Comma, semicolon or tab separated. The
reading and saving are the round results grid's and the staff API's
(``tournament.results.entry.result_rows`` and ``bulk``).
Each table is saved and submitted through the judges' services; with
``--confirmed-by USER`` that user also confirms every sheet. A file with any
bad row is refused whole and every problem is printed. A file larger than
``CSV_FILE_BYTES`` (2 MB, ``tournament.events.bounds``) is refused unread.
Exits 0 on success, 1 when refused, 2 for bad arguments or a file too large.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournament.commands import BAD_ARGUMENTS
from tournament.events.bounds import CSV_FILE_BYTES
from tournament.events.csv_import import decode_upload
from tournament.events.errors import EventError
from tournament.events.models import Event
from tournament.results.entry.csv_import import import_results


class Command(BaseCommand):
    help = "Import final session scores from a CSV file (round,table,player,seat,score[,penalty])."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's short name")
        parser.add_argument("file", metavar="F.csv", help="the results file")
        parser.add_argument(
            "--confirmed-by",
            metavar="USERNAME",
            help="a judge or director of the event who confirms every imported sheet",
        )

    def handle(self, *args, **options):
        try:
            event = Event.objects.get(slug=options["slug"])
        except Event.DoesNotExist:
            raise CommandError(
                f"no event with the short name {options['slug']!r}", returncode=BAD_ARGUMENTS
            ) from None
        confirmer = None
        if options["confirmed_by"]:
            try:
                confirmer = get_user_model().objects.get(username=options["confirmed_by"])
            except get_user_model().DoesNotExist:
                raise CommandError(
                    f"--confirmed-by: no user {options['confirmed_by']!r}",
                    returncode=BAD_ARGUMENTS,
                ) from None
        try:
            with open(options["file"], "rb") as f:
                data = f.read(CSV_FILE_BYTES + 1)  # one byte past the bound tells
            if len(data) > CSV_FILE_BYTES:
                raise CommandError(
                    f"{options['file']} is larger than {CSV_FILE_BYTES // 1024 // 1024} MB, "
                    "the most a results file may be",
                    returncode=BAD_ARGUMENTS,
                )
            text = decode_upload(data)
        except OSError as error:
            raise CommandError(
                f"cannot read {options['file']}: {error.strerror}", returncode=BAD_ARGUMENTS
            ) from error
        except EventError as error:
            raise CommandError(f"{options['file']}: {error}", returncode=BAD_ARGUMENTS) from error
        try:
            count = import_results(event, text, confirmed_by=confirmer)
        except EventError as error:
            raise CommandError("\n".join([str(error), *error.problems])) from error
        state = "confirmed" if confirmer else "submitted, awaiting confirmation"
        self.stdout.write(f"Imported {count} table(s) of {event.slug}: {state}.")
