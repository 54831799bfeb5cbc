"""The same permission check as the pages, declared on each API view.

Every view says what it needs in ``required_permission``:

- ``"public"``: anyone, no token (the view shows only what is published);
- ``"create_events"``: :func:`~tournament.events.permissions.can_create_events`;
- a verb of :data:`~tournament.events.permissions.PERMISSIONS` (``view``,
  ``enter_results``, ``confirm``, ``manage``): the token's user must hold it in
  the event named by the URL's ``slug``.

The permission matrix test reads this attribute off every route, so a view
without it fails the tests rather than opening silently.

A token kept to one event (``ApiToken.event``) acts only there: anywhere else
that needs a permission, and in making events, it is refused with 403 and
the code ``token_scope``, whatever its user's roles (issue #32, L6). Public
reads stay open to it, as to anyone.
"""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from rest_framework import exceptions, permissions

from tournament.api.models import ApiToken
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
        token = request.auth if isinstance(request.auth, ApiToken) else None
        scope = token.event if token is not None else None
        if need == CREATE_EVENTS:
            if scope is not None:
                raise _out_of_scope(scope)
            return can_create_events(request.user)
        event = event_of(view)
        if scope is not None and scope.pk != event.pk:
            raise _out_of_scope(scope)
        return has_event_permission(request.user, event, need)


def _out_of_scope(scope: Event) -> exceptions.PermissionDenied:
    return exceptions.PermissionDenied(
        _("This token acts only in the event “%(slug)s”.") % {"slug": scope.slug},
        code="token_scope",
    )
