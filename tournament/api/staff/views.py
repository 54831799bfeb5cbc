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
from tournament.results.sheet.state import head_of
from tournament.rounds import services as seating
from tournament.seating.models import Round
from tournament.standings.services import publish_results


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

    @extend_schema(
        request=s.StaffEventCreateSerializer,
        responses={201: s.StaffEventDetailSerializer, **ERRORS},
        summary="Create an event (its creator becomes its director)",
    )
    def post(self, request):
        body = s.StaffEventCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        planned = data.pop("rounds_planned")
        with transaction.atomic():
            event = services.create_event(**data, by=request.user)
            if planned is not None:
                editing.edit_event(
                    event,
                    **{f: getattr(event, f) for f in EDITED},
                    rounds_planned=planned,
                    by=request.user,
                )
        return Response(event_data(event), status=status.HTTP_201_CREATED)


EDITED = (
    "name",
    "start_date",
    "end_date",
    "is_public",
    "hands_per_session",
    "time_limit_minutes",
    "time_limit_policy",
    "entry_level",
)


class EventDetailView(ReadView):
    @extend_schema(
        responses={200: s.StaffEventDetailSerializer, **ERRORS},
        summary="The event as its staff see it",
    )
    def get(self, request, slug):
        return Response(event_data(self.event))


class EventStartView(StaffView):
    @extend_schema(
        request=None,
        responses={200: s.StaffEventDetailSerializer, **ERRORS},
        summary="Start the event: its ruleset is fixed from now on",
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
    @extend_schema(
        responses={200: s.StaffRegistrationsSerializer, **ERRORS},
        summary="The event's registrations",
    )
    def get(self, request, slug):
        registrations = self.event.registrations.select_related("player").order_by("pk")
        return Response(s.StaffRegistrationsSerializer({"registrations": registrations}).data)

    @extend_schema(
        request=PLAYERS_IN,
        responses={201: s.StaffRegistrationsSerializer, **ERRORS},
        summary="Register one player, or several at once (all or none)",
    )
    def post(self, request, slug):
        several = isinstance(request.data, dict) and "players" in request.data
        body = (s.StaffPlayersInSerializer if several else s.StaffPlayerInSerializer)(
            data=request.data
        )
        body.is_valid(raise_exception=True)
        players = body.validated_data["players"] if several else [body.validated_data]
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
        latin = {k: fields.pop(k) for k in ("latin_first_name", "latin_last_name") if k in fields}
        registration = services.add_player(self.event, **fields, by=self.request.user)
        if latin:
            # The add form has no Latin names; the edit form's service sets them.
            player = registration.player
            registration = editing.edit_player(
                registration,
                name=registration.name,
                club=registration.club,
                country=registration.country,
                ema_id=player.ema_id,
                group=registration.group,
                team=registration.team,
                **latin,
                by=self.request.user,
            )
        return registration


class StaffRolesView(StaffView):
    @extend_schema(
        responses={200: s.StaffRolesSerializer, **ERRORS},
        summary="The event's staff and their roles",
    )
    def get(self, request, slug):
        roles = self.event.staff_roles.select_related("user").order_by("role", "user__username")
        return Response(s.StaffRolesSerializer({"roles": roles}).data)

    @extend_schema(
        request=s.StaffInSerializer,
        responses={201: s.StaffOutSerializer, **ERRORS},
        summary="Give a role to a user, or make a new staff account",
    )
    def post(self, request, slug):
        body = s.StaffInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
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
    @extend_schema(
        request=s.StaffSeatRoundSerializer,
        responses={201: s.StaffRoundSerializer, **ERRORS},
        summary="Seat a round (again, while it is not published)",
    )
    def post(self, request, slug):
        body = s.StaffSeatRoundSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        round_ = seating.seat_round(self.event, data["number"], data["method"], by=request.user)
        return Response(round_data(round_), status=status.HTTP_201_CREATED)


class RoundDetailView(ReadView):
    @extend_schema(
        responses={200: s.StaffRoundSerializer, **ERRORS},
        summary="A round: tables, seats and each table's sheet",
    )
    def get(self, request, slug, number):
        return Response(round_data(_round(self, number)))


class RoundPublishView(StaffView):
    @extend_schema(
        request=None,
        responses={200: s.StaffRoundSerializer, **ERRORS},
        summary="Publish the round's seating",
    )
    def post(self, request, slug, number):
        round_ = seating.publish_round(_round(self, number), by=request.user)
        return Response(round_data(round_))


class ResultsPublishView(StaffView):
    @extend_schema(
        request=None,
        responses={200: s.StaffRoundSerializer, **ERRORS},
        summary="Publish the round's results on the public standings",
    )
    def post(self, request, slug, number):
        round_ = publish_results(_round(self, number), by=request.user)
        return Response(round_data(round_))


# --- print jobs ------------------------------------------------------------------------


class PrintJobsView(ReadView):
    @extend_schema(
        responses={200: s.StaffPrintJobsSerializer, **ERRORS},
        summary="The event's recent print jobs",
        operation_id="manage_events_print_jobs_list",
    )
    def get(self, request, slug):
        recent = [jobs.job_state(j) if j.is_active else j for j in jobs.recent_jobs(self.event)]
        context = {"request": request}
        return Response(s.StaffPrintJobsSerializer({"jobs": recent}, context=context).data)


class PrintJobView(ReadView):
    @extend_schema(
        responses={200: s.StaffPrintJobSerializer, **ERRORS},
        summary="One print job's state",
    )
    def get(self, request, slug, job):
        found = jobs.job_state(get_object_or_404(PrintJob, event=self.event, pk=job))
        return Response(s.StaffPrintJobSerializer(found, context={"request": request}).data)
