"""``manage.py score_hands``: the rules engine on JSON Lines, with no database.

The contract is ../shared/hand-format.md: one result line per input line, in
order, carrying the input's id; exit 0 when every line was answered, 2 for bad
arguments or an unreadable file.
"""

from __future__ import annotations

import sys

from django.core.management.base import CommandError

from scoring.core.names import LANGUAGES
from scoring.families.rulesets import registered_names
from scoring.jsonl import score_lines
from tournament.commands import BAD_ARGUMENTS, NoDatabaseCommand


class Command(NoDatabaseCommand):
    help = "Score hands given as JSON Lines (see hand-format.md); no database is used."

    def add_arguments(self, parser):
        parser.add_argument(
            "--ruleset",
            help=f"for lines without a 'ruleset' field: {', '.join(registered_names())}",
        )
        parser.add_argument("--input", help="JSON Lines file (default: standard input)")
        parser.add_argument("--output", help="where to write results (default: standard output)")
        parser.add_argument(
            "--lang", default="en", choices=LANGUAGES, help="language of item names"
        )

    def handle(self, *args, **options):
        source = self._open(options["input"], "r", sys.stdin)
        target = self._open(options["output"], "w", self.stdout)
        try:
            for answer in score_lines(source, options["ruleset"], options["lang"]):
                target.write(answer + "\n")
        except UnicodeDecodeError as problem:
            raise CommandError(
                f"--input: not UTF-8 text ({problem.reason})", returncode=BAD_ARGUMENTS
            ) from problem
        finally:
            for stream in (source, target):
                if stream not in (sys.stdin, self.stdout):
                    stream.close()

    def _open(self, path, mode, default):
        if not path or path == "-":
            return default
        try:
            return open(path, mode, encoding="utf-8", newline="" if mode == "w" else None)
        except OSError as problem:
            flag = "--input" if mode == "r" else "--output"
            raise CommandError(
                f"{flag}: cannot open {path}: {problem.strerror}", returncode=BAD_ARGUMENTS
            ) from problem
