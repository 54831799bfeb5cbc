"""Session footers of the point-total rulesets (MCR, Zung Jung, HKOS): one order of work.

sessions.md §5 fixes the order: hand totals, then ``table_score`` penalties,
then placement (and MCR table points / ZJ match points), then
``session_after_uma`` penalties; ``overall_score`` ones are only reported.
The three families differ only in the place-points table, so they share
this; the rulesets' own session functions are still run on the rows and
must agree (an AssertionError here is a bug, not bad input). They also share
the shape of their result (:func:`point_total_result`): no start points, no
pool of sticks, final-scores-only entry summing to 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from scoring.core.placement import placements, rank_points
from scoring.core.seats import SEATS
from scoring.sheets.common import (
    RowResult,
    SheetResult,
    balance,
    final_scores_map,
    scores_do_not_sum,
)
from scoring.sheets.messages import Message
from scoring.sheets.penalties import SCOPES, Entry, PenaltyPolicy, read_penalties, totals


def ranked_session(
    points: Mapping[str, int],
    entries: Sequence[Entry],
    place_points: Sequence[int | Fraction] | None,
) -> dict[str, dict[str, Any]]:
    """Each seat's footer from its hand total and the ledger."""
    table, after, overall = (totals(entries, s) for s in SCOPES)
    ranked = {s: points[s] + table[s] for s in SEATS}
    place = placements(ranked)
    earned = rank_points(ranked, place_points) if place_points else None
    return {
        s: {
            "placement": place[s],
            "score": Fraction(ranked[s] + after[s]),
            "rank_points": earned[s] if earned else None,
            "uma": None,
            "oka": None,
            "sticks": None,
            "penalty": Fraction(table[s] + after[s]),
            "overall_penalty": Fraction(overall[s]),
        }
        for s in SEATS
    }


def zero_sum_final_scores(final_scores: Any) -> dict[str, int]:
    """Final-scores-only entry of a point-total ruleset: the hand totals, summing to 0."""
    scores = final_scores_map(final_scores)
    if sum(scores.values()):
        raise scores_do_not_sum(0, sum(scores.values()), "a zero-sum table")
    return scores


def table_penalties(entries: Sequence[Entry], penalty: Callable[..., Any]) -> list[Any]:
    """The ``table_score`` entries as the ruleset's records (player, points, shared, reason)."""
    return [
        penalty(e.player, e.points, e.distribution == "equal_to_others", e.reason)
        for e in entries
        if e.scope == "table_score"
    ]


def point_total_result(
    ruleset: str,
    points: Mapping[str, int],
    rows: Sequence[RowResult],
    entries: Sequence[Entry],
    place_points: Sequence[int | Fraction] | None,
    *,
    complete: bool,
    warnings: Sequence[Message],
    upcoming: Callable[[], tuple[str, str] | tuple[str, str, dict]] | None,
) -> SheetResult:
    """The sheet's result; ``upcoming()`` gives the next hand's label, dealer and label parts."""
    # (label, dealer) or (label, dealer, label parts): a family may not give the parts.
    next_label, next_dealer, next_parts, *_ = (
        (None, None, None) if complete else (*upcoming(), None)
    )
    return SheetResult(
        ruleset=ruleset,
        family=ruleset,
        start=0,
        rows=tuple(rows),
        final_points=dict(points),
        pool=0,
        balance=balance(points, 0),
        penalties=tuple(e.to_dict() for e in entries),
        session=ranked_session(points, entries, place_points),
        complete=complete,
        next_label=next_label,
        next_dealer=next_dealer,
        next_label_parts=next_parts,
        warnings=tuple(warnings),
    )


def final_scores_result(
    ruleset: str,
    final_scores: Any,
    penalties: Sequence[Any],
    policy: PenaltyPolicy,
    place_points: Sequence[int | Fraction] | None,
) -> SheetResult:
    """Final-scores-only entry: no rows, the ledger, a complete session."""
    points = zero_sum_final_scores(final_scores)
    entries = read_penalties(penalties, 0, policy)
    return point_total_result(
        ruleset, points, (), entries, place_points, complete=True, warnings=(), upcoming=None
    )
