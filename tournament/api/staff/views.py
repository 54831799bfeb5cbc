"""The staff API: events, players, staff, rounds and print jobs, with a per-user token.

Each view calls the service the page calls (``tournament.events.services``,
``staff_accounts``, ``tournament.rounds.services``,
``tournament.standings.services``, ``tournament.printing.jobs``), as the
token's user: the same checks, error codes and history as a click on the
page. The services' refusals become the API's error body in
``tournament.api.errors``; views hold no rule of their own.
"""

from __future__ import annotations

from django.db import transaction
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.error_schema import ERRORS
from tournament.api.permissions import CREATE_EVENTS, event_of
from tournament.api.staff import serializers as s
from tournament.events import editing, services, staff_accounts
from tournament.events.errors import EventError
from tournament.events.models import Event
from tournament.printing import jobs
from tournament.printing.models import PrintJob
from tournament.printing.seating_print import mark_outdated
from tournament.results.sheet.state import head_of
from tournament.rounds import services as seating
from tournament.seating.models import Round
from tournament.standings.services import publish_results


def documented(out, summary: str, *, created: bool = False, **more):
    """A staff endpoint's schema: ``out`` answered (201 when ``created``), or the API's errors."""
    return extend_schema(
        responses={201 if created else 200: out, **ERRORS}, summary=summary, **more
    )


def valid_body(request, serializer) -> dict:
    """The request's body as ``serializer`` checks it (a refusal is the API's 400)."""
    body = serializer(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data


class StaffView(APIView):
    """A staff view: ``required_permission`` for its writes, ``read_permission`` for GET."""

    required_permission = "manage"
    read_permission = "view"

    def check_permissions(self, request):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            self.required_permission = self.read_permission
        super().check_permissions(request)

    @property
    def event(self) -> Event:
        return event_of(self)


class ReadView(StaffView):
    required_permission = "view"


def event_data(event: Event) -> dict:
    return s.StaffEventDetailSerializer(Event.objects.get(pk=event.pk)).data


def round_data(round_: Round) -> dict:
    """The round with its tables, seats and each table's sheet head."""
    tables = []
    for table in round_.tables.order_by("number"):
        head = head_of(table)
        seats = table.seats.select_related("registration__player")
        tables.append(
            {
                "number": table.number,
                "label": table.label,
                "seats": seats,
                "sheet_version": getattr(head, "version", None),
                "sheet_status": getattr(head, "status", None),
            }
        )
    round_.refresh_from_db()
    data = s.StaffRoundSummarySerializer(round_).data
    return s.StaffRoundSerializer({**data, "tables": tables}).data


# --- events -------------------------------------------------------------------------


class EventCreateView(APIView):
    required_permission = CREATE_EVENTS

    @documented(
        s.StaffEventDetailSerializer,
        "Create an event (its creator becomes its director)",
        created=True,
        request=s.StaffEventCreateSerializer,
    )
    def post(self, request):
        data = dict(valid_body(request, s.StaffEventCreateSerializer))
        planned = data.pop("rounds_planned")
        with transaction.atomic():
            event = services.create_event(**data, by=request.user)
            if planned is not None:
                description = editing.description_of(event) | {"rounds_planned": planned}
                editing.edit_event(event, **description, by=request.user)
        return Response(event_data(event), status=status.HTTP_201_CREATED)


class EventDetailView(ReadView):
    @documented(s.StaffEventDetailSerializer, "The event as its staff see it")
    def get(self, request, slug):
        return Response(event_data(self.event))


class EventStartView(StaffView):
    @documented(
        s.StaffEventDetailSerializer,
        "Start the event: its ruleset is fixed from now on",
        request=None,
    )
    def post(self, request, slug):
        return Response(event_data(services.start_event(self.event, by=request.user)))


# --- players and staff --------------------------------------------------------------

PLAYERS_IN = PolymorphicProxySerializer(
    component_name="PlayersRequest",
    serializers=[s.StaffPlayerInSerializer, s.StaffPlayersInSerializer],
    resource_type_field_name=None,
)


class PlayersView(StaffView):
    @documented(s.StaffRegistrationsSerializer, "The event's registrations")
    def get(self, request, slug):
        registrations = self.event.registrations.select_related("player").order_by("pk")
        return Response(s.StaffRegistrationsSerializer({"registrations": registrations}).data)

    @documented(
        s.StaffRegistrationsSerializer,
        "Register one player, or several at once (all or none)",
        created=True,
        request=PLAYERS_IN,
    )
    def post(self, request, slug):
        several = isinstance(request.data, dict) and "players" in request.data
        data = valid_body(
            request, s.StaffPlayersInSerializer if several else s.StaffPlayerInSerializer
        )
        players = data["players"] if several else [data]
        made = []
        with transaction.atomic():
            for i, fields in enumerate(players):
                try:
                    made.append(self._register(dict(fields)))
                except EventError as error:
                    if several:
                        inner = getattr(error, "field", None)
                        error.field = f"players[{i}]" + (f".{inner}" if inner else "")
                    raise
        return Response(
            s.StaffRegistrationsSerializer({"registrations": made}).data,
            status=status.HTTP_201_CREATED,
        )

    def _register(self, fields: dict):
        names = ("latin_first_name", "latin_last_name")
        latin = {k: fields.pop(k) for k in names if k in fields}
        registration = services.add_player(self.event, **fields, by=self.request.user)
        if latin:
            # The add form has no Latin names; the edit form's service sets them (a name
            # left out is empty).
            details = editing.player_fields(registration) | dict.fromkeys(names, "") | latin
            registration = editing.edit_player(registration, **details, by=self.request.user)
        return registration


class StaffRolesView(StaffView):
    @documented(s.StaffRolesSerializer, "The event's staff and their roles")
    def get(self, request, slug):
        roles = self.event.staff_roles.select_related("user").order_by("role", "user__username")
        return Response(s.StaffRolesSerializer({"roles": roles}).data)

    @documented(
        s.StaffOutSerializer,
        "Give a role to a user, or make a new staff account",
        created=True,
        request=s.StaffInSerializer,
    )
    def post(self, request, slug):
        data = valid_body(request, s.StaffInSerializer)
        link = None
        if data["create"]:
            user, path = staff_accounts.create_staff_account(
                self.event,
                username=data["username"],
                role=data["role"],
                password=data.get("password") or None,
                by=request.user,
            )
            link = request.build_absolute_uri(path) if path else None
            role = self.event.staff_roles.select_related("user").get(user=user)
        else:
            role = staff_accounts.give_role(
                self.event, data["username"], data["role"], by=request.user
            )
        out = {"user": role.user, "role": role.role, "one_time_link": link}
        return Response(s.StaffOutSerializer(out).data, status=status.HTTP_201_CREATED)


# --- rounds --------------------------------------------------------------------------


def _round(view, number: int) -> Round:
    return get_object_or_404(Round, event=view.event, number=number)


class RoundsView(StaffView):
    @documented(
        s.StaffRoundSerializer,
        "Seat a round (again, while it is not published)",
        created=True,
        request=s.StaffSeatRoundSerializer,
    )
    def post(self, request, slug):
        data = valid_body(request, s.StaffSeatRoundSerializer)
        round_ = seating.seat_round(self.event, data["number"], data["method"], by=request.user)
        return Response(round_data(round_), status=status.HTTP_201_CREATED)


class RoundDetailView(ReadView):
    @documented(s.StaffRoundSerializer, "A round: tables, seats and each table's sheet")
    def get(self, request, slug, number):
        return Response(round_data(_round(self, number)))


class RoundPublishView(StaffView):
    @documented(s.StaffRoundSerializer, "Publish the round's seating", request=None)
    def post(self, request, slug, number):
        round_ = seating.publish_round(_round(self, number), by=request.user)
        return Response(round_data(round_))


class ResultsPublishView(StaffView):
    @documented(
        s.StaffRoundSerializer, "Publish the round's results on the public standings", request=None
    )
    def post(self, request, slug, number):
        round_ = publish_results(_round(self, number), by=request.user)
        return Response(round_data(round_))


# --- print jobs ------------------------------------------------------------------------


class PrintJobsView(ReadView):
    @documented(
        s.StaffPrintJobsSerializer,
        "The event's recent print jobs",
        operation_id="manage_events_print_jobs_list",
    )
    def get(self, request, slug):
        recent = [jobs.job_state(j) if j.is_active else j for j in jobs.recent_jobs(self.event)]
        recent = mark_outdated(recent)  # a paper printed before a change of seats says so
        context = {"request": request}
        return Response(s.StaffPrintJobsSerializer({"jobs": recent}, context=context).data)


class PrintJobView(ReadView):
    @documented(s.StaffPrintJobSerializer, "One print job's state")
    def get(self, request, slug, job):
        found = jobs.job_state(get_object_or_404(PrintJob, event=self.event, pk=job))
        (found,) = mark_outdated([found])
        return Response(s.StaffPrintJobSerializer(found, context={"request": request}).data)
