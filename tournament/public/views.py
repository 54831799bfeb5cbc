"""Public pages. Only events with ``is_public`` exist here; others are a 404.

Results are public round by round: a round's sheets show (and count in the
standings) only once the director has published its results.
"""

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournament.events.models import Event, Registration
from tournament.events.name_search import filter_registrations
from tournament.events.queries import (
    public_event,
    public_events,
    registration_of,
    registrations_by_name,
)
from tournament.events.teams import team_kinds
from tournament.public import history
from tournament.public.stage_view import stage_facts, stage_view
from tournament.public.standings_view import (
    metric_order,
    player_base,
    standings_fragment,
    standings_query,
)
from tournament.public.tables import metric_name
from tournament.seating.models import Round
from tournament.standings import exporters
from tournament.standings.exporters import PUBLIC, STANDINGS
from tournament.standings.services import standings
from tournament.stats.presenting import player_block

# Seconds between two refreshes of the live standings (live.js); a setting may change it.
LIVE_INTERVAL = 30


def home(request):
    """Published events, newest first, with how many players each has."""
    events = public_events()
    return render(request, "public/home.html", {"events": events})


def event_detail(request, slug):
    """One published event, its published rounds and its players (dropped ones apart).

    ``?q=`` narrows the players to those whose name matches (``events.name_search``:
    accents and case ignored, Latin names too); the page says so when nobody does.
    """
    event = public_event(slug)
    query = request.GET.get("q", "").strip()
    registrations = filter_registrations(registrations_by_name(event), query)
    dropped = Registration.Status.DROPPED
    rounds = event.rounds.public()
    return render(
        request,
        "public/event_detail.html",
        {
            "event": event,
            "playing": [r for r in registrations if r.status != dropped],
            "dropped": [r for r in registrations if r.status == dropped],
            "query": query,
            "rounds": rounds.order_by("number"),
            "results_out": rounds.filter(results_published_at__isnull=False).exists(),
            "stage": stage_facts(event),
            "has_teams": bool(team_kinds(event)),
        },
    )


def standings_page(request, slug):
    """The live standings; ``?fragment=1`` is the table alone, for live.js to swap in."""
    event = get_object_or_404(Event.objects.public(), slug=slug)
    fragment = request.GET.get("fragment") == "1"
    query = standings_query(request.GET)
    request.GET = query  # sort links and the fragment's address keep only sort, big and stage
    view = stage_view(event, query.get("stage"))
    html = standings_fragment(request, event, view)
    if fragment:
        response = HttpResponse(html)
        response["Cache-Control"] = "no-cache"
        return response
    rounds = list(event.rounds.public().values_list("number", "results_published_at"))
    fragment_query = query.copy()
    fragment_query["fragment"] = "1"
    return render(
        request,
        "public/standings.html",
        {
            "event": event,
            "standings_html": html,
            "big": query.get("big") == "1",
            "fragment_url": f"{request.path}?{fragment_query.urlencode()}",
            "normal_query": _query_with(query, big=None),
            "big_query": _query_with(query, big="1"),
            "live_interval": getattr(settings, "PUBLIC_LIVE_INTERVAL", LIVE_INTERVAL),
            "results_rounds": [number for number, published in rounds if published],
            "seating_round": rounds[-1][0] if rounds else None,
            "downloads": exporters.links(event, PUBLIC, STANDINGS),  # the registered files
            "view": view,
            "has_teams": bool(team_kinds(event)),
        },
    )


def _query_with(query, **changes) -> str:
    out = query.copy()
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    text = out.urlencode()
    return f"?{text}" if text else ""


def player_page(request, slug, registration):
    """One player's published sessions: seat, opponents, points, penalties, running total."""
    event = public_event(slug)
    registration = registration_of(event, registration)
    sessions = history.player_sessions(event, registration)
    snapshot = standings(event)
    standing = next((row for row in snapshot.rows if row["registration"] == registration.pk), None)
    return render(
        request,
        "public/player.html",
        {
            "event": event,
            "registration": registration,
            "player": registration.player,
            "sessions": sessions,
            "standing": standing,
            "points_label": metric_name(metric_order(event, snapshot.rows)[0]),
            "player_url": player_base(event),
            "ps": player_block(event, registration),
        },
    )


def round_results(request, slug, number):
    """A round's results table by table; a 404 until the director publishes them."""
    event = get_object_or_404(Event.objects.public(), slug=slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    if round_.results_published_at is None:
        raise Http404
    published = list(history.published_rounds(event).values_list("number", flat=True))
    return render(
        request,
        "public/round_results.html",
        {
            "event": event,
            "round": round_,
            "tables": history.round_results(round_),
            "published": published,
            "player_url": player_base(event),
        },
    )
