"""What a ruling does under the event's rules, and the checks on a ruling as entered.

A false win is one decision with different consequences per family
(rules/sessions.md §5): in riichi it is a chombo hand row (replayed, the
deduction follows the preset); in MCR a −30 penalty shared +10 to each other
player; in Zung Jung no points, the hand becomes penalty tiles; in Hong Kong
the hand is voided and the offender pays each opponent the limit. Each family
says so itself (``Family.consequence``), from its own session rules, never
typed in twice; this module asks it.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.core.numbers import is_int
from scoring.core.seats import SEATS
from scoring.families import family_for
from tournament.events.bounds import PENALTY
from tournament.events.rules import rules_of
from tournament.results.models import Penalty, Ruling
from tournament.results.sheet.errors import SheetInputError
from tournament.results.sheet.hand_bounds import check


def default_scope(event) -> str:
    """Where a typed-in penalty goes unless the judge says otherwise (sessions.md §5)."""
    return family_for(event.ruleset).default_penalty_scope(rules_of(event))


def consequences(event, kind: str, player: str) -> dict:
    """The hand row and penalties a ruling brings under the event's rules.

    Returns ``{"hand_entry": dict | None, "penalties": [...], "rule_reference": str,
    "fixed_points": bool}`` (``fixed_points``: the rules fix the penalties' points).
    """
    follows = family_for(event.ruleset).consequence(rules_of(event), kind, player)
    return {
        "hand_entry": dict(follows.hand_entry) if follows.hand_entry is not None else None,
        "penalties": [dict(p) for p in follows.penalties],
        "rule_reference": follows.rule_reference,
        "fixed_points": follows.fixed_points,
    }


def check_ruling(
    *,
    kind: str,
    player: str,
    decision: str,
    rule_reference: str = "",
    after_hand: int | None = None,
    tiles: str = "",
    penalties: list[dict] | None = None,
) -> dict:
    """The ruling as stored, or a :class:`SheetInputError` naming the field."""
    penalties = penalties or []
    if kind not in Ruling.Kind.values:
        raise SheetInputError("kind", "bad_input", detail=_("Choose what the ruling is about."))
    if player not in SEATS:
        raise SheetInputError("player", "bad_seat", {"value": player})
    decision = (decision or "").strip()
    if not decision:
        raise SheetInputError(
            "decision", "bad_input", detail=_("Write the decision: what happened and what follows.")
        )
    if after_hand is not None and (not isinstance(after_hand, int) or after_hand < 1):
        raise SheetInputError("after_hand", "bad_input", detail=_("Hands are numbered from 1."))
    clean = []
    for i, p in enumerate(penalties):
        where = f"penalties[{i}]"
        points = p.get("points")
        if not is_int(points):
            raise SheetInputError(
                f"{where}.points",
                "bad_input",
                detail=_("A penalty is a whole number of points, 0 or less."),
            )
        check(PENALTY, points, f"{where}.points")
        if p.get("player", player) not in SEATS:
            raise SheetInputError(f"{where}.player", "bad_seat", {"value": p.get("player")})
        if p.get("scope") not in Penalty.Scope.values:
            raise SheetInputError(f"{where}.scope", "bad_input", detail=_("Choose the scope."))
        if p.get("distribution", "none") not in Penalty.Distribution.values:
            raise SheetInputError(
                f"{where}.distribution", "bad_input", detail=_("Choose who receives the points.")
            )
        clean.append(
            {
                "player": p.get("player", player),
                "points": points,
                "scope": p["scope"],
                "distribution": p.get("distribution", "none"),
            }
        )
    return {
        "kind": kind,
        "player": player,
        "decision": decision[:2000],
        "rule_reference": (rule_reference or "")[:100],
        "after_hand": after_hand,
        "tiles": (tiles or "")[:60],
        "penalties": clean,
    }
