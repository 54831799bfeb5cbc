"""A small MCR event played in stages through the real services, for the stage tests.

Scores are chosen per table so the standings hold the ties a test needs:
``table_scores(t)`` gives the (E, S, W, N) final scores of table ``t``.

- ``level``: every table alike: each place is a group of equal players
  (an unbreakable tie at a cut inside a group);
- ``spread``: the winners differ in score only (a tie on points at a cut
  among them, decided by the next metric).
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model

from tournament.events.models import Event, StaffRole
from tournament.events.services import add_player, start_event
from tournament.results.sheet import services as results
from tournament.results.sheet.confirmation import confirm_sheet, submit_sheet
from tournament.rounds.services import publish_round, seat_round
from tournament.stages.services import define_stages
from tournament.standings.services import publish_results


def level(_table: int) -> tuple[int, ...]:
    return (40, 20, -20, -40)


def spread(table: int) -> tuple[int, ...]:
    return (40 + table, 20, -20, -40 - table)


def staff(event: Event):
    User = get_user_model()
    director = User.objects.create_user(f"{event.slug}-director", password="pw")
    judge = User.objects.create_user(f"{event.slug}-judge", password="pw")
    StaffRole.objects.create(event=event, user=director, role=StaffRole.Role.DIRECTOR)
    StaffRole.objects.create(event=event, user=judge, role=StaffRole.Role.JUDGE)
    return director, judge


def build(slug: str, players: int, specs: list[dict], *, teams: bool = True):
    """A started public MCR event with ``players`` registrations and ``specs`` stages."""
    from tournament.events.services import create_event

    event = create_event(
        slug=slug,
        name=f"Stages {slug}",
        ruleset="mcr",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 2),
        is_public=True,
    )
    for i in range(players):
        registration = add_player(event, name=f"Player {i + 1:02}", reason="registration.demo")
        if teams:
            registration.team = f"Team {i // 4 + 1}"
            registration.save()
    director, judge = staff(event)
    define_stages(event, specs, by=director)
    event = start_event(Event.objects.get(pk=event.pk))
    return event, director, judge


def play(event: Event, number: int, director, judge, table_scores=level, method=None):
    """Seat, publish, enter every table's final scores, confirm and publish round ``number``."""
    round_ = seat_round(event, number, method, by=director, time_budget=0.5)
    publish_round(round_, by=director)
    for table in round_.tables.order_by("number"):
        scores = dict(zip("ESWN", table_scores(table.number), strict=True))
        sheet = results.save_final_scores(table, scores, by=director, base_version=0)
        submit_sheet(table, by=director, version=sheet.version)
        confirm_sheet(table, by=judge, version=sheet.version)
    publish_results(round_, by=director)
    return round_
