"""One riichi event's settings, split from its single overrides dict.

An event stores one dict of overrides; three readers share it: the hand
calculator (:data:`scoring.families.riichi.presets.OPTION_TYPES`), the
payments (:class:`scoring.families.riichi.points.SettlementRules`) and the session
footer (:class:`scoring.families.riichi.session.RiichiSessionRules`). A key none of
them knows, or a value of the wrong kind, is refused as ``bad_option`` before
any row is read. The riichi stick stays 1,000: the pool and the session
maths count sticks, not points.

Per-preset facts of the sheet's flow that no lower module holds live here
too (rules/riichi.md §4 and §7), each with its source. Those an event may
change are options of their own (:data:`FLOW_OPTIONS`): a house rule such as
nagashi mangan under JPML-B is one override, ``{"nagashi_mangan": true}``,
and the judge's form then offers it (``RiichiFamily.entry``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from scoring.core.numbers import is_int
from scoring.core.plain import to_plain
from scoring.families.checking import checked
from scoring.families.protocol import OptionError
from scoring.families.riichi.points import SETTLEMENT_PRESETS, SettlementRules
from scoring.families.riichi.presets import OPTION_TYPES, RiichiConfig
from scoring.families.riichi.session import RIICHI_SESSION_PRESETS, RiichiSessionRules
from scoring.families.rulesets import get_ruleset

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
# The flow's facts an event may change (true or false), each defaulting to its preset's below.
FLOW_OPTIONS = ("nagashi_mangan",)
ALL_OPTIONS = frozenset({*OPTION_TYPES, *SETTLEMENT_OPTIONS, *SESSION_OPTIONS, *FLOW_OPTIONS})

# rules/riichi.md §4 "Abortive draws": none in jpml-*, wrc, ema; five kinds in tenhou.
ABORTIVE_DRAWS = frozenset({"tenhou"})
# rules/riichi.md §4 "Nagashi mangan": tenhou only (rows.py, draws.settle_nagashi); an event
# of another preset may turn it on (FLOW_OPTIONS), and a tenhou event off.
NAGASHI_MANGAN = frozenset({"tenhou"})
# rules/riichi.md §4 "Pao yaku".
PAO_YAKU = {
    "jpml-a": frozenset({"daisangen", "daisuushii", "suukantsu"}),
    "jpml-b": frozenset({"daisangen", "daisuushii", "suukantsu"}),
}
PAO_YAKU_DEFAULT = frozenset({"daisangen", "daisuushii"})
# rules/riichi.md §7: WRC 2015 §8, a chombo in the last hand is not replayed.
CHOMBO_ENDS_LAST_HAND = frozenset({"wrc"})
# rules/riichi.md §4 "Score below 0": only tenhou ends the game; plus its West
# round, cap at West 4 and agari-yame (see scoring.families.riichi.sheet).
TENHOU_FLOW = frozenset({"tenhou"})


@dataclass(frozen=True)
class RiichiSetup:
    """Everything one event's sheet needs: hand config, payments, session rules."""

    name: str
    hand: RiichiConfig
    hand_options: dict[str, Any]  # passed to the engine with every tiles-level hand
    settle: SettlementRules
    session: RiichiSessionRules
    # The preset's facts of the sheet's flow (rules/riichi.md §4, §7), frozen with the rest.
    pao_yaku: frozenset[str] = PAO_YAKU_DEFAULT
    abortive_draws: bool = False
    nagashi_mangan: bool = False
    chombo_ends_last_hand: bool = False
    tenhou_flow: bool = False

    @property
    def ruleset(self) -> str:
        return self.name

    @property
    def kazoe(self) -> str:
        return "yakuman" if self.hand.kazoe_yakuman else "sanbaiman"

    def freeze(self) -> dict[str, Any]:
        return to_plain(self)


def _bad(key: str, reason: str, params: dict | None = None) -> OptionError:
    return OptionError(key, "bad_value", f"{key}: {reason}", params or {})


def riichi_setup(name: str, overrides: Any) -> RiichiSetup:
    """The preset ``name`` with the event's ``overrides``: the one validator of riichi options.

    Refuses, as :class:`OptionError` naming the option, a name no reader knows
    or a value any reader would refuse.
    """
    if not isinstance(overrides, Mapping | None):
        raise OptionError(
            "overrides", "bad_value", f"overrides: must be an object, not {overrides!r}"
        )
    given = dict(overrides or {})
    hand, settle, session, flow = {}, {}, {}, {}
    for key, value in given.items():
        if key in OPTION_TYPES:
            hand[key] = value
        elif key in FLOW_OPTIONS:
            if not isinstance(value, bool):
                raise _bad(key, f"expected true or false, got {value!r}")
            flow[key] = value
        elif key in SETTLEMENT_OPTIONS:
            if type(value) is not SETTLEMENT_OPTIONS[key]:
                raise _bad(key, f"expected {SETTLEMENT_OPTIONS[key].__name__}, got {value!r}")
            settle[key] = value
        elif key in SESSION_OPTIONS:
            session[key] = _session_value(key, value)
        else:
            known = sorted(ALL_OPTIONS)
            raise OptionError(
                key,
                "unknown_option",
                f"{key!r} is not a {name} option; use {', '.join(known)}",
                {"choices": known},
            )
    # One option at a time first, so that a refusal names its option.
    for key, value in hand.items():
        checked(key, lambda k=key, v=value: get_ruleset(name).config({k: v}))
    for key, value in settle.items():
        checked(key, lambda k=key, v=value: replace(SETTLEMENT_PRESETS[name], **{k: v}))
    config = checked("overrides", lambda: get_ruleset(name).config(hand))
    rules = checked("overrides", lambda: replace(SETTLEMENT_PRESETS[name], **settle))
    session_rules = replace(RIICHI_SESSION_PRESETS[name], **session)
    if session_rules.final_rounding and session_rules.ties != "seat_order":
        # 1st alone takes up the rounding (riichi.md §4), so ties must not share 1st.
        raise _bad("final_rounding", "needs ties: seat_order, so that one player is 1st")
    return RiichiSetup(
        name,
        config,
        hand,
        rules,
        session_rules,
        pao_yaku=PAO_YAKU.get(name, PAO_YAKU_DEFAULT),
        abortive_draws=name in ABORTIVE_DRAWS,
        nagashi_mangan=flow.get("nagashi_mangan", name in NAGASHI_MANGAN),
        chombo_ends_last_hand=name in CHOMBO_ENDS_LAST_HAND,
        tenhou_flow=name in TENHOU_FLOW,
    )


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
            and all(is_int(v) for v in value)
            and list(value) == sorted(value, reverse=True)
        ):
            return tuple(value)
        raise _bad(key, f"use 'jpml-float' or 4 whole numbers, best place first, not {value!r}")
    if not is_int(value) or value < (1 if key == "start" else 0):
        raise _bad(key, f"expected a whole number of points, got {value!r}")
    return value
