"""The guard of every staff view: log in, then ``has_event_permission`` or 403."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournament.events.models import Event
from tournament.events.permissions import has_event_permission


def event_permission_required(perm: str):
    """Wrap ``view(request, event, ...)``, called with the URL's ``slug``.

    Anonymous users are sent to the login page; users without the permission
    get a 403. The check happens here on the server, whatever the page shows.
    """

    def decorator(view):
        @login_required
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            event = get_object_or_404(Event, slug=slug)
            if not has_event_permission(request.user, event, perm):
                raise PermissionDenied
            return view(request, event, *args, **kwargs)

        wrapper.event_permission = perm
        return wrapper

    return decorator
