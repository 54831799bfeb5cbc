"""Restoring a backup document into the database, all or nothing.

The whole restore is one transaction: a refusal or a damaged row leaves the
database as it was. An event whose short name (slug) already exists is
refused rather than replaced, since replacing would destroy the live event's
sheets and audit; the director renames or deletes it first, knowingly.

Rows are written with ``bulk_create``, which sends no signals, so the
restore itself adds no history records: the history is exactly the file's.
Players are always created anew (a person in the target database with the
same name may be someone else, and the file's history describes these rows);
users are matched by username and created without a usable password when
missing. ``auto_now`` times are written again after the insert, because
Django stamps them with the current time on the way in.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction

from tournament.backup.ids import reserve_ids
from tournament.backup.schema import (
    FORMAT,
    HISTORY_SECTIONS,
    READS,
    SECTIONS,
    USER_FIELDS,
    VERSION,
    BackupError,
    BackupFileError,
    Section,
    decode_value,
    fields_of,
    is_user,
)
from tournament.backup.upgrade import upgrade
from tournament.events.models import Event
from tournament.public.page_cache import changed
from tournament.results.legacy_values import add_values
from tournament.results.models import ScoreSheet

BATCH = 500
HISTORY_TYPES = {"+", "~", "-"}


# --- reading the file -------------------------------------------------------------


def read_backup(path: str | Path) -> dict:
    """The file's document, checked to be a backup this program reads."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise BackupFileError(f"cannot read {path}: {error.strerror}") from error
    except UnicodeDecodeError as error:
        raise BackupFileError(f"{path} is not a UTF-8 text file") from error
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise BackupFileError(
            f"{path} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from error
    check_document(document)
    return document


def check_document(document) -> None:
    """The header and the sections' types; the rows themselves are checked as they are restored."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupFileError(f'not an event backup (expected "format": "{FORMAT}")')
    version = document.get("version")
    if type(version) is not int or version not in READS:
        newer = type(version) is int and version > VERSION
        raise BackupFileError(
            f"backup format version {version!r} "
            + ("comes from a newer version of this program" if newer else "is unknown")
            + f"; this program reads versions {READS[0]} to {VERSION}"
        )
    expected = {"users": list, "history": dict} | {s.key: list for s in SECTIONS}
    expected["event"] = dict
    problems = [
        f"{key!r} is missing" if key not in document else f"{key!r} is not a JSON {kind.__name__}"
        for key, kind in expected.items()
        if not isinstance(document.get(key), kind)
    ]
    history = document.get("history")
    problems += [
        f"history {s.key!r} is not a list"
        for s in HISTORY_SECTIONS
        if isinstance(history, dict) and not isinstance(history.get(s.key, []), list)
    ]
    if problems:
        raise BackupFileError("incomplete backup: " + "; ".join(problems))


# --- restoring --------------------------------------------------------------------


def import_backup(document: dict) -> Event:
    """Restore ``document`` (see ``schema``); returns the new event."""
    check_document(document)
    try:
        document = upgrade(document)
        with transaction.atomic():
            event = _restore(document)
            # A file written before hand values were data: its rows get them, as the
            # database's did (results migration 0005; tournament/results/legacy_values.py).
            sheets = ScoreSheet.objects.filter(table__round__event=event)
            add_values(sheets.select_related("table__round__event"), ScoreSheet)
            # bulk_create sends no signals: public pages kept in memory must go by hand.
            changed()
            return event
    except BackupError:
        raise
    except (KeyError, TypeError, ValueError, ValidationError, DatabaseError) as error:
        raise BackupError(
            f"the backup is damaged and was not restored: {_describe(error)}"
        ) from error


def _describe(error: Exception) -> str:
    if isinstance(error, KeyError):
        return f"a row has no {error.args[0]!r}"
    if isinstance(error, ValidationError):
        return "; ".join(error.messages)
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _rows(document: dict, section: Section) -> list[dict]:
    return [document["event"]] if section.key == "event" else document[section.key]


def _restore(document: dict) -> Event:
    slug = document["event"]["slug"]
    if Event.objects.filter(slug=slug).exists():
        raise BackupError(
            f"an event with the short name {slug!r} already exists; nothing was imported "
            "(rename or delete it first)"
        )
    users = _users(document["users"])
    history = document["history"]
    ids = {s.model: _new_ids(s, _rows(document, s), history.get(s.key, [])) for s in SECTIONS}
    for section in SECTIONS:
        _insert(section, _rows(document, section), ids, users)
    for section in HISTORY_SECTIONS:
        _insert_history(section, history.get(section.key, []), ids, users)
    return Event.objects.get(pk=ids[Event][document["event"]["id"]])


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
    if not all(isinstance(i, int) and not isinstance(i, bool) for i in old):
        raise BackupError(f"the backup is damaged: {section.key} has an id that is not a number")
    return dict(zip(old, reserve_ids(section.model, len(old)), strict=True))


def _decode(model, row: dict, own: dict, ids: dict, users: dict, *, strict: bool) -> dict:
    """Model keyword arguments from a file row, with every id and username translated."""
    fields = {f.name: f for f in fields_of(model)}
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
    model, own = section.model, ids[section.model]
    decoded = [_decode(model, row, own, ids, users, strict=True) for row in rows]
    objects = [model(**values) for values in decoded]
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
        objects.append(model(**_decode(model, record, own, ids, users, strict=False)))
    # In file order, so the new history ids keep the records' order.
    model._default_manager.bulk_create(objects, batch_size=BATCH)
