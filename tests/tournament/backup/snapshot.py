"""What a backup must keep, read through the models: one event's snapshot, and a file's.

Shared by the backup tests (``test_backup.py``, ``test_backup_restore.py``).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from django.core.management import call_command

from tournament.backup.schema import SECTIONS, fields_of, is_user
from tournament.events.models import Event, Player, Registration, StaffRole
from tournament.results.models import ScoreSheet
from tournament.seating.models import Round, Seat, Table
from tournament.standings.services import standings


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
