"""``manage.py standings SLUG --format json``: the event's current standings.

Counts every confirmed sheet (``--published`` for the public view: only
rounds whose results are published). JSON: ``[{"rank", "player", "points",
"score", "sessions"}, …]``, best first; ``points`` is the ruleset's ranking
value (riichi: total result points, one decimal; MCR: table points; Zung
Jung and HK: session points), ``score`` the next tiebreak (riichi: sum of raw
final points; MCR: total session score). Whole numbers print as integers;
other values as decimals (riichi one place, otherwise up to three). Ranks are
shared on a full tie. Exits 0, or 2 for an unknown event.
"""

from __future__ import annotations

import json
import unicodedata
from fractions import Fraction

from django.core.management.base import BaseCommand, CommandError

from tournament.events.models import Event
from tournament.events.rules import standings_format_of
from tournament.standings.models import StandingSnapshot
from tournament.standings.services import standings

BAD_ARGUMENTS = 2


def number(value: str, places: int) -> int | float:
    """A standings value for JSON: an int when whole, else rounded to the family's places."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return int(exact)
    return round(float(exact), places)


def pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns; CJK characters take two."""
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(width - used, 0)


class Command(BaseCommand):
    help = "Print an event's standings."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's short name")
        parser.add_argument("--format", choices=["json", "text"], default="text")
        parser.add_argument(
            "--published", action="store_true", help="only rounds whose results are published"
        )

    def handle(self, *args, **options):
        event = Event.objects.filter(slug=options["slug"]).first()
        if event is None:
            raise CommandError(
                f"no event with the short name {options['slug']!r}", returncode=BAD_ARGUMENTS
            )
        scope = StandingSnapshot.Scope.PUBLIC if options["published"] else "staff"
        rows = standings(event, scope).rows
        places = standings_format_of(event).decimals
        out = [
            {
                "rank": row["rank"],
                "player": row["player"],
                "points": number(row["points"], places),
                "score": number(row["score"], places),
                "sessions": row["sessions"],
            }
            for row in rows
        ]
        if options["format"] == "json":
            self.stdout.write(json.dumps(out, ensure_ascii=False, indent=1))
            return
        for row in out:
            tie = "=" if sum(r["rank"] == row["rank"] for r in out) > 1 else " "
            self.stdout.write(
                f"{row['rank']:>4}{tie} {pad(row['player'], 32)} {row['points']:>9} "
                f"{row['score']:>10} {row['sessions']:>3}"
            )
