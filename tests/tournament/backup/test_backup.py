"""export_event / import_event: a backup restores the same event, results and audit.

The acceptance test exports the played demo event, empties the database
(``flush``), imports, and compares what a director and the public would see
(standings in both scopes), every scoresheet version with its hands, rulings
and penalties, and every history record, read through the models; then it
exports again and compares the two files with ids replaced by their order.
A copy imported beside the original checks that ids in the target differ
and nothing leaks between the two. The rest are refusals: nothing saved.
Everything runs on SQLite and on PostgreSQL (``make test-pg``).
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tournament.backup.schema import FORMAT, SECTIONS, VERSION, fields_of, is_user
from tournament.events.models import Event, Player, Registration, StaffRole
from tournament.results.legacy_reasons import english_history_reason, english_sheet_reason
from tournament.results.models import HandRecord, Penalty, Ruling, ScoreSheet
from tournament.seating.models import Round, Seat, Table
from tournament.standings.services import standings

ROOT = Path(__file__).resolve().parents[3]


# --- what a backup must keep, read through the models ------------------------------


def _who(user):
    return user.username if user is not None else None


def _sheets(event) -> dict:
    sheets = {}
    queryset = ScoreSheet.objects.filter(table__round__event=event).select_related(
        "table__round", "parent", "created_by", "submitted_by", "confirmed_by"
    )
    for s in queryset:
        hands = [
            (h.number, h.level, h.outcome, h.entry, h.label, h.winners, h.discarder,
             h.value_text, h.score, h.deltas, h.totals, h.pool_after, _who(h.entered_by),
             h.entered_at)
            for h in s.hands.order_by("number")
        ]  # fmt: skip
        rulings = [
            (str(r.key), r.kind, r.player, r.after_hand, r.rule_reference, r.decision, r.tiles,
             _who(r.decided_by), r.decided_at, _who(r.voided_by), r.voided_at, r.void_reason,
             [(p.player, p.points, p.scope, p.distribution) for p in r.penalties.order_by("pk")])
            for r in s.rulings.order_by("decided_at", "pk")
        ]  # fmt: skip
        sheets[(s.table.round.number, s.table.number, s.version)] = {
            "parent": s.parent.version if s.parent else None,
            **{
                f: getattr(s, f)
                for f in (
                    "status",
                    "kind",
                    "final_scores",
                    "leftover_sticks",
                    "result",
                    "balanced",
                    "complete",
                    "reason_code",
                    "reason_params",
                    "reason",
                    "is_correction",
                    "created_at",
                    "submitted_at",
                    "confirmed_at",
                )
            },  # fmt: skip
            "created_by": _who(s.created_by),
            "submitted_by": _who(s.submitted_by),
            "confirmed_by": _who(s.confirmed_by),
            "hands": hands,
            "rulings": rulings,
        }
    return sheets


def _standings(event, scope) -> list[dict]:
    names = dict(event.registrations.values_list("pk", "player__name"))
    rows = copy.deepcopy(standings(event, scope).rows)
    for row in rows:
        row["registration"] = names[row["registration"]]
    return rows


def _history(event) -> dict:
    """Per model: every record's time, type, reason and user, in order."""
    rounds = Round.history.filter(event_id=event.pk)
    tables = Table.history.filter(round_id__in=rounds.values("id"))
    registrations = Registration.history.filter(event_id=event.pk)
    records = {
        "event": Event.history.filter(id=event.pk),
        "player": Player.history.filter(id__in=registrations.values("player_id")),
        "registration": registrations,
        "staff_role": StaffRole.history.filter(event_id=event.pk),
        "round": rounds,
        "table": tables,
        "seat": Seat.history.filter(round_id__in=rounds.values("id")),
        "sheet": ScoreSheet.history.filter(table_id__in=tables.values("id")),
    }
    return {
        name: [
            (r.history_date, r.history_type, r.history_change_reason, _who(r.history_user))
            for r in queryset.select_related("history_user").order_by("history_date", "history_id")
        ]
        for name, queryset in records.items()
    }


def snapshot(event) -> dict:
    return {
        "event": {
            f: getattr(event, f)
            for f in (
                "name",
                "start_date",
                "end_date",
                "ruleset",
                "ruleset_overrides",
                "ruleset_config",
                "status",
                "is_public",
                "created_at",
                "updated_at",
            )
        },  # fmt: skip
        "registrations": sorted(
            event.registrations.values_list(
                "player__name",
                "player__club",
                "player__country",
                "player__ema_id",
                "status",
                "group",
            )
        ),  # fmt: skip
        "staff": sorted(event.staff_roles.values_list("user__username", "role")),
        "rounds": list(
            event.rounds.values_list(
                "number", "status", "method", "seed", "published_at", "results_published_at"
            )
        ),  # fmt: skip
        "seats": sorted(
            Seat.objects.filter(round__event=event).values_list(
                "round__number", "table__number", "wind", "registration__player__name"
            )
        ),
        "sheets": _sheets(event),
        "staff_standings": _standings(event, "staff"),
        "public_standings": _standings(event, "public"),
        "history": _history(event),
    }


def normalized(document: dict) -> dict:
    """The backup with every file id replaced by its rank: equal for equal events."""
    document = copy.deepcopy(document)
    del document["exported_at"]
    rows = {s.key: [document["event"]] if s.key == "event" else document[s.key] for s in SECTIONS}
    ranks = {}
    for s in SECTIONS:
        ids = {r["id"] for r in rows[s.key]} | {r["id"] for r in document["history"].get(s.key, [])}
        ranks[s.model] = {old: rank for rank, old in enumerate(sorted(ids))}
    for s in SECTIONS:
        tables = [(s.model, rows[s.key])]
        if s.history_model is not None:
            tables.append((s.history_model, document["history"][s.key]))
        for model, table in tables:
            for row in table:
                for field in fields_of(model):
                    value = row[field.name]
                    if field.name == "id":
                        row["id"] = ranks[s.model][value]
                    elif field.is_relation and not is_user(field) and value is not None:
                        row[field.name] = ranks[field.related_model].get(value, "outside")
    return document


def export(slug, path) -> dict:
    call_command("export_event", slug, "--output", str(path), verbosity=0)
    return json.loads(Path(path).read_text(encoding="utf-8"))


def refused(*args) -> CommandError:
    with pytest.raises(CommandError) as info:
        call_command(*args, verbosity=0)
    return info.value


def counts() -> dict:
    models = (Event, Player, Registration, StaffRole, Round, Table, Seat, ScoreSheet,
              HandRecord, Ruling, Penalty, get_user_model())  # fmt: skip
    return {m.__name__: m.objects.count() for m in models} | {
        f"history {m.__name__}": m.history.count()
        for m in (Event, Player, Registration, StaffRole, Round, Table, Seat, ScoreSheet)
    }


# --- the round trip -------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_backup_restores_the_event_into_an_empty_database(played_event, tmp_path):
    before = snapshot(played_event)
    assert before["event"]["ruleset_config"]["rules"]["session"]["uma"]  # the frozen rules
    statuses = {s["status"] for s in before["sheets"].values()}
    assert {"superseded", "confirmed", "conflict", "draft"} <= statuses
    assert any(r[11] for s in before["sheets"].values() for r in s["rulings"])  # a voided ruling
    swapped = 'seat.swapped {"words":"a wheelchair needs table 1"}'
    assert ("-", swapped) in {h[1:3] for h in before["history"]["seat"]}
    exported = export(played_event.slug, tmp_path / "backup.json")
    assert exported["format"] == FORMAT and exported["version"] == VERSION == 3

    call_command("flush", interactive=False, verbosity=0)
    assert not Event.objects.exists() and not get_user_model().objects.exists()
    call_command("import_event", str(tmp_path / "backup.json"), verbosity=0)

    event = Event.objects.get(slug=played_event.slug)
    after = snapshot(event)
    for part in before:
        assert after[part] == before[part], part
    users = get_user_model().objects.all()
    assert sorted(u.username for u in users) == ["demo-director", "demo-judge", "demo-judge2"]
    assert not any(u.has_usable_password() for u in users)
    judge2 = users.get(username="demo-judge2")
    assert (judge2.first_name, judge2.last_name, judge2.email) == ("Jun", "Sato", "jun@example.org")
    # The deleted helper is nobody, in the file and after the import.
    roles = StaffRole.history.filter(event_id=event.pk).values_list("user", "history_type")
    assert (None, "-") in set(roles)
    assert normalized(export(event.slug, tmp_path / "again.json")) == normalized(exported)


def test_a_copy_beside_the_original_gets_its_own_ids(played_event, tmp_path):
    exported = export(played_event.slug, tmp_path / "backup.json")
    exported["event"]["slug"] = "demo-copy"
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    before = counts()
    call_command("import_event", str(path), verbosity=0)

    copy_ = Event.objects.get(slug="demo-copy")
    original, restored = snapshot(played_event), snapshot(copy_)
    assert restored == original
    after = counts()
    # Everything of the event twice (its players too: never matched); the users once.
    assert after == {k: v if k == "User" else 2 * v for k, v in before.items()}
    assert get_user_model().objects.get(username="demo-judge").check_password("demo")
    sheets = ScoreSheet.objects.values_list("pk", flat=True)
    mine = set(sheets.filter(table__round__event=copy_))
    assert mine and not mine & set(sheets.filter(table__round__event=played_event))
    again = normalized(export("demo-copy", tmp_path / "again.json"))
    expected = normalized(exported)
    assert again == expected


def _as_version_1(document: dict) -> dict:
    """The file as format version 1 wrote it: reasons as English sentences, no codes,
    and a started event's frozen hand config alone."""
    old = copy.deepcopy(document)
    old["version"] = 1
    # Version 1 froze only the hand config of a started event.
    rules = old["event"]["ruleset_config"]["rules"]
    old["event"]["ruleset_config"] = {"ruleset": "jpml-b", "version": 1, "config": rules["hand"]}
    for row in [*old["sheets"], *old["history"]["sheets"]]:
        code, params = row.pop("reason_code"), row.pop("reason_params")
        row["reason"] = english_sheet_reason(code, params, row["reason"])
    for key, records in old["history"].items():
        for record in records:
            record["history_change_reason"] = english_history_reason(
                record["history_change_reason"],
                sheet_reason=record["reason"] if key == "sheets" else None,
            )
    return old


def test_a_version_1_backup_is_restored_with_its_reasons_as_codes(played_event, tmp_path):
    old = _as_version_1(export(played_event.slug, tmp_path / "backup.json"))
    old["event"]["slug"] = "demo-v1"
    # What version 1 held: English sentences beside a judge's own words.
    reasons = {row["reason"] for row in old["sheets"]}
    assert {"hand 1 entered", "ruling: conduct (W)", "S and W swapped 1,000"} <= reasons
    assert any(r.startswith("not applied: based on version ") for r in reasons)
    history = {r["history_change_reason"] for records in old["history"].values() for r in records}
    assert {"swap: a wheelchair needs table 1", "dropped: left after round 2", "seated"} <= history
    assert not any("{" in (r or "") for r in history)
    path = tmp_path / "version-1.json"
    path.write_text(json.dumps(old), encoding="utf-8")

    call_command("import_event", str(path), verbosity=0)
    restored = Event.objects.get(slug="demo-v1")
    assert snapshot(restored) == snapshot(played_event)
    sheet = ScoreSheet.objects.filter(table__round__event=restored, reason="").first()
    assert sheet.reason_code and isinstance(sheet.reason_params, dict)


# --- refusals: nothing saved ------------------------------------------------------


def test_an_existing_event_is_never_replaced(played_event, tmp_path):
    export(played_event.slug, tmp_path / "backup.json")
    before = counts()
    error = refused("import_event", str(tmp_path / "backup.json"))
    assert error.returncode == 1 and "already exists" in str(error)
    assert counts() == before


def test_a_damaged_backup_saves_nothing(played_event, tmp_path):
    document = export(played_event.slug, tmp_path / "backup.json")
    document["event"]["slug"] = "demo-damaged"
    document["users"].append({"username": "ghost", "first_name": "", "last_name": "", "email": ""})
    document["seats"][-1]["table"] = 999_999  # a table the file does not hold
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    before = counts()
    error = refused("import_event", str(path))
    assert error.returncode == 1
    assert "seating.Seat.table" in str(error) and "999999" in str(error)
    assert counts() == before
    assert not get_user_model().objects.filter(username="ghost").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "is not valid JSON"),
        ("[1, 2]", "not an event backup"),
        ('{"format": "something-else", "version": 1}', "not an event backup"),
        (json.dumps({"format": FORMAT, "version": VERSION + 1}), "comes from a newer version"),
        (json.dumps({"format": FORMAT, "version": "1"}), "is unknown"),
        (json.dumps({"format": FORMAT, "version": 1, "event": {}}), "'players' is missing"),
    ],
)
def test_a_file_that_is_no_backup_is_refused_with_status_2(db, tmp_path, content, message):
    path = tmp_path / "backup.json"
    path.write_text(content, encoding="utf-8")
    error = refused("import_event", str(path))
    assert error.returncode == 2 and message in str(error)
    assert not Event.objects.exists()


def test_bad_arguments_exit_2(db, played_event, tmp_path):
    assert refused("import_event", str(tmp_path / "missing.json")).returncode == 2
    error = refused("export_event", "no-such-event", "--output", str(tmp_path / "x.json"))
    assert error.returncode == 2 and "no event" in str(error)
    error = refused("export_event", played_event.slug, "--output", str(tmp_path / "no" / "x.json"))
    assert error.returncode == 2 and "cannot write" in str(error)
    assert list(tmp_path.iterdir()) == []


def test_the_command_line_reports_on_stderr(tmp_path):
    """As a director runs it: exit status 2 and a message, no traceback (no database needed)."""
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not text")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}"}
    out = subprocess.run(
        [sys.executable, "manage.py", "import_event", str(bad)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert out.returncode == 2
    assert "not a UTF-8 text file" in out.stderr and "Traceback" not in out.stderr
