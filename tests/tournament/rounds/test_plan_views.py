"""Planning every round from the dashboard, and the plan's quality on the round page."""

from __future__ import annotations

import pytest

from tournament.events import services as event_services
from tournament.events.models import Event, StaffRole
from tournament.rounds import services
from tournament.seating.models import Round, Seat
from tournament.seating.quality import event_quality, swap_quality


@pytest.fixture(autouse=True)
def _quick_planner(settings):
    settings.SEATING_TIME_BUDGET = 0.5


@pytest.fixture
def event(make_event):
    event = make_event(slug="cup", name="Cup")
    for n in range(16):
        event_services.add_player(event, name=f"Player {n:02d}", club=f"Club {n % 4}")
    return event_services.start_event(event)  # seating needs a started event (issue #34)


@pytest.fixture
def director(client, django_user_model, event):
    user = django_user_model.objects.create_user("dora")
    StaffRole.objects.create(event=event, user=user, role="director")
    client.force_login(user)
    return user


def plan_rounds(event, count):
    Event.objects.filter(pk=event.pk).update(rounds_planned=count)
    event.refresh_from_db()


def test_the_dashboard_offers_to_plan_every_round_and_says_which_round_is_next(
    client, director, event
):
    plan_rounds(event, 5)
    html = client.get("/manage/cup/").content.decode()
    assert 'id="plan-rounds"' in html
    assert "Plan all rounds" in html
    assert "Next: round 1 of 5" in html
    response = client.post("/manage/cup/rounds/plan/")
    assert response.status_code == 302
    assert response["Location"] == "/manage/cup/round/1/"
    assert list(event.rounds.values_list("number", "status")) == [
        (n, "seated") for n in range(1, 6)
    ]
    html = client.get("/manage/cup/").content.decode()
    assert "Re-plan unpublished rounds" in html


def test_planning_without_a_number_of_rounds_is_refused_with_a_reason(client, director, event):
    html = client.get("/manage/cup/").content.decode()
    assert 'id="plan-rounds"' not in html
    response = client.post("/manage/cup/rounds/plan/", follow=True)
    assert "Set the number of rounds of “Cup” first" in response.content.decode()
    assert not event.rounds.exists()


def test_the_round_page_shows_repeats_club_meetings_and_winds(client, director, event):
    plan_rounds(event, 5)
    services.plan_remaining_rounds(event)
    html = client.get("/manage/cup/round/5/").content.decode()
    quality = event_quality(event, through_round=5)
    assert 'id="plan-quality"' in html
    assert f'id="quality-repeats">{quality.repeats}<' in html
    assert f'id="quality-club-meetings">{quality.club_meetings}<' in html
    assert ("Who meets again" in html) == bool(quality.repeats)
    html = client.get("/manage/cup/round/2/").content.decode()
    assert 'id="quality-whole-plan"' in html


def test_replanning_keeps_published_rounds_and_seats_a_newcomer(event):
    plan_rounds(event, 4)
    first = services.plan_remaining_rounds(event)
    services.publish_round(first[0])
    kept = {(s.table.number, s.wind, s.registration_id) for s in first[0].seats.all()}
    gone = event.registrations.order_by("pk")[0]
    event_services.drop_player(gone)
    newcomer = event_services.add_player(event, name="Late")
    again = services.plan_remaining_rounds(event)
    assert [r.number for r in again] == [2, 3, 4]
    assert {(s.table.number, s.wind, s.registration_id) for s in first[0].seats.all()} == kept
    assert not Seat.objects.filter(round__number__gt=1, registration=gone).exists()
    assert Seat.objects.filter(round__event=event, registration=newcomer).count() == 3


def test_everything_published_or_a_short_field_is_refused(event):
    plan_rounds(event, 1)
    (only,) = services.plan_remaining_rounds(event)
    services.publish_round(only)
    with pytest.raises(services.EventError, match="already"):
        services.plan_remaining_rounds(event)
    plan_rounds(event, 2)
    event_services.add_player(event, name="Odd One")
    with pytest.raises(services.EventError, match="cannot fill tables of four"):
        services.plan_remaining_rounds(event)


def test_seat_round_plans_to_the_number_of_rounds(event, monkeypatch):
    calls = []
    planner = services._planner()
    real = planner.plan_seating

    def spy(players, rounds, **kwargs):
        calls.append(rounds)
        return real(players, rounds, **kwargs)

    monkeypatch.setattr(planner, "plan_seating", spy)
    plan_rounds(event, 5)
    services.seat_round(event, 1)
    services.seat_round(event, 2)
    assert calls == [5]  # round 2 follows the plan kept at round 1 (kept_plan)
    assert Round.objects.filter(event=event).count() == 2


def test_swap_quality_tells_what_a_swap_would_do(event):
    plan_rounds(event, 3)
    services.plan_remaining_rounds(event)
    round_ = Round.objects.get(event=event, number=1)
    seats = list(Seat.objects.filter(round=round_).select_related("round__event").order_by("pk"))
    a = seats[0]
    b = next(s for s in seats if s.table_id != a.table_id)
    before, after = swap_quality(a, b)
    assert before == event_quality(event)
    assert after != before
    assert Seat.objects.get(pk=a.pk).registration_id == a.registration_id  # nothing saved


def test_once_every_planned_round_is_published_the_button_plans_the_rest(client, director, event):
    plan_rounds(event, 2)
    client.post("/manage/cup/rounds/plan/")
    for round_ in event.rounds.all():
        services.publish_round(round_)
    plan_rounds(event, 3)
    html = client.get("/manage/cup/").content.decode()
    assert "Plan the remaining rounds" in html and "Re-plan unpublished rounds" not in html
    client.post("/manage/cup/rounds/plan/")
    assert event.rounds.get(number=3).status == Round.Status.SEATED
