"""An event's team standings (issue #21): its registrations' teams, ranked.

The arithmetic is pure (``scoring.standings.teams``); this reads who is in
which team and the session lines of the scope (every stage's rounds: a team
scores for all its members' sessions, carried points aside), and returns one
table per ranking the event publishes (``events.teams``): the sum of all members
(``team_sum_all``), the best N of each round (``team_best_n``), or both,
the first being the main one.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.standings.teams import rank_teams
from tournament.events.models import Event
from tournament.events.rules import precedence_of
from tournament.events.teams import team_kinds, teams_of
from tournament.standings.models import StandingSnapshot
from tournament.standings.services import session_lines

Scope = StandingSnapshot.Scope


@dataclass(frozen=True)
class TeamTable:
    kind: str  # "all" or "best"
    best: int | None
    rows: list[dict]


def team_standings(event: Event, scope: str = Scope.PUBLIC, lines=None) -> list[TeamTable]:
    """One :class:`TeamTable` per team ranking the event publishes."""
    kinds = team_kinds(event)
    if not kinds:
        return []
    teams = teams_of(event)
    lines = session_lines(event, scope) if lines is None else lines
    order = precedence_of(event)
    tables = []
    for kind, best in kinds:
        ranked = rank_teams(
            order, {t: [r.pk for r in members] for t, members in teams.items()}, lines, best=best
        )
        rows = [
            {
                "rank": s.rank,
                "tied": s.tied,
                "team": s.team,
                "points": str(s.points),
                "score": str(s.score),
                "sessions": s.sessions,
                "members": [
                    {"registration": r.pk, "player": r.name, "status": r.status}
                    for r in teams[s.team]
                ],
            }
            for s in ranked
        ]
        tables.append(TeamTable(kind=kind, best=best, rows=rows))
    return tables
