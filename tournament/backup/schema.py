"""The backup file's shape, and how one database row becomes one JSON object and back.

A backup is a JSON object::

    {"format": "mahjong-event-backup", "version": 2, "exported_at": "<ISO time>",
     "users": [{"username", "first_name", "last_name", "email"}, …],
     "event": {…}, "players": […], "registrations": […], "staff_roles": […],
     "stages": […], "stage_entrants": […],
     "rounds": […], "tables": […], "seats": […], "sheets": […],
     "hands": […], "rulings": […], "penalties": […],
     "history": {"event": […], "players": […], …, "sheets": […]}}

Each row holds every concrete field of its model under the field's name.
``id`` is a key *inside the file* only: a reference to another row
(``"event": 3``, ``"parent": 17``) uses it, and the import gives every row a
new id in the target database, keeping their order. Users are named by
``username``. Times are ISO 8601 with microseconds and offset, exactly as
stored; JSON fields are nested as they are.

``history`` holds the django-simple-history records of every section whose
model keeps one (the hands, rulings and penalties of a sheet version never
change, so they keep none), oldest first, each with ``history_date``,
``history_type`` (``+``, ``~``, ``-``), ``history_change_reason`` and
``history_user`` (a username). A record may describe an object that no
longer exists (a seat swapped away): it keeps its own file id.

Versions: 2 stores reasons as codes (a sheet version's ``reason_code`` and
``reason_params``, ``reason`` holding only a judge's own words; history
reasons as ``tournament/events/change_reasons.py`` codes). Version 1 stored
English sentences; the import still reads it and converts its reasons
(``tournament/backup/upgrade.py``). Version 3 adds the stages of an event
(issue #21: ``stages``, ``stage_entrants`` and their history) and the team
fields (``Registration.team``, ``Event.team_sum_all``/``team_best_n``); an
older file has none, and reads as an event without stages or teams. A file
is always written in the newest.

Not included: standings snapshots (a cache, recomputed on the first page
view) and print jobs (their PDFs can be printed again). Passwords are never
exported; users missing from the target are created without a usable one.
"""

from __future__ import annotations

import datetime
import decimal
import uuid
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import models
from simple_history.exceptions import NotHistoricalModelError
from simple_history.utils import get_history_model_for_model

from tournament.events.models import Event, Player, Registration, StaffRole
from tournament.results.models import HandRecord, Penalty, Ruling, ScoreSheet
from tournament.seating.models import Round, Seat, Table
from tournament.stages.models import Stage, StageEntrant

FORMAT = "mahjong-event-backup"
VERSION = 3  # the version written
READS = (1, 2, 3)  # the versions the import reads (older ones through ``upgrade``)

# What a user row says about a person (never a password or a permission).
USER_FIELDS = ("username", "first_name", "last_name", "email")
# The history record's own primary key: the import numbers records anew, in file order.
HISTORY_KEY = "history_id"


class BackupError(Exception):
    """The backup could not be written or restored; the message is for a person."""


class BackupFileError(BackupError):
    """The file is not a backup this program reads (unreadable, not JSON, other format)."""


@dataclass(frozen=True)
class Section:
    key: str  # the file's name for the rows of ``model``
    model: type[models.Model]
    since: int = 1  # the first format version that has the section (older files: none)

    @property
    def history_model(self) -> type[models.Model] | None:
        try:
            return get_history_model_for_model(self.model)
        except NotHistoricalModelError:
            return None


# In the order rows are restored: what a row refers to comes before it.
SECTIONS = (
    Section("event", Event),
    Section("players", Player),
    Section("registrations", Registration),
    Section("staff_roles", StaffRole),
    Section("stages", Stage, since=3),
    Section("stage_entrants", StageEntrant, since=3),
    Section("rounds", Round),
    Section("tables", Table),
    Section("seats", Seat),
    Section("sheets", ScoreSheet),
    Section("hands", HandRecord),
    Section("rulings", Ruling),
    Section("penalties", Penalty),
)
HISTORY_SECTIONS = tuple(s for s in SECTIONS if s.history_model is not None)


def fields_of(model: type[models.Model]) -> list[models.Field]:
    """The columns a row of ``model`` carries in the file."""
    return [f for f in model._meta.concrete_fields if f.name != HISTORY_KEY]


def is_user(field: models.Field) -> bool:
    return field.is_relation and field.related_model is get_user_model()


def encode_value(field: models.Field, value):
    """A column's value as JSON; times keep their microseconds (DjangoJSONEncoder drops them)."""
    if value is None or isinstance(field, models.JSONField):
        return value
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, uuid.UUID | decimal.Decimal):
        return str(value)
    return value


def decode_value(field: models.Field, value):
    """The inverse of :func:`encode_value`; a wrong type raises ``ValidationError``."""
    if value is None or isinstance(field, models.JSONField):
        return value
    return field.to_python(value)


class UserNames:
    """User id -> username while exporting, remembering every user the file names."""

    def __init__(self):
        self._names: dict[int, str | None] = {}

    def __call__(self, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        if user_id not in self._names:
            # A deleted user (history keeps the id, SET_NULL only on history_user) is nobody.
            user = get_user_model().objects.filter(pk=user_id).values("username").first()
            self._names[user_id] = user["username"] if user else None
        return self._names[user_id]

    def rows(self) -> list[dict]:
        ids = [pk for pk, name in self._names.items() if name is not None]
        users = get_user_model().objects.filter(pk__in=ids).order_by("username")
        return [{f: getattr(u, f) for f in USER_FIELDS} for u in users]


def encode_row(obj: models.Model, fields: list[models.Field], users: UserNames) -> dict:
    row = {}
    for field in fields:
        value = getattr(obj, field.attname)
        if is_user(field):
            row[field.name] = users(value)
        elif field.is_relation:
            row[field.name] = value
        else:
            row[field.name] = encode_value(field, value)
    return row
