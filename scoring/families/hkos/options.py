"""HKOS per-event options (rules/hkos.md §9) and which part of the engine reads each.

An event stores one dict of overrides. Each reader applies its own options,
lets the others' pass, and refuses a name that is none of them, so a typo is
caught wherever the dict is first used.
"""

from __future__ import annotations

HAND_OPTIONS = frozenset(  # rulesets/hkos.py: valuing one hand
    {
        "min_faan",
        "max_faan",
        "bonus_counts_toward_min",
        "faan_table",
        "faan_scale",
        "points_per_unit",
    }
)
SESSION_OPTIONS = frozenset(  # settlement_hkos.py: payments, dealer, session, standings
    {
        "payment_scheme",
        "multiple_winners",
        "session_length",
        "time_limit_policy",
        "dealer_repeat_cap",
        "false_win_points",
        "false_win_policy",
        "tiebreak_chain",
    }
)
ALL_OPTIONS = HAND_OPTIONS | SESSION_OPTIONS
