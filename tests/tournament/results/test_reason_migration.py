"""The data migration results/0003: reasons stored as English sentences become codes.

Rows are written as the services wrote them before (an English sentence, or a
judge's words), converted by the migration's own functions, and converted
back; a last test runs the real migrations on a database left at 0001.
"""

from __future__ import annotations

import datetime
import importlib

import pytest
from django.apps import apps as django_apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tournament.events.errors import save_with_history
from tournament.results.models import ScoreSheet
from tournament.seating.models import Round, Seat

migration = importlib.import_module("tournament.results.migrations.0003_reasons_from_english")

# (a version's reason as the services stored it, its code, parameters, the words kept)
SHEETS = [
    ("hand 1 entered", "hand_entered", {"number": 1}, ""),
    ("hand 12 corrected", "hand_corrected", {"number": 12}, ""),
    ("hand 3 removed", "hand_removed", {"number": 3}, ""),
    ("final scores entered", "final_scores", {}, ""),
    ("ruling: false_win (E)", "ruling_added", {"kind": "false_win", "seat": "E"}, ""),
    ("ruling voided", "ruling_voided", {}, ""),
    (
        "not applied: based on version 2, but version 3 was saved",
        "conflict",
        {"base": 2, "head": 3},
        "",
    ),
    # Written in the language of the request, before it was a code.
    (
        "未適用：第4版をもとにしましたが、第5版が保存されていました",
        "conflict",
        {"base": 4, "head": 5},
        "",
    ),
    ("未应用：基于第6版，但第7版已被保存", "conflict", {"base": 6, "head": 7}, ""),
    ("imported from a results file", "imported", {}, ""),
    ("成績ファイルから取り込み", "imported", {}, ""),
    ("从成绩文件导入", "imported", {}, ""),
    # A judge's own words stay as typed, even when they start like a default.
    ("hand 1 entered twice", "", {}, "hand 1 entered twice"),
    ("点数の訂正", "", {}, "点数の訂正"),
    ("ruling: chombo (X)", "", {}, "ruling: chombo (X)"),
]


@pytest.fixture
def table(make_table):
    return make_table("jpml-b", slug="old")


def _legacy_sheets(table) -> list[ScoreSheet]:
    """One version per old reason, each with its creation record saying the same."""
    made = []
    for version, (text, *_rest) in enumerate(SHEETS, start=1):
        sheet = ScoreSheet(table=table, version=version, reason=text)
        made.append(save_with_history(sheet, text))
    return made


def test_versions_and_their_records_get_codes(table):
    sheets = _legacy_sheets(table)
    save_with_history(sheets[0], "version 1 submitted")
    migration.forwards(django_apps, None)

    got = list(
        table.sheets.order_by("version").values_list("reason_code", "reason_params", "reason")
    )
    assert got == [(code, params, words) for _text, code, params, words in SHEETS]
    created = ScoreSheet.history.filter(table_id=table.pk, history_type="+").order_by("version")
    assert [(r.reason_code, r.reason_params, r.reason) for r in created] == got
    assert [r.history_change_reason for r in created] == [
        f'sheet.saved {{"version":{v}}}' for v in range(1, len(SHEETS) + 1)
    ]
    changed = ScoreSheet.history.filter(table_id=table.pk, history_type="~").get()
    assert changed.history_change_reason == 'sheet.submitted {"version":1}'

    # Reversed: the old sentences come back (in English), the words as typed.
    migration.backwards(django_apps, None)
    back = list(table.sheets.order_by("version").values_list("reason_code", "reason"))
    english = {
        7: "not applied: based on version 4, but version 5 was saved",
        8: "not applied: based on version 6, but version 7 was saved",
        10: "imported from a results file",
        11: "imported from a results file",
    }
    assert back == [("", english.get(i, text)) for i, (text, *_r) in enumerate(SHEETS)]
    created = ScoreSheet.history.filter(table_id=table.pk, history_type="+").order_by("version")
    assert [r.history_change_reason for r in created] == [r for _c, r in back]
    changed = ScoreSheet.history.filter(table_id=table.pk, history_type="~").get()
    assert changed.history_change_reason == "version 1 submitted"


# (model, the old change reason, the stored code)
RECORDS = [
    ("registration", "player added", "registration.added"),
    ("registration", "imported from CSV", "registration.imported"),
    ("registration", "dropped", "registration.dropped"),
    ("registration", "dropped: went home", 'registration.dropped {"words":"went home"}'),
    ("registration", "status set to substitute", 'registration.status_set {"status":"substitute"}'),
    ("player", "registered for an event", "player.registered"),
    ("player", "club spelled wrong", "club spelled wrong"),  # a person's words: unchanged
    ("round", "seated (swiss)", 'round.seated {"method":"swiss"}'),
    ("round", "published", "round.published"),
    ("round", "results of round 1 published", 'round.results_published {"number":1}'),
    ("table", "seated", "seating.seated"),
    ("table", "seated again", "table.reseated"),
    ("seat", "swap: table 1 is step-free", 'seat.swapped {"words":"table 1 is step-free"}'),
    ("event", "event created", "event.created"),
    ("event", "event started; ruleset config frozen", "event.started"),
    ("sheet", "version 2 confirmed", 'sheet.confirmed {"version":2}'),
    ("sheet", "superseded by version 3", 'sheet.superseded {"by":3}'),
]


def test_history_records_get_codes(table):
    seat = Seat.objects.filter(table=table).select_related("registration__player").first()
    sheet = save_with_history(ScoreSheet(table=table, version=1, reason="hand 1 entered"), "x")
    objects = {
        "registration": seat.registration,
        "player": seat.registration.player,
        "round": table.round,
        "table": table,
        "seat": seat,
        "event": table.round.event,
        "sheet": sheet,
    }
    for name, old, _code in RECORDS:
        save_with_history(objects[name], old)
    # Words that would not fit the column beside their code stay as they were.
    long = "dropped: " + "x" * 91
    save_with_history(seat.registration, long)
    migration.forwards(django_apps, None)

    def reasons(obj, name):
        """The change reasons this test wrote (the last records of ``obj``)."""
        count = sum(1 for model, _old, _code in RECORDS if model == name)
        count += name == "registration"
        records = obj.history.order_by("-history_id")[:count]
        return list(reversed(records.values_list("history_change_reason", flat=True)))

    for name, obj in objects.items():
        expected = [code for model, _old, code in RECORDS if model == name]
        if name == "registration":
            expected.append(long)
        assert reasons(obj, name) == expected, name

    migration.backwards(django_apps, None)
    for name, obj in objects.items():
        expected = [old for model, old, _code in RECORDS if model == name]
        if name == "registration":
            expected.append(long)
        assert reasons(obj, name) == expected, name


@pytest.mark.django_db(transaction=True)
def test_the_migrations_convert_a_database_left_at_0001():
    executor = MigrationExecutor(connection)
    leaves = executor.loader.graph.leaf_nodes()
    before = [n for n in leaves if n[0] != "results"] + [("results", "0001_scoresheets")]
    executor.migrate([("results", "0001_scoresheets")])
    old = executor.loader.project_state(before).apps
    try:
        event = old.get_model("events", "Event").objects.create(
            slug="legacy", name="Legacy", ruleset="jpml-b",
            start_date=datetime.date(2026, 6, 1), end_date=datetime.date(2026, 6, 1),
        )  # fmt: skip
        round_ = old.get_model("seating", "Round").objects.create(event=event, number=1)
        table = old.get_model("seating", "Table").objects.create(round=round_, number=1)
        OldSheet = old.get_model("results", "ScoreSheet")
        OldRecord = old.get_model("results", "HistoricalScoreSheet")
        now = timezone.now()
        for version, text in [(1, "ruling: chombo (N)"), (2, "wrong winner")]:
            sheet = OldSheet.objects.create(table=table, version=version, reason=text)
            OldRecord.objects.create(
                id=sheet.pk, table_id=table.pk, version=version, reason=text, status="draft",
                kind="hands", result={}, created_at=now, history_date=now, history_type="+",
                history_change_reason=text,
            )  # fmt: skip
        old.get_model("seating", "HistoricalRound").objects.create(
            id=round_.pk, event_id=event.pk, number=1, status="seated", method="swiss",
            history_date=now, history_type="~", history_change_reason="seated (swiss)",
        )  # fmt: skip
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(leaves)

    got = ScoreSheet.objects.filter(table_id=table.pk).order_by("version")
    assert [(s.reason_code, s.reason_params, s.reason) for s in got] == [
        ("ruling_added", {"kind": "chombo", "seat": "N"}, ""),
        ("", {}, "wrong winner"),
    ]
    records = ScoreSheet.history.filter(table_id=table.pk).order_by("version")
    assert [(r.reason_code, r.history_change_reason) for r in records] == [
        ("ruling_added", 'sheet.saved {"version":1}'),
        ("", 'sheet.saved {"version":2}'),
    ]
    record = Round.history.get(id=round_.pk)
    assert record.history_change_reason == 'round.seated {"method":"swiss"}'
