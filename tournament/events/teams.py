"""An event's teams (issue #21): which rankings it publishes, and who is in which team.

Why in the events: both are read from the event's own fields and its
registrations. The team standings (``standings.teams``), the event's
settings (a best-N larger than any team is refused) and the pages all ask here.
"""

from __future__ import annotations

from tournament.collation import registrations_sorted
from tournament.events.models import Event, Registration


def team_kinds(event: Event) -> list[tuple[str, int | None]]:
    """The team rankings the event publishes, main one first (empty: no teams)."""
    kinds: list[tuple[str, int | None]] = []
    if event.team_sum_all:
        kinds.append(("all", None))
    if event.team_best_n:
        kinds.append(("best", event.team_best_n))
    return kinds


def teams_of(event: Event) -> dict[str, list[Registration]]:
    """Team name -> its members (house substitutes never score for a team)."""
    teams: dict[str, list[Registration]] = {}
    registrations = (
        event.registrations.exclude(team="")
        .exclude(status=Registration.Status.SUBSTITUTE)
        .select_related("player")
    )
    for registration in registrations_sorted(registrations):
        teams.setdefault(registration.team, []).append(registration)
    return teams
