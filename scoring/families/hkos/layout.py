"""The printed Hong Kong Old Style scoresheet (rules/sessions.md §3, rules/hkos.md §4-§7).

Rows are not known in advance (East repeats): each row the prevailing wind,
the dealer and the repeat count; the winner and the discarder; the faan,
bonus faan and V, the value paid on a discard (a self-draw costs each other
player V/2); each player's delta and total; a footer ending with the rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.families.printing import text, wind
from scoring.families.protocol import Cell, Column, PrintLayout
from scoring.sheets.values import amounts

SELF_DRAWS = frozenset({"self_draw"})

LAYOUT = PrintLayout(
    lead=(
        Column("wind", 8),
        Column("dealer", 8),
        Column("repeat", 8, numeric=True),
        Column("winner", 10),
        Column("discarder", 12),
        Column("faan", 9, numeric=True),
        Column("bonus", 9, numeric=True),
        Column("paid", 12, numeric=True),
    ),
    per_player=(Column("delta", 14, numeric=True), Column("total", 15, numeric=True)),
    footer=("total", "penalty", "score", "rank"),
    notes=("value_paid",),
    rows=17,
)


def cells(row: Mapping[str, Any]) -> dict[str, Cell]:
    """Wind, dealer and repeat from the row's label (E1-2); faan per winner ("3/4"); V."""
    label = row.get("label") or ""
    winners = row.get("winners") or []
    faan = amounts(row.get("value") or [], "faan")
    return {
        "wind": wind(label[:1]),
        "dealer": wind(row.get("dealer")),
        "repeat": text(label.split("-")[1] if "-" in label else ""),
        # One number per winner ("3/4" when two won on one discard), the first winner's first.
        "faan": text("/".join(map(str, faan)) if winners else ""),
        "paid": Cell("points", paid(row)),
    }


def paid(row: Mapping[str, Any]) -> Any:
    """V: what the discarder paid, or twice what each loser paid for a self-draw (§4-§5)."""
    outcome, winners = row.get("outcome"), row.get("winners") or []
    deltas = row.get("deltas") or {}
    if outcome == "discard" and row.get("discarder") in deltas:
        return -deltas[row["discarder"]]
    if outcome in SELF_DRAWS and winners:
        losers = [-d for s, d in deltas.items() if s not in winners]
        return 2 * max(losers) if losers else None
    return None
