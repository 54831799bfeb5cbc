"""One riichi event's settings, split from its single overrides dict.

An event stores one dict of overrides; three readers share it: the hand
calculator (:data:`scoring.rulesets.riichi_presets.OPTION_TYPES`), the
payments (:class:`scoring.riichi_points.SettlementRules`) and the session
footer (:class:`scoring.session_riichi.RiichiSessionRules`). A key none of
them knows, or a value of the wrong kind, is refused as ``bad_option`` before
any row is read. The riichi stick stays 1,000: the pool and the session
maths count sticks, not points.

Per-preset facts of the sheet's flow that no lower module holds live here
too (rules/riichi.md §4 and §7), each with its source.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from scoring.riichi_points import SETTLEMENT_PRESETS, SettlementRules
from scoring.rulesets import get_ruleset
from scoring.rulesets.riichi_presets import OPTION_TYPES, RiichiConfig
from scoring.session_riichi import RIICHI_SESSION_PRESETS, RiichiSessionRules
from scoring.sheets.common import SheetError, mapping

SETTLEMENT_OPTIONS = {
    "honba_ron": int,
    "honba_tsumo_each": int,
    "noten_total": int,
    "pao_honba_payer": str,
    "multiple_ron": str,
}
SESSION_CHOICES = {
    "ties": ("split", "seat_order"),
    "leftover_sticks": ("lost", "first"),
    "chombo_mode": ("after_uma", "overall_score"),
}
SESSION_OPTIONS = {f.name: f.type for f in fields(RiichiSessionRules)}

# rules/riichi.md §4 "Abortive draws": none in jpml-*, wrc, ema; five kinds in tenhou.
ABORTIVE_DRAWS = frozenset({"tenhou"})
# rules/riichi.md §4 "Pao yaku".
PAO_YAKU = {
    "jpml-a": frozenset({"daisangen", "daisuushii", "suukantsu"}),
    "jpml-b": frozenset({"daisangen", "daisuushii", "suukantsu"}),
}
PAO_YAKU_DEFAULT = frozenset({"daisangen", "daisuushii"})
# rules/riichi.md §7: WRC 2015 §8, a chombo in the last hand is not replayed.
CHOMBO_ENDS_LAST_HAND = frozenset({"wrc"})
# rules/riichi.md §4 "Score below 0": only tenhou ends the game; plus its West
# round, cap at West 4 and agari-yame (see scoring.sheets.riichi).
TENHOU_FLOW = frozenset({"tenhou"})


@dataclass(frozen=True)
class RiichiSetup:
    """Everything one event's sheet needs: hand config, payments, session rules."""

    name: str
    hand: RiichiConfig
    hand_options: dict[str, Any]  # passed to the engine with every tiles-level hand
    settle: SettlementRules
    session: RiichiSessionRules

    @property
    def kazoe(self) -> str:
        return "yakuman" if self.hand.kazoe_yakuman else "sanbaiman"

    @property
    def pao_yaku(self) -> frozenset[str]:
        return PAO_YAKU.get(self.name, PAO_YAKU_DEFAULT)


def _bad(key: str, reason: str) -> SheetError:
    text = f"{key}: {reason}"
    return SheetError("overrides", "bad_option", text, {"detail": text, "option": key})


def riichi_setup(name: str, overrides: Any) -> RiichiSetup:
    """The preset ``name`` with the event's ``overrides``; refuses what no reader knows."""
    given = dict(mapping(overrides if overrides is not None else {}, "overrides"))
    hand, settle, session = {}, {}, {}
    for key, value in given.items():
        if key in OPTION_TYPES:
            hand[key] = value
        elif key in SETTLEMENT_OPTIONS:
            if type(value) is not SETTLEMENT_OPTIONS[key]:
                raise _bad(key, f"expected {SETTLEMENT_OPTIONS[key].__name__}, got {value!r}")
            settle[key] = value
        elif key in SESSION_OPTIONS:
            session[key] = _session_value(key, value)
        else:
            known = sorted({*OPTION_TYPES, *SETTLEMENT_OPTIONS, *SESSION_OPTIONS})
            raise _bad(key, f"is not a riichi option; use {', '.join(known)}")
    try:
        config = get_ruleset(name).config(hand)
        rules = replace(SETTLEMENT_PRESETS[name], **settle)
    except ValueError as problem:
        info = getattr(problem, "info", None)
        text = info.message if info else str(problem)
        raise SheetError("overrides", "bad_option", text, {"detail": text}) from None
    session_rules = replace(RIICHI_SESSION_PRESETS[name], **session)
    if session_rules.final_rounding and session_rules.ties != "seat_order":
        # 1st alone takes up the rounding (riichi.md §4), so ties must not share 1st.
        raise _bad("final_rounding", "needs ties: seat_order, so that one player is 1st")
    return RiichiSetup(name, config, hand, rules, session_rules)


def _session_value(key: str, value: Any) -> Any:
    if key in SESSION_CHOICES:
        if value not in SESSION_CHOICES[key]:
            raise _bad(key, f"use {' or '.join(SESSION_CHOICES[key])}, not {value!r}")
        return value
    if key in ("final_rounding", "float_threshold_inclusive"):
        if not isinstance(value, bool):
            raise _bad(key, f"expected true or false, got {value!r}")
        return value
    if key == "uma":
        if value == "jpml-float":
            return value
        if (
            isinstance(value, list | tuple)
            and len(value) == 4
            and all(type(v) is int for v in value)
            and list(value) == sorted(value, reverse=True)
        ):
            return tuple(value)
        raise _bad(key, f"use 'jpml-float' or 4 whole numbers, best place first, not {value!r}")
    if type(value) is not int or value < (1 if key == "start" else 0):
        raise _bad(key, f"expected a whole number of points, got {value!r}")
    return value
