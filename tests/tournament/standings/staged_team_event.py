"""A small staged team event built through the services, for part E's tests (issue #21).

16 MCR players in 4 teams of 4, a qualifying stage of 2 rounds and a final
of 1 round for the best 8 (half the points carried, seated by rank); both
team rankings published (all members, best 2 per round). Scores are fixed
per seat so every run gives the same standings; a tie at the cut is decided
for the first tied players, as a director would.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model

from tests.tournament.public.staged import create_team_event
from tournament.events.models import Event, StaffRole
from tournament.events.services import add_player, start_event
from tournament.results.sheet import services
from tournament.rounds.services import publish_round, seat_round
from tournament.stages.services import cut_preview, define_stages, make_cut
from tournament.standings.services import publish_results
from tournament.standings.stage_rows import stages_of

TEAMS = ("Red", "Blue", "Green", "Gold")
# Final scores by seat, a different set per round so ties are rare.
SCORES = {
    1: (60, 20, -30, -50),
    2: (45, 15, -25, -35),
    3: (70, 10, -20, -60),
}


def _play(event, number, director, judge):
    round_ = seat_round(event, number, time_budget=0.5)
    publish_round(round_)
    for table in round_.tables.order_by("number"):
        scores = SCORES[number]
        shift = table.number % 4  # tables differ, so players differ
        values = scores[shift:] + scores[:shift]
        sheet = services.save_final_scores(
            table, dict(zip("ESWN", values, strict=True)), by=director, base_version=0
        )
        services.submit_sheet(table, by=director, version=sheet.version)
        services.confirm_sheet(table, by=judge, version=sheet.version)
    publish_results(round_, by=director)


def build(slug: str = "staged", *, final_played: bool = True) -> Event:
    """The event after its qualifying rounds, the cut and (``final_played``) the final."""
    User = get_user_model()
    director = User.objects.create_user(f"{slug}-director")
    judge = User.objects.create_user(f"{slug}-judge")
    event = create_team_event(
        slug, "Staged Team Cup", datetime.date(2026, 5, 1), sum_all=True, best_n=2
    )
    for i in range(16):
        registration = add_player(event, name=f"Player {i:02}", reason="registration.demo")
        registration.team = TEAMS[i % 4]
        registration.save()
    StaffRole.objects.create(event=event, user=director, role="director")
    StaffRole.objects.create(event=event, user=judge, role="judge")
    define_stages(
        event,
        [
            dict(kind="qualifying", rounds=2),
            dict(kind="final", rounds=1, size=8, carry="half", method="rank", pattern="snake"),
        ],
        by=director,
    )
    event = start_event(Event.objects.get(pk=event.pk))
    for number in (1, 2):
        _play(event, number, director, judge)
    final = stages_of(event)[1]
    cut, _rows = cut_preview(final)
    make_cut(
        final,
        chosen=cut.tie[: cut.tie_places] if not cut.resolved else (),
        tie_method="lot",
        by=director,
    )
    if final_played:
        _play(event, 3, director, judge)
    return Event.objects.get(pk=event.pk)
