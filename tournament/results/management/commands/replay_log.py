"""``manage.py replay_log F.mjlog …``: Tenhou game logs replayed through the engine, no database.

The contract is ../shared/COMMANDS.md ("replay_log output"): one JSON line
per file, in the order of the arguments; a file that cannot be used gives
its line with an ``error``, and the command exits 1 once every line is
written (2 for bad arguments, as every command). The work is
:mod:`scoring.logs`: this command only reads the files and writes the lines.
"""

from __future__ import annotations

import json

from django.core.management.base import CommandError

from scoring.logs.replay import DEFAULT_RULESET, RULESETS, replay_file
from scoring.logs.tenhou import MAX_LOG_BYTES
from tournament.commands import NoDatabaseCommand


class Command(NoDatabaseCommand):
    help = (
        "Replay Tenhou game logs (mjlog XML, plain or gzip) through the rules engine and "
        "compare every hand with the log's own figures; no database is used."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="F.mjlog", help="Tenhou mjlog files")
        parser.add_argument(
            "--ruleset",
            default=DEFAULT_RULESET,
            choices=RULESETS,
            help=f"the riichi ruleset to replay under (default {DEFAULT_RULESET})",
        )

    def handle(self, *args, **options):
        refused = 0
        for path in options["files"]:
            line = self._replay(path, options["ruleset"])
            refused += "error" in line
            self.stdout.write(json.dumps(line, ensure_ascii=False))
        if refused:
            raise CommandError(
                f"{refused} of {len(options['files'])} file(s) could not be replayed"
            )

    def _replay(self, path: str, ruleset: str) -> dict:
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_LOG_BYTES + 1)  # one byte more is enough to refuse it
        except OSError as problem:
            message = f"cannot read {path}: {problem.strerror}"
            return {"file": path, "error": {"code": "unreadable", "message": message}}
        return replay_file(data, path, ruleset)
