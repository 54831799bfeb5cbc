"""The printed MCR scoresheet (rules/sessions.md §3, rules/mcr.md §5-§7), as codes and mm.

Sixteen hands, numbered and labelled in advance (E-E … N-N: the prevailing
wind and the dealer's seat); the winner, the discarder and the fan without
flowers and the flowers apart, since the minimum of 8 counts no flowers
(mcr.md §4); each player's delta and total; the footer ends with table
points, written as fractions where they are shared (mcr.md §7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.families.mcr.session import MCR_ROUNDS, mcr_hand_situation
from scoring.families.printing import number, text
from scoring.families.protocol import Cell, Column, PrintLayout
from scoring.sheets.values import amounts

HANDS = MCR_ROUNDS * 4  # four rounds of four hands (mcr.md §6)

LAYOUT = PrintLayout(
    lead=(
        Column("number", 6, numeric=True),
        Column("label", 11),
        Column("winner", 14),
        Column("discarder", 14),
        Column("fan", 11, numeric=True),
        Column("flowers", 10, numeric=True),
    ),
    per_player=(Column("delta", 15, numeric=True), Column("total", 16.5, numeric=True)),
    footer=("hand_total", "penalty", "score", "rank", "rank_points"),
    notes=("seats_and_self", "shared_table_points"),
    rows=HANDS,
)


def row_labels(rows: int) -> list[dict[str, Cell]]:
    """Each hand's number and label, E-E … N-N, printed before play."""
    return [
        {"number": number(i + 1), "label": text(mcr_hand_situation(i, "E").label)}
        if i < HANDS
        else {}
        for i in range(rows)
    ]


def cells(row: Mapping[str, Any]) -> dict[str, Cell]:
    """The fan without flowers and the flowers (0 when none) of a won hand."""
    value = row.get("value") or []
    fan = amounts(value, "fan")
    if not fan:
        return {}
    flowers = amounts(value, "flowers")
    return {"fan": number(fan[0]), "flowers": number(flowers[0] if flowers else 0)}
