"""A session score taken apart: every part of it, each computed from its own source.

Why: a player reading "31,800 → +41" (Tenhou) or "−464 → +1,072" (Hong Kong)
cannot check the number unless the page shows where each point came from
(issue #18, "results that add up"). The parts are computed from a stored
sheet result (``SheetResult.to_dict()``), each from where it comes from:

- ``points``: the hand points (riichi: ``(final − return) / 1,000``; the
  point-total families: the hand total);
- ``rounding``: Tenhou's rounding to whole thousands (riichi only, when not 0);
- ``uma``, ``oka``, ``sticks``: as the session stored them (riichi);
- ``chombo``: the seat's own chombo entries that count in the session score;
- ``penalties_paid``: its other entries counting in the session score
  (scopes ``table_score`` and ``session_after_uma``, sessions.md §5);
- ``penalties_received``: what the others' shared entries give it.

Never "score minus the rest": the parts of each seat are summed by the
tests and compared with the stored score, which would be a tautology if one
part were the difference. Zero parts are left out, except ``points``.

A part whose source an old stored result lacks is given as ``(code, None)``
(:data:`UNKNOWN` amount): shown as unknown, never guessed.

What is *not* in the session score is kept apart (:func:`outside_parts`):
table points (MCR, Zung Jung match points) and penalties off the overall
score (sessions.md §5, step 5).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from scoring.core.seats import SEATS
from scoring.sheets.penalties import Entry

Part = tuple[str, Fraction | None]
PART_CODES = (
    "points",
    "rounding",
    "uma",
    "oka",
    "sticks",
    "chombo",
    "penalties_paid",
    "penalties_received",
)
OUTSIDE_CODES = ("table_points", "overall_penalty")
IN_SESSION = ("table_score", "session_after_uma")  # sessions.md §5 steps 2 and 4
UNKNOWN = None  # the amount of a part an old stored result cannot give


def fraction(value: Any) -> Fraction | None:
    """A stored exact number ("153/10", 12, "-15") as a Fraction; None when absent."""
    if value is None or value == "":
        return None
    return Fraction(str(value))


def effect(entry: Mapping[str, Any]) -> Mapping[str, int] | None:
    """What a ledger entry gives each seat, as stored; older results are re-derived by its rule.

    Only the stored ``effect`` is new; ``player``, ``points`` and
    ``distribution`` were always stored, and :attr:`Entry.effect` is the one
    rule that turns them into effects. None when even those are missing.
    """
    if isinstance(entry.get("effect"), Mapping):
        return entry["effect"]
    try:
        return Entry(
            player=entry["player"],
            category=entry.get("category", "other"),
            points=int(entry["points"]),
            scope=entry["scope"],
            distribution=entry.get("distribution", "none"),
            after_hand=None,
            reason="",
        ).effect
    except (KeyError, TypeError, ValueError):
        return None


def ledger_parts(
    penalties: Iterable[Mapping[str, Any]],
    seat: str,
    scopes: Sequence[str] = IN_SESSION,
    unit: int = 1,
) -> list[Part]:
    """The seat's chombo, penalties paid and received in ``scopes``, in session units.

    ``unit`` is the ledger's points per session point (riichi: 1,000).
    """
    sums: dict[str, Fraction | None] = dict.fromkeys(
        ("chombo", "penalties_paid", "penalties_received"), Fraction(0)
    )
    for entry in penalties:
        if entry.get("scope") not in scopes:
            continue
        own = entry.get("player") == seat
        code = (
            ("chombo" if entry.get("category") == "chombo" else "penalties_paid")
            if own
            else "penalties_received"
        )
        given = effect(entry)
        if given is None or sums[code] is None:
            sums[code] = UNKNOWN
            continue
        sums[code] += Fraction(int(given.get(seat, 0)), unit)
    return [(code, amount) for code, amount in sums.items() if amount != 0]


def point_total_parts(result: Mapping[str, Any]) -> dict[str, list[Part]]:
    """MCR, Zung Jung, HKOS: hand total, then the ledger (``ranking.ranked_session``)."""
    finals = result.get("final_points") or {}
    penalties = result.get("penalties") or ()
    return {
        seat: [("points", fraction(finals.get(seat))), *ledger_parts(penalties, seat)]
        for seat in SEATS
    }


def stored_part(session: Mapping[str, Any], code: str) -> list[Part]:
    """A part the session stored itself (uma, oka, sticks), left out when 0 or not used."""
    amount = fraction(session.get(code))
    return [] if amount is None or amount == 0 else [(code, amount)]


def outside_parts(result: Mapping[str, Any]) -> dict[str, list[Part]]:
    """What is shown beside the score, not in it: table points and overall penalties.

    Codes ``table_points`` (the placement's points where the ruleset has
    them, MCR 4/2/1/0) and ``overall_penalty`` (off the tournament total
    only); each left out when absent or 0.
    """
    session = result.get("session") or {}
    out = {}
    for seat in SEATS:
        mine = session.get(seat) or {}
        table_points = fraction(mine.get("rank_points"))
        overall = fraction(mine.get("overall_penalty"))
        out[seat] = [
            *([("table_points", table_points)] if table_points is not None else []),
            *([("overall_penalty", overall)] if overall else []),
        ]
    return out


def total(parts: Sequence[Part]) -> Fraction | None:
    """The parts' sum; None when one of them is unknown."""
    if any(amount is None for _, amount in parts):
        return None
    return sum((amount for _, amount in parts), Fraction(0))
