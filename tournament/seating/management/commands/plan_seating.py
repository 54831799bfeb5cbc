"""``manage.py plan_seating --players N --rounds R --format json``: the pure planner.

No database: players are numbered 1..N, and the plan is printed as
``{"rounds": [[[e, s, w, n], ...tables...], ...rounds...]}`` and nothing else
on standard output, so it pipes into jq. ``--groups`` names a CSV file
``player,group`` (UTF-8, header row) of players to keep apart. A request the
planner refuses (say 30 players, which cannot fill tables of four) exits 1
with the reason on standard error; bad arguments or an unreadable file exit 2.
"""

from __future__ import annotations

import csv
import json

from django.core.management.base import CommandError

from tournament.commands import BAD_ARGUMENTS, NoDatabaseCommand
from tournament.seating.planner.plan import DEFAULT_TIME_BUDGET, METHODS, SeatingError, plan_seating

REFUSED = 1


class Command(NoDatabaseCommand):
    help = "Plan a seating for players 1..N over R rounds and print it as JSON; no database."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True, metavar="N")
        parser.add_argument("--rounds", type=int, required=True, metavar="R")
        parser.add_argument("--seed", type=int, default=0, metavar="S")
        parser.add_argument("--method", default="balanced", choices=METHODS)
        parser.add_argument("--groups", metavar="FILE", help="CSV player,group: keep groups apart")
        parser.add_argument(
            "--time-budget",
            type=float,
            default=DEFAULT_TIME_BUDGET,
            metavar="SECONDS",
            help=f"longest the planner may search (default {DEFAULT_TIME_BUDGET:g})",
        )
        parser.add_argument("--format", default="json", choices=["json"])

    def handle(self, *args, players, rounds, seed, method, groups, time_budget, **options):
        group_of = _read_groups(groups, players) if groups else None
        try:
            plan = plan_seating(
                list(range(1, players + 1)),
                rounds,
                method=method,
                seed=seed,
                groups=group_of,
                time_budget=time_budget,
            )
        except SeatingError as problem:
            raise CommandError(str(problem), returncode=REFUSED) from problem
        self.stdout.write(json.dumps(plan.as_json(), separators=(",", ":")))


def _read_groups(path: str, players: int) -> dict[int, str]:
    """player -> group from a ``player,group`` CSV, or CommandError naming the line."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.reader(handle))
    except OSError as problem:
        raise CommandError(
            f"--groups: cannot open {path}: {problem.strerror}", returncode=BAD_ARGUMENTS
        ) from problem
    except UnicodeDecodeError as problem:
        raise CommandError(
            f"--groups: {path} is not UTF-8 text", returncode=BAD_ARGUMENTS
        ) from problem
    header = [cell.strip().lower() for cell in rows[0]] if rows else []
    if header[:2] != ["player", "group"]:
        raise CommandError(
            f"--groups: {path} line 1: expected the header player,group", returncode=BAD_ARGUMENTS
        )
    groups: dict[int, str] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        problem = None
        try:
            player = int(row[0])
        except (ValueError, IndexError):
            problem = f"player '{row[0] if row else ''}' is not a whole number"
        else:
            if not 1 <= player <= players:
                problem = f"player {player} is not among players 1..{players}"
            elif player in groups:
                problem = f"player {player} is listed twice"
        if problem:
            raise CommandError(f"--groups: {path} line {line}: {problem}", returncode=BAD_ARGUMENTS)
        groups[player] = row[1].strip() if len(row) > 1 else ""
    return groups
