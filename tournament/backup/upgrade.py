"""A backup of an older format version, brought up to the newest before it is restored.

Version 1 stored reasons as English sentences: a sheet version's ``reason``
("hand 3 entered") and every history record's ``history_change_reason``
("dropped: went home"). They become codes with parameters, as the data
migration ``results/0003_reasons_from_english`` converted the database, with
the same reader (``tournament.results.legacy.reasons``); a judge's own words
stay as typed. A started event froze only its hand config then; its complete
rules are frozen now, as the data migration ``events/0004`` did for the
database. Versions 1 and 2 knew no stages: they gain empty ``stages`` and
``stage_entrants`` (an event without stages; the team fields take their
defaults, no team). Versions 1 to 3 kept the name, club and country on the
player: each registration takes its player's, each history record of a
registration the values of its player's history record in force then (the
player's own values when none is that old), as the data migration
``events/0009_registration_name_club_country`` did for the database; the
players keep the EMA id and the Latin names. Versions 1 to 4 knew nothing of
the hall: they gain empty ``round_clocks``, ``clock_events``, ``judge_calls``,
``table_pins``, ``hand_checks``, ``player_actions`` and ``print_jobs`` (an
event restored as before, without player-entry data). Versions 1 to 5 knew
no online tables: they gain empty ``online_names`` and ``game_logs``. The
caller's document is left as it was.
"""

from __future__ import annotations

import bisect
import copy
import datetime

from tournament.backup.schema import HISTORY_SECTIONS, SECTIONS, VERSION
from tournament.events.rules import freeze_old_config
from tournament.results.legacy.reasons import history_reason, sheet_reason


def upgrade(document: dict) -> dict:
    """``document`` in the newest format version (a copy when it changes)."""
    if document.get("version") == VERSION:
        return document
    document = copy.deepcopy(document)
    if document["version"] == 1:
        _reasons_as_codes(document)
        _complete_frozen_rules(document)
    for section in SECTIONS:
        if document["version"] < section.since:
            # Stages (version 3), the hall (version 5): an older file has none.
            document.setdefault(section.key, [])
    if document["version"] < 4:
        _names_on_registrations(document)
    document["version"] = VERSION
    return document


def _complete_frozen_rules(document: dict) -> None:
    """A started event of version 1 froze only its hand config: freeze its complete rules."""
    event = document.get("event")
    if not isinstance(event, dict):
        return
    config = event.get("ruleset_config")
    if not isinstance(config, dict) or "rules" in config:
        return
    frozen = freeze_old_config(
        event.get("ruleset"), event.get("ruleset_overrides"), event.get("hands_per_session")
    )
    if frozen is not None:
        event["ruleset_config"] = frozen


def _reasons_as_codes(document: dict) -> None:
    history = document["history"]
    for row in [*document["sheets"], *history.get("sheets", [])]:
        if isinstance(row, dict) and "reason_code" not in row:
            code, params, words = sheet_reason(row.get("reason"))
            row.update(reason_code=code, reason_params=params, reason=words)
    for section in HISTORY_SECTIONS:
        for record in history.get(section.key, []):
            if not isinstance(record, dict) or not isinstance(
                record.get("history_change_reason"), str
            ):
                continue
            created = section.key == "sheets" and record.get("history_type") == "+"
            record["history_change_reason"] = history_reason(
                record["history_change_reason"],
                sheet_version=record.get("version") if created else None,
            )


# What a registration holds since version 4, and its player held before.
MOVED = ("name", "club", "country")


def _names_on_registrations(document: dict) -> None:
    """Version 3 and older: the player's name, club and country go to their registrations."""
    history = document["history"]
    current = {}
    for row in document["players"]:
        if isinstance(row, dict):
            current[row.get("id")] = {key: row.pop(key) for key in MOVED if key in row}
    past = _values_over_time(history.get("players", []))
    for row in document["registrations"]:
        if isinstance(row, dict) and row.get("player") in current:
            row.update({k: v for k, v in current[row["player"]].items() if k not in row})
    for record in history.get("registrations", []):
        if not isinstance(record, dict):
            continue
        values = _at(past.get(record.get("player")), record.get("history_date"))
        values = current.get(record.get("player"), {}) if values is None else values
        record.update({k: v for k, v in values.items() if k not in record})


def _when(text) -> datetime.datetime | None:
    try:
        when = datetime.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None  # the validation names a bad time; it moves nothing here
    # Times are stored with their offset; one without is read as UTC, to compare at all.
    return when if when.tzinfo else when.replace(tzinfo=datetime.UTC)


def _values_over_time(records: list) -> dict:
    """player id -> (times, the moved values from each) of the players' history, in order."""
    found: dict = {}
    for record in records:
        if not isinstance(record, dict):
            continue
        values = {key: record.pop(key) for key in MOVED if key in record}
        when = _when(record.get("history_date"))
        if when is None:
            continue
        times, states = found.setdefault(record.get("id"), ([], []))
        at = bisect.bisect_right(times, when)
        times.insert(at, when)
        states.insert(at, values)
    return found


def _at(history: tuple | None, text) -> dict | None:
    """The values in force at ``text`` (a history time), or None when none is that old."""
    when = _when(text)
    if history is None or when is None:
        return None
    times, states = history
    at = bisect.bisect_right(times, when) - 1
    return states[at] if at >= 0 else None
