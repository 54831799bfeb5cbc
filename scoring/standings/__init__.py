"""Event standings: players ranked over the sessions they played (sessions.md §5 step 5).

Standings are a pure, deterministic function of the confirmed sheets: the
same sessions always give the same table, whatever order they arrive in,
and ties are never broken at random. The pieces:

- :class:`SessionLine` (:mod:`.lines`): one player's result in one session,
  as the sheet's footer gave it; :func:`session_lines` makes the four lines
  of a replayed sheet;
- :data:`METRICS` (:mod:`.metrics`): a registry of named metrics (table
  points, result points, firsts, best session …);
- :func:`precedence` (:mod:`.precedence`): the ordered metric names that rank
  each ruleset, with the event's ``tiebreak_chain``; the table of choices and
  the ⚠ items are documented there;
- :func:`rank_players` (:mod:`.ranking`): the ranked :class:`Standing` list.

This supersedes :func:`scoring.families.hkos.session.hkos_standings` (HKOS only, no
players without sessions, no overall penalties), which agrees with it on
the default chain (tests/scoring/test_standings_properties.py).
"""

from __future__ import annotations

from scoring.standings.lines import SessionLine, Standing, StandingsError, session_lines
from scoring.standings.metrics import METRICS, Metric
from scoring.standings.precedence import SHARED, precedence
from scoring.standings.ranking import rank_by, rank_players

__all__ = [
    "METRICS",
    "SHARED",
    "Metric",
    "SessionLine",
    "Standing",
    "StandingsError",
    "precedence",
    "rank_by",
    "rank_players",
    "session_lines",
]
