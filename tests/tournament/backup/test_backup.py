"""export_event / import_event: a backup restores the same event, results and audit.

The acceptance test, a restore into an empty database, is in
``test_backup_restore.py``: it empties the database, so it cannot share this
module's demo, built once for the module. A copy imported beside the original
checks that ids in the target differ and nothing leaks between the two. The
rest are refusals: nothing saved. Everything runs on SQLite and on PostgreSQL
(``make test-stack``).
"""

from __future__ import annotations

import copy
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tests.tournament import commands
from tests.tournament.backup.snapshot import export, normalized, snapshot
from tournament.backup.schema import FORMAT, VERSION
from tournament.events.models import Event, Player, Registration, StaffRole
from tournament.results.legacy.reasons import english_history_reason, english_sheet_reason
from tournament.results.models import HandRecord, Penalty, Ruling, ScoreSheet
from tournament.seating.models import Round, Seat, Table


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


MOVED = ("name", "club", "country")


def _as_version_3(document: dict) -> dict:
    """The file as format version 3 wrote it: the name, club and country on the players.

    Each player has its registration's values, in its live row and every history
    record; the registrations' rows and records have none.
    """
    old = copy.deepcopy(document)
    old["version"] = 3
    values = {}
    for row in old["registrations"]:
        values[row["player"]] = {key: row.pop(key) for key in MOVED}
    for record in old["history"]["registrations"]:
        for key in MOVED:
            record.pop(key)
    for row in [*old["players"], *old["history"]["players"]]:
        row.update(values[row["id"]])
    return old


def test_a_version_3_backup_gives_each_registration_its_players_name(played_event, tmp_path):
    old = _as_version_3(export(played_event.slug, tmp_path / "backup.json"))
    old["event"]["slug"] = "demo-v3"
    assert not any("name" in row for row in old["registrations"])
    path = tmp_path / "version-3.json"
    path.write_text(json.dumps(old), encoding="utf-8")

    call_command("import_event", str(path), verbosity=0)
    restored = Event.objects.get(slug="demo-v3")
    before, after = snapshot(played_event), snapshot(restored)
    for part in before:
        if part != "registration_history":
            assert after[part] == before[part], part
    # Version 3 had one club per person: every record of a registration takes it.
    corrected = restored.registrations.get(club="Corrected Club")
    assert {r.club for r in corrected.history.all()} == {"Corrected Club"}


def test_a_version_3_registration_record_takes_the_club_its_player_had_then(played_event, tmp_path):
    old = _as_version_3(export(played_event.slug, tmp_path / "backup.json"))
    old["event"]["slug"] = "demo-v3-then"
    first = old["registrations"][0]
    name = next(p["name"] for p in old["players"] if p["id"] == first["player"])
    player = [r for r in old["history"]["players"] if r["id"] == first["player"]]
    # The person was with "Old Club" when registered, and moved on later.
    player[0].update(club="Old Club", history_date="2000-01-01T00:00:00+00:00")
    player.append({**player[0], "club": "Later Club", "history_type": "~"})
    player[-1]["history_date"] = "2999-01-01T00:00:00+00:00"
    old["history"]["players"].append(player[-1])
    path = tmp_path / "version-3-then.json"
    path.write_text(json.dumps(old), encoding="utf-8")

    call_command("import_event", str(path), verbosity=0)
    restored = Event.objects.get(slug="demo-v3-then").registrations.get(name=name)
    assert restored.club == "Corrected Club"  # the live row: the player's own club
    clubs = [r.club for r in restored.history.order_by("history_date", "history_id")]
    assert clubs and set(clubs) == {"Old Club"}  # what the player was then


def _as_version_1(document: dict) -> dict:
    """The file as format version 1 wrote it: reasons as English sentences, no codes,
    a started event's frozen hand config alone, and names, clubs and countries on the
    players (as version 3 still had them)."""
    old = _as_version_3(document)
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
    before, after = snapshot(played_event), snapshot(restored)
    # Version 1 kept one club per person, so the registration records' values may differ.
    before.pop("registration_history"), after.pop("registration_history")
    assert after == before
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
    out = commands.manage("import_event", str(bad), env=commands.without_database(tmp_path))
    assert out.returncode == 2
    assert "not a UTF-8 text file" in out.stderr and "Traceback" not in out.stderr
