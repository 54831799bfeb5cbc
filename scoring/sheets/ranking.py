"""Session footers of the point-total rulesets (MCR, Zung Jung, HKOS): one order of work.

sessions.md §5 fixes the order: hand totals, then ``table_score`` penalties,
then placement (and MCR table points / ZJ match points), then
``session_after_uma`` penalties; ``overall_score`` ones are only reported.
The three families differ only in the place-points table, so they share
this; the rulesets' own session functions are still run on the rows and
must agree (an AssertionError here is a bug, not bad input).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from scoring.session import placements, rank_points
from scoring.sheets.common import SEATS, final_scores_map, scores_do_not_sum
from scoring.sheets.penalties import SCOPES, Entry, totals


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
