"""One MCR event's complete rules, and the one validator of its options.

Why: an event's options are read by the hand valuer, the session and the
tournament side; :func:`resolve` runs every reader when the event is created,
so a value any of them would refuse is refused then, naming the option, and
its result is what the event freezes when it starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.families.base import FamilyRules
from scoring.families.checking import choice, given_options, read_all, tiebreak_chain, whole_number
from scoring.families.mcr.hand import MCRConfig
from scoring.families.mcr.options import ALL_OPTIONS, HAND_OPTIONS
from scoring.families.mcr.session import (
    GREEN_BOOK,
    MCR_SESSION_RULES,
    ROTATE_EACH_HAND,
    SEAT_SCHEMES,
    MCRSessionRules,
)
from scoring.families.rulesets import get_ruleset
from scoring.standings.metrics import METRICS

# Seed 000 L10/L312: the positions rotate every hand, nobody changes seats between
# rounds (the seed edition's default); rules/mcr.md §6: Green Book Appendix 4's
# seat changes after each round (the cn-national edition's).
SEAT_ROTATION_SCHEMES = SEAT_SCHEMES
EDITION_SEAT_SCHEMES = {"seed": ROTATE_EACH_HAND, "cn-national": GREEN_BOOK}
# rules/mcr.md §6 ⚠: at the time signal the hand in progress is void (default) or finished.
TIME_LIMIT_POLICIES = ("abandon_current", "finish_current")
# rules/mcr.md §7: tied players share the places' points equally.
TIE_SPLITS = ("average",)
# rules/mcr.md §8.3 ⚠ default chain: 1sts, 2nds, 3rds, highest single session, shared.
TIEBREAKS = ("firsts", "seconds", "thirds", "best_session", "shared")


@dataclass(frozen=True)
class MCREventRules:
    """The options the tournament side reads: seating, the clock, standings (§6-§8, §10)."""

    seat_rotation_scheme: str = ROTATE_EACH_HAND
    time_limit_minutes: int | None = None
    time_limit_policy: str = "abandon_current"
    tie_split: str = "average"
    tiebreak_chain: tuple[str, ...] = TIEBREAKS


@dataclass(frozen=True)
class MCRRules(FamilyRules):
    """One MCR event's complete rules: hand valuing, session and event options."""

    hand: MCRConfig
    session: MCRSessionRules
    event: MCREventRules


def resolve(ruleset: str, overrides: Any) -> MCRRules:
    """The one validator of MCR options: the complete rules, or an OptionError naming the option."""
    given = given_options(overrides, ruleset, ALL_OPTIONS)
    hand, session = read_all(
        given,
        [
            lambda o: get_ruleset(ruleset).config(
                {k: v for k, v in o.items() if k in HAND_OPTIONS}
            ),
            MCR_SESSION_RULES.resolve,
        ],
    )
    event = MCREventRules(
        seat_rotation_scheme=choice(
            given,
            "seat_rotation_scheme",
            SEAT_ROTATION_SCHEMES,
            EDITION_SEAT_SCHEMES[hand.mcr_edition],
        ),
        time_limit_minutes=whole_number(given, "time_limit_minutes", None),
        time_limit_policy=choice(
            given, "time_limit_policy", TIME_LIMIT_POLICIES, "abandon_current"
        ),
        tie_split=choice(given, "tie_split", TIE_SPLITS, "average"),
        tiebreak_chain=tiebreak_chain(given.get("tiebreak_chain", TIEBREAKS), METRICS),
    )
    hand_options = {k: v for k, v in given.items() if k in HAND_OPTIONS}
    return MCRRules(ruleset, hand, hand_options, session, event)
