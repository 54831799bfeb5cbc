"""A backup of an older format version, brought up to the newest before it is restored.

Version 1 stored reasons as English sentences: a sheet version's ``reason``
("hand 3 entered") and every history record's ``history_change_reason``
("dropped: went home"). They become codes with parameters, as the data
migration ``results/0003_reasons_from_english`` converted the database, with
the same reader (``tournament.results.legacy_reasons``); a judge's own words
stay as typed. A started event froze only its hand config then; its complete
rules are frozen now, as the data migration ``events/0004`` did for the
database. Versions 1 and 2 knew no stages: they gain empty ``stages`` and
``stage_entrants`` (an event without stages; the team fields take their
defaults, no team). The caller's document is left as it was.
"""

from __future__ import annotations

import copy

from tournament.backup.schema import HISTORY_SECTIONS, VERSION
from tournament.events.rules import freeze_old_config
from tournament.results.legacy_reasons import history_reason, sheet_reason


def upgrade(document: dict) -> dict:
    """``document`` in the newest format version (a copy when it changes)."""
    if document.get("version") == VERSION:
        return document
    document = copy.deepcopy(document)
    if document["version"] == 1:
        _reasons_as_codes(document)
        _complete_frozen_rules(document)
    if document["version"] < 3:
        for key in ("stages", "stage_entrants"):
            document.setdefault(key, [])
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
