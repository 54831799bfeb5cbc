"""The public team standings page (issue #21): ``/e/<slug>/teams/``.

One table per team ranking the event publishes (``standings.teams``), the
main one first. Like the players' standings, the rendered tables are kept in
Django's cache under the public standings' fingerprint (which moves with a
confirmed sheet, a publication, a registration's team, a corrected name), so
a view while nothing changed reads the event, the fingerprint and the cache.

An event that publishes no team ranking has no such page (404): the links to
it show only when it has one.
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.translation import get_language

from tournament.events.models import Event
from tournament.events.rules import precedence_of
from tournament.events.teams import team_kinds
from tournament.public.standings_view import FRAGMENT_SECONDS, PUBLIC, player_base
from tournament.public.tables import metric_name
from tournament.standings.services import fingerprint
from tournament.standings.teams import team_standings


def _key(event, current: str) -> str:
    return f"public-teams:{event.pk}:{event.slug}:{current}:{get_language()}"


def teams_html(request, event) -> str:
    """The team tables' HTML, from the cache while the standings are unchanged."""
    current = fingerprint(event, PUBLIC)
    html = cache.get(_key(event, current))
    if html is None:
        tables = team_standings(event, PUBLIC)
        html = render_to_string(
            "public/_team_tables.html",
            {
                "event": event,
                "tables": tables,
                "counted": any(row["sessions"] for t in tables for row in t.rows),
                "player_url": player_base(event),
                # The team sums are the ruleset's first two metrics (``scoring.standings.teams``).
                "columns": [metric_name(k) for k in precedence_of(event)[:2]],
            },
            request=request,
        )
        cache.set(_key(event, current), html, FRAGMENT_SECONDS)
    return html


def teams_page(request, slug):
    """The team standings, or a 404 for an event that publishes none."""
    event = get_object_or_404(Event.objects.public(), slug=slug)
    if not team_kinds(event):
        raise Http404
    return render(
        request, "public/teams.html", {"event": event, "teams_html": teams_html(request, event)}
    )
