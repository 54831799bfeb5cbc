"""What the cut page shows: the earlier stage's standings with the line drawn.

Why apart from the views: each row gets its place with respect to the cut
(through by rank, wild card, tied across the line, out, withdrawn) and its
numbers as people read them; the cut itself is ``stages.services.cut_preview``.
"""

from __future__ import annotations

from fractions import Fraction

from tournament.events.rules import precedence_of
from tournament.stages import services
from tournament.stages.forms import CutForm
from tournament.standings.exports import number
from tournament.standings.labels import metric_label


def _shown(value) -> str:
    return str(number(Fraction(value))[0])


def _place(row: dict, cut, wild: set) -> str:
    player = row["registration"]
    if row["withdrawn"]:
        return "withdrawn"
    if player in wild:
        return "wild_card"
    if player in cut.tie:
        return "tie"
    return "through" if player in cut.entrants else "out"


def _rows(rows: list[dict], cut, order) -> list[dict]:
    wild = set(cut.wild_cards)
    last_in = cut.line[0] if cut.line else None
    near = set(cut.line or ()) if cut.decided_by else set()
    return [
        {
            "rank": row["rank"],
            "tied": row["tied"],
            "registration": row["registration"],
            "player": row["player"],
            "team": row.get("team", ""),
            "points": _shown(row["points"]),
            "score": _shown(row["score"]),
            "tiebreaks": [_shown(row["metrics"].get(name, 0)) for name in order[2:]],
            "place": _place(row, cut, wild),
            "line_after": row["registration"] == last_in and not cut.tie,
            "decided": row["registration"] in near,
        }
        for row in rows
    ]


def cut_context(stage, wild_cards: list[int]) -> dict:
    """The page's context; raises ``EventError`` when the cut cannot be made yet."""
    plain, rows = services.cut_preview(stage)
    cut, rows = services.cut_preview(stage, wild_cards=wild_cards) if wild_cards else (plain, rows)
    order = precedence_of(stage.event)
    outside = [
        row
        for row in rows
        if row["registration"] not in plain.entrants or row["registration"] in wild_cards
    ]
    form = CutForm(
        initial={"wild_cards": [str(p) for p in wild_cards]},
        rows=[row for row in outside if not row["withdrawn"]],
        tie=cut.tie,
    )
    return {
        "cut": cut,
        "before": services.stages_of(stage.event)[stage.number - 2],
        "rows": _rows(rows, cut, order),
        "points_label": metric_label(order[0]),
        "score_label": metric_label(order[1]) if len(order) > 1 else "",
        "tiebreak_labels": [metric_label(name) for name in order[2:]],
        "decided_by": metric_label(cut.decided_by) if cut.decided_by else "",
        "form": form,
        "wild_cards": wild_cards,
        "by_rank": len(cut.entrants) - len(cut.wild_cards),
        "withdrawn": sum(1 for row in rows if row["withdrawn"]),
    }
