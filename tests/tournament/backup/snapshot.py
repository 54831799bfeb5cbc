"""What a backup must keep, read through the models: one event's snapshot, and a file's.

Shared by the backup tests (``test_backup.py``, ``test_backup_restore.py``).
:func:`every_row` reads every row of every model of the project, for the test
that no model is forgotten (``test_every_model.py``).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournament.backup.schema import LEFT_OUT, SECTIONS, is_user
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
    names = dict(event.registrations.values_list("pk", "name"))
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
                "name",
                "club",
                "country",
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
                "round__number", "table__number", "wind", "registration__name"
            )
        ),
        "sheets": _sheets(event),
        "staff_standings": _standings(event, "staff"),
        "public_standings": _standings(event, "public"),
        "history": _history(event),
        # What each registration was called, where and for whom, as its history says (#32).
        "registration_history": list(
            Registration.history.filter(event_id=event.pk)
            .order_by("history_date", "history_id")
            .values_list("history_date", "name", "club", "country", "team")
        ),
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
        tables = [(s.fields, rows[s.key])]
        if s.history_model is not None:
            tables.append((s.history_fields, document["history"][s.key]))
        for fields, table in tables:
            for row in table:
                for field in fields:
                    value = row[field.name]
                    if field.name == "id":
                        row["id"] = ranks[s.model][value]
                    elif field.is_relation and not is_user(field) and value is not None:
                        row[field.name] = ranks[field.related_model].get(value, "outside")
    return document


def export(slug, path) -> dict:
    call_command("export_event", slug, "--output", str(path), verbosity=0)
    return json.loads(Path(path).read_text(encoding="utf-8"))


def row_counts() -> dict:
    """How many events, event versions, players, sheets and users there are: an import that
    is refused must leave every count as it was."""
    return {
        "events": Event.objects.count(),
        "event history": Event.history.count(),
        "players": Player.objects.count(),
        "sheets": ScoreSheet.objects.count(),
        "users": get_user_model().objects.count(),
    }


def copy_of(event, tmp_path, slug: str) -> dict:
    """``event``'s backup (written to ``tmp_path``), renamed ``slug``: free to import beside it."""
    document = export(event.slug, tmp_path / "backup.json")
    document["event"]["slug"] = slug
    return document


def project_models() -> set:
    """Every model of the project's apps (``tournament.*``), history models included."""
    return {m for m in apps.get_models() if m._meta.app_config.name.startswith("tournament.")}


def unplaced_models() -> list[str]:
    """The project's models neither in a backup section (or its history) nor left out."""
    placed = set(LEFT_OUT)
    for section in SECTIONS:
        placed |= {section.model, section.history_model} - {None}
    return sorted(m._meta.label for m in project_models() - placed)


def _ranks() -> dict:
    """Model -> id -> its rank among the ids the database holds of it (rows and history)."""
    ranks = {}
    for model in project_models():
        ids = set(model._default_manager.values_list("pk", flat=True))
        history = getattr(model, "history", None)
        if history is not None and model._meta.pk.name != "history_id":
            ids |= set(model.history.model.objects.values_list("id", flat=True))
        ranks[model] = {pk: rank for rank, pk in enumerate(sorted(ids))}
    return ranks


def every_row(models=None) -> dict[str, list[dict]]:
    """Every row of ``models`` (default: the project's, but those a backup leaves out),
    in id order, each column by name: a user as its username, every id (its own and
    each reference) as its rank among the ids of its model. Equal before an export and
    after the import into an empty database, when nothing was lost or changed."""
    ranks = _ranks()
    users = dict(get_user_model().objects.values_list("pk", "username"))
    models = models if models is not None else project_models() - set(LEFT_OUT)
    found = {}
    for model in sorted(models, key=lambda m: m._meta.label):
        fields = list(model._meta.concrete_fields)
        rows = []
        for values in model._default_manager.order_by("pk").values(*[f.attname for f in fields]):
            row = {}
            for f in fields:
                value = values[f.attname]
                if f.primary_key:
                    value = ranks[model][value]
                elif f.name == "id" and hasattr(model, "instance_type"):  # a history record's
                    value = ranks[model.instance_type].get(value, "outside")
                elif is_user(f):  # a deleted user is nobody, as the backup names them
                    value = users.get(value) if value is not None else None
                elif f.is_relation and value is not None:
                    value = ranks[f.related_model].get(value, "outside")
                row[f.name] = value
            rows.append(row)
        found[model._meta.label] = rows
    return found
