"""Standings as files: CSV and XLSX for people, and the EMA results CSV.

All three are built with tablib from the rows of a standings snapshot
(:func:`tournament.standings.services.standings`), so a download costs no
more than the standings page.

**Standings CSV / XLSX.** Columns: rank, player, club, country, EMA id, the
ruleset's ranking value ("points": riichi result points, MCR table points,
HK and Zung Jung session points), its first tiebreak ("score": riichi sum of
final points, MCR session scores), sessions played, then the remaining
tiebreak metrics of the ruleset's precedence (``scoring.standings``), each
headed by its name in the reader's language. Numbers are numbers: a whole
value as an integer, a decimal with at most three places as it is (riichi
12.3). A value no decimal writes exactly (a three-way tie splits 7 table
points into 7/3) is rounded to two places, and the column is followed by an
"(exact)" column holding the fraction ("7/3"), so nothing is lost and the
rounded column still adds up in a spreadsheet. Players sharing a rank share
its number (1, 2, 2, 4). When a player has withdrawn, a last "Note" column
marks them ("withdrawn"); they are ranked after the active players.
Issue #21 adds columns at the very end, never before the others (scripts
read the columns by place): "Team" when any ranked player has one, and
"Stage" (the furthest stage the player reached, by name) for an event with
stages, whose rows are the overall standings across the stages.

**CSV encoding.** UTF-8 *with* a byte-order mark, comma separated, dot as
the decimal mark. Excel (the venue laptop's usual spreadsheet) opens a CSV
without the mark in the local 8-bit code page and garbles every Japanese and
Chinese name; LibreOffice, Google Sheets, Python's ``utf-8-sig`` and this
project's own CSV imports all read the mark and drop it.

**EMA results CSV** (for the MERS ranking). Columns, in this order::

    Position, EMA number, Last name, First name, Country, Table points, Score

Source: the results tables the EMA publishes for every certified tournament
(mahjong-europe.org/ranking/Tournament/TR_<id>.html for MCR, TR_RCR_<id>
for riichi), whose columns are place, EMA number, last name, first name,
country, table points (MCR only), score and the base rank the EMA works out
itself. The layout is confirmed by a public scraper of those pages
(github.com/Jesterboxboy/ema_scraper, ``utils/scrapers.py``); the same
repository reads the organisers' results workbook (``get_results.py``) with
the same fields: position, first and last name, EMA number, table points,
score and nationality. ⚠ The EMA's own spreadsheet template could not be
found, so the column order above follows the published page; the fields are
the ones both sources agree on. What goes in them:

- *Position*: the final rank; players tied on every tiebreak share it (the
  EMA gives tied players the same base rank).
- *EMA number*: the player's EMA id, empty when they have none.
- *Last name, First name*: the player's Latin first and last names when
  the director filled them; otherwise split from the one name we keep, with
  family-name particles kept together ("Gaëlle Le Goff" -> Le Goff, Gaëlle;
  "Last, First" splits at the comma). A name with no Latin letters (Chinese,
  Japanese …) is not guessed at: both columns stay empty and the staff
  standings page lists the player to fix (rules in :mod:`.ema_names`).
- *Country*: the ISO 3166-1 two-letter code we store (⚠ the EMA's workbook
  uses its own three-letter codes).
- *Table points*: MCR only, the sum of table points (up to two decimals);
  empty for the other rulesets, as on the EMA's riichi pages.
- *Score*: a whole number. MCR: the sum of session scores. Riichi: the result
  points in game points, i.e. result points x 1,000 (a total of +147.3 is
  147300, as the EMA's riichi pages print it ⚠). HK and Zung Jung: the session
  points total.

Two columns follow the EMA's: *Local name* (the name as written, when it is
not in Latin script) and *Note* ("withdrawn" for a player who left the
event; they keep their rounds and are listed after the active players).
House substitutes are never ranked, so never listed.

**No formulas.** Every cell of every file goes through
:mod:`tournament.exports_safety`: a text cell a spreadsheet would run as a
formula (a player named ``=HYPERLINK(…)``) gets a quote in front. So numbers
are kept as numbers up to that point (the "(exact)" column as a
:class:`~fractions.Fraction`, table points as a number) and written as text
only after it: a score of -4.5 is never quoted, a name "-1" always is.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

import tablib
from django.utils.translation import gettext as _

from tournament.events.rules import precedence_of, standings_format_of
from tournament.exports_safety import safe_row, safe_xlsx_row
from tournament.formatting import ROUNDED_PLACES, rounded, spreadsheet_number
from tournament.glossary import metric_label
from tournament.standings.ema_names import ema_names
from tournament.standings.ema_names import split_name as split_name  # importable from here
from tournament.standings.stage_rows import stages_of

CSV_TYPE = "text/csv; charset=utf-8"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
EMA_HEADERS = (
    "Position",
    "EMA number",
    "Last name",
    "First name",
    "Country",
    "Table points",
    "Score",
    "Local name",
    "Note",
)

# The EMA file's "Note" for a player who left the event (the EMA's files are in English).
EMA_WITHDRAWN = "withdrawn"


@dataclass(frozen=True)
class Column:
    label: str
    value: object  # row -> cell: a string, or a Fraction for a number column
    numeric: bool = False


def _fraction_of(key: str):
    return lambda row: Fraction(row[key])


def _metric_of(name: str):
    return lambda row: Fraction(row["metrics"].get(name, "0"))


def ranking_metrics(event) -> tuple[str, ...]:
    """The ruleset's ranking metrics in order; the first two are the points and score columns."""
    return precedence_of(event)


def columns(event) -> list[Column]:
    names = ranking_metrics(event)
    points = names[0]
    score = names[1] if len(names) > 1 else None
    cols = [
        Column(_("Rank"), lambda row: row["rank"]),
        Column(_("Player"), lambda row: row["player"]),
        Column(_("Club"), lambda row: row["club"]),
        Column(_("Country"), lambda row: row["country"]),
        Column(_("EMA id"), lambda row: row["ema_id"]),
        Column(metric_label(points), _fraction_of("points"), numeric=True),
    ]
    if score is not None:
        cols.append(Column(metric_label(score), _fraction_of("score"), numeric=True))
    cols.append(Column(_("Sessions"), lambda row: row["sessions"]))
    cols += [Column(metric_label(n), _metric_of(n), numeric=True) for n in names[2:]]
    return cols


def added_columns(event, rows: list[dict]) -> list[Column]:
    """Issue #21's columns, after every older one: the team, and the stage reached."""
    added = []
    if any(row.get("team") for row in rows):
        added.append(Column(_("Team"), lambda row: row.get("team", "")))
    if any("stage" in row for row in rows):
        names = {stage.number: str(stage) for stage in stages_of(event)}
        added.append(Column(_("Stage"), lambda row: names.get(row.get("stage"), "")))
    return added


def _note(row: dict) -> str:
    return _("withdrawn") if row.get("withdrawn") else ""


def table(event, rows: list[dict]) -> tuple[list[str], list[list]]:
    """Headers and cells of the standings, with an "(exact)" column after any rounded one.

    The "(exact)" cells are :class:`~fractions.Fraction` values (shown as "7/3"), so the
    files know them for numbers and never quote them as text (see the module docstring).
    """
    headers: list[str] = []
    body: list[list] = [[] for _row in rows]
    listed = columns(event)
    if any(row.get("withdrawn") for row in rows):  # the mark, only when someone left
        listed.append(Column(_("Note"), _note))
    listed += added_columns(event, rows)
    for column in listed:
        values = [column.value(row) for row in rows]
        if not column.numeric:
            headers.append(column.label)
            for cells, value in zip(body, values, strict=True):
                cells.append(value)
            continue
        numbers = [spreadsheet_number(v) for v in values]
        headers.append(column.label)
        for cells, (shown, _exact) in zip(body, numbers, strict=True):
            cells.append(shown)
        if not all(exact for _shown, exact in numbers):
            headers.append(_("%(column)s (exact)") % {"column": column.label})
            for cells, value in zip(body, values, strict=True):
                cells.append(Fraction(value))
    return headers, body


def _csv_value(cell):
    # After safe_row: a number written as text here is never taken for a formula's start.
    return str(cell) if isinstance(cell, Decimal | Fraction) else cell


def _xlsx_value(cell):
    # Decimals as numbers; an exact fraction as its text ("7/3"), which no spreadsheet runs.
    if isinstance(cell, Decimal):
        return float(cell)
    return str(cell) if isinstance(cell, Fraction) else cell


def standings_dataset(event, rows: list[dict]) -> tablib.Dataset:
    headers, body = table(event, rows)
    data = tablib.Dataset(headers=safe_xlsx_row(headers), title=_("Standings")[:31])
    for cells in body:
        data.append([_xlsx_value(c) for c in safe_xlsx_row(cells)])
    return data


def _csv_bytes(data: tablib.Dataset) -> bytes:
    # utf-8-sig: the byte-order mark lets Excel read CJK names (see the module docstring).
    return data.export("csv").encode("utf-8-sig")


def standings_csv(event, rows: list[dict]) -> bytes:
    headers, body = table(event, rows)
    data = tablib.Dataset(headers=safe_row(headers))
    for cells in body:
        data.append([_csv_value(c) for c in safe_row(cells)])
    return _csv_bytes(data)


def standings_xlsx(event, rows: list[dict]) -> bytes:
    return standings_dataset(event, rows).export("xlsx")


def _ema_score(event, row: dict) -> int:
    # Riichi: result points in points (thousands x 1000); MCR, HK, Zung Jung: the
    # session points total (MCR's second key, HK's and ZJ's first). The family says.
    style = standings_format_of(event)
    value = Fraction(row["metrics"].get(style.ema_metric, row["points"]))
    return round(value * style.ema_scale)


def _table_points(event, row: dict) -> str | int | Decimal:
    """Empty, or a number (kept a number so the formula guard leaves it alone)."""
    if not standings_format_of(event).table_points:
        return ""
    return rounded(Fraction(row["points"]), ROUNDED_PLACES)


def ema_dataset(event, rows: list[dict]) -> tablib.Dataset:
    data = tablib.Dataset(headers=list(EMA_HEADERS))
    for row in rows:
        last, first, local = ema_names(row)
        data.append(
            safe_row(
                [
                    row["rank"],
                    row["ema_id"],
                    last,
                    first,
                    row["country"],
                    _table_points(event, row),
                    _ema_score(event, row),
                    local,
                    EMA_WITHDRAWN if row.get("withdrawn") else "",
                ]
            )
        )
    return data


def ema_csv(event, rows: list[dict]) -> bytes:
    return _csv_bytes(ema_dataset(event, rows))
