"""Fixtures of the events' tests: the event "cup" (public), its director, logged in, and
``login(role)`` for someone else.

A test file that needs another event defines its own ``event``; the ``director``
and ``login`` here then take that one.
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


@pytest.fixture
def login(client, django_user_model, event):
    """Log the client in as someone with ``role`` in the event (or none, or superuser)."""

    def as_(role):
        user = django_user_model.objects.create_user(
            f"user-{role}", password="pw", is_superuser=role == "superuser"
        )
        if role in ("director", "judge", "viewer"):
            StaffRole.objects.create(event=event, user=user, role=role)
        client.force_login(user)
        return user

    return as_
