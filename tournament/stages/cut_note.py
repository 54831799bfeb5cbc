"""The note that explains a cut: who is either side of the line, and how it was decided.

Why apart from the pages: the public stage page (``public.stage_view``) and
the director's page after the cut (``cut_table.made_context``) say the same
thing from the same facts. The facts are the stage's, kept when the cut was
made (``Stage.cut_method``, ``cut_tiebreak``, ``cut_reason``, ``cut_last_in``,
``cut_first_out``); a cut made before they were kept is read from the
standings of the stage before, as the pages did then. The words are the
glossary's (``glossary.cuts``, the tiebreak's name from ``glossary.metric_label``).

Vocabulary: the **last in** is the last player through by rank (a wild card
is through whatever its rank); the **first out** the next player who is not
through and has not withdrawn. At a tie on everything the players share one
rank, and the cut's choice, not the list's order, says who is above the line:
:func:`through_first` lists the ones through first within a shared rank.
"""

from __future__ import annotations

from scoring.standings.stages import deciding_metric
from tournament.events.rules import precedence_of
from tournament.glossary import metric_label
from tournament.glossary.cuts import CUT_NOTES, LINE, REASON
from tournament.stages.models import Stage, StageEntrant

BY_RANK = (StageEntrant.Reason.RANK, StageEntrant.Reason.TIE)


def through_first(rows: list[dict], through: set) -> list[dict]:
    """``rows`` with, within each shared rank, the players through listed first.

    The rows are in rank order already; a stable sort by (rank, not through)
    moves players only inside a group that shares a rank.
    """
    return sorted(rows, key=lambda row: (row["rank"], row["registration"] not in through))


def _line_from_rows(rows: list[dict], reasons: dict) -> tuple[int | None, int | None]:
    """The last in and first out as the rows and the entrants show them (older cuts)."""
    by_rank = {p for p, reason in reasons.items() if reason in BY_RANK}
    ordered = through_first(rows, set(reasons))
    positions = [i for i, row in enumerate(ordered) if row["registration"] in by_rank]
    if not positions:
        return None, None
    last = positions[-1]
    after = (
        row["registration"]
        for row in ordered[last + 1 :]
        if row["registration"] not in reasons and not row["withdrawn"]
    )
    return ordered[last]["registration"], next(after, None)


def cut_line(following: Stage, rows: list[dict], reasons: dict | None = None) -> dict | None:
    """The facts of the line of ``following``'s cut, as codes (None: no line to name).

    ``rows``: the standings of the stage before (``standings.stage_rows``);
    ``reasons``: registration id -> ``StageEntrant.Reason`` of the cut's
    entrants (read when not given). Returns ``method`` (a ``Stage.CutMethod``),
    ``tiebreak`` (the deciding metric's code, or ""), ``reason`` (the
    director's words at a lot or a choice, or "") and the rows ``above`` and
    ``below`` the line. Why apart from :func:`cut_note`: the public API gives
    the same facts as codes, the pages as sentences.
    """
    if following.cut_at is None:
        return None
    if reasons is None:
        reasons = dict(following.entrants.values_list("registration_id", "reason"))
    by_id = {row["registration"]: row for row in rows}
    pair = (following.cut_last_in_id, following.cut_first_out_id)
    if not all(p in by_id for p in pair):
        pair = _line_from_rows(rows, reasons)
    if not all(p in by_id for p in pair):
        return None  # everyone went through, or no one by rank
    above, below = (by_id[p] for p in pair)
    method, tiebreak = following.cut_method, following.cut_tiebreak
    if not method:  # made before the method was kept: the standings say whether a tiebreak did
        order = precedence_of(following.event)
        tiebreak = deciding_metric(above["metrics"], below["metrics"], order) or ""
        method = Stage.CutMethod.TIEBREAK if tiebreak else Stage.CutMethod.RANK
    chosen = method in (Stage.CutMethod.LOT, Stage.CutMethod.CHOICE)
    return {
        "method": method,
        "tiebreak": tiebreak,
        "reason": following.cut_reason if chosen else "",
        "above": above,
        "below": below,
    }


def cut_note(following: Stage, rows: list[dict], reasons: dict | None = None) -> dict | None:
    """The note under the standings of the stage before ``following`` (None: no line to name).

    The facts are :func:`cut_line`'s. Returns ``method``, and ``line``,
    ``how`` and ``reason``: sentences in the reader's language ("" when there
    is nothing to say).
    """
    line = cut_line(following, rows, reasons)
    if line is None:
        return None
    method, tiebreak, reason = line["method"], line["tiebreak"], line["reason"]
    params = {
        "above": line["above"]["player"],
        "below": line["below"]["player"],
        "points": metric_label(precedence_of(following.event)[0]),
        "decided": metric_label(tiebreak) if tiebreak else "",
    }
    how = CUT_NOTES.get(method)
    return {
        "method": method,
        "line": str(LINE % params),
        "how": str(how % params) if how else "",
        "reason": str(REASON % {"reason": reason}) if reason else "",
    }
