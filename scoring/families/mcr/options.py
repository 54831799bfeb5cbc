"""MCR's per-event options (rules/mcr.md §10) and which part of the engine reads each.

An event stores one dict of overrides. Each reader applies its own options
and lets the others' pass; :func:`scoring.families.mcr.rules.resolve` runs
them all at event creation (the one validator).
"""

from __future__ import annotations

HAND_OPTIONS = frozenset({"mcr_edition", "mcr_kong_values", "min_fan", "flowers_used"})  # hand.py
SESSION_OPTIONS = frozenset(  # session.py
    {
        "hands_per_session",
        "table_points",
        "false_win_points",
        "false_win_redistribute",
        "penalties_in_session_score",
    }
)
EVENT_OPTIONS = frozenset(  # the tournament side: seating, timing, standings
    {
        "seat_rotation_scheme",
        "time_limit_minutes",
        "time_limit_policy",
        "tie_split",
        "tiebreak_chain",
    }
)
ALL_OPTIONS = HAND_OPTIONS | SESSION_OPTIONS | EVENT_OPTIONS
