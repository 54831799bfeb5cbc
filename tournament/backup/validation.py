"""Checking a backup's rows before anything is written: every problem, with its place.

Why: the import writes rows with ``bulk_create``, past the forms and
services that keep bad values out of the database, and a value they would
have refused breaks pages for everyone (a slug ``../../etc`` makes ``/`` and
``/manage/`` answer 500; a sheet ``result`` that is a string breaks the
standings). So the whole file is checked first, as the services check what
they write, and refused whole with every problem listed, each as
``place: what is wrong``, the place as a path into the file
(``event.slug``, ``sheets[3].result``, ``history.seats[7].wind``).

Checked here, for every row of every section and of the history:

- a JSON object holding only its model's fields, with every field that has
  neither a default nor a blank value;
- each value of its column's type: a whole number (within the column's
  range, not negative where the column is not), ``true``/``false``, text
  within the column's length and, where the column has choices, one of them;
  a date, time or UUID as text Django reads; a username for a user;
- JSON columns in the shape the pages read (``JSON_SHAPES``);
- ids: whole numbers, each once per section; a reference names a row of
  the file (a history record's may name one that no longer exists);
- the unique constraints of the models (without a condition) across rows;
The event's rules and every scoresheet version are checked afterwards, by
``replaying``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import models

from scoring.core.numbers import is_int
from scoring.core.seats import SEATS
from tournament.backup.schema import (
    HISTORY_SECTIONS,
    SECTIONS,
    BackupError,
    Section,
    is_user,
)

LARGEST = 2**63 - 1  # a 64-bit column: SQLite and PostgreSQL store no larger whole number
USERNAME_LENGTH = 150  # django.contrib.auth's username column
SHOWN = 20  # characters of a bad value quoted in a message
# Columns ``numbers`` holds to a bound of the services, narrower than the column's own
# range: the bound is the refusal, in the page's and the API's words. (PostgreSQL's
# 32-bit columns add a range validator that would otherwise answer first, in other words.)
HELD_TO_BOUNDS = frozenset(
    {
        ("penalties", "points"),
        ("sheets", "leftover_sticks"),
        ("round_clocks", "duration_seconds"),
        ("round_clocks", "paused_seconds"),
        ("round_clocks", "extra_seconds"),
        ("clock_events", "seconds"),
    }
)


class BackupRefused(BackupError):
    """The file holds values the site cannot use; ``problems`` are (place, what is wrong)."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = list(problems)
        count = f"{len(problems)} problem" + ("s" if len(problems) != 1 else "")
        lines = "".join(f"\n  {where}: {what}" for where, what in problems)
        super().__init__(f"the backup was refused and nothing was imported ({count}):{lines}")


@dataclass
class Problems:
    """What is wrong with the file so far, and which rows are affected (by path)."""

    items: list[tuple[str, str]] = field(default_factory=list)
    bad_rows: set[str] = field(default_factory=set)

    def add(self, where: str, what: str, row: str | None = None) -> None:
        self.items.append((where, what))
        self.bad_rows.add(row or where)


def _object(value) -> bool:
    return isinstance(value, dict)


def _object_or_null(value) -> bool:
    return value is None or isinstance(value, dict)


def _scalars(value) -> bool:
    return isinstance(value, dict) and all(
        isinstance(v, str | int | float | bool) or v is None for v in value.values()
    )


def _scores(value) -> bool:
    return value is None or (
        isinstance(value, dict) and all(k in SEATS and is_int(v) for k, v in value.items())
    )


# (section, JSON column) -> (the shape it must have, said for a person; its test).
JSON_SHAPES = {
    ("event", "ruleset_overrides"): ("an object of setting: value", _object),
    ("event", "ruleset_config"): ("an object or null", _object_or_null),
    ("sheets", "result"): ("an object (the replay's result)", _object),
    ("sheets", "final_scores"): ("null or an object of seat (E, S, W, N): score", _scores),
    ("sheets", "reason_params"): ("an object of name: text or number", _scalars),
    ("hands", "entry"): ("an object (the hand as entered)", _object),
    ("hands", "score"): ("an object or null", _object_or_null),
    ("hands", "deltas"): ("an object", _object),
    ("hands", "totals"): ("an object", _object),
    ("print_jobs", "params"): ("an object of option: value", _object),
}


def rows_of(document: dict, key: str) -> list:
    return [document["event"]] if key == "event" else document[key]


def place(key: str, index: int, history: bool = False) -> str:
    """A row's path in the file: ``event``, ``sheets[3]``, ``history.sheets[0]``."""
    where = key if key == "event" and not history else f"{key}[{index}]"
    return f"history.{where}" if history else where


def check_rows(document: dict, problems: Problems) -> None:
    """Every row of every section and of the history: fields, types, ids, references."""
    usernames = _check_users(document["users"], problems)
    live = {s.model: _live_ids(document, s, problems) for s in SECTIONS}
    for section in SECTIONS:
        for i, row in enumerate(rows_of(document, section.key)):
            _check_row(section, section.model, row, place(section.key, i), live, usernames,
                       problems, strict=True)  # fmt: skip
        _check_unique(section, rows_of(document, section.key), problems)
    for section in HISTORY_SECTIONS:
        for i, record in enumerate(document["history"].get(section.key, [])):
            _check_row(section, section.history_model, record, place(section.key, i, True), live,
                       usernames, problems, strict=False)  # fmt: skip


def _check_users(rows: list, problems: Problems) -> set[str]:
    found = set()
    for i, row in enumerate(rows):
        where = f"users[{i}]"
        username = row.get("username") if isinstance(row, dict) else None
        if not isinstance(row, dict):
            problems.add(where, "is not a JSON object")
        elif not isinstance(username, str) or not username.strip():
            problems.add(f"{where}.username", "a user needs a username (text)")
        elif len(username) > USERNAME_LENGTH:
            problems.add(f"{where}.username", f"is longer than {USERNAME_LENGTH} characters")
        elif username in found:
            problems.add(f"{where}.username", f"{username!r} is listed twice")
        else:
            found.add(username)
            for name in ("first_name", "last_name", "email"):
                if not isinstance(row.get(name, ""), str | None):
                    problems.add(f"{where}.{name}", "is not text")
    return found


def _live_ids(document: dict, section: Section, problems: Problems) -> set[int]:
    seen: dict[int, str] = {}
    for i, row in enumerate(rows_of(document, section.key)):
        where = place(section.key, i)
        value = row.get("id") if isinstance(row, dict) else None
        if not is_int(value):
            continue  # the row's own check says so
        if value in seen:
            problems.add(f"{where}.id", f"{value} is also the id of {seen[value]}", where)
        seen.setdefault(value, where)
    return set(seen)


def _required(f: models.Field) -> bool:
    if f.name == "id":
        return True
    stamped = getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    return not (f.null or f.blank or f.has_default() or stamped)


def _fields(section: Section, model) -> list[models.Field]:
    """The columns a row of ``model`` (the section's, or its history's) has in the file."""
    return section.fields if model is section.model else section.history_fields


def _check_row(section, model, row, where, live, usernames, problems, *, strict) -> None:
    if not isinstance(row, dict):
        problems.add(where, "is not a JSON object")
        return
    fields = {f.name: f for f in _fields(section, model)}
    unknown = sorted(set(row) - set(fields))
    if unknown:
        problems.add(where, f"{model._meta.label} has no field(s) {', '.join(unknown)}")
    for name, f in fields.items():
        if name not in row:
            if _required(f):
                problems.add(f"{where}.{name}", "is missing", where)
            continue
        problem = _value_problem(section, f, row[name], live, usernames, strict)
        if problem:
            problems.add(f"{where}.{name}", problem, where)


def _value_problem(section, f, value, live, usernames, strict) -> str | None:
    """What is wrong with ``value`` in column ``f`` of a row of ``section``, or None."""
    if value is None:
        return None if f.null else "must not be null"
    if is_user(f):
        if not isinstance(value, str):
            return "must be a username (text) or null"
        return None if value in usernames else f"user {value!r} is not in the file's users"
    if f.is_relation:
        if not is_int(value):
            return "must be the id (a whole number) of a row of the file"
        if strict and value not in live.get(f.related_model, ()):
            return (
                f"{f.model._meta.label}.{f.name} refers to {f.related_model._meta.label} "
                f"{value!r}, which the file does not contain"
            )
        return None
    if isinstance(f, models.JSONField):
        shape = JSON_SHAPES.get((section.key, f.name))
        return None if shape is None or shape[1](value) else f"must be {shape[0]}"
    return _column_problem(f, value, bounded=(section.key, f.name) in HELD_TO_BOUNDS)


def _column_problem(f: models.Field, value, *, bounded: bool = False) -> str | None:
    if isinstance(f, models.BooleanField):
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(f, models.IntegerField | models.AutoField):
        if not is_int(value) or abs(value) > LARGEST:
            return "must be a whole number"
        if "Positive" in f.get_internal_type() and value < 0:
            return "must not be negative"
    elif isinstance(f, models.CharField | models.TextField):
        if not isinstance(value, str):
            return "must be text"
        choices = [str(choice) for choice, _label in f.flatchoices]
        if choices and value not in choices and not (value == "" and f.blank):
            return f"{_shown(value)} is not one of {', '.join(choices)}"
    elif not isinstance(value, str):
        return "must be text (" + f.get_internal_type().removesuffix("Field").lower() + ")"
    if bounded:
        return None  # a whole number, held to its bound by ``numbers``
    try:
        f.run_validators(f.to_python(value))
    except ValidationError as error:
        return " ".join(str(m) for m in error.messages)
    return None


def _shown(value: str) -> str:
    return repr(value if len(value) <= SHOWN else value[:SHOWN] + "…")


def _check_unique(section: Section, rows: list, problems: Problems) -> None:
    """The model's unique constraints without a condition, across the section's rows."""
    model = section.model
    groups = [
        tuple(c.fields)
        for c in model._meta.constraints
        if isinstance(c, models.UniqueConstraint) and c.fields and c.condition is None
    ]
    groups += [(f.name,) for f in section.fields if f.unique and not f.primary_key]
    for names in groups:
        seen: dict[tuple, str] = {}
        for i, row in enumerate(rows):
            where = place(section.key, i)
            if not isinstance(row, dict) or where in problems.bad_rows:
                continue
            key = tuple(row.get(n) for n in names)
            if None in key:
                continue
            if key in seen:
                problems.add(where, f"has the same {', '.join(names)} as {seen[key]}")
            seen.setdefault(key, where)
