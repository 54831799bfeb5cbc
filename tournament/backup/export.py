"""Reading one event out of the database as a backup document (see ``schema``).

Everything is read inside one transaction, on PostgreSQL at REPEATABLE READ
when we start it, so a backup taken while judges enter results is one
consistent moment rather than a mix of before and after a save.

Which rows belong to the event is decided through its live rows *and* its
history: a table deleted when a round was seated again, or a seat swapped
away, no longer exists but its history records are part of the audit, and
so are the records of the seats that sat at it.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from django.db import connection, transaction
from django.utils import timezone

from tournament.backup.schema import (
    FORMAT,
    SECTIONS,
    VERSION,
    BackupError,
    UserNames,
    encode_row,
)
from tournament.events.models import Event, Player, Registration, StaffRole
from tournament.hall.models import ClockEvent, JudgeCall, RoundClock
from tournament.playerentry.models import HandCheck, PlayerAction, TablePin
from tournament.printing.models import PrintJob
from tournament.results.models import (
    GameLogUse,
    HandRecord,
    OnlineName,
    Penalty,
    Ruling,
    ScoreSheet,
)
from tournament.seating.models import Round, Seat, Table
from tournament.stages.models import Stage, StageEntrant


def _ids(*querysets) -> list[int]:
    found = set()
    for queryset in querysets:
        found.update(queryset.values_list("id", flat=True))
    return sorted(found)


def _kept(model, live: dict, history: dict) -> tuple:
    """A model's rows of the event and its history rows (those of deleted rows too)."""
    return model.objects.filter(**live), model.history.filter(**history)


def _rows_of(event: Event) -> dict[str, tuple]:
    """Section key -> (live queryset, history queryset or None), everything of ``event``."""
    of_event = ({"event": event}, {"event_id": event.pk})
    rows = {
        "event": _kept(Event, {"pk": event.pk}, {"id": event.pk}),
        "registrations": _kept(Registration, *of_event),
        "staff_roles": _kept(StaffRole, *of_event),
        "rounds": _kept(Round, *of_event),
        "stages": _kept(Stage, *of_event),
    }
    player_ids = sorted(
        {
            *rows["registrations"][0].values_list("player_id", flat=True),
            *rows["registrations"][1].values_list("player_id", flat=True),
        }
    )
    rows["players"] = _kept(Player, {"pk__in": player_ids}, {"id__in": player_ids})
    stage_ids = _ids(*rows["stages"])
    rows["stage_entrants"] = _kept(
        StageEntrant, {"stage__event": event}, {"stage_id__in": stage_ids}
    )
    of_rounds = ({"round__event": event}, {"round_id__in": _ids(*rows["rounds"])})
    rows["tables"] = _kept(Table, *of_rounds)
    rows["seats"] = _kept(Seat, *of_rounds)
    table_ids = _ids(*rows["tables"])
    rows["sheets"] = _kept(ScoreSheet, {"table__round__event": event}, {"table_id__in": table_ids})
    rows["hands"] = (HandRecord.objects.filter(sheet__table__round__event=event), None)
    rows["rulings"] = (Ruling.objects.filter(sheet__table__round__event=event), None)
    rows["penalties"] = (Penalty.objects.filter(ruling__sheet__table__round__event=event), None)
    # The hall (version 5): each row is its own log, none keeps a history.
    rows["round_clocks"] = (RoundClock.objects.filter(round__event=event), None)
    rows["clock_events"] = (ClockEvent.objects.filter(clock__round__event=event), None)
    for key, model in (
        ("judge_calls", JudgeCall),
        ("table_pins", TablePin),
        ("hand_checks", HandCheck),
        ("player_actions", PlayerAction),
    ):
        rows[key] = (model.objects.filter(table__round__event=event), None)
    rows["print_jobs"] = (PrintJob.objects.filter(event=event), None)
    # Online tables (version 6).
    rows["online_names"] = _kept(OnlineName, *of_event)
    rows["game_logs"] = _kept(GameLogUse, *of_event)
    return rows


def build_backup(event: Event) -> dict:
    """The backup document of ``event`` (plain JSON data)."""
    with transaction.atomic():
        rows = _rows_of(event)
        users = UserNames()
        document = {"format": FORMAT, "version": VERSION, "exported_at": None, "users": []}
        history = {}
        for section in SECTIONS:
            live, past = rows[section.key]
            fields = section.fields
            document[section.key] = [
                encode_row(obj, fields, users) for obj in live.order_by("pk").iterator()
            ]
            if section.history_model is not None:
                fields = section.history_fields
                history[section.key] = [
                    encode_row(record, fields, users)
                    for record in past.order_by("history_id").iterator()
                ]
        document["event"] = document["event"][0]
        document["history"] = history
        document["users"] = users.rows()
        document["exported_at"] = timezone.now().isoformat()
    return document


def export_event(event: Event) -> dict:
    """:func:`build_backup` in a snapshot of the database when we own the transaction."""
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        with transaction.atomic():
            with connection.cursor() as cursor:
                # Must be the transaction's first statement: every read sees one moment.
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            return build_backup(event)
    return build_backup(event)


def write_backup(document: dict, path: str | Path) -> None:
    """Write the file whole or not at all: a temporary file renamed into place."""
    path = Path(path)
    text = json.dumps(document, ensure_ascii=False, indent=1)
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    except OSError as error:
        raise BackupError(f"cannot write {path}: {error.strerror}") from error
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.write("\n")
        os.chmod(temporary, 0o666 & ~_umask())  # as open() would have made it
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise BackupError(f"cannot write {path}: {error.strerror}") from error


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
