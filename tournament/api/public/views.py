"""The public read API: what the public pages show, as JSON, without a token.

Why: stream overlays, club sites, rating lists and players' own apps ask for
the seating ("where do I sit?"), the results and the standings while an event
runs, and scraping the HTML breaks at every redesign. These views answer
exactly what the public pages show, through the same functions
(``tournament.public.history``, ``tournament.standings.services.standings``
in the public scope, ``tournament.seating.views.seating_of``,
``tournament.events.name_search``): an event that is not public is a 404, a
round's seating shows once published, its results once the director
publishes them, and only confirmed sheets count. Nothing is recomputed here.

Every answer carries an ETag (``ETagMixin``): a client polling with
``If-None-Match`` gets a 304 until something it sees changes. Clients without
a token are rate-limited (``API_ANON_RATE``); a 429 is in the usual error shape.
"""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.error_schema import BAD_INPUT, NOT_FOUND, ErrorSerializer
from tournament.api.permissions import PUBLIC
from tournament.api.public import serializers as out
from tournament.api.public.etags import ETagMixin
from tournament.api.public.shapes import (
    STAGE_QUERY,
    event_data,
    player_data,
    seat_data,
    session_line,
    stage_standings,
    standings_row,
)
from tournament.events.name_search import filter_registrations, fold
from tournament.events.queries import (
    public_event,
    public_events,
    registration_of,
    registrations_by_name,
)
from tournament.events.rules import standings_format_of
from tournament.formatting import exact
from tournament.public import history
from tournament.public.standings_view import metric_order
from tournament.public.tables import metric_name
from tournament.seating.models import PUBLIC_STATUSES, Round, Seat
from tournament.seating.views import seating_of
from tournament.seating.visibility import public_round_or_404
from tournament.standings.services import Scope, ranks_by_round, standings

NOT_MODIFIED = OpenApiResponse(description="Not modified: the If-None-Match ETag is current.")
THROTTLED = OpenApiResponse(ErrorSerializer, description="Too many requests without a token.")


# The URL's parameters as its converters accept them (<slug:…>, <int:…>).
ID = {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}
PATH = {
    "slug": OpenApiParameter(
        "slug", str, OpenApiParameter.PATH, pattern=r"^[-a-zA-Z0-9_]+$", description="The event."
    ),
    "registration": OpenApiParameter(
        "registration", ID, OpenApiParameter.PATH, description="The registration id."
    ),
    "number": OpenApiParameter("number", ID, OpenApiParameter.PATH, description="The round."),
}


def answers(body, *path, bad_input: bool = False, parameters=(), **kwargs):
    """``extend_schema`` of a public read: body, 304, 404, 429 (and 400); no token needed.

    ``path`` names the URL's parameters; with none (the event list) there is no 404.
    """
    responses = {200: body, 304: NOT_MODIFIED, 429: THROTTLED}
    if path:
        responses[404] = NOT_FOUND
    if bad_input:
        responses[400] = BAD_INPUT
    return extend_schema(
        responses=responses,
        parameters=[*(PATH[name] for name in path), *parameters],
        auth=[{"token": []}, {}],
        tags=["public"],
        **kwargs,
    )


class PublicView(ETagMixin, APIView):
    required_permission = PUBLIC


class EventList(PublicView):
    @answers(out.EventSerializer(many=True))
    def get(self, request):
        """The public events, newest first (as the public home page lists them)."""
        events = public_events()
        return Response(
            out.EventSerializer([event_data(request, e) for e in events], many=True).data
        )


class EventDetail(PublicView):
    @answers(out.EventSerializer, "slug")
    def get(self, request, slug):
        """One public event."""
        return Response(out.EventSerializer(event_data(request, public_event(slug))).data)


class PlayerList(PublicView):
    @answers(out.PlayerSerializer(many=True), "slug")
    def get(self, request, slug):
        """The event's registrations by name, withdrawn ones and house substitutes included."""
        event = public_event(slug)
        registrations = registrations_by_name(event)
        data = [player_data(request, event, r) for r in registrations]
        return Response(out.PlayerSerializer(data, many=True).data)


class PlayerHistory(PublicView):
    @answers(out.PlayerHistorySerializer, "slug", "registration")
    def get(self, request, slug, registration):
        """A player's published sessions and running total: the public player page."""
        event = public_event(slug)
        registration = registration_of(event, registration)
        snapshot = standings(event, Scope.PUBLIC)
        standing = next((r for r in snapshot.rows if r["registration"] == registration.pk), None)
        sessions = []
        lines = history.player_sessions(event, registration)
        ranks = ranks_by_round(event, Scope.PUBLIC) if lines else {}
        for line in lines:
            line["seat"].registration = registration
            sessions.append(
                {
                    **session_line(line),
                    "round": line["round"],
                    "table": line["table"].number,
                    "table_name": str(line["table"]),
                    "total": exact(line["total"]),
                    "running_rank": ranks.get(line["round"], {}).get(registration.pk),
                    "opponents": [seat_data(o) for o in line["opponents"]],
                }
            )
        body = {
            "player": player_data(request, event, registration),
            "rank": standing["rank"] if standing and sessions else None,
            "tied": bool(standing and sessions and standing["tied"]),
            "total": exact(standing["points"]) if standing and sessions else None,
            "total_name": metric_name(metric_order(event, snapshot.rows)[0]),
            "sessions": sessions,
        }
        return Response(out.PlayerHistorySerializer(body).data)


class RoundList(PublicView):
    @answers(out.RoundSerializer(many=True), "slug")
    def get(self, request, slug):
        """The rounds whose seating is published, and whether their results are."""
        event = public_event(slug)
        rounds = event.rounds.public().order_by("number")
        data = [
            {
                "number": r.number,
                "seating_published": r.is_public,
                "results_published": r.results_published_at is not None,
                "results_published_at": r.results_published_at,
            }
            for r in rounds
        ]
        return Response(out.RoundSerializer(data, many=True).data)


def public_round(slug: str, number: int) -> Round:
    """A round whose seating is published (the public round page's rule), else a 404."""
    return public_round_or_404(slug, number)


def _round_tables(round_, tables, seat_shape) -> dict:
    """A round's tables as the API shows them, each seat (or result line) by ``seat_shape``."""
    return {
        "number": round_.number,
        "tables": [
            {
                "number": t["table"].number,
                "name": str(t["table"]),
                "seats": [seat_shape(seat) for seat in t["seats"]],
            }
            for t in tables
        ],
    }


class RoundSeating(PublicView):
    @answers(out.SeatingSerializer, "slug", "number")
    def get(self, request, slug, number):
        """A published round's tables, each with its seats East, South, West, North."""
        round_ = public_round(slug, number)
        tables, _by_name = seating_of(round_)
        return Response(out.SeatingSerializer(_round_tables(round_, tables, seat_data)).data)


class RoundResults(PublicView):
    @answers(out.RoundResultsSerializer, "slug", "number")
    def get(self, request, slug, number):
        """A round's results table by table; a 404 until the director publishes them."""
        round_ = public_round(slug, number)
        if round_.results_published_at is None:
            raise Http404
        data = _round_tables(round_, history.round_results(round_), session_line)
        return Response(out.RoundResultsSerializer(data).data)


class WhereQuery(serializers.Serializer):
    name = serializers.CharField(max_length=200, help_text="A name, as people type it.")

    def validate_name(self, value):
        if not fold(value).split():
            self.fields["name"].fail("blank")
        return value


class Where(PublicView):
    @answers(out.WhereSerializer, "slug", bad_input=True, parameters=[WhereQuery])
    def get(self, request, slug):
        """Where do I sit: the players whose name matches, and their seat in each published round.

        The same search as the public pages: accents and case ignored, Latin names too.
        """
        event = public_event(slug)
        query = WhereQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        name = query.validated_data["name"]
        registrations = filter_registrations(registrations_by_name(event), name)
        seats: dict[int, list[dict]] = {}
        for seat in (
            Seat.objects.filter(round__event=event, round__status__in=PUBLIC_STATUSES)
            .filter(registration__in=[r.pk for r in registrations])
            .select_related("table", "round")
            .order_by("round__number")
        ):
            seats.setdefault(seat.registration_id, []).append(
                {
                    "round": seat.round.number,
                    "table": seat.table.number,
                    "table_name": str(seat.table),
                    "wind": seat.wind,
                    "wind_name": seat.get_wind_display(),
                }
            )
        latest = event.rounds.latest_public()
        current = latest.number if latest else None
        players = [
            {
                "registration": r.pk,
                "name": r.name,
                "current": next((s for s in seats.get(r.pk, []) if s["round"] == current), None),
                "rounds": seats.get(r.pk, []),
            }
            for r in registrations
        ]
        data = {"name": name, "current_round": current, "players": players}
        return Response(out.WhereSerializer(data).data)


class Standings(PublicView):
    @answers(out.StandingsSerializer, "slug", bad_input=True, parameters=[STAGE_QUERY])
    def get(self, request, slug):
        """The public standings (published rounds only), with every metric of each row.

        ``?stage=N``: that stage's own standings (events with stages, issue #21).
        """
        event = public_event(slug)
        snapshot = standings(event, Scope.PUBLIC)
        staged = stage_standings(event, request.query_params.get("stage"))
        stage, source = staged or (None, snapshot.rows)
        counted = snapshot.rounds or []
        if stage is not None:
            counted = [n for n in counted if n in stage.round_numbers]
        metrics = metric_order(event, source)
        places = standings_format_of(event).decimals
        rows = [standings_row(row, metrics, places) for row in source]
        data = {
            "stage": stage.number if stage is not None else None,
            "rounds": counted,
            "computed_at": snapshot.computed_at,
            "metrics": [{"code": m, "name": metric_name(m)} for m in metrics],
            "rows": rows,
        }
        return Response(out.StandingsSerializer(data).data)
