"""Reasons stored as English sentences become codes with parameters.

Every scoresheet version (and its history records) whose reason is one of the
sentences the services used to write gets its code and parameters, and an
empty ``reason``; a judge's own words stay in ``reason`` as typed. Every
history record of the events, seating and results models whose change reason
is one of the old sentences gets its code.

Reading English back with regular expressions is acceptable here, and only
here (with the backup import of old files, which shares
``tournament.results.legacy.reasons``): these are legacy rows, read once.
Reversing the migration writes the old sentences back.
"""

from django.db import migrations

from tournament.results.legacy.reasons import (
    english_history_reason,
    english_sheet_reason,
    history_reason,
    sheet_reason,
)

BATCH = 500
# Every model that keeps a history, as (app, historical model).
HISTORIES = [
    ("events", "HistoricalEvent"),
    ("events", "HistoricalPlayer"),
    ("events", "HistoricalRegistration"),
    ("events", "HistoricalStaffRole"),
    ("seating", "HistoricalRound"),
    ("seating", "HistoricalTable"),
    ("seating", "HistoricalSeat"),
    ("results", "HistoricalScoreSheet"),
]


def _is_sheet(model):
    return model._meta.model_name == "historicalscoresheet"


def _save(model, rows, fields):
    if rows:
        model._default_manager.bulk_update(rows, fields, batch_size=BATCH)


def forwards(apps, schema_editor):
    for name in ("ScoreSheet", "HistoricalScoreSheet"):
        model = apps.get_model("results", name)
        changed = []
        for row in model._default_manager.filter(reason_code="").iterator():
            code, params, words = sheet_reason(row.reason)
            if code:
                row.reason_code, row.reason_params, row.reason = code, params, words
                changed.append(row)
        _save(model, changed, ["reason_code", "reason_params", "reason"])
    for app, name in HISTORIES:
        model = apps.get_model(app, name)
        changed = []
        for record in model._default_manager.exclude(history_change_reason=None).iterator():
            version = record.version if _is_sheet(model) and record.history_type == "+" else None
            stored = history_reason(record.history_change_reason, sheet_version=version)
            if stored != record.history_change_reason:
                record.history_change_reason = stored
                changed.append(record)
        _save(model, changed, ["history_change_reason"])


def backwards(apps, schema_editor):
    for name in ("ScoreSheet", "HistoricalScoreSheet"):
        model = apps.get_model("results", name)
        changed = []
        for row in model._default_manager.exclude(reason_code="").iterator():
            row.reason = english_sheet_reason(row.reason_code, row.reason_params, row.reason)
            row.reason_code, row.reason_params = "", {}
            changed.append(row)
        _save(model, changed, ["reason_code", "reason_params", "reason"])
    for app, name in HISTORIES:
        model = apps.get_model(app, name)
        changed = []
        for record in model._default_manager.exclude(history_change_reason=None).iterator():
            sheet = record.reason if _is_sheet(model) else None
            old = english_history_reason(record.history_change_reason, sheet_reason=sheet)
            if old != record.history_change_reason:
                record.history_change_reason = old
                changed.append(record)
        _save(model, changed, ["history_change_reason"])


class Migration(migrations.Migration):
    dependencies = [
        ("results", "0002_reason_codes"),
        ("events", "0003_entry_level"),
        ("seating", "0003_results_published"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
