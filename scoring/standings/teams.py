"""Team standings: a team ranked on its members' sessions.

Two kinds, as events declare them: the sum of every member's sessions
(``best=None``), or, round by round, only the ``best`` members' sessions of
that round (a team of four counting its best three, say). A session's value
is the ruleset's own first two ranking metrics for that one session (table
points then the MCR score, result points then raw points …), so the team
table reads in the players' unit. Only sums can be added up over members;
a ruleset whose ranking leads with a count is refused.

Declared tiebreaks: points, then the second sum; teams still equal share
the rank (listed by name). No draw.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.standings.lines import SessionLine, StandingsError
from scoring.standings.metrics import METRICS

# Metrics that are a sum over sessions, so a session's share is the metric of that session.
SUMS = frozenset(
    {"table_points", "match_points", "session_score", "result_points", "points_total", "raw_points"}
)


@dataclass(frozen=True)
class TeamStanding:
    rank: int
    team: str
    points: Fraction
    score: Fraction
    members: tuple[Hashable, ...]
    sessions: int  # member sessions counted
    tied: bool


def _session_value(line: SessionLine, names: Sequence[str]) -> tuple[Fraction, ...]:
    return tuple(Fraction(METRICS[n].compute([line])) for n in names)


def rank_teams(
    order: Sequence[str],
    teams: Mapping[str, Iterable[Hashable]],
    lines: Iterable[SessionLine],
    *,
    best: int | None = None,
) -> list[TeamStanding]:
    """Teams ranked on their members' sessions in ``lines`` (others' lines are ignored)."""
    names = tuple(order[:2])
    if not names or any(n not in SUMS for n in names):
        raise StandingsError(f"teams can only add up sums, not {', '.join(order[:2])}")
    if best is not None and best < 1:
        raise StandingsError("best must count at least one member per round")
    members = {team: tuple(players) for team, players in teams.items()}
    team_of: dict[Hashable, str] = {}
    for team, players in members.items():
        for p in players:
            if p in team_of:
                raise StandingsError(f"{p!r} is in two teams")
            team_of[p] = team
    by_round: dict[tuple[str, int], list[tuple[Fraction, ...]]] = defaultdict(list)
    for line in lines:
        team = team_of.get(line.player)
        if team is not None:
            by_round[team, line.round].append(_session_value(line, names))
    totals = {team: [Fraction(0)] * len(names) for team in members}
    counted = dict.fromkeys(members, 0)
    for (team, _round), values in by_round.items():
        values.sort(reverse=True)
        kept = values if best is None else values[:best]
        counted[team] += len(kept)
        for value in kept:
            totals[team] = [a + b for a, b in zip(totals[team], value, strict=True)]
    key = {team: tuple(-v for v in totals[team]) for team in members}
    ordered = sorted(members, key=lambda t: (key[t], t))
    out: list[TeamStanding] = []
    for i, team in enumerate(ordered):
        same = i > 0 and key[ordered[i - 1]] == key[team]
        values = totals[team]
        out.append(
            TeamStanding(
                rank=out[-1].rank if same else i + 1,
                team=team,
                points=values[0],
                score=values[1] if len(values) > 1 else Fraction(0),
                members=members[team],
                sessions=counted[team],
                tied=sum(key[t] == key[team] for t in members) > 1,
            )
        )
    return out
