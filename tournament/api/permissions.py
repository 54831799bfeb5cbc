"""The same permission check as the pages, declared on each API view.

Every view says what it needs in ``required_permission``:

- ``"public"``: anyone, no token (the view shows only what is published);
- ``"create_events"``: :func:`~tournament.events.permissions.can_create_events`;
- a verb of :data:`~tournament.events.permissions.PERMISSIONS` (``view``,
  ``enter_results``, ``confirm``, ``manage``): the token's user must hold it in
  the event named by the URL's ``slug``.

The permission matrix test reads this attribute off every route, so a view
without it fails the tests rather than opening silently.
"""

from django.shortcuts import get_object_or_404
from rest_framework import permissions

from tournament.events.models import Event
from tournament.events.permissions import PERMISSIONS, can_create_events, has_event_permission

PUBLIC = "public"
CREATE_EVENTS = "create_events"
KNOWN = frozenset({PUBLIC, CREATE_EVENTS, *PERMISSIONS})


def event_of(view) -> Event:
    """The event the URL names (404 when there is none), fetched once per request."""
    if getattr(view, "_event", None) is None:
        view._event = get_object_or_404(Event, slug=view.kwargs["slug"])
    return view._event


class EventPermission(permissions.BasePermission):
    def has_permission(self, request, view):
        need = getattr(view, "required_permission", None)
        if need not in KNOWN:
            raise ValueError(f"{type(view).__name__} declares no known required_permission")
        if need == PUBLIC:
            return True
        if need == CREATE_EVENTS:
            return can_create_events(request.user)
        return has_event_permission(request.user, event_of(view), need)
