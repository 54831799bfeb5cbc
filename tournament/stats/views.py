"""The public statistics page of an event (the player's are on the player page).

Public like the other public pages: only an event with ``is_public`` exists
here, and only published, confirmed sheets are counted.
"""

from django.shortcuts import get_object_or_404, render

from tournament.events.models import Event
from tournament.stats.presenting import event_block


def event_statistics(request, slug):
    """The hand-value distribution, the most common patterns and the biggest hands."""
    event = get_object_or_404(Event.objects.public().with_stage_flag(), slug=slug)
    return render(
        request, "stats/event_statistics.html", {"event": event, "es": event_block(event)}
    )
