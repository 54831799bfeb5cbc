"""``manage.py print_scoresheets SLUG --round N --output F.pdf``.

Writes the round's blank scoresheets, one page per table (COMMANDS.md), in
the event's ruleset's layout. ``--filled`` prints the confirmed versions
instead; ``--language ja`` prints in another language than the default.

Exits 0 when the PDF is written; 2 with a message on stderr for bad
arguments (a round number below 1, an output that is not a writable ``.pdf``
path, an unknown language); 1 when the event or round does not exist or the
round has no tables yet. On failure no file is left behind.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournament.commands import BAD_ARGUMENTS
from tournament.events.models import Event
from tournament.files import write_whole
from tournament.printing.documents import blank_scoresheets, filled_sheets
from tournament.seating.models import Round


class Command(BaseCommand):
    help = "Write a round's scoresheets, one page per table, to a PDF file."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's short name")
        parser.add_argument("--round", type=int, required=True, dest="number", metavar="N")
        parser.add_argument("--output", required=True, metavar="FILE.pdf", help="where to write")
        parser.add_argument(
            "--filled", action="store_true", help="the confirmed sheets instead of blank ones"
        )
        parser.add_argument(
            "--language",
            default=settings.LANGUAGE_CODE,
            help=f"one of {', '.join(code for code, _name in settings.LANGUAGES)}",
        )

    def handle(self, *args, slug, number, output, filled, language, **options):
        target = self._target(output, number, language)
        try:
            event = Event.objects.get(slug=slug)
        except Event.DoesNotExist as error:
            raise CommandError(f"There is no event {slug!r}.") from error
        try:
            round_ = Round.objects.select_related("event").get(event=event, number=number)
        except Round.DoesNotExist as error:
            raise CommandError(f"{slug} has no round {number}.") from error
        tables = round_.tables.count()
        if not tables:
            raise CommandError(f"Round {number} of {slug} has no tables yet: seat it first.")
        make = filled_sheets if filled else blank_scoresheets
        pdf = make(round_, language=language)
        write_whole(target, pdf, prefix=".print-", suffix=".pdf")
        kind = "result sheets" if filled else "scoresheets"
        self.stdout.write(f"{target}: {kind} of round {number} of {slug}, {tables} table(s).")

    def _target(self, output: str, number: int, language: str) -> Path:
        if number < 1:
            raise CommandError("--round must be 1 or more.", returncode=BAD_ARGUMENTS)
        if language not in {code for code, _name in settings.LANGUAGES}:
            raise CommandError(f"Unknown language {language!r}.", returncode=BAD_ARGUMENTS)
        target = Path(output)
        if target.suffix.lower() != ".pdf":
            raise CommandError(f"--output {output} must end in .pdf.", returncode=BAD_ARGUMENTS)
        folder = target.parent if str(target.parent) else Path(".")
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            raise CommandError(
                f"cannot write {output}: {folder} is not a writable folder.",
                returncode=BAD_ARGUMENTS,
            )
        if target.is_dir():
            raise CommandError(f"cannot write {output}: it is a folder.", returncode=BAD_ARGUMENTS)
        return target
