"""Rounds planned ahead against the players of now: warned, and never published stale.

A director plans four rounds, one player withdraws and one arrives late. The
dashboard and the round page say which rounds still seat the old field,
publishing such a round is refused with the way out, and re-planning clears it.
"""

from __future__ import annotations

import pytest

from tournament.events import services as event_services
from tournament.rounds import services
from tournament.rounds.plan_drift import drifted_rounds
from tournament.seating.models import Round, Seat


@pytest.fixture(autouse=True)
def _quick_planner(settings):
    settings.SEATING_TIME_BUDGET = 0.5


@pytest.fixture
def event(planned_cup):
    return planned_cup(4)


def test_a_withdrawal_after_planning_is_warned_refused_and_cleared_by_a_re_plan(client, event):
    services.plan_remaining_rounds(event)
    services.publish_round(Round.objects.get(event=event, number=1))
    assert drifted_rounds(event) == []
    gone = Seat.objects.get(round__number=2, table__number=1, wind="E").registration
    event_services.drop_player(gone, reason="train home")
    late = event_services.add_player(event, name="Late Lukas")
    event_services.add_player(event, name="Reserve Ruth", status="reserve")
    event_services.add_player(event, name="Reserve Rolf", status="reserve")

    drifts = drifted_rounds(event)
    assert [d.round.number for d in drifts] == [2, 3, 4]
    assert all(d.withdrawn == [gone] for d in drifts)
    assert all(late in d.missing for d in drifts)
    html = client.get("/manage/cup/").content.decode()
    assert 'id="plan-drift-2"' in html and 'id="plan-drift-4"' in html
    assert f"It seats {gone.name}, who withdrew." in html
    html = client.get("/manage/cup/round/3/").content.decode()
    assert 'id="plan-drift-3"' in html and 'id="plan-drift-2"' not in html
    assert "It does not seat" in html and "Late Lukas" in html

    response = client.post("/manage/cup/round/2/publish/", follow=True)
    assert f"Round 2 seats {gone.name}, who withdrew" in response.content.decode()
    assert Round.objects.get(event=event, number=2).status == Round.Status.SEATED

    client.post("/manage/cup/rounds/plan/")
    assert drifted_rounds(event) == []
    assert 'id="plan-drift-' not in client.get("/manage/cup/").content.decode()
    client.post("/manage/cup/round/2/publish/")
    assert Round.objects.get(event=event, number=2).status == Round.Status.PUBLISHED


def test_a_published_round_is_never_reported(client, event):
    """A no-show in a published round is filled seat by seat, not by re-planning."""
    services.plan_remaining_rounds(event)
    services.publish_round(Round.objects.get(event=event, number=1))
    seated = Seat.objects.get(round__number=1, table__number=1, wind="E").registration
    event_services.drop_player(seated)
    assert {d.round.number for d in drifted_rounds(event)} <= {2, 3, 4}
