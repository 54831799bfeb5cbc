"""Final session scores from a CSV file: ``round,table,player,seat,score[,penalty]``.

All or nothing. Every row is read and every problem listed (with its line
number) before anything is written; then each table goes through the same
services a judge uses (``save_final_scores``, ``record_ruling``,
``submit_sheet``), so the same replay checks the same sums. If any table is
refused there, the whole file is rolled back and every refusal reported.
Scores and penalties keep to the bounds every path keeps to
(``tournament.events.bounds``: ``FINAL_SCORE``, ``PENALTY``), refused in the
same words: a score of 10^30 is a typo, never a result.

The reading is :mod:`tournament.results.entry.result_rows`'s and the saving
:mod:`tournament.results.entry.bulk`'s, shared with the round's results grid
and the staff API; this module is the command line's way in.
"""

from __future__ import annotations

from tournament.results.entry import bulk, result_rows
from tournament.results.models import ScoreSheet
from tournament.results.page.reasons import Reason

# Kept under their old names: the rows' reader and a table's scores.
REQUIRED = result_rows.REQUIRED
SEAT_NAMES = result_rows.SEAT_NAMES
TableScores = result_rows.TableScores


def read_rows(event, csv_text: str) -> tuple[dict, list[str]]:
    """The scores by (round, table), and every problem found, each naming its line."""
    lines, problems = result_rows.lines_of_text(csv_text)
    if problems:
        return {}, [str(p) for p in problems]
    rows = result_rows.read(event, lines)
    return rows.tables, [str(p) for p in rows.problems]


def import_results(event, csv_text: str, *, by=None, confirmed_by=None) -> int:
    """Import every table of the file, or nothing; returns how many sheets were saved."""
    lines, problems = result_rows.lines_of_text(csv_text)
    rows = result_rows.Rows(problems=problems) if problems else result_rows.read(event, lines)
    reason = Reason(ScoreSheet.ReasonCode.IMPORTED)
    outcome = bulk.save(event, rows, by=by, reason=reason, confirmed_by=confirmed_by)
    return len(outcome.changes)
