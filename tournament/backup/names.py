"""A backup's names held to the name rule, as every other way in holds them (issue #32, L5).

Why: the import writes rows with ``bulk_create``, past the services that
apply the name rule (``tournament.events.plain_text``). So the live
registrations' names, clubs, teams and groups are checked here: a bidi
control or zero-width character (or any control character) is listed at its
place (``registrations[3].team``) and nothing is imported; and the names are
restored in NFC, as the services store them, so a team typed with a
combining accent ranks with the same team typed whole. History records keep
what they recorded: they are the audit, and no page ranks them.
"""

from __future__ import annotations

import copy

from tournament.backup.validation import Problems, place
from tournament.events.plain_text import clean_name, name_error

SECTION = "registrations"
FIELDS = ("name", "club", "team", "group")


def check_names(document: dict, problems: Problems) -> None:
    """Each live registration's name, club, team and group, by the name rule."""
    for i, row in enumerate(document.get(SECTION) or []):
        if not isinstance(row, dict):
            continue  # the row's own check says so
        for field in FIELDS:
            value = row.get(field)
            if not isinstance(value, str):
                continue
            message = name_error(field, value)
            if message is not None:
                where = place(SECTION, i)
                problems.add(f"{where}.{field}", message, where)


def names_in_nfc(document: dict) -> dict:
    """``document`` with the live registrations' names as the services store them (a copy)."""
    rows = document.get(SECTION) or []
    if all(
        not isinstance(row, dict)
        or all(clean_name(row[f]) == row[f] for f in FIELDS if isinstance(row.get(f), str))
        for row in rows
    ):
        return document
    document = copy.copy(document)
    document[SECTION] = [
        {k: clean_name(v) if k in FIELDS and isinstance(v, str) else v for k, v in row.items()}
        if isinstance(row, dict)
        else row
        for row in rows
    ]
    return document
