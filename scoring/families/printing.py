"""The printed scoresheet's cells every family shares, and the generic layout.

Why: each family declares its own print layout (``<family>/layout.py``) and
the cells of its own columns; the hand number, row label, winner, discarder,
value and each player's delta and running total read the same way from any
replayed row, so they are made here once. Cells are data
(:class:`scoring.families.protocol.Cell`): codes and numbers the Django side
shows in the reader's language, never text in one.

A row here is a stored replayed row (``RowResult.to_dict()``), read from the
database: a row stored before values became data has ``value_text`` instead
of ``value``, and its value is shown as that old text (``legacy``), unparsed.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from scoring.core.seats import SEATS
from scoring.families.protocol import Cell, Column, PrintedRow, PrintLayout

SELF = "self"  # the word (a code) written for the discarder of a self-drawn hand
BLANK = Cell("text", "")

# What a family that declares no layout of its own prints: the hand, who won
# from whom and for what, each player's delta and total, and the session footer.
GENERIC = PrintLayout(
    lead=(
        Column("number", 6, numeric=True),
        Column("label", 11),
        Column("winner", 14),
        Column("from", 14),
        Column("value", 25),
    ),
    per_player=(Column("delta", 15, numeric=True), Column("total", 16.5, numeric=True)),
    footer=("total", "penalty", "score", "rank"),
    rows=16,
)


def text(value: Any) -> Cell:
    return Cell("text", "" if value is None else value)


def number(value: Any) -> Cell:
    return Cell("number", value)


def wind(seat: str | None) -> Cell:
    return Cell("wind", seat or "")


def value_cell(row: Mapping[str, Any]) -> Cell:
    """The row's value: its parts (``value``), or an old row's English text, unchanged."""
    if "value" in row:
        return Cell("value", row.get("value") or [])
    return Cell("legacy", row.get("value_text") or "")


def shared_row(row: Mapping[str, Any], self_draws: Collection[str]) -> PrintedRow:
    """The cells any family prints the same way; ``self_draws``: its self-drawn outcomes."""
    winners = row.get("winners") or []
    discarder = row.get("discarder")
    if row.get("outcome") in self_draws and winners:
        discarder = Cell("word", SELF)
    else:
        discarder = text(discarder)
    cells = {
        "number": number(row.get("index", 0) + 1),
        "label": text(row.get("label")),
        # A hand nobody won (a draw, not played at time) says so where the winner goes.
        "winner": text(", ".join(winners)) if winners else Cell("outcome", row.get("outcome")),
        "discarder": discarder,
        "from": discarder,
        "value": value_cell(row),
    }
    deltas, totals = row.get("deltas") or {}, row.get("totals") or {}
    per_seat = {
        seat: {
            "delta": Cell("signed", deltas.get(seat)),
            "total": Cell("points", totals.get(seat)),
        }
        for seat in SEATS
    }
    return PrintedRow(cells, per_seat)


def extended(
    printed: PrintedRow,
    cells: Mapping[str, Cell] | None = None,
    per_seat: Mapping[str, Mapping[str, Cell]] | None = None,
) -> PrintedRow:
    """``printed`` with a family's own cells added (or put in place of shared ones)."""
    seats = {seat: dict(mine) for seat, mine in printed.per_seat.items()}
    for seat, mine in (per_seat or {}).items():
        seats.setdefault(seat, {}).update(mine)
    return PrintedRow({**printed.cells, **(cells or {})}, seats)
