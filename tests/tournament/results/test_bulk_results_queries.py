"""Issue #34: the results grid's service for a 500-player round, in queries, and its refusals.

A 125-table round took about 48 ms a table, nearly all of it queries made
once per table (the table locked, its head read four times, the user's role
asked twice, the next version number). The batch now locks its tables,
reads their heads and asks the user's rights once; what grows with the
number of tables is only what each table writes (its version, submitted,
with their history rows). Timings are the bench's (``python -m
bench.results_grid``); here the number of queries is counted, which does
not depend on the machine.

The preview is the save rolled back, so it refuses exactly what Confirm
refuses: the last test holds each kind of refusal to that, word for word.
"""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.events.errors import EventError
from tournament.results.entry import bulk, result_rows
from tournament.results.models import ScoreSheet
from tournament.results.page.reasons import Reason
from tournament.results.sheet import services

REASON = Reason(ScoreSheet.ReasonCode.RESULTS_GRID)
SCORES = {"E": 45000, "S": 30000, "W": 25000, "N": 20000}
SMALL, LARGE = 2, 10
# What one more table may cost, in queries: what it writes, each write with its history
# row, inside the table's savepoint (2). Saved and submitted: 2 + 4; also confirmed (the
# command line's --confirmed-by): 2 + 6; confirmed by Confirm all: 2 + 2. Before, a
# table cost 19, 19, 24 and 11.
PER_TABLE = {"preview": 6, "save": 6, "import_confirmed": 8, "confirm_all": 4}


def paste_of(round_, scores=SCORES) -> str:
    lines = ["table\tplayer\tseat\tscore"]
    for seat in round_.seats.select_related("table", "registration").order_by("table__number"):
        lines.append(
            f"{seat.table.number}\t{seat.registration.name}\t{seat.wind}\t{scores[seat.wind]}"
        )
    return "\n".join(lines) + "\n"


def rows_of(round_, text=None):
    lines, problems = result_rows.lines_of_text(text or paste_of(round_), round_number=1)
    assert not problems
    return result_rows.read(round_.event, lines, round_number=1)


def queries_of(func) -> int:
    with CaptureQueriesContext(connection) as captured:
        func()
    return len(captured.captured_queries)


def _round_of(make_table, staff, n):
    tables = make_table("jpml-b", tables=n)
    round_ = tables[0].round
    return round_, staff(round_.event)


def _preview(round_, people):
    outcome = bulk.preview(round_.event, rows_of(round_), by=people["judge"], reason=REASON)
    assert outcome.ok, outcome.problems


def _save(round_, people):
    batch = bulk.Batch(str(uuid.uuid4()))
    bulk.save(round_.event, rows_of(round_), by=people["judge"], reason=REASON, batch=batch)


def _import_confirmed(round_, people):
    # The command line: no batch, and a second person confirms each sheet as it is saved.
    bulk.save(
        round_.event,
        rows_of(round_),
        by=None,
        reason=REASON,
        confirmed_by=people["judge2"],
    )


def _confirm_all(round_, people):
    _save(round_, people)

    def confirm():
        listed = bulk.submitted_tables(round_, people["judge2"])
        versions = {s.table.number: s.head.version for s in listed}
        assert bulk.confirm_all(round_, by=people["judge2"], versions=versions)[0] == len(listed)

    return confirm


WAYS = {"preview": _preview, "save": _save, "import_confirmed": _import_confirmed}


@pytest.mark.parametrize("way", [*WAYS, "confirm_all"])
def test_the_queries_of_a_batch_grow_only_by_what_each_table_writes(make_table, staff, way):
    counts = {}
    for n in (SMALL, LARGE):
        round_, people = _round_of(make_table, staff, n)
        if way == "confirm_all":
            counts[n] = queries_of(_confirm_all(round_, people))
        else:
            counts[n] = queries_of(lambda round_=round_, people=people: WAYS[way](round_, people))
    grown = counts[LARGE] - counts[SMALL]
    assert grown <= PER_TABLE[way] * (LARGE - SMALL), (way, counts)


# --- the preview refuses exactly what Confirm refuses --------------------------------------


def _wrong_total(round_, people):
    return paste_of(round_).replace("\t25000", "\t26000", 1), people["judge"]


def _a_viewer(round_, people):
    return paste_of(round_), people["viewer"]


def _confirmed_table(round_, people):
    _save(round_, people)
    table = round_.tables.get(number=2)
    services.confirm_sheet(table, by=people["judge2"], version=services.head_of(table).version)
    return paste_of(round_, {**SCORES, "E": 44000, "N": 21000}), people["director"]


def _hand_rows(round_, people):
    table = round_.tables.get(number=1)
    hand = {"outcome": "draw", "tenpai": ["E"]}
    services.add_hand(table, hand, by=people["judge"], base_version=0)
    return paste_of(round_), people["judge"]


def _finished_event(round_, people):
    round_.event.status = "finished"
    round_.event.save(update_fields=["status"])
    return paste_of(round_), people["judge"]


REFUSALS = {
    "wrong total": _wrong_total,
    "a viewer": _a_viewer,
    "a confirmed table": _confirmed_table,
    "hand rows on the sheet": _hand_rows,
    "a finished event": _finished_event,
}


@pytest.mark.parametrize("what", REFUSALS)
def test_the_preview_refuses_exactly_what_confirm_refuses(make_table, staff, what):
    round_, people = _round_of(make_table, staff, 3)
    text, user = REFUSALS[what](round_, people)
    before = ScoreSheet.objects.count()
    batch = bulk.Batch(str(uuid.uuid4()))
    shown = bulk.preview(round_.event, rows_of(round_, text), by=user, reason=REASON, batch=batch)
    assert shown.problems, what
    batch.versions = {c.table.number: (c.head.version if c.head else 0) for c in shown.changes}
    with pytest.raises(EventError) as refused:
        bulk.save(round_.event, rows_of(round_, text), by=user, reason=REASON, batch=batch)
    assert [str(p) for p in shown.problems] == list(refused.value.problems)
    assert ScoreSheet.objects.count() == before


def test_a_table_changed_between_preview_and_confirm_is_refused_by_both(make_table, staff):
    round_, people = _round_of(make_table, staff, 3)
    batch = bulk.Batch(str(uuid.uuid4()))
    shown = bulk.preview(round_.event, rows_of(round_), by=people["judge"], reason=REASON)
    batch.versions = {c.table.number: (c.head.version if c.head else 0) for c in shown.changes}
    table = round_.tables.get(number=3)
    services.save_final_scores(table, SCORES, by=people["judge2"], base_version=0)
    again = bulk.preview(
        round_.event, rows_of(round_), by=people["judge"], reason=REASON, batch=batch
    )
    with pytest.raises(EventError) as refused:
        bulk.save(round_.event, rows_of(round_), by=people["judge"], reason=REASON, batch=batch)
    assert [str(p) for p in again.problems] == list(refused.value.problems)
    assert "Round 1 table 3: it changed since the preview" in refused.value.problems[0]
    assert ScoreSheet.objects.count() == 1  # judge2's own save, nothing of the batch
