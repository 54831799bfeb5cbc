"""The bar of four seats over a sheet: totals as the rules count them, winds, dealer, next hand.

Why a module of its own: the judge's page and the players' phone page
(``tournament.playerentry``) show the same bar, and they must agree on who
deals and which wind each seat has; both build it here (issue #35).

What the bar shows, and why:

- *total*: the seat's hand points plus the penalties that count in the table
  score (scope ``table_score``, sessions.md §5 step 2), the points placement
  is decided on. So the order of the totals is the session result's order.
- *after_uma*: the penalties that count after placement (``session_after_uma``,
  step 4, a JPML chombo), apart from the points and in session units ("−20
  after uma"): were they taken from the points, a leader with a chombo would
  read as last, while the session ranks them first and only then deducts.
- penalties off the overall total (``overall_score``) are not the table's.
- *place*: the session result's placement, now (not at a past hand).
- *winds*: each starting seat's wind in the hand shown, as the family declares
  (``Family.hand_winds``: MCR moves them; riichi keeps the starting ones and
  marks the dealer apart).
- *next_label*: the next hand, only while the sheet is being entered: a
  submitted or confirmed sheet has no next hand to go to (a confirmed MCR
  sheet that ended early showed "Next: W-E ↓").
"""

from __future__ import annotations

from fractions import Fraction

from scoring.core.seats import SEATS
from tournament.events.rules import family_of, rules_of
from tournament.formatting import fraction
from tournament.results.models import ScoreSheet
from tournament.results.page.display import WIND_CHARS

IN_THE_POINTS = "table_score"  # joins the points before placement (sessions.md §5 step 2)
AFTER_PLACEMENT = "session_after_uma"  # taken after placement and uma (step 4)
# The score parts a ledger entry gives (``scoring.sheets.parts.ledger_parts``).
LEDGER_PARTS = ("chombo", "penalties_paid", "penalties_received")
# A sheet in these states is handed in: no next hand is offered.
HANDED_IN = (ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.CONFIRMED)


def penalties_in(result: dict, scope: str, before: int | None = None) -> list[dict]:
    """The ledger entries of ``scope``; ``before``: only those of a hand before it (from 0)."""
    chosen = []
    for entry in result.get("penalties") or []:
        if entry.get("scope") != scope:
            continue
        after = entry.get("after_hand")
        if before is not None and (after is None or after >= before):
            continue
        chosen.append(entry)
    return chosen


def penalty_effects(result: dict, before: int | None = None) -> dict[str, int]:
    """Each seat's penalties that join its points (the table score), in the sheet's points.

    ``before``: only penalties during a hand before this one (from 0), for
    the state at a hand being corrected.
    """
    totals = dict.fromkeys(SEATS, 0)
    for entry in penalties_in(result, IN_THE_POINTS, before):
        for seat, value in (entry.get("effect") or {}).items():
            if seat in totals and isinstance(value, int | float):
                totals[seat] += value
    return totals


def after_uma(event, result: dict, before: int | None = None) -> dict[str, Fraction]:
    """Each seat's penalties taken after placement, in session units (a JPML chombo: −20).

    The family's own score parts convert the ledger's points into session
    units (riichi: 1,000 points to a session point), so the chip reads as the
    session result will: asked of the after-placement entries alone, the
    ledger's parts are exactly those entries.
    """
    entries = penalties_in(result, AFTER_PLACEMENT, before)
    none = dict.fromkeys(SEATS, Fraction(0))
    if not entries:
        return none
    try:
        parts = family_of(event).score_parts(rules_of(event), {**result, "penalties": entries})
    except Exception:  # noqa: BLE001 - a draft event's bad option: no chip rather than a 500
        return none
    return {
        seat: sum(
            (fraction(amount) or 0 for code, amount in parts.get(seat, ()) if code in LEDGER_PARTS),
            Fraction(0),
        )
        for seat in SEATS
    }


def winds_at(event, index: int) -> dict[str, str]:
    """Each starting seat's wind character in hand ``index`` (from 0), as the family says."""
    try:
        moved = family_of(event).hand_winds(rules_of(event), index)
    except Exception:  # noqa: BLE001 - a draft event's bad option: the starting winds
        moved = None
    return {s: WIND_CHARS[(moved or {}).get(s, s)] for s in SEATS}


def handed_in(sheet: dict) -> bool:
    """The sheet shown is submitted or confirmed (``sheet["version"]``: its stored version)."""
    return getattr(sheet.get("version"), "status", None) in HANDED_IN


def places(sheet: dict) -> dict[str, dict]:
    """Seat -> its placement now and whether it is shared, from the session's footer."""
    return {
        p["seat"]: {"place": p["session"].get("placement"), "tied": p.get("tied", False)}
        for p in sheet.get("footer") or []
    }


def bar_view(event, sheet: dict, result: dict, names: dict, number: int | None = None) -> dict:
    """What the bar shows: now, or at hand ``number`` (from 1) while it is corrected.

    ``sheet`` is the page's view of the version (``version_view``/``sheet_view``),
    ``result`` its replay. The balance check is of the hands' points.
    """
    rows = list(result.get("rows") or [])
    at = number if number and 1 <= number <= len(rows) else None
    if at is None:
        index = len(rows)
        points = result.get("final_points") or (rows[-1].get("totals") if rows else None)
        dealer = result.get("next_dealer")
        label = None if handed_in(sheet) else sheet.get("next_label")
        pool = result.get("pool") or 0
        ranked = places(sheet)
    else:
        index = at - 1
        points = rows[index - 1].get("totals") if index else None
        shown = sheet.get("rows") or []
        label = shown[index]["label"] if index < len(shown) else rows[index].get("label")
        dealer = rows[index].get("dealer")
        pool = rows[index - 1].get("pool_after") or 0 if index else 0
        ranked = {}  # the session ranks the sheet as it is, not as it stood
    before = None if at is None else index
    effects, after = penalty_effects(result, before), after_uma(event, result, before)
    winds = winds_at(event, index)
    players = [
        _seat(seat, winds, names, (points or {}).get(seat, result.get("start")), effects, after)
        | (ranked.get(seat) or {"place": None, "tied": False})
        | {"dealer": seat == dealer}
        for seat in SEATS
    ]
    return {
        "players": players,
        "penalized": [p for p in players if p["penalty"]],
        "order": [p["seat"] for p in sheet.get("footer") or []] if ranked else [],
        "balance": sheet.get("balance") or {},
        "pool": pool,
        "features": sheet.get("features") or frozenset(),
        "next_label": label,
        "complete": sheet.get("complete") and at is None,
        "at_hand": at,
        "winds": winds,
    }


def _seat(seat: str, winds, names, total, effects, after) -> dict:
    penalty = effects.get(seat, 0)
    return {
        "seat": seat,
        "wind": winds[seat],
        "name": names.get(seat, seat),
        "total": total + penalty if isinstance(total, int | float) else total,
        "penalty": penalty,
        "after_uma": after.get(seat, 0),
    }
