"""A small MCR event in teams and stages, built through the services (issue #21).

Shared by the stage, team and projector tests. Sixteen players in four
teams of four; three stages: two qualifying rounds, a cut to 8 for a
semifinal round with half the points carried, then a cut to 4 for a final
round carried in full. Each table's final scores come from a seeded random
generator, as the smoke script's; a tie at a cut is resolved by naming the
first tied players, as a director does by the event's rule.
"""

from __future__ import annotations

import datetime
import random

from tournament.events.models import Event, StaffRole
from tournament.events.services import add_player, create_event, start_event
from tournament.results.sheet import services
from tournament.rounds.services import publish_round, seat_round
from tournament.stages.services import cut_preview, make_cut
from tournament.standings.services import publish_results
from tournament.standings.stage_rows import stages_of

PLAYERS = 16
TEAMS = ["東京", "Dublin", "北京", "Madrid"]  # team names in any script


class Staged:
    def __init__(self, event, director, judge):
        self.event = event
        self.director = director
        self.judge = judge
        self.rng = random.Random(7)

    def play(self, number: int, publish: bool = True):
        """Seat, play and (unless told otherwise) publish the results of round ``number``."""
        round_ = seat_round(self.event, number, time_budget=0.2, seed=number)
        publish_round(round_)
        for table in round_.tables.all():
            scores = [self.rng.randrange(-40, 80) for _ in range(3)]
            scores.append(-sum(scores))
            sheet = services.save_final_scores(
                table, dict(zip("ESWN", scores, strict=True)), by=self.director, base_version=0
            )
            services.submit_sheet(table, by=self.director, version=sheet.version)
            services.confirm_sheet(table, by=self.judge, version=sheet.version)
        if publish:
            publish_results(round_, by=self.director)
        return round_

    def play_qualifying(self):
        """Play and publish both rounds of the qualifying stage (rounds 1 and 2)."""
        self.play(1)
        self.play(2)

    def cut(self, number: int):
        """Make the cut into stage ``number``, resolving a tie as the director would."""
        stage = next(s for s in stages_of(self.event) if s.number == number)
        answer, _rows = cut_preview(stage)
        chosen = answer.tie[: answer.tie_places] if not answer.resolved else ()
        return make_cut(stage, chosen=chosen, tie_method="lot", by=self.director)

    def stage(self, number: int):
        return next(s for s in stages_of(self.event) if s.number == number)


def create_team_event(
    slug: str, name: str, first_day: datetime.date, *, sum_all: bool, best_n: int | None
) -> Event:
    """A public MCR event of two days with team rankings (``team_sum_all``, ``team_best_n``),
    created through the service; no one registered yet."""
    event = create_event(
        slug=slug,
        name=name,
        ruleset="mcr",
        start_date=first_day,
        end_date=first_day + datetime.timedelta(days=1),
        is_public=True,
    )
    event.team_sum_all = sum_all
    event.team_best_n = best_n
    event.save()
    return event


def make_staged(django_user_model, *, best_n: int | None = 3, sum_all: bool = True) -> Staged:
    """The event, stages defined and started, no round played yet."""
    from tournament.stages.services import define_stages

    director = django_user_model.objects.create_user("staged-director")
    judge = django_user_model.objects.create_user("staged-judge")
    event = create_team_event(
        "staged", "Staged Cup", datetime.date(2026, 1, 1), sum_all=sum_all, best_n=best_n
    )
    for i in range(PLAYERS):
        registration = add_player(event, name=f"Player {i:02}", reason="registration.demo")
        registration.team = TEAMS[i // 4]
        registration.save()
    define_stages(
        event,
        [
            {"kind": "qualifying", "rounds": 2},
            {"kind": "semifinal", "rounds": 1, "size": 8, "carry": "half", "method": "rank"},
            {"kind": "final", "rounds": 1, "size": 4, "carry": "full", "method": "rank"},
        ],
    )
    StaffRole.objects.create(event=event, user=director, role="director")
    StaffRole.objects.create(event=event, user=judge, role="judge")
    event = start_event(Event.objects.get(pk=event.pk))
    return Staged(event, director, judge)
