"""The guard of every staff view: log in, then ``has_event_permission`` or 403.

And its counterpart for a table's address (``/j/…``, printed as a QR code on the
sheet): staff get the staff page, everyone else the table's public page
(``events.public_table``).
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournament.events.models import Event
from tournament.events.permissions import has_event_permission
from tournament.events.public_table import public_table_page


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


def public_unless_staff(view):
    """The judges' table page for those who may see it; the public table page for other visitors.

    Only a published event has a public table page: for any other, the view
    answers as it always did (the login page, or 403), so nothing about an
    unpublished event shows.
    """

    @wraps(view)
    def wrapper(request, slug, round_number, table_number, *args, **kwargs):
        if request.method in ("GET", "HEAD"):
            event = Event.objects.public().filter(slug=slug).first()
            if event is not None and not has_event_permission(request.user, event, "view"):
                return public_table_page()(request, slug, round_number, table_number)
        return view(request, slug, round_number, table_number, *args, **kwargs)

    return wrapper
