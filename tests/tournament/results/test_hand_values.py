"""Hand values shown from codes and numbers, and rows stored before values were data.

Pages and printouts put a row's value (``[{"seat", "parts"}]``) in the
reader's language. A row stored with only its English ``value_text`` (before
values became data) is given its value by replaying its version (results
migration 0005, and the import of an old backup); one that cannot be redone
keeps its old text, shown unchanged, never parsed.
"""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as django_apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from tournament.backup.export import export_event
from tournament.backup.importer import import_backup
from tournament.results.legacy.values import with_values
from tournament.results.models import ScoreSheet
from tournament.results.page.display import win_parts
from tournament.results.page.hand_values import value_text
from tournament.results.sheet import services

migration = importlib.import_module("tournament.results.migrations.0005_hand_values")


def v(outcome, **fields):
    return {"outcome": outcome, "level": "value", **fields}


def one(seat, *parts):
    return {"seat": seat, "parts": [list(p) for p in parts]}


@pytest.mark.parametrize(
    ("value", "en", "ja"),
    [
        ([one("E", ("han", 3), ("fu", 40))], "3 han 40 fu", "3 翻 40 符"),
        (
            [one("E", ("han", 4), ("fu", 30), ("limit", "mangan"))],
            "4 han 30 fu mangan",
            "4 翻 30 符 満貫",
        ),
        ([one("E", ("limit", "double_yakuman"))], "double yakuman", "ダブル役満"),
        # MCR's fan is 点 in Japanese, as seed 000 writes it (8点).
        ([one("E", ("fan", 8), ("flowers", 1))], "8 fan + 1 flower", "8 点 + 1 花"),
        ([one("E", ("points", 1))], "1 point", "1 点"),
        (
            [one("E", ("faan", 14), ("paid_as", 13))],
            "14 faan (paid as 13)",
            "14 番 （13として支払い）",
        ),
        (
            [one("N", ("han", 4), ("fu", 30)), one("S", ("han", 2), ("fu", 30))],
            "N: 4 han 30 fu; S: 2 han 30 fu",
            "N: 4 翻 30 符; S: 2 翻 30 符",
        ),
        ([], "", ""),
    ],
)  # fmt: skip
def test_a_value_in_the_readers_language(value, en, ja):
    with translation.override("en"):
        assert value_text({"value": value}) == en
    with translation.override("ja"):
        assert value_text({"value": value}) == ja


def test_an_old_rows_text_is_shown_unchanged():
    old = {"value_text": "N: 4 han 30 fu; S: 2 han 30 fu", "winners": ["N", "S"]}
    with translation.override("ja"):
        assert value_text(old) == "N: 4 han 30 fu; S: 2 han 30 fu"  # not taken apart
    assert win_parts(old, "riichi", {}, "ja") == []


def test_several_winners_each_with_their_value_and_a_lapsed_claim_left_out():
    row = {
        "winners": ["N", "S"],
        "value": [one("N", ("faan", 4)), one("S", ("faan", 3)), one("E", ("faan", 5))],
    }
    with translation.override("en"):
        parts = win_parts(row, "hkos", {"N": "Nadia", "S": "Sam"}, "en")
    assert [(p["seat"], p["name"], p["value_text"]) for p in parts] == [
        ("N", "Nadia", "4 faan"),
        ("S", "Sam", "3 faan"),
    ]


# --- rows stored before values were data ---------------------------------------------

DOUBLE_RON = {"outcome": "ron", "discarder": "W", "riichi": ["N"], "wins": [
    {"level": "value", "winner": "S", "han": 2, "fu": 30},
    {"level": "value", "winner": "N", "han": 4, "fu": 30},
]}  # fmt: skip
PLAYED = {
    "tenhou": [v("draw", riichi=["E"], tenpai=["E"]), DOUBLE_RON, v("tsumo", winner="E", han=6)],
    "mcr": [v("discard", winner="E", discarder="S", fan=9, flowers=3), v("draw")],
    "hkos": [v("discard", winner="N", discarder="E", faan=14)],
}


def _played(make_table, ruleset):
    table = make_table(ruleset, slug=f"old-{ruleset}")
    sheet = None
    for entry in PLAYED[ruleset]:
        sheet = services.add_hand(table, entry, by=None, base_version=sheet.version if sheet else 0)
    return table


def _as_stored_before(sheet: ScoreSheet) -> list:
    """Make ``sheet``'s rows what the replay stored before: English text, no value."""
    values = []
    for row, record in zip(sheet.result["rows"], sheet.hands.order_by("number"), strict=True):
        values.append(row.pop("value"))
        row["value_text"] = record.value_text  # the English the replay wrote then
    sheet.save(update_fields=["result"])
    return values


@pytest.mark.parametrize("ruleset", sorted(PLAYED))
def test_the_migration_replays_old_versions_to_give_their_rows_values(make_table, ruleset):
    table = _played(make_table, ruleset)
    versions = list(table.sheets.order_by("version"))
    expected = {s.pk: _as_stored_before(s) for s in versions}
    assert all("value" not in row for s in versions for row in s.result["rows"])

    migration.forwards(django_apps, None)
    for sheet in table.sheets.all():
        assert [row["value"] for row in sheet.result["rows"]] == expected[sheet.pk]
        assert all("value_text" in row for row in sheet.result["rows"])  # the old text stays
    migration.forwards(django_apps, None)  # nothing left to do: idempotent


def test_the_migration_reads_only_what_the_historical_models_have(make_table):
    """Run with the models as they were at 0004, on a version with a ruling's penalty."""
    table = _played(make_table, "hkos")
    penalty = {"player": "W", "points": -10, "scope": "table_score", "distribution": "none"}
    services.record_ruling(
        table, by=None, base_version=table.sheets.count(), kind="conduct", player="W",
        decision="slow play", after_hand=1, penalties=[penalty],
    )  # fmt: skip
    sheet = table.sheets.order_by("-version").first()
    assert sheet.result["penalties"] and sheet.rulings.exists()
    expected = _as_stored_before(sheet)
    state = MigrationExecutor(connection).loader.project_state(
        [("results", "0004_reason_is_a_code_or_words")]
    )
    migration.forwards(state.apps, None)
    sheet.refresh_from_db()
    assert [row["value"] for row in sheet.result["rows"]] == expected


def test_a_row_the_replay_does_not_reproduce_keeps_its_old_text(make_table):
    table = _played(make_table, "mcr")
    sheet = table.sheets.order_by("-version").first()
    _as_stored_before(sheet)
    sheet.result["rows"][0]["value_text"] = "10 fan + 3 flowers"  # not what the replay says
    sheet.save(update_fields=["result"])
    migration.forwards(django_apps, None)
    sheet.refresh_from_db()
    first, second = sheet.result["rows"]
    assert "value" not in first and value_text(first) == "10 fan + 3 flowers"
    assert second["value"] == []  # the draw, reproduced


def test_a_version_the_engine_refuses_today_is_left_as_it_was(make_table):
    table = _played(make_table, "mcr")
    sheet = table.sheets.order_by("-version").first()
    _as_stored_before(sheet)
    record = sheet.hands.get(number=1)
    record.entry = {**record.entry, "fan": 7}  # below today's minimum of 8
    record.save(update_fields=["entry"])
    before = dict(sheet.result)
    assert with_values(sheet, table.round.event) is None
    migration.forwards(django_apps, None)
    sheet.refresh_from_db()
    assert sheet.result == before


def test_an_old_backup_gets_values_on_import(make_table):
    table = _played(make_table, "hkos")
    event = table.round.event
    document = export_event(event)
    for row in document["sheets"]:
        for stored in (row.get("result") or {}).get("rows") or []:
            stored.pop("value")
            stored["value_text"] = "14 faan (paid as 13)"
    document["event"]["slug"] = "old-copy"
    restored = import_backup(document)
    sheets = ScoreSheet.objects.filter(table__round__event=restored)
    assert sheets and all(
        s.result["rows"][0]["value"] == [one("N", ("faan", 14), ("paid_as", 13))] for s in sheets
    )
