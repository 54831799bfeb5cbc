"""``manage.py import_event F.json``: restore an event from an ``export_event`` backup.

One transaction: on any refusal nothing is saved. An event with the same
short name must not exist (it is never replaced): ``--slug NEW`` restores the
file's event under another short name, beside the original. Players are created anew;
staff users are matched by username, and missing ones are created without a
usable password (set one with ``manage.py changepassword``).

Nothing is written until the whole file is checked as the services check
what they write (``tournament.backup.validation`` and ``replaying``): a
refused file is listed with every problem, each at its place in the file.
Exits 0; 1 when the event exists or the backup's contents are refused; 2
when the file cannot be read, is larger than ``--max-size`` megabytes
(default 256), nests deeper than 50 levels, is not JSON, or is not a backup
this version reads.

Player entry: the file holds no table PIN, so every restored table gets a new
one (``tournament.backup.schema``); the output says how many, since their
scoresheets must be printed again for the phones to open the tables.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament.backup.importer import import_backup
from tournament.backup.reading import MAX_MEGABYTES, MEGABYTE, read_backup
from tournament.backup.schema import BackupError, BackupFileError
from tournament.commands import BAD_ARGUMENTS


class Command(BaseCommand):
    help = "Restore an event from a backup written by export_event (all or nothing)."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="F.json", help="a file written by export_event")
        parser.add_argument(
            "--max-size",
            type=int,
            default=MAX_MEGABYTES,
            metavar="MB",
            help=f"refuse a file larger than this many megabytes (default {MAX_MEGABYTES})",
        )
        parser.add_argument(
            "--slug",
            metavar="NEW",
            help="restore the event under this short name instead of the file's",
        )

    def handle(self, *args, file, max_size, slug=None, **options):
        if max_size < 1:
            raise CommandError(
                "--max-size must be at least 1 (megabytes)", returncode=BAD_ARGUMENTS
            )
        try:
            document = read_backup(file, max_bytes=max_size * MEGABYTE)
        except BackupFileError as error:
            raise CommandError(str(error), returncode=BAD_ARGUMENTS) from error
        try:
            event = import_backup(document, slug=slug)
        except BackupFileError as error:
            raise CommandError(str(error), returncode=BAD_ARGUMENTS) from error
        except BackupError as error:
            raise CommandError(str(error)) from error
        records = sum(len(rows) for rows in document["history"].values())
        self.stdout.write(
            f"Imported {event.slug}: {len(document['players'])} players, "
            f"{len(document['rounds'])} rounds, {len(document['sheets'])} sheet versions, "
            f"{records} history records."
        )
        pins = len(document.get("table_pins") or ())
        if pins:
            self.stdout.write(
                _(
                    "Tables with a new PIN: %(count)s. Print their scoresheets again: "
                    "phones open the tables with the new PIN."
                )
                % {"count": pins}
            )
