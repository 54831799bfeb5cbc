"""Restoring a backup document into the database, all or nothing.

The whole file is checked before anything is written (``validate``: every
row's fields and types in ``validation``, every number within the bounds the
services hold it to in ``numbers``, the event's rules and a replay of every
scoresheet version in ``replaying``), and a file with any problem is
refused with all of them listed. Then the restore is one transaction: a
refusal or a damaged row leaves the database as it was. An event whose
short name (slug) already exists is refused rather than replaced, since
replacing would destroy the live event's sheets and audit (:class:`EventExists`,
also when another import of the same file commits it meanwhile); the
director imports it under another short name (``slug``), or renames or
deletes the existing one first, knowingly.

Rows are written with ``bulk_create``, which sends no signals, so the
restore itself adds no history records: the history is exactly the file's.
Players are always created anew (a person in the target database with the
same name may be someone else, and the file's history describes these rows);
users are matched by username and created without a usable password when
missing. ``auto_now`` times are written again after the insert, because
Django stamps them with the current time on the way in. What the file does
not hold is given anew (``renewal``): the tables' PINs, and a print job
whose PDF is not here is restored as one to print again.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, models, transaction
from django.utils.translation import gettext as _

from scoring.core.numbers import is_int
from tournament.backup.ids import reserve_ids
from tournament.backup.names import check_names, names_in_nfc
from tournament.backup.numbers import check_numbers
from tournament.backup.reading import check_document, read_backup
from tournament.backup.renewal import renew
from tournament.backup.replaying import check_event, replay_sheets
from tournament.backup.schema import (
    HISTORY_SECTIONS,
    SECTIONS,
    USER_FIELDS,
    BackupError,
    Section,
    decode_value,
    fields_of,
    is_user,
)
from tournament.backup.upgrade import upgrade
from tournament.backup.validation import BackupRefused, Problems, check_rows
from tournament.events.models import Event
from tournament.page_cache import changed

__all__ = [
    "EventExists",
    "import_backup",
    "read_backup",
    "validate",
]  # read_backup: as before, from here

BATCH = 500
HISTORY_TYPES = {"+", "~", "-"}


# --- restoring --------------------------------------------------------------------


class EventExists(BackupError):
    """The target already holds an event with the file's short name; nothing was imported."""

    def __init__(self, slug: str):
        self.slug = slug
        super().__init__(
            _(
                "An event with the short name “%(slug)s” already exists. Nothing was imported. "
                "Import the backup under another short name (import_event FILE --slug NEW), "
                "or rename or delete that event first."
            )
            % {"slug": slug}
        )


def import_backup(document: dict, *, slug: str | None = None) -> Event:
    """Restore ``document`` (see ``schema``); returns the new event.

    ``slug``: restore the event under this short name instead of the file's (a
    copy beside the original); the history records keep the name they recorded.
    Nothing is written before the whole file is checked (``validate``); a
    refusal lists every problem (:class:`BackupRefused`).
    """
    check_document(document)
    if slug is not None:
        document = {**document, "event": {**document["event"], "slug": slug}}
    try:
        document = upgrade(document)
        replayed = validate(document)
        document = names_in_nfc(document)  # as the services store names (backup.names)
        with transaction.atomic():
            event = _restore(document, replayed)
            # bulk_create sends no signals: public pages kept in memory must go by hand.
            changed()
            return event
    except BackupError:
        raise
    except (KeyError, TypeError, ValueError, ValidationError, DatabaseError) as error:
        raise BackupError(
            f"the backup is damaged and was not restored: {_describe(error)}"
        ) from error


def validate(document: dict) -> dict[str, dict]:
    """Every row checked, the event's rules read and every sheet version replayed.

    Returns what the replay gives each version and hand (section -> file id ->
    values), which the restore writes instead of the file's; raises
    :class:`BackupRefused` with every problem found. Reads nothing but the
    document and the code (the database is asked only while restoring).
    """
    problems = Problems()
    check_rows(document, problems)
    event = check_event(document, problems)
    check_numbers(document, event, problems)  # the bounds the services hold numbers to
    check_names(document, problems)  # the name rule: no invisible characters (backup.names)
    replayed = replay_sheets(document, event, problems) if event is not None else {}
    if problems.items:
        raise BackupRefused(problems.items)
    return replayed


def _describe(error: Exception) -> str:
    if isinstance(error, KeyError):
        return f"a row has no {error.args[0]!r}"
    if isinstance(error, ValidationError):
        return "; ".join(error.messages)
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _rows(document: dict, section: Section) -> list[dict]:
    return [document["event"]] if section.key == "event" else document[section.key]


def _restore(document: dict, replayed: dict[str, dict]) -> Event:
    slug = document["event"]["slug"]
    if Event.objects.filter(slug=slug).exists():
        raise EventExists(slug)
    history = document["history"]
    ids = {s.model: _new_ids(s, _rows(document, s), history.get(s.key, [])) for s in SECTIONS}
    event, *rest = SECTIONS
    _insert_event(event, document, ids)  # first: a second import of the same file stops here
    users = _users(document["users"])
    for section in rest:
        # A version's result and a hand's reading are the replay's, never the file's.
        again = replayed.get(section.key, {})
        rows = [{**row, **again.get(row["id"], {})} for row in _rows(document, section)]
        _insert(section, rows, ids, users)
    for section in HISTORY_SECTIONS:
        _insert_history(section, history.get(section.key, []), ids, users)
    return Event.objects.get(pk=ids[Event][document["event"]["id"]])


def _insert_event(section: Section, document: dict, ids: dict) -> None:
    """The event's row, in a savepoint: the same short name written meanwhile is refused.

    Two imports of one file at once (PostgreSQL): both find no event with its
    short name, and the second one's insert waits for the first to commit, then
    breaks the unique short name. That is the event existing, not a damaged file.
    """
    slug = document["event"]["slug"]
    try:
        with transaction.atomic():
            _insert(section, [document["event"]], ids, {})
    except IntegrityError:
        if Event.objects.filter(slug=slug).exists():
            raise EventExists(slug) from None
        raise


def _users(rows: list[dict]) -> dict[str, int]:
    """Username -> user id in this database, creating the missing users (no usable password)."""
    User = get_user_model()
    found = {}
    for row in rows:
        username = row["username"]
        if not isinstance(username, str) or not username:
            raise BackupError(f"the backup is damaged: a user without a username ({row!r})")
        user = User.objects.filter(username=username).first()
        if user is None:
            details = {f: row.get(f) or "" for f in USER_FIELDS if f != "username"}
            user = User.objects.create_user(username, password=None, **details)
        found[username] = user.pk
    return found


def _new_ids(section: Section, rows: list[dict], history: list[dict]) -> dict[int, int]:
    """File id -> new id for every object the section names, alive or only in history."""
    live = [row["id"] for row in rows]
    if len(set(live)) != len(live):
        raise BackupError(f"the backup is damaged: {section.key} has the same id twice")
    old = sorted({*live, *(record["id"] for record in history)})
    if not all(is_int(i) for i in old):
        raise BackupError(f"the backup is damaged: {section.key} has an id that is not a number")
    return dict(zip(old, reserve_ids(section.model, len(old)), strict=True))


def _decode(model, fields, row: dict, own: dict, ids: dict, users: dict, *, strict: bool) -> dict:
    """Model keyword arguments from a file row, with every id and username translated."""
    fields = {f.name: f for f in fields}
    unknown = sorted(set(row) - set(fields))
    if unknown:
        raise BackupError(
            f"the backup is damaged: {model._meta.label} has no field(s) {', '.join(unknown)}"
        )
    values = {}
    for name, value in row.items():
        field = fields[name]
        if name == "id":
            values["id"] = own[value]
        elif is_user(field):
            values[field.attname] = _user(users, value)
        elif field.is_relation:
            values[field.attname] = _reference(ids, field, value, strict)
        else:
            values[field.attname] = decode_value(field, value)
    return values


def _user(users: dict, username):
    if username is None:
        return None
    if username not in users:
        raise BackupError(f"the backup is damaged: user {username!r} is not in its users")
    return users[username]


def _reference(ids: dict, field: models.Field, value, strict: bool):
    if value is None:
        return None
    known = ids.get(field.related_model, {})
    if value in known:
        return known[value]
    if strict:
        raise BackupError(
            f"the backup is damaged: {field.model._meta.label}.{field.name} refers to "
            f"{field.related_model._meta.label} {value!r}, which it does not contain"
        )
    # A history record may name an object the event never held (edited elsewhere): nobody.
    return None


def _insert(section: Section, rows: list[dict], ids: dict, users: dict) -> None:
    model, own, fields = section.model, ids[section.model], section.fields
    decoded = [_decode(model, fields, row, own, ids, users, strict=True) for row in rows]
    objects = [model(**values) for values in decoded]
    renew(model, objects)  # what the file does not hold: a new PIN, a PDF to print again
    model._default_manager.bulk_create(objects, batch_size=BATCH)
    stamped = [
        f
        for f in fields_of(model)
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    if not stamped or not objects:
        return
    for obj, values in zip(objects, decoded, strict=True):
        for field in stamped:
            if field.attname in values:
                setattr(obj, field.attname, values[field.attname])
    model._default_manager.bulk_update(objects, [f.name for f in stamped], batch_size=BATCH)


def _insert_history(section: Section, records: list[dict], ids: dict, users: dict) -> None:
    model, own = section.history_model, ids[section.model]
    objects = []
    for record in records:
        if record.get("history_type") not in HISTORY_TYPES:
            raise BackupError(
                f"the backup is damaged: a {section.key} history record has history_type "
                f"{record.get('history_type')!r}"
            )
        values = _decode(model, section.history_fields, record, own, ids, users, strict=False)
        objects.append(model(**values))
    # In file order, so the new history ids keep the records' order.
    model._default_manager.bulk_create(objects, batch_size=BATCH)
