"""Storing a scoresheet version: a :class:`SheetState` and its replay, as new rows.

The inverse of :func:`tournament.results.sheet.state.state_of`. A version is
never edited in place: each change writes a new ScoreSheet with its own
HandRecord, Ruling and Penalty rows, so an older version still reads as it
was. The services decide whether a change may be made and what it is; this
module only writes it down.
"""

from __future__ import annotations

import uuid

from django.utils.dateparse import parse_datetime

from scoring.sheets import SheetResult
from tournament.events.change_reasons import change_reason
from tournament.events.errors import save_with_history
from tournament.results.models import HandRecord, Penalty, Ruling, ScoreSheet
from tournament.results.page.reasons import Reason
from tournament.results.sheet.state import SheetState
from tournament.seating.models import Table


def write_version(
    table: Table,
    state: SheetState,
    *,
    by,
    reason: str | Reason,
    parent: ScoreSheet | None,
    status: str,
    result: SheetResult | None,
    is_correction: bool = False,
    entry_key: str | None = None,
    version: int | None = None,
) -> ScoreSheet:
    """A new version with its hands, rulings and penalties (rows are never edited).

    ``reason`` is a code with its parameters, or the user's words as typed.
    ``result`` is None when the state does not replay (a conflict version
    keeps the judge's entry anyway). ``version`` is its number when the
    caller knows the next one (``held.Held``); else it is read.
    """
    by = by if getattr(by, "is_authenticated", False) else None
    sheet = _new_sheet(table, state, parent, status, result, is_correction=is_correction, by=by)
    sheet.version = version if version is not None else _next_number(table)
    sheet.entry_key = entry_key or None
    if isinstance(reason, Reason):
        sheet.reason_code, sheet.reason_params = reason.code, dict(reason.params)
    else:
        sheet.reason = reason[:300]
    save_with_history(sheet, change_reason("sheet.saved", version=sheet.version), by)
    rows = result.rows if result is not None else ()
    HandRecord.objects.bulk_create(
        _hand_record(sheet, i, item, rows[i] if i < len(rows) else None)
        for i, item in enumerate(state.entries)
    )
    for ruling in state.rulings:
        _save_ruling(sheet, ruling)
    return sheet


def _next_number(table: Table) -> int:
    last = table.sheets.order_by("-version").values_list("version", flat=True).first()
    return (last or 0) + 1


def _new_sheet(
    table: Table,
    state: SheetState,
    parent: ScoreSheet | None,
    status: str,
    result: SheetResult | None,
    *,
    is_correction: bool,
    by,
) -> ScoreSheet:
    """The version row, not saved yet: the caller adds its number and reason first."""
    return ScoreSheet(
        table=table,
        parent=parent,
        status=status,
        kind=state.kind,
        final_scores=state.final_scores,
        leftover_sticks=state.leftover_sticks,
        result=result.to_dict() if result is not None else {},
        balanced=bool(result and result.balance["ok"]),
        complete=bool(result and result.complete),
        is_correction=is_correction,
        created_by=by,
    )


def _hand_record(sheet: ScoreSheet, i: int, item: dict, row) -> HandRecord:
    """Hand ``i + 1`` as entered, with the replay's ``row`` for it (None if it did not replay)."""
    entry = item["entry"]
    return HandRecord(
        sheet=sheet,
        number=i + 1,
        # Several winners carry their level each; the row has the common one.
        level=entry.get("level") or (row.level if row else "value"),
        outcome=str(entry.get("outcome", ""))[:20],
        entry=entry,
        label=row.label if row else "",
        winners=",".join(row.winners) if row else "",
        discarder=(row.discarder or "") if row else "",
        value_text=(row.value_text or "")[:60] if row else "",
        score=row.score if row else None,
        deltas=row.deltas if row else {},
        totals=row.totals if row else {},
        pool_after=row.pool_after if row else 0,
        entered_by_id=item["by"],
        entered_at=parse_datetime(item["at"]),
    )


def _save_ruling(sheet: ScoreSheet, r: dict) -> None:
    """A ruling of the state and its penalties, as rows of this version."""
    ruling = Ruling.objects.create(
        sheet=sheet,
        key=uuid.UUID(r["key"]),
        kind=r["kind"],
        player=r["player"],
        after_hand=r["after_hand"],
        rule_reference=r["rule_reference"],
        decision=r["decision"],
        tiles=r["tiles"],
        decided_by_id=r["decided_by"],
        decided_at=parse_datetime(r["decided_at"]),
        voided_by_id=r["voided_by"],
        voided_at=parse_datetime(r["voided_at"]) if r["voided_at"] else None,
        void_reason=r["void_reason"],
    )
    Penalty.objects.bulk_create(Penalty(ruling=ruling, **p) for p in r["penalties"])
