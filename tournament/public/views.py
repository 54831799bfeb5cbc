"""Public pages. Only events with ``is_public`` exist here; others are a 404."""

from django.shortcuts import get_object_or_404, render

from tournament.events.models import Event, Registration
from tournament.seating.models import Round


def home(request):
    """Published events, newest first, with how many players each has."""
    events = Event.objects.public().with_player_count()
    return render(request, "public/home.html", {"events": events})


def event_detail(request, slug):
    """One published event, its published rounds and its players (dropped ones apart)."""
    event = get_object_or_404(Event.objects.public().with_player_count(), slug=slug)
    registrations = event.registrations.select_related("player").order_by("player__name", "pk")
    dropped = Registration.Status.DROPPED
    rounds = event.rounds.filter(status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED])
    return render(
        request,
        "public/event_detail.html",
        {
            "event": event,
            "playing": [r for r in registrations if r.status != dropped],
            "dropped": [r for r in registrations if r.status == dropped],
            "rounds": rounds.order_by("number"),
        },
    )
