"""What the cut page shows: the earlier stage's standings with the line drawn.

Why apart from the views: each row gets its place with respect to the cut
(through by rank, wild card, tied across the line, out, withdrawn) and its
numbers as people read them; the cut itself is ``stages.services.cut_preview``.
"""

from __future__ import annotations

from fractions import Fraction

from tournament.events.errors import EventError
from tournament.events.rules import precedence_of
from tournament.formatting import spreadsheet_number
from tournament.glossary import metric_label
from tournament.stages import services
from tournament.stages.cut_note import cut_note
from tournament.stages.forms import CutForm


def _shown(value) -> str:
    return str(spreadsheet_number(Fraction(value))[0])


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


def cut_context(stage, wild_cards: list[int], kept: dict | None = None) -> dict:
    """The page's context; raises ``EventError`` when the cut cannot be made yet.

    ``kept``: what the director chose at the tie before a refusal (``chosen``,
    ``tie_method``, ``tie_reason`` as lists of strings), shown again.
    """
    kept = kept or {}
    plain, rows = services.cut_preview(stage)
    cut, rows = services.cut_preview(stage, wild_cards=wild_cards) if wild_cards else (plain, rows)
    order = precedence_of(stage.event)
    outside = [
        row
        for row in rows
        if row["registration"] not in plain.entrants or row["registration"] in wild_cards
    ]
    form = CutForm(
        initial={
            "wild_cards": [str(p) for p in wild_cards],
            "chosen": kept.get("chosen", []),
            "tie_method": (kept.get("tie_method") or [""])[0],
            "tie_reason": (kept.get("tie_reason") or [""])[0],
        },
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


def made_context(stage, entrants) -> dict:
    """After the cut: how the line was decided (``cut_note``, as the public page says it),
    and whether a later correction moved it.

    Why: results of the stage before can still be corrected after the cut (a
    director's correction of a confirmed sheet). The entrants stay as made;
    the page recomputes the cut from today's standings with the same wild
    cards and choices and names who would now be in or out, so the director
    sees it and can undo the cut before the stage's rounds are seated.
    """
    wild = [e.registration_id for e in entrants if e.reason == e.Reason.WILD_CARD]
    chosen = [e.registration_id for e in entrants if e.reason == e.Reason.TIE]
    try:
        now, rows = services.cut_preview(stage, wild_cards=wild, chosen=chosen)
    except EventError:  # the tie moved, say: compare without the choices
        try:
            now, rows = services.cut_preview(stage, wild_cards=wild)
        except EventError:
            return {}
    names = {row["registration"]: row["player"] for row in rows}
    made = {e.registration_id for e in entrants}
    reasons = {e.registration_id: e.reason for e in entrants}
    return {
        "note": cut_note(stage, rows, reasons),
        "now_in": [names[p] for p in now.entrants if p not in made],
        "now_out": [names[p] for p in made if p in names and p not in now.entrants],
    }
