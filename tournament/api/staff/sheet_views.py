"""A table's scoresheet through the staff API: hands, final scores, rulings, submit, confirm.

Each write calls the results service the judge's page calls, as the token's
user, with the client's ``base_version`` and ``entry_key``: a stale base is
kept as a conflict version and answered 409 (``tournament.api.errors``); the
same key again answers 200 with the sheet as saved, ``replayed: true``, and
saves nothing. The page's small traps hold here too (``results.traps``): a
change to a submitted sheet must say ``reopen``, an incomplete session is
submitted only with ``ended_early``, a director corrects a confirmed sheet
with a reason.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from tournament.api.error_schema import SHEET_ERRORS
from tournament.api.staff import sheet_serializers as s
from tournament.api.staff.views import StaffView
from tournament.events.permissions import has_event_permission
from tournament.results.entry.table_forms import RulingForm
from tournament.results.models import ScoreSheet
from tournament.results.page.building import table_of
from tournament.results.sheet import services, traps
from tournament.results.sheet.errors import AlreadySaved


def _refuse(field: str, code: str, message: str):
    raise ValidationError({field: [ValidationError(message, code=code)]})


class SheetView(StaffView):
    """A view of one table's sheet; its writes need ``enter_results``."""

    required_permission = "enter_results"

    def table(self):
        return table_of(self.event, self.kwargs["number"], self.kwargs["table"])

    def write(self, request, serializer, change):
        """Validate the body, refuse what the page refuses, call ``change(table, data)``."""
        body = serializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        table = self.table()
        key = str(data["entry_key"])
        if ScoreSheet.objects.filter(entry_key=key).exclude(table=table).exists():
            _refuse("entry_key", "key_used", _("This entry key was used on another table."))
        if not table.sheets.filter(entry_key=key).exists():
            self._check_traps(request, table, data)
        try:
            sheet = change(table, {**data, "entry_key": key})
        except AlreadySaved as saved:
            return Response(s.sheet_data(table, saved.sheet, replayed=True))
        return Response(s.sheet_data(table, sheet), status=status.HTTP_201_CREATED)

    def _check_traps(self, request, table, data) -> None:
        head = services.head_of(table)
        if traps.submitted(head) and not data["reopen"]:
            _refuse("reopen", "reopen_needed", traps.reopen_needed())
        director = has_event_permission(request.user, self.event, "manage")
        confirmed = head is not None and head.status == ScoreSheet.Status.CONFIRMED
        if director and confirmed and not data["reason"].strip():
            _refuse("reason", "reason_needed", _("Say why the confirmed sheet is corrected."))

    def kwargs_of(self, data) -> dict:
        return {
            "by": self.request.user,
            "base_version": data["base_version"],
            "reason": data["reason"],
            "entry_key": data["entry_key"],
        }


class SheetDetailView(SheetView):
    @extend_schema(
        responses={200: s.StaffSheetSerializer, **SHEET_ERRORS},
        summary="A table's sheet: its head version, hands, rulings and totals",
    )
    def get(self, request, slug, number, table):
        found = self.table()
        return Response(s.sheet_data(found, services.head_of(found)))


class HandsView(SheetView):
    @extend_schema(
        request=s.StaffHandInSerializer,
        responses={201: s.StaffSheetSerializer, 200: s.StaffSheetSerializer, **SHEET_ERRORS},
        summary="Add the next hand",
    )
    def post(self, request, slug, number, table):
        return self.write(
            request,
            s.StaffHandInSerializer,
            lambda t, d: services.add_hand(t, d["entry"], **self.kwargs_of(d)),
        )


class HandView(SheetView):
    @extend_schema(
        request=s.StaffHandInSerializer,
        responses={201: s.StaffSheetSerializer, 200: s.StaffSheetSerializer, **SHEET_ERRORS},
        summary="Enter hand <hand> again (a correction)",
    )
    def put(self, request, slug, number, table, hand):
        return self.write(
            request,
            s.StaffHandInSerializer,
            lambda t, d: services.replace_hand(t, hand, d["entry"], **self.kwargs_of(d)),
        )


class HandRemoveView(SheetView):
    @extend_schema(
        request=s.StaffSheetWriteSerializer,
        responses={201: s.StaffSheetSerializer, 200: s.StaffSheetSerializer, **SHEET_ERRORS},
        summary="Remove hand <hand> (entered by mistake)",
    )
    def post(self, request, slug, number, table, hand):
        return self.write(
            request,
            s.StaffSheetWriteSerializer,
            lambda t, d: services.remove_hand(t, hand, **self.kwargs_of(d)),
        )


class FinalScoresView(SheetView):
    @extend_schema(
        request=s.StaffFinalScoresInSerializer,
        responses={201: s.StaffSheetSerializer, 200: s.StaffSheetSerializer, **SHEET_ERRORS},
        summary="Record the session's final scores only",
    )
    def post(self, request, slug, number, table):
        return self.write(
            request,
            s.StaffFinalScoresInSerializer,
            lambda t, d: services.save_final_scores(
                t, dict(d["scores"]), leftover_sticks=d["leftover_sticks"], **self.kwargs_of(d)
            ),
        )


class RulingsView(SheetView):
    @extend_schema(
        request=s.StaffRulingInSerializer,
        responses={201: s.StaffSheetSerializer, 200: s.StaffSheetSerializer, **SHEET_ERRORS},
        summary="Record a ruling (the ruleset's consequence unless given)",
    )
    def post(self, request, slug, number, table):
        return self.write(request, s.StaffRulingInSerializer, self._record)

    def _record(self, table, data):
        """The ruling form's own defaults (``RulingForm.service_kwargs``), never restated here."""
        posted = {f: "" if data[f] is None else data[f] for f in RULING_FIELDS}
        form = RulingForm({**posted, "base_version": 0})
        if not form.is_valid():
            raise ValidationError(form.errors.as_data())
        kwargs = form.service_kwargs(self.event)
        kwargs.pop("reason")
        return services.record_ruling(table, **kwargs, **self.kwargs_of(data))


RULING_FIELDS = (
    "kind",
    "player",
    "decision",
    "rule_reference",
    "points",
    "distribution",
    "scope",
    "after_hand",
    "tiles",
    "reason",
)


class RulingVoidView(SheetView):
    @extend_schema(
        request=s.StaffVoidRulingInSerializer,
        responses={201: s.StaffSheetSerializer, 200: s.StaffSheetSerializer, **SHEET_ERRORS},
        summary="Cancel a ruling: it stays on the sheet, marked void",
    )
    def post(self, request, slug, number, table, key):
        return self.write(
            request,
            s.StaffVoidRulingInSerializer,
            lambda t, d: services.void_ruling(t, str(key), **self.kwargs_of(d)),
        )


class SubmitView(SheetView):
    @extend_schema(
        request=s.StaffSubmitInSerializer,
        responses={200: s.StaffSheetSerializer, **SHEET_ERRORS},
        summary="Submit the sheet: the session is over and the sheet is right",
    )
    def post(self, request, slug, number, table):
        body = s.StaffSubmitInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        found = self.table()
        posted = {"version": data["version"], "ended_early": "on" if data["ended_early"] else ""}
        refused = traps.ending_early_refused(posted, services.head_of(found))
        if refused:
            _refuse("ended_early", "ended_early_needed", refused)
        sheet = services.submit_sheet(found, by=request.user, version=data["version"])
        return Response(s.sheet_data(found, sheet))


class ConfirmView(SheetView):
    required_permission = "confirm"

    @extend_schema(
        request=s.StaffConfirmInSerializer,
        responses={200: s.StaffSheetSerializer, **SHEET_ERRORS},
        summary="Confirm a submitted sheet (someone other than its submitter)",
    )
    def post(self, request, slug, number, table):
        body = s.StaffConfirmInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.table()
        sheet = services.confirm_sheet(
            found, by=request.user, version=body.validated_data["version"]
        )
        return Response(s.sheet_data(found, sheet))
