"""The public statistics page of an event (the player's are on the player page).

Public like the other public pages: only an event with ``is_public`` exists
here, and only published, confirmed sheets are counted.
"""

from django.shortcuts import render

from tournament.events.queries import public_event
from tournament.stats.presenting import event_block


def event_statistics(request, slug):
    """The hand-value distribution, the most common patterns and the biggest hands."""
    event = public_event(slug)
    return render(
        request, "stats/event_statistics.html", {"event": event, "es": event_block(event)}
    )
