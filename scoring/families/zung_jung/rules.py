"""One Zung Jung event's complete rules, and the one validator of its options.

Why: an event's options are read by the hand valuer, the payments, the
session and the table clock; :func:`resolve` runs every reader when the event
is created, so a value any of them would refuse is refused then, naming the
option, and its result is what the event freezes when it starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.families.base import FamilyRules
from scoring.families.checking import given_options, read_all, whole_number
from scoring.families.rulesets import get_ruleset
from scoring.families.zung_jung.hand import ZungJungConfig
from scoring.families.zung_jung.options import ALL_OPTIONS, HAND_OPTIONS
from scoring.families.zung_jung.settlement import (
    ZJ_SESSION_RULES,
    ZJ_SETTLEMENT_RULES,
    ZJSessionRules,
    ZJSettlementRules,
)

# rules/zung-jung.md §9: the table clock, seconds per hand and per discard.
CLOCK_HAND_SECONDS = 180
CLOCK_DISCARD_SECONDS = 15


@dataclass(frozen=True)
class ZungJungEventRules:
    """The options the tournament side reads: the table clock (§9)."""

    clock_hand_seconds: int = CLOCK_HAND_SECONDS
    clock_discard_seconds: int = CLOCK_DISCARD_SECONDS


@dataclass(frozen=True)
class ZungJungRules(FamilyRules):
    """One Zung Jung event's complete rules: hand, payments, session and clock."""

    hand: ZungJungConfig
    settlement: ZJSettlementRules
    session: ZJSessionRules
    event: ZungJungEventRules


def resolve(ruleset: str, overrides: Any) -> ZungJungRules:
    """The one validator of Zung Jung options: the complete rules, or an OptionError."""
    given = given_options(overrides, ruleset, ALL_OPTIONS)
    hand, settlement, session = read_all(
        given,
        [
            lambda o: get_ruleset(ruleset).config(
                {k: v for k, v in o.items() if k in HAND_OPTIONS}
            ),
            ZJ_SETTLEMENT_RULES.resolve,
            ZJ_SESSION_RULES.resolve,
        ],
    )
    event = ZungJungEventRules(
        clock_hand_seconds=whole_number(given, "clock_hand_seconds", CLOCK_HAND_SECONDS),
        clock_discard_seconds=whole_number(given, "clock_discard_seconds", CLOCK_DISCARD_SECONDS),
    )
    hand_options = {k: v for k, v in given.items() if k in HAND_OPTIONS}
    return ZungJungRules(ruleset, hand, hand_options, settlement, session, event)
