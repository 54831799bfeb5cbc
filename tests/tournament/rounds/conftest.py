"""Fixtures of the round workflow's tests: the event "cup" of sixteen players, planned ahead."""

import pytest

from tournament.events import services as event_services
from tournament.events.models import Event, StaffRole


@pytest.fixture
def planned_cup(make_event, client, django_user_model):
    """``planned_cup(rounds)`` -> the event "cup": 16 players, ``rounds`` rounds planned and
    nothing seated yet, its director "dora" logged in on ``client``."""

    def make(rounds: int) -> Event:
        event = make_event(slug="cup", name="Cup")
        for n in range(16):
            event_services.add_player(event, name=f"Player {n:02d}")
        event_services.start_event(event)  # seating needs a started event (issue #34)
        Event.objects.filter(pk=event.pk).update(rounds_planned=rounds)
        event.refresh_from_db()
        user = django_user_model.objects.create_user("dora")
        StaffRole.objects.create(event=event, user=user, role="director")
        client.force_login(user)
        return event

    return make
