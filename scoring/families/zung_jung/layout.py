"""The printed Zung Jung scoresheet (rules/sessions.md §3, rules/zung-jung.md §6-§8).

A row per hand of the session, labelled and with its dealer in advance
(1-1 … 4-4, the deal passing every hand); the winner, the discarder, the
responsible player, the value and the pattern codes (the table's numbers,
"1.1+3.2×2"); under each player the delta, penalty tiles and initials, and
the judge's initials after them: every hand is initialled by all five.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from scoring.core.names import name_table
from scoring.core.seats import SEATS
from scoring.families.printing import number, text, wind
from scoring.families.protocol import Cell, Column, PrintLayout
from scoring.families.zung_jung.sheet import label
from scoring.sheets.values import amounts

PATTERNS = "zung_jung_patterns"  # scoring/data: each pattern's number in the table
SELF_DRAWS = frozenset({"self_draw"})

LAYOUT = PrintLayout(
    lead=(
        Column("label", 8),
        Column("dealer", 8),
        Column("winner", 9),
        Column("from", 8),
        Column("responsible", 9),
        Column("points", 9, numeric=True),
        Column("patterns", 20),
    ),
    per_player=(
        Column("delta", 12, numeric=True),
        Column("penalty_tiles", 8.5, small=True),
        Column("initials", 8, small=True),
    ),
    tail=(Column("judge", 8, small=True),),
    footer=("total", "penalty", "score"),
    notes=("winner_from_responsible", "initials", "penalty_tile_marks"),
    rows=16,
    row_mm=9,  # three footer lines leave room: more for the five initials
)


def layout(hands: int) -> PrintLayout:
    """One row per hand of the session (the printing side fits them to the page)."""
    return replace(LAYOUT, rows=hands)


def row_labels(rows: int) -> list[dict[str, Cell]]:
    """Each hand's label (cycle-hand) and dealer, printed before play."""
    return [{"label": text(label(i)), "dealer": wind(SEATS[i % len(SEATS)])} for i in range(rows)]


def cells(row: Mapping[str, Any], entry: Mapping[str, Any]) -> dict[str, Cell]:
    """Dealer, the responsible player (none when all are immune), points and pattern codes."""
    outcome = row.get("outcome") or ""
    responsible = "" if entry.get("all_immune") else (row.get("discarder") or "")
    points = amounts(row.get("value") or [], "points")
    return {
        "dealer": wind(row.get("dealer")),
        "responsible": text(responsible if outcome not in SELF_DRAWS else ""),
        "points": number(points[0] if points and row.get("winners") else None),
        "patterns": text("+".join(pattern_codes(row.get("score")))),
    }


def pattern_codes(score: Mapping[str, Any] | None) -> list[str]:
    """The engine's patterns as the table's numbers, "3.2×2" for a pattern counted twice."""
    table = name_table(PATTERNS)
    codes = []
    for item in (score or {}).get("items") or []:
        code = (table.get(item["key"]) or {}).get("number") or item["key"]
        count = item.get("count") or 1
        codes.append(code if count == 1 else f"{code}×{count}")
    return codes
