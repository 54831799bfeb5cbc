"""The backup file's shape, and how one database row becomes one JSON object and back.

A backup is a JSON object::

    {"format": "mahjong-event-backup", "version": 5, "exported_at": "<ISO time>",
     "users": [{"username", "first_name", "last_name", "email"}, …],
     "event": {…}, "players": […], "registrations": […], "staff_roles": […],
     "stages": […], "stage_entrants": […],
     "rounds": […], "tables": […], "seats": […], "sheets": […],
     "hands": […], "rulings": […], "penalties": […],
     "round_clocks": […], "clock_events": […], "judge_calls": […],
     "table_pins": […], "hand_checks": […], "player_actions": […], "print_jobs": […],
     "history": {"event": […], "players": […], …, "sheets": […]}}

Each row holds every concrete field of its model under the field's name
(except a column a section keeps out of the file, ``Section.not_in_file``).
``id`` is a key *inside the file* only: a reference to another row
(``"event": 3``, ``"parent": 17``) uses it, and the import gives every row a
new id in the target database, keeping their order. Users are named by
``username``. Times are ISO 8601 with microseconds and offset, exactly as
stored; JSON fields are nested as they are; a file column holds the file's
name (``print/<slug>/<uuid>.pdf``), never its content.

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
older file has none, and reads as an event without stages or teams. Version
4 (issue #32) moves the name as entered, the club and the country from the
players to the registrations (a player keeps the EMA id and the Latin
names); an older file's players give theirs to their registrations, each
history record of a registration the values its player had then. Version 5
(issue #32, M6) adds the hall: the round clocks and their log
(``round_clocks``, ``clock_events``), the judge calls, the player-entry state
(``table_pins``: generation, entering phone and seat, when the PIN locks were
lifted; ``hand_checks``: each hand's acceptance or dispute; ``player_actions``:
the table's log) and the print jobs' records (``print_jobs``). None of them
keeps a history: a clock's events, a table's actions and a call's own row are
their log. An older file has none of them, and reads as before (an event
without player-entry data, calls, clock or print jobs). A file is always
written in the newest.

What a restore does not take from the file as it stands (``renewal``):

- **the table PIN** is not in the file at all. The PIN is a 6-digit number
  printed on the scoresheet; a hash of it would be found by trying the
  million numbers in a moment, so it would protect nothing, and a file that
  travels (a USB stick, an e-mail) would let its reader enter results. So a
  restored table gets a new PIN and its generation one on: every phone opens
  the table again with the new PIN (the director prints the scoresheets or
  reads the PIN on the round page again), while the entering phone and seat,
  the acceptances, the disputes and the log survive. ``import_event`` says
  how many tables got a new PIN;
- **a print job's PDF** is not in the file, only the job's record (document,
  options, status, progress, times, who asked). A job that was done keeps
  its PDF when the file it names is still in this site's media folder (a
  restore on the same machine); otherwise, and for a job still waiting or
  being made when the backup was taken, it is restored as failed with the
  message to print it again, so the print page never offers a download that
  is not there;
- **one-time keys** (a scoresheet version's ``entry_key``, a print job's
  ``uuid``) that this database already holds (a copy restored beside its
  original) get new ones: a key names one row in one database.

Not included (``LEFT_OUT``, each with its reason): standings snapshots,
wrong-PIN attempts, API tokens, login-failure counters and the seating
planned ahead (the kept plan: the next round seated plans again). Passwords are never
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

from tournament.accounts.models import LoginFailures
from tournament.api.models import ApiToken
from tournament.events.models import Event, Player, Registration, StaffRole
from tournament.hall.models import ClockEvent, JudgeCall, RoundClock
from tournament.playerentry.models import HandCheck, PinAttempt, PlayerAction, TablePin
from tournament.printing.models import PrintJob
from tournament.results.models import (
    GameLogUse,
    HandRecord,
    OnlineName,
    Penalty,
    Ruling,
    ScoreSheet,
)
from tournament.seating.models import KeptPlan, Round, Seat, Table
from tournament.stages.models import Stage, StageEntrant
from tournament.standings.models import StandingSnapshot

FORMAT = "mahjong-event-backup"
VERSION = 6  # the version written
READS = (1, 2, 3, 4, 5, 6)  # the versions the import reads (older ones through ``upgrade``)

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
    # Columns never written to the file; the import gives them anew (``renewal``).
    not_in_file: tuple[str, ...] = ()

    @property
    def history_model(self) -> type[models.Model] | None:
        try:
            return get_history_model_for_model(self.model)
        except NotHistoricalModelError:
            return None

    @property
    def fields(self) -> list[models.Field]:
        """The columns a row of the section carries in the file."""
        return [f for f in fields_of(self.model) if f.name not in self.not_in_file]

    @property
    def history_fields(self) -> list[models.Field]:
        """The columns a history record of the section carries in the file."""
        return [f for f in fields_of(self.history_model) if f.name not in self.not_in_file]


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
    Section("round_clocks", RoundClock, since=5),
    Section("clock_events", ClockEvent, since=5),
    Section("judge_calls", JudgeCall, since=5),
    Section("table_pins", TablePin, since=5, not_in_file=("pin",)),  # a new PIN: see above
    Section("hand_checks", HandCheck, since=5),
    Section("player_actions", PlayerAction, since=5),
    Section("print_jobs", PrintJob, since=5),
    # Online tables (issue #36): the games filed on tables, the names matched to players.
    Section("online_names", OnlineName, since=6),
    Section("game_logs", GameLogUse, since=6),
)
HISTORY_SECTIONS = tuple(s for s in SECTIONS if s.history_model is not None)

# The project's models a backup leaves out, each with the reason. Every model of the
# project is in a section (with its history model) or here: the round-trip test
# (tests/tournament/backup/test_every_model.py) fails for a model that is in neither.
LEFT_OUT = {
    PinAttempt: "a rate-limit counter of wrong PINs (hashed addresses), not a record; "
    "the restored tables get new PINs, so old guesses count for nothing",
    ApiToken: "a user's credential, not the event's: a restored site makes new tokens",
    LoginFailures: "a login rate-limit counter of a username and address, not the event's",
    StandingSnapshot: "a cache of the standings, computed again on the first page view",
    # Registration ids inside JSON, which the import numbers anew; the next round seated
    # after a restore plans again from the rounds restored (tournament.rounds.kept_plan).
    KeptPlan: "the seating planned ahead, made again when the next round is seated",
    KeptPlan.history.model: "the versions of the seating planned ahead (left out with it)",
}


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
    if isinstance(field, models.FileField):
        return value.name or ""  # the file's name in storage, never its content
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
