"""Seating and publishing need a started event (issue #34).

A draft's ruleset is not fixed yet: a round seated or published before *Start
event* would be played under rules that may still change. The services
refuse on a draft; the dashboard and the round page say so, with a link to
*Start event*.
"""

import pytest
from django.utils import timezone

from tests.tournament.pages import html_of
from tournament.events import services as event_services
from tournament.events.errors import EventError
from tournament.events.models import Event, StaffRole
from tournament.rounds import services
from tournament.seating.models import Round, Seat, Table
from tournament.standings.services import publish_results


@pytest.fixture
def draft(make_event, client, django_user_model):
    """A draft event of eight players, four rounds planned, its director logged in."""
    event = make_event(slug="cup", name="Cup", rounds_planned=4)
    for n in range(8):
        event_services.add_player(event, name=f"P{n}")
    director = django_user_model.objects.create_user("dora")
    StaffRole.objects.create(event=event, user=director, role="director")
    client.force_login(director)
    return event


def _seated_by_hand(event) -> Round:
    """A round seated before this guard existed (old data): rows made directly."""
    round_ = Round.objects.create(event=event, number=1, status="seated")
    table = Table.objects.create(round=round_, number=1)
    for wind, registration in zip("ESWN", event.registrations.all()[:4], strict=True):
        Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    return round_


@pytest.mark.parametrize(
    "verb",
    [
        lambda event: services.seat_round(event, 1, time_budget=0.1),
        lambda event: services.plan_remaining_rounds(event, time_budget=0.1),
        lambda event: services.publish_round(_seated_by_hand(event)),
    ],
    ids=["seat_round", "plan_remaining_rounds", "publish_round"],
)
def test_a_draft_event_is_neither_seated_nor_published(draft, verb):
    with pytest.raises(EventError, match="has not started.*Start event"):
        verb(draft)
    assert not Round.objects.filter(event=draft, status="published").exists()
    assert not Seat.objects.filter(round__event=draft, round__number__gt=1).exists()


def test_results_of_a_draft_are_not_published(draft):
    round_ = _seated_by_hand(draft)
    Round.objects.filter(pk=round_.pk).update(status="published", published_at=timezone.now())
    with pytest.raises(EventError, match="has not started"):
        publish_results(round_)


def test_once_started_the_same_verbs_work(draft):
    event = event_services.start_event(draft)
    round_ = services.seat_round(event, 1, time_budget=0.1)
    services.publish_round(round_)
    assert Round.objects.get(pk=round_.pk).status == "published"


def test_the_pages_of_a_draft_say_so_with_a_link_to_start(draft, client):
    dashboard = html_of(client.get("/manage/cup/"))
    assert 'id="draft-not-started"' in dashboard
    assert 'href="/manage/cup/#start-event"' in dashboard
    assert 'id="start-event"' in dashboard
    _seated_by_hand(draft)
    page = html_of(client.get("/manage/cup/round/1/"))
    assert 'id="draft-not-started"' in page
    assert 'href="/manage/cup/#start-event"' in page
    response = client.post("/manage/cup/rounds/seat/", {"number": 2, "method": "balanced"})
    assert response.status_code == 302
    assert not Round.objects.filter(event=draft, number=2).exists()
    response = client.post("/manage/cup/round/1/publish/", follow=True)
    assert "has not started" in html_of(response)
    assert Event.objects.get(pk=draft.pk).status == "draft"
