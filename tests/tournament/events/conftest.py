"""Fixtures of the events' tests: the event "cup" and its director, logged in.

A test file that needs another event (public, another slug) defines its own
``event``; the ``director`` here then takes that one.
"""

import pytest

from tournament.events.models import StaffRole


@pytest.fixture
def event(make_event):
    return make_event(slug="cup", name="Cup")


@pytest.fixture
def director(client, django_user_model, event):
    user = django_user_model.objects.create_user("director", password="pw")
    StaffRole.objects.create(event=event, user=user, role="director")
    client.force_login(user)
    return user
