"""Issue #34: many tables' final scores at once (the service behind the grid, the command, the API).

Bad input (a wrong total, a missing table or seat, a player not at that
table, 10^40, a duplicated seat) is refused with the row and field named and
nothing saved; the preview saves nothing; Confirm saves each table once, as
submitted, with who and why; a second person confirms all submitted, never
their own.
"""

from __future__ import annotations

import uuid

import pytest

from tournament.events.errors import EventError
from tournament.results.entry import bulk, result_rows
from tournament.results.models import ScoreSheet
from tournament.results.page.reasons import Reason
from tournament.results.sheet.state import head_of

REASON = Reason(ScoreSheet.ReasonCode.RESULTS_GRID)
# Round 1 of make_table(tables=2), tab-separated as a spreadsheet copies it, no round column.
PASTE = (
    "table\tplayer\tseat\tscore\n"
    "1\tAkagi Shigeru\tE\t45000\n"
    "1\tBai Lan\tS\t30000\n"
    "1\tCarla Diaz\tW\t25000\n"
    "1\tDmitri Orlov\tN\t20000\n"
    "2\tAkagi Shigeru 2\tE\t10000\n"
    "2\tBai Lan 2\tS\t50000\n"
    "2\tCarla Diaz 2\tW\t30000\n"
    "2\tDmitri Orlov 2\tN\t30000\n"
)


@pytest.fixture
def tables(make_table):
    return make_table("jpml-b", tables=2)


@pytest.fixture
def people(tables, staff):
    return staff(tables[0].round.event)


def rows_of(event, text, round_number=1):
    lines, problems = result_rows.lines_of_text(text, round_number=round_number)
    assert not problems
    return result_rows.read(event, lines, round_number=round_number)


def batch_for(outcome) -> bulk.Batch:
    return bulk.Batch(
        key=str(uuid.uuid4()),
        versions={c.table.number: (c.head.version if c.head else 0) for c in outcome.changes},
    )


def test_the_preview_saves_nothing_and_names_each_tables_change(tables, people):
    event = tables[0].round.event
    outcome = bulk.preview(event, rows_of(event, PASTE), by=people["judge"], reason=REASON)
    assert outcome.ok and not outcome.problems
    assert [c.change for c in outcome.changes] == ["new", "new"]
    assert [c.total for c in outcome.changes] == [120000, 120000]
    assert not ScoreSheet.objects.exists()


def test_confirm_saves_each_table_once_submitted_with_who_and_why(tables, people):
    event = tables[0].round.event
    rows = rows_of(event, PASTE)
    batch = batch_for(bulk.preview(event, rows, by=people["judge"], reason=REASON))
    bulk.save(event, rows, by=people["judge"], reason=REASON, batch=batch)
    for table in tables:
        head = head_of(table)
        assert head.status == ScoreSheet.Status.SUBMITTED
        assert (head.created_by, head.submitted_by) == (people["judge"], people["judge"])
        assert head.reason_code == "results_grid"
        assert head.history.filter(history_user=people["judge"]).exists()
    count = ScoreSheet.objects.count()
    # The same Confirm again (a double tap, a resend): nothing saved twice.
    again = bulk.save(event, rows_of(event, PASTE), by=people["judge"], reason=REASON, batch=batch)
    assert again.already_saved
    assert ScoreSheet.objects.count() == count


def test_a_second_preview_of_the_same_results_changes_nothing(tables, people):
    event = tables[0].round.event
    rows = rows_of(event, PASTE)
    bulk.save(event, rows, by=people["judge"], reason=REASON, batch=bulk.Batch(str(uuid.uuid4())))
    outcome = bulk.preview(event, rows_of(event, PASTE), by=people["judge"], reason=REASON)
    assert [c.change for c in outcome.changes] == ["unchanged", "unchanged"]
    assert not outcome.ok  # nothing to save


BAD = [
    # (what, the replaced line, the new line, words the refusal says)
    ("wrong total", "1\tBai Lan\tS\t30000", "1\tBai Lan\tS\t31000", ["Round 1 table 1", "121"]),
    ("missing table", "2\tBai Lan 2\tS\t50000", "9\tBai Lan 2\tS\t50000", ["Line 7", "no table 9"]),
    (
        "player not at that table",
        "1\tCarla Diaz\tW",
        "1\tCarla Diaz 2\tW",
        ["Line 4", "Carla Diaz, not “Carla Diaz 2”"],
    ),
    ("10^40", "\t20000\n2", f"\t{10**40}\n2", ["Line 5", "score", "out of range"]),
    (
        "duplicated seat",
        "2\tCarla Diaz 2\tW",
        "2\tBai Lan 2\tS",
        ["Line 8", "already on line 7"],
    ),
    (
        # Table 2's block pasted twice: its first repeated row is named.
        "duplicated table",
        "2\tDmitri Orlov 2\tN\t30000\n",
        "2\tDmitri Orlov 2\tN\t30000\n" + PASTE.split("\n", 5)[5],
        ["Line 10", "already on line 6"],
    ),
]


@pytest.mark.parametrize(("what", "old", "new", "words"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_refused_naming_the_row_and_nothing_is_saved(
    tables, people, what, old, new, words
):
    event = tables[0].round.event
    text = PASTE.replace(old, new, 1)
    assert text != PASTE
    outcome = bulk.preview(event, rows_of(event, text), by=people["judge"], reason=REASON)
    said = " ".join(str(p) for p in outcome.problems).replace(",", "")
    assert all(w.replace(",", "") in said for w in words), said
    with pytest.raises(EventError):
        bulk.save(event, rows_of(event, text), by=people["judge"], reason=REASON)
    assert not ScoreSheet.objects.exists()


def test_each_refusal_names_its_field(tables, people):
    event = tables[0].round.event
    text = PASTE.replace("\t20000\n", f"\t{10**40}\n").replace("Carla Diaz 2\tW", "Nobody\tW")
    rows = rows_of(event, text)
    assert {(p.line.number, p.column) for p in rows.problems if p.line} == {
        (5, "score"),
        (8, "player"),
    }


def test_a_table_changed_since_the_preview_is_refused(tables, people):
    event = tables[0].round.event
    rows = rows_of(event, PASTE)
    batch = batch_for(bulk.preview(event, rows, by=people["judge"], reason=REASON))
    from tournament.results.sheet import services

    services.save_final_scores(
        tables[1], {"E": 30000, "S": 30000, "W": 30000, "N": 30000}, by=people["judge2"],
        base_version=0,
    )  # fmt: skip
    with pytest.raises(EventError) as info:
        bulk.save(event, rows_of(event, PASTE), by=people["judge"], reason=REASON, batch=batch)
    assert "Round 1 table 2: it changed since the preview" in " ".join(info.value.problems)
    assert head_of(tables[0]) is None  # all or nothing


def test_a_confirmed_table_is_corrected_on_its_own_page_not_here(tables, people):
    event = tables[0].round.event
    judge = people["judge"]
    bulk.save(
        event, rows_of(event, PASTE), by=judge, reason=REASON, batch=bulk.Batch(str(uuid.uuid4()))
    )
    versions = {
        s.table.number: s.head.version for s in bulk.submitted_tables(tables[0].round, judge)
    }
    bulk.confirm_all(tables[0].round, by=people["judge2"], versions=versions)
    page = bulk.Batch(str(uuid.uuid4()))  # a page's preview: a confirmed table is left alone
    same = bulk.preview(event, rows_of(event, PASTE), by=judge, reason=REASON, batch=page)
    assert [c.change for c in same.changes] == ["unchanged", "unchanged"] and not same.problems
    changed = PASTE.replace("45000", "44000").replace("\t20000", "\t21000")
    director = people["director"]
    outcome = bulk.preview(event, rows_of(event, changed), by=director, reason=REASON, batch=page)
    assert "Round 1 table 1: it is confirmed" in " ".join(map(str, outcome.problems))


def test_confirm_all_is_for_a_second_person(tables, people):
    event = tables[0].round.event
    round_ = tables[0].round
    bulk.save(
        event,
        rows_of(event, PASTE),
        by=people["judge"],
        reason=REASON,
        batch=bulk.Batch(str(uuid.uuid4())),
    )
    mine = bulk.submitted_tables(round_, people["judge"])
    assert [s.may_confirm.code for s in mine] == ["own_sheet", "own_sheet"]
    theirs = bulk.submitted_tables(round_, people["judge2"])
    assert all(theirs[i].may_confirm for i in range(2)) and theirs[0].total == 120000
    versions = {s.table.number: s.head.version for s in theirs}
    with pytest.raises(EventError) as info:
        bulk.confirm_all(round_, by=people["judge"], versions=versions)
    assert len(info.value.problems) == 2
    assert not ScoreSheet.objects.filter(status="confirmed").exists()
    assert bulk.confirm_all(round_, by=people["judge2"], versions=versions) == (2, 0)
    assert bulk.confirm_all(round_, by=people["judge2"], versions=versions) == (0, 2)
    assert ScoreSheet.objects.filter(status="confirmed").count() == 2


def test_the_sticks_column_is_a_session_field_of_the_family(tables, people):
    event = tables[0].round.event
    text = PASTE.replace("score\n", "score\tsticks\n").replace("\t20000\n", "\t19000\t1\n")
    rows = rows_of(event, text)
    assert not rows.problems and rows.tables[(1, 1)].sticks == 1
    outcome = bulk.preview(event, rows, by=people["judge"], reason=REASON)
    assert outcome.ok, outcome.problems


def test_mcr_refuses_sticks_it_does_not_ask_for(make_table, staff):
    table = make_table("mcr")
    judge = staff(table.round.event)["judge"]
    text = "table,player,seat,score,sticks\n1,Akagi Shigeru,E,10,2\n1,Bai Lan,S,-10,\n"
    text += "1,Carla Diaz,W,0,\n1,Dmitri Orlov,N,0,\n"
    outcome = bulk.preview(
        table.round.event, rows_of(table.round.event, text), by=judge, reason=REASON
    )
    assert outcome.problems and not ScoreSheet.objects.exists()


def test_a_paste_without_a_header_row_on_the_rounds_page(tables, people):
    event = tables[0].round.event
    text = PASTE.split("\n", 1)[1]
    outcome = bulk.preview(event, rows_of(event, text), by=people["judge"], reason=REASON)
    assert outcome.ok
    refused = result_rows.read(event, result_rows.lines_of_text(text)[0])  # the command line
    assert not refused.tables


def test_a_row_of_another_round_is_refused_on_this_rounds_page(tables, people):
    event = tables[0].round.event
    text = "round,table,player,seat,score\n2,1,Akagi Shigeru,E,45000\n"
    rows = rows_of(event, text)
    assert rows.problems[0].column == "round"
    assert "round 1, not round 2" in str(rows.problems[0])
