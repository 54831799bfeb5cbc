"""How the judge page's drafts script (``static/js/entry-drafts.js``) is answered.

The script sends Save itself (a ``fetch`` marked with :data:`HEADER`) so that a
Save made offline can wait in a queue instead of ending on the browser's error
page. A redirect is what a saved post (or one saved before: the one-time
``entry_key``) is answered with; followed by ``fetch``, the page it leads to
would show, and so use up, the "Hand 5 saved." message before the judge sees
it. So a marked post's redirect becomes a 204 naming where to go
(:data:`LOCATION`) and what it means (:data:`OUTCOME`: ``saved``, or ``login``
when the session had ended), and the script goes there itself. Posts without
the mark (no script) are answered as before.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect

from tournament.events.models import Event
from tournament.events.permissions import has_event_permission

HEADER = "X-Entry-Queue"
LOCATION = "X-Entry-Location"
OUTCOME = "X-Entry-Outcome"
SAVED, LOGIN = "saved", "login"
# The last versions whose one-time keys the page names (a draft saved as one of them is done).
RECENT_KEYS = 20


def from_script(request) -> bool:
    return request.method == "POST" and bool(request.headers.get(HEADER))


def answer(request, response, *, login: bool = False):
    """``response`` as the script wants it: a redirect becomes a 204 with its address."""
    if not from_script(request) or response.status_code not in (301, 302, 303):
        return response
    told = HttpResponse(status=204)
    told[LOCATION] = response["Location"]
    told[OUTCOME] = LOGIN if login else SAVED
    return told


def table_instead(request, response, slug: str, table_address: str):
    """A post-only address opened with GET (a back button, a bookmark, an old ``next``).

    A judge of the event meant the table's page, not "405 method not allowed";
    anyone else keeps the 405 (nothing is said about the table to them).
    """
    if request.method not in ("GET", "HEAD") or response.status_code != 405:
        return response
    event = Event.objects.filter(slug=slug).first()
    if event is not None and has_event_permission(request.user, event, "enter_results"):
        return redirect(table_address)
    return response


def saved_keys(table) -> list[str]:
    """The one-time keys of the table's latest versions: drafts saved as these are cleared."""
    keys = (
        table.sheets.exclude(entry_key=None)
        .order_by("-version")
        .values_list("entry_key", flat=True)[:RECENT_KEYS]
    )
    return [str(key) for key in keys]
