"""Staff accounts for a test event: one user a role, named after the role and the event."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tournament.events.models import StaffRole


def staff_users(event, **roles) -> dict:
    """``name=role`` each -> {name: the user "name-slug" (password "pw"), given that role in
    ``event``}, created in the order given."""
    User = get_user_model()
    users = {}
    for name, role in roles.items():
        user = User.objects.create_user(f"{name}-{event.slug}", password="pw")
        StaffRole.objects.create(event=event, user=user, role=role)
        users[name] = user
    return users
