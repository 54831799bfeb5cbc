"""Finishing a round stops its clock; finishing the event stops every clock (issue #34).

The stop is logged like any clock change, with who and why; the pages then
show the clock stopped, never "Running", and a finished round's clock cannot
be started, reset or changed again.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests.tournament.pages import html_of
from tournament.events.models import Registration, StaffRole
from tournament.events.services import start_event
from tournament.hall.clock import services as clock
from tournament.hall.clock.services import ClockError
from tournament.hall.models import ClockEvent
from tournament.results.sheet import services as results
from tournament.rounds import round_admin
from tournament.seating.models import Round, Seat, Table

SCORES = dict(zip("ESWN", (40000, 30000, 27000, 23000), strict=True))
MIN = datetime.timedelta(minutes=1)


@pytest.fixture
def hall(make_event, make_player, django_user_model):
    """A public event, 90 minutes a round: rounds 1 and 2 published, every sheet confirmed,
    both clocks started ten minutes ago; (event, rounds, director)."""
    event = make_event(slug="cup", ruleset="wrc", time_limit_minutes=90)
    start_event(event)
    director = django_user_model.objects.create_user("dir")
    judge = django_user_model.objects.create_user("judge")
    StaffRole.objects.create(event=event, user=director, role="director")
    StaffRole.objects.create(event=event, user=judge, role="judge")
    players = [Registration.objects.create(event=event, player=make_player()) for _ in range(4)]
    rounds = []
    started = timezone.now() - 10 * MIN
    for number in (1, 2):
        round_ = Round.objects.create(
            event=event, number=number, status="published", published_at=timezone.now()
        )
        table = Table.objects.create(round=round_, number=1)
        for wind, registration in zip("ESWN", players, strict=True):
            Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
        sheet = results.save_final_scores(table, SCORES, by=judge, base_version=0)
        results.submit_sheet(table, by=judge, version=sheet.version)
        results.confirm_sheet(table, by=director, version=sheet.version)
        clock.start_clock(round_, by=director, now=started)
        rounds.append(round_)
    return event, rounds, director


def test_finishing_a_round_stops_its_clock_with_who_and_why(hall):
    _event, (first, second), director = hall
    round_admin.finish_round(first, by=director)
    state = clock.clock_state(first)
    assert state["status"] == "stopped"
    assert state["deadline"] is None
    assert 79 * 60_000 <= state["remaining"] <= 80 * 60_000
    last = ClockEvent.objects.filter(clock__round=first).order_by("-pk").first()
    assert (last.kind, last.created_by) == (ClockEvent.Kind.STOP_ROUND, director)
    assert clock.clock_state(second)["status"] == "running"


def test_a_stopped_clock_stays_stopped(hall):
    _event, (first, _second), director = hall
    round_admin.finish_round(first, by=director)
    later = clock.clock_state(first, now=timezone.now() + 200 * MIN)
    assert later["status"] == "stopped"
    assert later["remaining"] > 0


@pytest.mark.parametrize(
    "action",
    [
        lambda r, by: clock.start_clock(r, by=by),
        lambda r, by: clock.reset_clock(r, by=by, reason="false start"),
        lambda r, by: clock.resume_clock(r, by=by),
        lambda r, by: clock.pause_clock(r, by=by),
        lambda r, by: clock.extend_clock(r, by=by, minutes=5),
        lambda r, by: clock.give_table_extra(r, by=by, table_number=1, minutes=5, reason="late"),
    ],
)
def test_a_finished_rounds_clock_cannot_be_restarted(hall, action):
    _event, (first, _second), director = hall
    round_admin.finish_round(first, by=director)
    first.refresh_from_db()
    with pytest.raises(ClockError, match="Round 1 has finished"):
        action(first, director)
    assert clock.clock_state(first)["status"] == "stopped"


def test_a_finished_round_without_a_clock_cannot_start_one(hall):
    _event, (first, _second), director = hall
    clock.reset_clock(first, by=director, reason="false start")
    round_admin.finish_round(first, by=director)
    first.refresh_from_db()
    with pytest.raises(ClockError, match="Round 1 has finished"):
        clock.start_clock(first, by=director)


def test_finishing_the_event_stops_every_clock(hall):
    event, rounds, director = hall
    round_admin.finish_round(rounds[0], by=director)
    round_admin.finish_event(event, by=director)
    for round_ in rounds:
        assert clock.clock_state(round_)["status"] == "stopped"
    kinds = list(
        ClockEvent.objects.filter(clock__round=rounds[1]).values_list("kind", "created_by")
    )
    assert kinds[-1] == (ClockEvent.Kind.STOP_EVENT, director.pk)
    assert clock.current_round(event) is None
    rounds[1].refresh_from_db()
    with pytest.raises(ClockError, match="has finished"):
        clock.extend_clock(rounds[1], by=director, minutes=5)


def test_the_pages_show_the_clock_stopped(hall, client):
    event, rounds, director = hall
    round_admin.finish_event(event, by=director)
    client.force_login(director)
    staff = html_of(client.get("/manage/cup/round/2/"))
    assert 'data-status="stopped"' in staff
    assert 'data-status="running"' not in staff
    assert 'id="clock-pause"' not in staff  # no buttons on a stopped clock
    assert "Stopped: the event finished" in staff  # the log says why
    client.logout()
    projector = html_of(client.get("/e/cup/projector/clock/"))
    assert "is-stopped" in projector and "is-running" not in projector
    public = html_of(client.get("/e/cup/"))
    assert 'data-status="running"' not in public
    state = client.get("/e/cup/round/2/clock.json").json()
    assert state["status"] == "stopped"
