"""Hand values for replayed rows stored before values became data: each version replayed once.

Until values became codes and numbers (``scoring/sheets/values.py``), a
stored result's rows held only an English ``value_text`` ("3 han 40 fu").
Rather than reading that English back, the version is replayed: a result is
a pure function of the version's entries, its rulings' penalties and the
event's rules (frozen when the event started), so the replay gives the same
rows, now with their values. Each row takes its value only if the replayed
row agrees with the stored one (same label, outcome, winners and deltas) and
its English text is exactly the stored text; nothing else in the stored
result changes. A version today's engine refuses, or a row that disagrees,
keeps its old text, which the pages show unchanged
(:mod:`tournament.results.page.hand_values`).

Used by the data migration ``results/0005_hand_values`` (with the historical
models: this reads only fields that migration has) and by the backup import,
for files written before. History records are left as they were stored: they
are the audit trail, not a cache.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scoring.sheets import replay_rules
from tournament.events.rules import rules_of
from tournament.results.sheet.state import SheetState, ledger, penalties_of

BATCH = 500
AGREE = ("label", "outcome", "winners", "deltas")  # what a stored and a replayed row share


def needs_values(result: dict | None) -> bool:
    rows = (result or {}).get("rows") or []
    return any(isinstance(row, dict) and "value" not in row for row in rows)


def with_values(sheet, event) -> dict | None:
    """``sheet.result`` with its rows' values added, or None when there is nothing to add."""
    result = sheet.result or {}
    if not needs_values(result):
        return None
    state = SheetState(
        kind=sheet.kind,
        entries=[{"entry": h.entry} for h in sheet.hands.order_by("number")],
        rulings=_rulings(sheet),
        final_scores=sheet.final_scores,
        leftover_sticks=sheet.leftover_sticks,
    )
    try:
        rows = replay_rules(
            rules_of(event), [e["entry"] for e in state.entries], ledger(state), lang="en"
        ).rows
    except Exception:  # refused, or not replayable today: its rows keep their old text
        return None
    out, changed = [], False
    for i, stored in enumerate(result.get("rows") or []):
        again = rows[i] if i < len(rows) else None
        if isinstance(stored, dict) and "value" not in stored and _agrees(stored, again):
            stored = {**stored, "value": again.to_dict()["value"]}
            changed = True
        out.append(stored)
    return {**result, "rows": out} if changed else None


def add_values(sheets: Iterable[Any], model) -> int:
    """Every version in ``sheets`` (with its table's event) given its values; how many changed."""
    changed, count = [], 0
    for sheet in sheets:
        result = with_values(sheet, sheet.table.round.event)
        if result is not None:
            sheet.result = result
            changed.append(sheet)
        if len(changed) >= BATCH:
            count += _save(model, changed)
    return count + _save(model, changed)


def _save(model, sheets: list) -> int:
    n = len(sheets)
    if sheets:
        model._default_manager.bulk_update(sheets, ["result"], batch_size=BATCH)
        sheets.clear()
    return n


def _agrees(stored: dict, again) -> bool:
    if again is None:
        return False
    replayed = again.to_dict()
    same = all(stored.get(key) == replayed.get(key) for key in AGREE)
    return same and (stored.get("value_text") or "") == again.value_text


def _rulings(sheet) -> list[dict]:
    """What :func:`tournament.results.sheet.state.ledger` reads of the version's rulings."""
    return [
        {
            "kind": r.kind,
            "after_hand": r.after_hand,
            "decision": r.decision,
            "voided_at": r.voided_at,
            "penalties": penalties_of(r),
        }
        for r in sheet.rulings.order_by("pk")
    ]
