"""The printed riichi scoresheet (rules/sessions.md §3, rules/riichi.md §1-§2, §4, §7).

Rows are not known in advance (renchan and honba): each row the judge writes
the hand's label, honba, result letter, winner, discarder, han and fu, and a
liable player (pao); under each player a riichi mark, the delta and the
total; after the players, the riichi sticks left on the table. The footer
runs from final points through placement and uma/oka to the session score.
The referee checks and signs before the sticks are reset (WRC 2015 §8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.core.seats import SEATS
from scoring.families.printing import number, text, value_cell
from scoring.families.protocol import Cell, Column, PrintLayout

# sessions.md §3: the result letters, explained on the sheet ("result_letters" note).
RESULT_LETTERS = {
    "ron": "R",
    "tsumo": "T",
    "draw": "D",
    "abortive": "A",
    "chombo": "C",
    "nagashi": "N",
}
RIICHI_MARK = "●"

LAYOUT = PrintLayout(
    lead=(
        Column("label", 8),
        Column("honba", 8, numeric=True),
        Column("result", 7),
        Column("winner", 9),
        Column("from", 7),
        Column("han_fu", 11),
        Column("pao", 6),
    ),
    per_player=(
        Column("riichi", 5, small=True),
        Column("delta", 13, numeric=True),
        Column("total", 14, numeric=True),
    ),
    tail=(Column("pool", 7, numeric=True),),
    footer=("final_points", "placement", "uma_oka", "penalty", "score"),
    notes=("result_letters", "leftover_sticks"),
    rows=16,
    prominent_referee=True,
)


def cells(row: Mapping[str, Any], entry: Mapping[str, Any]) -> tuple[dict, dict]:
    """(cells, per-seat cells): honba, result letter, value, pao, pool; the riichi marks."""
    outcome = row.get("outcome") or ""
    wins = [w for w in entry.get("wins") or [] if isinstance(w, Mapping)]
    liable = entry.get("liable") or ", ".join(w["liable"] for w in wins if w.get("liable"))
    riichi = set(entry.get("riichi") or [])
    own: dict[str, Cell] = {
        "honba": number(row.get("honba") or 0),
        "result": text(RESULT_LETTERS.get(outcome, outcome[:1].upper())),
        "han_fu": value_cell(row),
        "pao": text(liable or ""),
        "pool": number(row.get("pool_after") or 0),
    }
    if not row.get("winners"):
        own["winner"] = text("")  # the result letter already names a draw or a chombo
    marks = {seat: {"riichi": text(RIICHI_MARK)} for seat in SEATS if seat in riichi}
    return own, marks
