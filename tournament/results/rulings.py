"""What a ruling does under each ruleset, and the checks on a ruling as entered.

A false win is one decision with different consequences per ruleset
(rules/sessions.md §5): in riichi it is a chombo hand row (replayed, the
deduction follows the preset); in MCR a −30 penalty shared +10 to each other
player; in Zung Jung no points, the hand becomes penalty tiles; in Hong Kong
the hand is voided and the offender pays each opponent the limit. The values
come from the rules engine's own session rules, never typed in twice.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.rulesets import KNOWN_RULESETS
from scoring.session import MCR_SESSION_RULES
from scoring.session_riichi import RIICHI_SESSION_PRESETS
from tournament.results.errors import SheetInputError
from tournament.results.models import Penalty, Ruling

SEATS = ("E", "S", "W", "N")

# The rule each default consequence rests on, printed with the ruling.
RULE_REFERENCES = {
    ("riichi", "false_win"): "riichi §7 chombo",
    ("riichi", "chombo"): "riichi §7 chombo",
    ("mcr", "false_win"): "MCR §9 false win",
    ("zung-jung", "false_win"): "Zung Jung §6 false win",
    ("zung-jung", "penalty_tiles"): "Zung Jung §6 penalty tiles",
    ("hkos", "false_win"): "HKOS §8 false win",
}


def family_of(ruleset: str) -> str:
    return "riichi" if KNOWN_RULESETS.get(ruleset) == "riichi" else ruleset


def default_scope(ruleset: str) -> str:
    """Where a typed-in penalty goes unless the judge says otherwise (sessions.md §5)."""
    family = family_of(ruleset)
    if family == "riichi":
        preset = RIICHI_SESSION_PRESETS.get(ruleset)
        if preset is not None and preset.chombo_mode == "after_uma":
            return Penalty.Scope.SESSION_AFTER_UMA
        return Penalty.Scope.OVERALL_SCORE
    if family in ("mcr", "hkos"):
        return Penalty.Scope.TABLE_SCORE
    return Penalty.Scope.OVERALL_SCORE


def consequences(event, kind: str, player: str) -> dict:
    """The hand row and penalties a ruling brings under the event's ruleset.

    Returns ``{"hand_entry": dict | None, "penalties": [...], "rule_reference": str}``.
    """
    family = family_of(event.ruleset)
    reference = RULE_REFERENCES.get((family, kind), "")
    if kind in ("false_win", "chombo") and family == "riichi":
        return {
            "hand_entry": {"outcome": "chombo", "player": player, "level": "value"},
            "penalties": [],
            "rule_reference": reference,
        }
    if kind == "false_win" and family == "mcr":
        rules = MCR_SESSION_RULES.resolve(
            {k: v for k, v in (event.ruleset_overrides or {}).items() if k in _MCR_SESSION_KEYS}
        )
        scope = "table_score" if rules.penalties_in_session_score else "overall_score"
        spread = "equal_to_others" if rules.false_win_redistribute else "none"
        penalty = {
            "player": player,
            "points": -rules.false_win_points,
            "scope": scope,
            "distribution": spread,
        }
        return {"hand_entry": None, "penalties": [penalty], "rule_reference": reference}
    if kind == "false_win" and family == "hkos":
        return {
            "hand_entry": {"outcome": "false_win", "level": "value", "player": player},
            "penalties": [_hkos_false_win(event, player)],
            "rule_reference": reference,
        }
    return {"hand_entry": None, "penalties": [], "rule_reference": reference}


_MCR_SESSION_KEYS = {
    "hands_per_session",
    "table_points",
    "false_win_points",
    "false_win_redistribute",
    "penalties_in_session_score",
}


def _hkos_false_win(event, player: str) -> dict:
    from scoring.rulesets import get_ruleset
    from scoring.session_hkos import false_win_penalty
    from scoring.settlement_hkos import HKOS_SESSION_RULES

    overrides = dict(event.ruleset_overrides or {})
    config = get_ruleset("hkos").config(
        {k: v for k, v in overrides.items() if k not in _hkos_session_keys()}
    )
    rules = HKOS_SESSION_RULES.resolve(overrides)
    penalty = false_win_penalty(player, config, rules)
    spread = "equal_to_others" if penalty.redistribute else "none"
    return {
        "player": player,
        "points": penalty.points,
        "scope": "table_score",
        "distribution": spread,
    }


def _hkos_session_keys() -> set[str]:
    from dataclasses import fields

    from scoring.settlement_hkos import HKOSSessionRules

    return {f.name for f in fields(HKOSSessionRules)}


def check_ruling(
    *,
    kind: str,
    player: str,
    decision: str,
    rule_reference: str,
    after_hand: int | None,
    tiles: str,
    penalties: list[dict],
) -> dict:
    """The ruling as stored, or a :class:`SheetInputError` naming the field."""
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
        if not isinstance(points, int) or isinstance(points, bool) or points > 0:
            raise SheetInputError(
                f"{where}.points",
                "bad_input",
                detail=_("A penalty is a whole number of points, 0 or less."),
            )
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
