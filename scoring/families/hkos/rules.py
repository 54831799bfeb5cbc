"""One Hong Kong Old Style event's complete rules, and the one validator of its options.

Why: an event's options are read by the hand valuer and by the payments,
session and standings; :func:`resolve` runs every reader when the event is
created, so a value any of them would refuse is refused then, naming the
option, and its result is what the event freezes when it starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.families.base import FamilyRules
from scoring.families.checking import given_options, read_all, tiebreak_chain
from scoring.families.hkos.hand import HKOSConfig
from scoring.families.hkos.options import ALL_OPTIONS, HAND_OPTIONS
from scoring.families.hkos.settlement import HKOS_SESSION_RULES, HKOSSessionRules
from scoring.families.rulesets import get_ruleset
from scoring.standings.metrics import METRICS


@dataclass(frozen=True)
class HKOSRules(FamilyRules):
    """One HKOS event's complete rules: hand valuing, and payments, session and standings."""

    hand: HKOSConfig
    session: HKOSSessionRules


def resolve(ruleset: str, overrides: Any) -> HKOSRules:
    """The one validator of HKOS options: the complete rules, or an OptionError."""
    given = given_options(overrides, ruleset, ALL_OPTIONS)
    if "tiebreak_chain" in given:  # any metric name first; the session reader narrows it
        tiebreak_chain(given["tiebreak_chain"], METRICS)
    hand, session = read_all(
        given,
        [
            lambda o: get_ruleset(ruleset).config(
                {k: v for k, v in o.items() if k in HAND_OPTIONS}
            ),
            HKOS_SESSION_RULES.resolve,
        ],
    )
    hand_options = {k: v for k, v in given.items() if k in HAND_OPTIONS}
    return HKOSRules(ruleset, hand, hand_options, session)
