"""Result rows of a round's tables, however they come: a file, a paste, the grid, the API.

The columns are ``import_results``'s: ``round,table,player,seat,score[,penalty]``
(and ``sticks``, the riichi sticks left on the table, where the family asks
for them). Every way in becomes the same rows, read by one reader
(:func:`read`), so a file, a block pasted from a spreadsheet, the round
grid's fields and the staff API are held to the same checks in the same
words: the seat exists, holds the named player and is given once; the score
and penalty are whole numbers within ``tournament.events.bounds``; every
table given has its four seats.

Vocabulary: a *line* is one row of input with its place (``Line 5`` of a
file or paste, ``Row 5`` of an API body, ``Table 3, East`` of the grid);
a *problem* names that place and, where it is one field, the field.
Reading goes on after a bad line, so every problem is listed at once.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournament.events.bounds import CSV_FILE_ROWS, FINAL_SCORE, LEFTOVER_STICKS, PENALTY, Bound
from tournament.events.csv_header import fold, sniff_delimiter
from tournament.seating.models import Seat, Wind

REQUIRED = ("round", "table", "player", "seat", "score")
COLUMNS = ("round", "table", "player", "seat", "score", "penalty", "sticks")
# A paste with no header row, on a round's page: these columns, in this order.
HEADERLESS = ("table", "player", "seat", "score", "penalty", "sticks")
# Header spellings (folded: lower case, no spaces or underscores) -> the column.
ALIASES = {
    "round": ("round", "回戦", "轮", "轮次"),
    "table": ("table", "卓", "桌"),
    "player": ("player", "name", "選手", "名前", "选手", "姓名"),
    "seat": ("seat", "wind", "席", "風", "座位", "风"),
    "score": ("score", "points", "点数", "得点", "分数", "得分"),
    "penalty": ("penalty", "ペナルティ", "罰符", "罚分"),
    "sticks": ("sticks", "leftoversticks", "供託"),
}
COLUMN_OF = {alias: column for column, names in ALIASES.items() for alias in names}
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
    "东": "E",
}


@dataclass(frozen=True)
class Line:
    """One row of input: its cells by column, and where it is (for the problems)."""

    number: int
    cells: dict
    kind: str = "line"  # "line" (a file or paste), "row" (an API body), "grid" (a field)

    def where(self) -> str:
        if self.kind == "row":
            return _("Row %(row)s") % {"row": self.number}
        if self.kind == "grid":
            seat = self.cells.get("seat") or ""
            return _("Table %(table)s, %(seat)s") % {
                "table": self.cells.get("table"),
                "seat": Wind(seat).label if seat in Wind.values else seat,
            }
        return _("Line %(line)s") % {"line": self.number}


@dataclass(frozen=True)
class Problem:
    """Why input is refused: a sentence naming its place; ``column`` the field, if one."""

    message: str
    line: Line | None = None
    column: str | None = None

    def __str__(self) -> str:
        return self.message


@dataclass
class TableScores:
    """One table's scores as given: seat -> (score, penalty, line number)."""

    seats: dict = field(default_factory=dict)
    table: object = None
    sticks: int | None = None  # None: not given (0)
    lines: dict = field(default_factory=dict)  # seat -> Line


@dataclass
class Rows:
    """The scores by (round, table) and every problem found."""

    tables: dict = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


class _BadLine(Exception):
    """One line cannot be read; ``column`` the field it names (None: the whole line)."""

    def __init__(self, message: str, column: str | None = None):
        super().__init__(message)
        self.column = column


def _int(text) -> int | None:
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text
    try:
        return int(str(text).strip().replace(",", "").replace("+", ""))
    except (AttributeError, ValueError):
        return None


# --- the ways in: text, a spreadsheet's rows, the grid, an API body ----------------


def lines_of_text(
    text: str, *, round_number: int | None = None
) -> tuple[list[Line], list[Problem]]:
    """The lines of a CSV file or a pasted block (comma, semicolon or tab separated).

    On a round's page (``round_number``) the round column may be left out and
    the header row too (then the columns are :data:`HEADERLESS`).
    """
    text = text.lstrip("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sniff_delimiter(text))
    try:
        rows = [row for row in reader]
    except csv.Error as error:
        return [], [Problem(_("The file cannot be read as CSV: %(error)s") % {"error": error})]
    return lines_of_cells(rows, round_number=round_number)


def lines_of_cells(rows: list[list], *, round_number: int | None = None):
    """The lines of a table of cells (a CSV's rows, or a spreadsheet's), header first."""
    rows = [r for r in rows if any(str(c).strip() for c in r)] if rows else []
    if not rows:
        return [], []
    first = [COLUMN_OF.get(fold(str(c))) for c in rows[0]]
    start = 2
    if any(first):
        header = first
        body = rows[1:]
    elif round_number is not None:
        header, body, start = list(HEADERLESS), rows, 1
    else:
        header, body = first, rows[1:]
    wanted = REQUIRED if round_number is None else REQUIRED[1:]
    missing = [c for c in wanted if c not in header]
    if missing:
        return [], [
            Problem(
                _("The header row must name the columns %(columns)s; missing: %(missing)s.")
                % {
                    "columns": "round,table,player,seat,score[,penalty]",
                    "missing": ", ".join(missing),
                }
            )
        ]
    if len(body) > CSV_FILE_ROWS:
        return [], [
            Problem(
                _("The file has more than %(limit)s rows, the most one file may hold.")
                % {"limit": CSV_FILE_ROWS}
            )
        ]
    lines = []
    for number, row in enumerate(body, start=start):
        cells = {c: str(v) for c, v in zip(header, row, strict=False) if c}
        if round_number is not None and not (cells.get("round") or "").strip():
            cells["round"] = str(round_number)
        lines.append(Line(number, cells))
    return lines, []


def lines_of_grid(round_, data, seats) -> list[Line]:
    """The grid's fields as lines: ``t<table>-<seat>`` (score), ``t<table>-sticks``.

    A table whose four score fields are all empty is left out (not entered yet).
    """
    lines = []
    by_table: dict[int, list] = {}
    for seat in seats:
        by_table.setdefault(seat.table.number, []).append(seat)
    for number, table_seats in sorted(by_table.items()):
        given = {s.wind: (data.get(f"t{number}-{s.wind}") or "").strip() for s in table_seats}
        if not any(given.values()):
            continue
        sticks = (data.get(f"t{number}-sticks") or "").strip()
        for seat in sorted(table_seats, key=lambda s: "ESWN".index(s.wind)):
            if not given[seat.wind]:
                continue
            cells = {
                "round": str(round_.number),
                "table": str(number),
                "player": str(seat.registration.player_id),
                "seat": seat.wind,
                "score": given[seat.wind],
            }
            if sticks:
                cells["sticks"] = sticks
            lines.append(Line(len(lines) + 1, cells, kind="grid"))
    return lines


def lines_of_json(rows: list[dict], *, round_number: int) -> list[Line]:
    """An API body's rows (objects with the columns as keys), numbered from 1."""
    lines = []
    for number, row in enumerate(rows, start=1):
        cells = {c: "" if row.get(c) is None else str(row.get(c)) for c in COLUMNS}
        cells["round"] = str(round_number)
        lines.append(Line(number, cells, kind="row"))
    return lines


# --- the reader ------------------------------------------------------------------------


def seats_of(event, round_number: int | None = None):
    seats = Seat.objects.filter(round__event=event)
    if round_number is not None:
        seats = seats.filter(round__number=round_number)
    return seats.select_related("round", "table", "registration__player")


def read(event, lines: list[Line], *, round_number: int | None = None, seats=None) -> Rows:
    """Every line put on its table, and every problem (each naming its line and field)."""
    seats = seats if seats is not None else seats_of(event, round_number)
    by_place = {(s.round.number, s.table.number, s.wind): s for s in seats}
    rows = Rows()
    for line in lines:
        try:
            _add_line(rows.tables, line, by_place, round_number)
        except _BadLine as bad:
            rows.problems.append(
                Problem(
                    _("%(where)s: %(problem)s") % {"where": line.where(), "problem": bad},
                    line,
                    bad.column,
                )
            )
    rows.problems.extend(_incomplete_tables(rows.tables))
    return rows


def _within(bound: Bound, value: int, column: str) -> None:
    refusal = bound.refusal(value)
    if refusal is not None:
        raise _BadLine(refusal[1], column)


def _parse(cells: dict) -> tuple[int, int, str, int, int, int | None]:
    """A line's round, table, seat, score, penalty and sticks, each checked on its own."""
    round_no, table_no = _int(cells.get("round") or ""), _int(cells.get("table") or "")
    seat = SEAT_NAMES.get((cells.get("seat") or "").strip().lower())
    score, penalty_text = _int(cells.get("score") or ""), (cells.get("penalty") or "").strip()
    penalty = _int(penalty_text) if penalty_text else 0
    sticks_text = (cells.get("sticks") or "").strip()
    sticks = _int(sticks_text) if sticks_text else None
    if round_no is None or table_no is None:
        raise _BadLine(_("round and table must be whole numbers."), "table")
    if seat is None:
        raise _BadLine(
            _("seat “%(seat)s” is not E, S, W or N.") % {"seat": cells.get("seat") or ""}, "seat"
        )
    if score is None:
        raise _BadLine(
            _("score “%(score)s” is not a whole number.") % {"score": cells.get("score") or ""},
            "score",
        )
    if penalty is None:
        raise _BadLine(
            _("penalty “%(penalty)s” must be 0 or a negative number.") % {"penalty": penalty_text},
            "penalty",
        )
    if sticks_text and sticks is None:
        raise _BadLine(
            _("riichi sticks “%(sticks)s” is not a whole number.") % {"sticks": sticks_text},
            "sticks",
        )
    _within(FINAL_SCORE, score, "score")
    _within(PENALTY, penalty, "penalty")
    if sticks is not None:
        _within(LEFTOVER_STICKS, sticks, "sticks")
    return round_no, table_no, seat, score, penalty, sticks


def _add_line(tables: dict, line: Line, seats: dict, round_number: int | None) -> None:
    """Put a line's score on its table: the seat must exist, hold the named player, and be new."""
    round_no, table_no, seat, score, penalty, sticks = _parse(line.cells)
    if round_number is not None and round_no != round_number:
        raise _BadLine(
            _("this page enters round %(page)s, not round %(round)s.")
            % {"page": round_number, "round": round_no},
            "round",
        )
    found = seats.get((round_no, table_no, seat))
    if found is None:
        raise _BadLine(
            _("round %(round)s has no table %(table)s with a seat %(seat)s.")
            % {"round": round_no, "table": table_no, "seat": seat},
            "table",
        )
    name = (line.cells.get("player") or "").strip()
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
            },
            "player",
        )
    entry = tables.setdefault((round_no, table_no), TableScores(table=found.table))
    if seat in entry.seats:
        raise _BadLine(
            _("seat %(seat)s of this table is already on line %(other)s.")
            % {"seat": seat, "other": entry.seats[seat][2]},
            "seat",
        )
    if sticks is not None:
        if entry.sticks is not None and entry.sticks != sticks:
            raise _BadLine(
                _("riichi sticks %(sticks)s, but another line of this table says %(other)s.")
                % {"sticks": sticks, "other": entry.sticks},
                "sticks",
            )
        entry.sticks = sticks
    entry.seats[seat] = (score, penalty, line.number)
    entry.lines[seat] = line


def _incomplete_tables(tables: dict) -> list[Problem]:
    """A problem for each table that the input does not give all four seats."""
    problems = []
    for (round_no, table_no), entry in sorted(tables.items()):
        if len(entry.seats) != 4:
            absent = ", ".join(s for s in "ESWN" if s not in entry.seats)
            problems.append(
                Problem(
                    _("Round %(round)s table %(table)s: no row for seat(s) %(seats)s.")
                    % {"round": round_no, "table": table_no, "seats": absent},
                    column="seat",
                )
            )
    return problems
