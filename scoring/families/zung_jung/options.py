"""Zung Jung's per-event options (rules/zung-jung.md §9) and which part of the engine reads each.

An event stores one dict of overrides. Each reader applies its own options,
lets the others' pass, and refuses a name that is none of them, so a typo is
caught wherever the dict is first used.
"""

from __future__ import annotations

HAND_OPTIONS = frozenset(  # rulesets/zung_jung.py
    {"zj_min_points", "zj_pure_one_suit", "zj_small_three_dragons", "zj_seven_pairs_quad"}
)
SETTLEMENT_OPTIONS = frozenset({"zj_payoff", "zj_par"})  # settlement_zung_jung.py
SESSION_OPTIONS = frozenset({"hands_per_session", "zj_match_points"})  # settlement_zung_jung.py
EVENT_OPTIONS = frozenset(  # the tournament side: the table clock
    {"clock_hand_seconds", "clock_discard_seconds"}
)
ALL_OPTIONS = HAND_OPTIONS | SETTLEMENT_OPTIONS | SESSION_OPTIONS | EVENT_OPTIONS
