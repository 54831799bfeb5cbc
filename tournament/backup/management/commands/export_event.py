"""``manage.py export_event SLUG --output F.json``: a complete backup of one event.

The event, its players, registrations and staff, stages, rounds, tables and
seats, every scoresheet version with its hands, rulings and penalties, the
hall (round clocks and their log, judge calls, the player-entry state with
every acceptance and dispute, the print jobs' records), and the audit
(history records) of all of it; ``tournament.backup.schema`` describes the
file, and what it leaves out (the table PINs, the PDFs themselves) and why.
``--output -`` writes to standard output. The file is written
whole or not at all. Exits 0, or 2 for an unknown event or an unwritable
file.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.backup.export import export_event, write_backup
from tournament.backup.schema import BackupError
from tournament.commands import BAD_ARGUMENTS
from tournament.events.models import Event


class Command(BaseCommand):
    help = "Write a complete backup of an event (results, rulings, audit) as one JSON file."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's short name")
        parser.add_argument(
            "--output", required=True, metavar="F.json", help="the file to write ('-': stdout)"
        )

    def handle(self, *args, slug, output, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"no event with the short name {slug!r}", returncode=BAD_ARGUMENTS)
        document = export_event(event)
        if output == "-":
            self.stdout.write(json.dumps(document, ensure_ascii=False, indent=1))
            return
        try:
            write_backup(document, output)
        except BackupError as error:
            raise CommandError(str(error), returncode=BAD_ARGUMENTS) from error
        versions = len(document["sheets"])
        records = sum(len(rows) for rows in document["history"].values())
        self.stdout.write(
            f"Exported {slug}: {len(document['players'])} players, {len(document['rounds'])} "
            f"rounds, {versions} sheet versions, {records} history records -> {output}"
        )
