"""``manage.py standings SLUG --format json``: the event's current standings.

Counts every confirmed sheet (``--published`` for the public view: only
rounds whose results are published). JSON: ``[{"rank", "player", "points",
"score", "sessions"}, …]``, best first; ``points`` is the ruleset's ranking
value (riichi: total result points, one decimal; MCR: table points; Zung
Jung and HK: session points), ``score`` the next tiebreak (riichi: sum of raw
final points; MCR: total session score). Whole numbers print as integers;
other values as decimals (riichi one place, otherwise up to three). Ranks are
shared on a full tie. Exits 0, or 2 for an unknown event.

Issue #21 extends it (nothing changes for an event without stages or
teams): an item also carries ``team`` when the player has one and, for an
event with stages, ``stage`` (the furthest stage reached; the ranking is
the overall one across the stages). ``--stage N`` prints that stage's own
standings (its entrants and rounds), each item with ``stage`` and
``carried`` (points brought from the stage before); ``--teams`` prints the
team standings instead: ``{"event", "rankings": [{"kind": "all"|"best",
"best", "title", "rows": [{"rank", "tied", "team", "points", "score",
"sessions", "members"}]}]}``, points exact as strings. An unknown stage, or
``--teams`` for an event without team rankings, exits 2.

Every registered export format (``tournament.standings.exporters``: ``csv``,
``xlsx``, ``ema_results``, ``rounds``, ``teams_csv``, ``teams_json`` and any
added later) is a ``--format`` too: the same file as its download, written to
``--output FILE`` (``--published``: the public one; ``--stage N``: that stage's,
where the format has stages). Exits 2 without ``--output``, for a format the
public is not offered with ``--published``, or with ``--teams`` (the team
files are formats of their own).
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.commands import BAD_ARGUMENTS
from tournament.events.models import Event
from tournament.events.rules import standings_format_of
from tournament.files import write_whole
from tournament.formatting import json_number as number
from tournament.standings import exporters
from tournament.standings.exporters import PUBLIC, STAFF, NoSuchStage
from tournament.standings.installed import standings_rows
from tournament.standings.models import StandingSnapshot
from tournament.standings.team_exports import teams_document


def pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns; CJK characters take two."""
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(width - used, 0)


def _item(row: dict, places: int) -> dict:
    """The contract's five keys, then the extensions the row has (team, stage, carried)."""
    item = {
        "rank": row["rank"],
        "player": row["player"],
        "points": number(row["points"], places),
        "score": number(row["score"], places),
        "sessions": row["sessions"],
    }
    if row.get("team"):
        item["team"] = row["team"]
    if "stage" in row:
        item["stage"] = row["stage"]
    if "carried" in row and "stage_rank" not in row:  # a stage's own standings
        item["carried"] = number(row["carried"], places)
    return item


class Command(BaseCommand):
    help = "Print an event's standings."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's short name")
        files = [exporter.code for exporter in exporters.exporters()]
        parser.add_argument(
            "--format",
            choices=["json", "text", *files],
            default="text",
            help="json or text on the screen, or a file format written to --output",
        )
        parser.add_argument("--output", metavar="FILE", help="where a file format is written")
        parser.add_argument(
            "--published", action="store_true", help="only rounds whose results are published"
        )
        which = parser.add_mutually_exclusive_group()
        which.add_argument("--stage", type=int, help="that stage's own standings (1, 2, …)")
        which.add_argument("--teams", action="store_true", help="the team standings")

    def handle(self, *args, **options):
        event = Event.objects.filter(slug=options["slug"]).first()
        if event is None:
            raise CommandError(
                f"no event with the short name {options['slug']!r}", returncode=BAD_ARGUMENTS
            )
        scope = StandingSnapshot.Scope.PUBLIC if options["published"] else "staff"
        exporter = exporters.find(options["format"])
        if exporter is not None:
            self._file(event, scope, exporter, options)
            return
        if options["output"]:
            raise CommandError(
                "--output is for a file format (--format csv, xlsx, …)", returncode=BAD_ARGUMENTS
            )
        if options["teams"]:
            self._teams(event, scope, options["format"])
            return
        rows = self._rows(event, scope, options["stage"])
        places = standings_format_of(event).decimals
        out = [_item(row, places) for row in rows]
        if options["format"] == "json":
            self.stdout.write(json.dumps(out, ensure_ascii=False, indent=1))
            return
        for row in out:
            tie = "=" if sum(r["rank"] == row["rank"] for r in out) > 1 else " "
            self.stdout.write(
                f"{row['rank']:>4}{tie} {pad(row['player'], 32)} {row['points']:>9} "
                f"{row['score']:>10} {row['sessions']:>3}"
            )

    def _rows(self, event, scope: str, number: int | None) -> list[dict]:
        try:
            return standings_rows(event, scope, None if number is None else str(number))[0]
        except NoSuchStage:
            raise CommandError(
                f"event {event.slug!r} has no stage {number} with players",
                returncode=BAD_ARGUMENTS,
            ) from None

    def _file(self, event, scope: str, exporter, options) -> None:
        """The registered format's file, as its download gives it, written to ``--output``."""
        code, number, output = exporter.code, options["stage"], options["output"]
        if (PUBLIC if options["published"] else STAFF) not in exporter.audiences:
            raise CommandError(
                f"--format {code} is for the staff only: leave out --published",
                returncode=BAD_ARGUMENTS,
            )
        if options["teams"]:
            raise CommandError(
                f"--teams is for json or text; --format {code} is a file", returncode=BAD_ARGUMENTS
            )
        if not output:
            raise CommandError(
                f"--format {code} writes a file: add --output FILE", returncode=BAD_ARGUMENTS
            )
        try:
            data, _part = exporter.source(event, scope, None if number is None else str(number))
        except NoSuchStage:
            raise CommandError(
                f"event {event.slug!r} has no stage {number} with players",
                returncode=BAD_ARGUMENTS,
            ) from None
        content = exporter.build(event, data)
        _write(Path(output), content)
        self.stdout.write(f"{output}: {code} of {event.slug}, {len(content)} bytes")

    def _teams(self, event, scope: str, form: str) -> None:
        document = teams_document(event, scope=scope)
        if not document["rankings"]:
            raise CommandError(
                f"event {event.slug!r} publishes no team standings", returncode=BAD_ARGUMENTS
            )
        if form == "json":
            self.stdout.write(json.dumps(document, ensure_ascii=False, indent=1))
            return
        for ranking in document["rankings"]:
            self.stdout.write(ranking["title"])
            for row in ranking["rows"]:
                self.stdout.write(
                    f"{row['rank']:>4} {pad(row['team'], 24)} {row['points']:>9} "
                    f"{row['score']:>10} {row['sessions']:>3}"
                )


def _write(target: Path, content: bytes) -> None:
    """A missing folder is a usage error; then the file is written whole or not at all."""
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir() or target.is_dir():
        raise CommandError(f"cannot write {target}: no such folder", returncode=BAD_ARGUMENTS)
    write_whole(target, content, prefix=".standings-")
