"""Issue #32, M6 and acceptance 3: a backup restores every row of every model, or says why not.

The issue: backups left out the players' acceptances and disputes, judge calls,
the round clock's log, the player-entry state and the print jobs, so a
restore silently lost who accepted what. Here the played demo with a day in
the hall (``hall_day.py``: player entry with a dispute a judge settled, judge
calls open, taken and resolved, a clock paused, resumed, extended and a
table's extra time, a printed seating list) is exported, the database emptied
(``flush``), and the file imported. Then every row of every model of the
project is compared, column by column, ids replaced by their rank
(``snapshot.every_row``).

A model must be in a section of the backup (with its history model) or in
``tournament.backup.schema.LEFT_OUT`` with its reason: a model added later
fails this test until it is placed. One difference is by design and checked
here: a restored table gets a new PIN, its generation one on, so every phone
opens it again with the PIN printed anew; the PIN is not in the file.
Transactional (the flush), so in a module of its own.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tests.tournament.backup.snapshot import every_row, export, unplaced_models
from tournament.backup.schema import LEFT_OUT
from tournament.events.models import Event
from tournament.hall.models import ClockEvent, JudgeCall
from tournament.playerentry.models import HandCheck, PinAttempt, PlayerAction, TablePin
from tournament.playerentry.services import PIN_DIGITS
from tournament.printing.models import PrintJob

PINS = "playerentry.TablePin"


def _the_day_is_in_the_database() -> None:
    """What the comparison compares is there (not empty tables that compare equal)."""
    states = set(HandCheck.objects.values_list("state", flat=True))
    assert states == {"accepted", "rejected", "pending"}
    assert set(JudgeCall.objects.values_list("status", flat=True)) == {"open", "taken", "resolved"}
    kinds = set(ClockEvent.objects.values_list("kind", flat=True))
    assert {"start", "pause", "resume", "extend", "table_extra"} <= kinds
    assert sorted(TablePin.objects.values_list("generation", flat=True)) == [1, 2]
    assert TablePin.objects.exclude(entry_device="").exists()
    assert PlayerAction.objects.filter(action="hand_rejected").exists()
    assert PinAttempt.objects.filter(ok=False).exists()
    assert list(PrintJob.objects.values_list("status", flat=True)) == ["done"]


@pytest.mark.django_db(transaction=True)
def test_every_row_of_every_model_survives_a_restore(committed_hall_played_event, tmp_path):
    _the_day_is_in_the_database()
    before = every_row()
    exported = export(committed_hall_played_event.slug, tmp_path / "backup.json")

    call_command("flush", interactive=False, verbosity=0)
    call_command("import_event", str(tmp_path / "backup.json"), verbosity=0)
    after = every_row()

    # By design: each table a new PIN, its generation one on (phones open again).
    for old, new in zip(before[PINS], after[PINS], strict=True):
        assert new.pop("generation") == old.pop("generation") + 1
        pin = new.pop("pin")
        assert pin.isdigit() and len(pin) == PIN_DIGITS
        old.pop("pin")
    assert set(after) == set(before)
    assert [label for label in sorted(before) if after[label] != before[label]] == []
    assert Event.objects.get().slug == committed_hall_played_event.slug
    assert exported["table_pins"] and not any("pin" in row for row in exported["table_pins"])
    assert PrintJob.objects.get().file.storage.exists(exported["print_jobs"][0]["file"])


@pytest.mark.django_db(transaction=True)
def test_a_job_whose_pdf_is_gone_is_restored_to_be_printed_again(
    committed_hall_played_event, tmp_path
):
    job = PrintJob.objects.get()
    exported = export(committed_hall_played_event.slug, tmp_path / "backup.json")
    call_command("flush", interactive=False, verbosity=0)
    job.file.storage.delete(job.file.name)  # restored on another machine: no PDF there

    call_command("import_event", str(tmp_path / "backup.json"), verbosity=0)
    restored = PrintJob.objects.get()
    assert exported["print_jobs"][0]["status"] == "done"
    assert (restored.uuid, restored.kind, restored.requested_by.username) == (
        job.uuid, job.kind, "demo-director",
    )  # fmt: skip
    assert (restored.status, restored.file.name, restored.finished_at) == (
        "failed", "", job.finished_at,
    )  # fmt: skip
    assert restored.error == "The PDF is not in the restored backup: print it again."


def test_every_model_is_in_the_backup_or_left_out_with_a_reason():
    assert unplaced_models() == []
    assert all(reason.strip() for reason in LEFT_OUT.values())
