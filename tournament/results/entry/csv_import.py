"""Final session scores from a CSV file: ``round,table,player,seat,score[,penalty]``.

All or nothing. Every row is read and every problem listed (with its line
number) before anything is written; then each table goes through the same
services a judge uses (``save_final_scores``, ``record_ruling``,
``submit_sheet``), so the same replay checks the same sums. If any table is
refused there, the whole file is rolled back and every refusal reported.
Scores and penalties keep to the bounds every path keeps to
(``tournament.events.bounds``: ``FINAL_SCORE``, ``PENALTY``), refused in the
same words: a score of 10^30 is a typo, never a result.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.events.bounds import FINAL_SCORE, PENALTY, Bound
from tournament.events.errors import EventError
from tournament.results.models import ScoreSheet
from tournament.results.page.reasons import Reason
from tournament.results.sheet import services
from tournament.results.sheet.rulings import default_scope
from tournament.seating.models import Seat

REQUIRED = ("round", "table", "player", "seat", "score")
SEAT_NAMES = {
    "e": "E",
    "east": "E",
    "s": "S",
    "south": "S",
    "w": "W",
    "west": "W",
    "n": "N",
    "north": "N",
    "東": "E",
    "南": "S",
    "西": "W",
    "北": "N",
}


@dataclass
class TableScores:
    seats: dict = field(default_factory=dict)  # seat -> (score, penalty, line)
    table: object = None


def _int(text: str) -> int | None:
    try:
        return int(text.strip().replace(",", "").replace("+", ""))
    except (AttributeError, ValueError):
        return None


def read_rows(event, csv_text: str) -> tuple[dict, list[str]]:
    """The scores by (round, table), and every problem found, each naming its line."""
    reader = csv.DictReader(io.StringIO(csv_text.lstrip("\ufeff"), newline=""))
    header = [h.strip().lower() for h in (reader.fieldnames or [])]
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        return {}, [
            _("The header row must name the columns %(columns)s; missing: %(missing)s.")
            % {"columns": "round,table,player,seat,score[,penalty]", "missing": ", ".join(missing)}
        ]
    reader.fieldnames = header
    seats = {
        (s.round.number, s.table.number, s.wind): s
        for s in Seat.objects.filter(round__event=event).select_related(
            "round", "table", "registration__player"
        )
    }
    problems: list[str] = []
    tables: dict[tuple[int, int], TableScores] = {}
    for line, row in enumerate(reader, start=2):
        try:
            _add_row(tables, row, line, seats)
        except _BadLine as bad:
            problems.append(_("Line %(line)s: %(problem)s") % {"line": line, "problem": bad})
    problems.extend(_incomplete_tables(tables))
    return tables, problems


class _BadLine(Exception):
    """One line of the file cannot be read; the message is for the director.

    Reading goes on after it, so that every problem of the file is listed at once.
    """


def _parse(row: dict) -> tuple[int, int, str, int, int]:
    """A line's round, table, seat, score and penalty, each checked on its own."""
    round_no, table_no = _int(row.get("round") or ""), _int(row.get("table") or "")
    seat = SEAT_NAMES.get((row.get("seat") or "").strip().lower())
    score, penalty_text = _int(row.get("score") or ""), (row.get("penalty") or "").strip()
    penalty = _int(penalty_text) if penalty_text else 0
    if round_no is None or table_no is None:
        raise _BadLine(_("round and table must be whole numbers."))
    if seat is None:
        raise _BadLine(_("seat “%(seat)s” is not E, S, W or N.") % {"seat": row.get("seat") or ""})
    if score is None:
        raise _BadLine(
            _("score “%(score)s” is not a whole number.") % {"score": row.get("score") or ""}
        )
    if penalty is None:
        raise _BadLine(
            _("penalty “%(penalty)s” must be 0 or a negative number.") % {"penalty": penalty_text}
        )
    _within(FINAL_SCORE, score)
    _within(PENALTY, penalty)
    return round_no, table_no, seat, score, penalty


def _within(bound: Bound, value: int) -> None:
    """A :class:`_BadLine` in the bound's words (naming the column) when ``value`` is past it."""
    refusal = bound.refusal(value)
    if refusal is not None:
        raise _BadLine(refusal[1])


def _add_row(tables: dict, row: dict, line: int, seats: dict) -> None:
    """Put a line's score on its table: the seat must exist, hold the named player, and be new."""
    round_no, table_no, seat, score, penalty = _parse(row)
    found = seats.get((round_no, table_no, seat))
    if found is None:
        raise _BadLine(
            _("round %(round)s has no table %(table)s with a seat %(seat)s.")
            % {"round": round_no, "table": table_no, "seat": seat}
        )
    name = (row.get("player") or "").strip()
    registration = found.registration
    if name.casefold() != registration.name.casefold() and name != str(registration.player_id):
        raise _BadLine(
            _("%(seat)s at round %(round)s table %(table)s is %(expected)s, not “%(name)s”.")
            % {
                "seat": seat,
                "round": round_no,
                "table": table_no,
                "expected": registration.name,
                "name": name,
            }
        )
    entry = tables.setdefault((round_no, table_no), TableScores(table=found.table))
    if seat in entry.seats:
        raise _BadLine(
            _("seat %(seat)s of this table is already on line %(other)s.")
            % {"seat": seat, "other": entry.seats[seat][2]}
        )
    entry.seats[seat] = (score, penalty, line)


def _incomplete_tables(tables: dict) -> list[str]:
    """A problem for each table that the file does not give all four seats."""
    problems = []
    for (round_no, table_no), entry in sorted(tables.items()):
        if len(entry.seats) != 4:
            absent = ", ".join(s for s in "ESWN" if s not in entry.seats)
            problems.append(
                _("Round %(round)s table %(table)s: no row for seat(s) %(seats)s.")
                % {"round": round_no, "table": table_no, "seats": absent}
            )
    return problems


class _Refused(Exception):
    pass


def import_results(event, csv_text: str, *, by=None, confirmed_by=None) -> int:
    """Import every table of the file, or nothing; returns how many sheets were saved."""
    tables, problems = read_rows(event, csv_text)
    if not problems and not tables:
        problems.append(_("The file has no result rows."))
    if problems:
        raise EventError(_("Nothing was imported."), problems)
    try:
        with transaction.atomic():
            for (round_no, table_no), entry in sorted(tables.items()):
                where = _("Round %(round)s table %(table)s") % {
                    "round": round_no,
                    "table": table_no,
                }
                try:
                    with transaction.atomic():
                        _import_table(event, entry, by, confirmed_by)
                except EventError as error:
                    problems.append(f"{where}: {error}")
            if problems:
                raise _Refused
    except _Refused:
        raise EventError(_("Nothing was imported."), problems) from None
    return len(tables)


def _import_table(event, entry: TableScores, by, confirmed_by) -> None:
    table = entry.table
    head = services.head_of(table)
    base = head.version if head else 0
    reason = Reason(ScoreSheet.ReasonCode.IMPORTED)
    for seat, (_score, penalty, line) in sorted(entry.seats.items()):
        if penalty:
            sheet = services.record_ruling(
                table,
                by=by,
                base_version=base,
                kind="other",
                player=seat,
                decision=_("Penalty from the results file (line %(line)s).") % {"line": line},
                penalties=[
                    {
                        "player": seat,
                        "points": penalty,
                        "scope": default_scope(event),
                        "distribution": "none",
                    }
                ],
                reason=reason,
            )
            base = sheet.version
    scores = {seat: values[0] for seat, values in entry.seats.items()}
    sheet = services.save_final_scores(table, scores, by=by, base_version=base, reason=reason)
    sheet = services.submit_sheet(table, by=by, version=sheet.version)
    if confirmed_by is not None:
        services.confirm_sheet(table, by=confirmed_by, version=sheet.version)
