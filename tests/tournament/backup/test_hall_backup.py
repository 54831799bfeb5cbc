"""Backups of the hall (format version 5, issue #32 M6): a copy beside the original, old files.

The round trip into an empty database, row by row, is ``test_every_model.py``.
Here the played demo with its day in the hall (``hall_day.py``) is imported
again beside itself under another short name (``import_event --slug``):

- the copy has its own player-entry state, calls, clock log and print job,
  and the original is untouched;
- its tables have new PINs (the generation one on), the entering phone kept;
- one-time keys the database holds already (the players' entry keys, the
  print job's uuid) are new, so the copy is written instead of being refused
  as damaged;
- the print job, whose PDF is the original's, is restored to be printed
  again.

A version 4 file (without the hall) reads as before, and a clock whose
numbers no director could set is refused at its place.
"""

from __future__ import annotations

import copy
import json

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.backup.snapshot import export, snapshot
from tournament.backup.schema import SECTIONS
from tournament.events.models import Event
from tournament.hall.models import ClockEvent, JudgeCall, RoundClock
from tournament.playerentry.models import HandCheck, PlayerAction, TablePin
from tournament.playerentry.services import PIN_DIGITS
from tournament.printing.models import PrintJob
from tournament.results.models import ScoreSheet

HALL = [s for s in SECTIONS if s.since == 5]


def _hall_of(event) -> dict:
    """The event's hall as a player, judge or director reads it (no ids)."""
    tables = {"table__round__event": event}
    return {
        "checks": sorted(
            HandCheck.objects.filter(**tables).values_list(
                "table__round__number",
                "table__number",
                "number",
                "version",
                "entered_seat",
                "entered_device",
                "state",
                "decided_seat",
                "decided_at",
                "words",
            )
        ),  # fmt: skip
        "actions": list(
            PlayerAction.objects.filter(**tables)
            .order_by("pk")
            .values_list(
                "table__number",
                "at",
                "action",
                "seat",
                "by__username",
                "number",
                "version",
                "words",
            )  # fmt: skip
        ),
        "calls": list(
            JudgeCall.objects.filter(**tables)
            .order_by("pk")
            .values_list(
                "table__number",
                "status",
                "reason_code",
                "reason",
                "created_at",
                "taken_by__username",
                "taken_at",
                "resolved_by__username",
                "resolved_at",
                "note",
            )  # fmt: skip
        ),
        "clocks": list(
            RoundClock.objects.filter(round__event=event).values_list(
                "round__number",
                "duration_seconds",
                "started_at",
                "paused_at",
                "paused_seconds",
                "extra_seconds",
                "updated_at",
            )
        ),  # fmt: skip
        "clock_log": list(
            ClockEvent.objects.filter(clock__round__event=event)
            .order_by("pk")
            .values_list(
                "kind", "table__number", "seconds", "reason", "created_by__username", "created_at"
            )  # fmt: skip
        ),
        "pins": sorted(
            TablePin.objects.filter(**tables).values_list(
                "table__number", "entry_device", "entry_seat", "locks_lifted_at", "created_at"
            )
        ),
        "jobs": list(
            PrintJob.objects.filter(event=event).values_list(
                "round__number",
                "kind",
                "params",
                "requested_by__username",
                "created_at",
                "started_at",
                "progress_total",
                "attempts",
            )
        ),  # fmt: skip
    }


@pytest.fixture
def backup(hall_played_event, tmp_path) -> dict:
    return export(hall_played_event.slug, tmp_path / "backup.json")


def _import(document: dict, tmp_path, *args) -> None:
    path = tmp_path / "file.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_event", str(path), *args, verbosity=0)


def test_a_copy_beside_the_original_has_its_own_hall(hall_played_event, backup, tmp_path):
    original = _hall_of(hall_played_event)
    pins = dict(
        TablePin.objects.filter(table__round__event=hall_played_event).values_list(
            "table__number", "pin"
        )
    )
    keys = set(ScoreSheet.objects.exclude(entry_key=None).values_list("entry_key", flat=True))
    assert len(keys) == 3  # the three hands the players' phone entered
    before = snapshot(hall_played_event)

    _import(backup, tmp_path, "--slug", "demo-copy")  # refused as "damaged" before (#32, L4)

    copy_ = Event.objects.get(slug="demo-copy")
    assert _hall_of(copy_) == original
    assert _hall_of(hall_played_event) == original and snapshot(hall_played_event) == before
    # New PINs, one generation on; the entering phone is kept.
    restored = TablePin.objects.filter(table__round__event=copy_).order_by("table__number")
    assert [(p.table.number, p.generation) for p in restored] == [(1, 2), (2, 3)]
    assert all(p.pin.isdigit() and len(p.pin) == PIN_DIGITS for p in restored)
    assert pins == dict(
        TablePin.objects.filter(table__round__event=hall_played_event).values_list(
            "table__number", "pin"
        )
    )
    # The keys the original holds are new in the copy (a key names one row).
    copied = ScoreSheet.objects.filter(table__round__event=copy_).exclude(entry_key=None)
    assert copied.count() == 3 and not keys & set(copied.values_list("entry_key", flat=True))
    job, theirs = PrintJob.objects.get(event=copy_), PrintJob.objects.get(event=hall_played_event)
    assert job.uuid != theirs.uuid and theirs.status == "done" and theirs.file
    # Its PDF is the original's: the copy's job is to be printed again, when it ended.
    assert (job.status, job.file.name, job.finished_at) == ("failed", "", theirs.finished_at)
    assert job.error == "The PDF is not in the restored backup: print it again."


def test_the_pin_is_never_in_the_file(hall_played_event, backup):
    pins = TablePin.objects.filter(table__round__event=hall_played_event)
    assert len(backup["table_pins"]) == pins.count() == 2
    text = json.dumps(backup)
    assert all("pin" not in row for row in backup["table_pins"])
    assert all(f'"{pin}"' not in text for pin in pins.values_list("pin", flat=True))


def test_a_version_4_file_reads_as_an_event_without_its_hall(hall_played_event, backup, tmp_path):
    old = copy.deepcopy(backup)
    old["version"] = 4
    for section in HALL:
        del old[section.key]
    _import(old, tmp_path, "--slug", "demo-v4")
    event = Event.objects.get(slug="demo-v4")
    assert snapshot(event) == snapshot(hall_played_event)
    hall = _hall_of(event)
    assert not any(hall.values()), hall


# Within a 32-bit column (PostgreSQL's range check would speak first), far past a clock's.
@pytest.mark.parametrize(
    ("section", "field", "value", "said"),
    [
        ("round_clocks", "duration_seconds", 10**9, "from 60 to 36,000"),
        ("round_clocks", "extra_seconds", -(10**9), "from -604,800 to 604,800"),
        ("clock_events", "seconds", 10**9, "from -604,800 to 604,800"),
    ],
)
def test_clock_numbers_no_director_could_set_are_refused(backup, tmp_path, section, field, value,
                                                         said):  # fmt: skip
    backup[section][0][field] = value
    with pytest.raises(CommandError) as info:
        _import(backup, tmp_path, "--slug", "demo-clock")
    assert info.value.returncode == 1
    assert f"{section}[0].{field}:" in str(info.value) and said in str(info.value)
    assert not Event.objects.filter(slug="demo-clock").exists()
