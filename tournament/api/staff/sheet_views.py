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

from functools import wraps

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from tournament.api.error_schema import SHEET_ERRORS
from tournament.api.staff import sheet_serializers as s
from tournament.api.staff.views import StaffView, valid_body
from tournament.results.entry.table_forms import RulingForm
from tournament.results.models import ScoreSheet
from tournament.results.page.building import table_of
from tournament.results.sheet import services, traps
from tournament.results.sheet.errors import AlreadySaved
from tournament.results.sheet.policy import REASON_NEEDED, SheetPolicy


def writes(body, summary: str):
    """A write of the sheet: ``change(self, table, data, **url)`` calls the service.

    The handler reads ``body`` (refused with 400), refuses what the page
    refuses, and answers the new version, 201 (200: the same key again).
    """
    answers = {201: s.StaffSheetSerializer, 200: s.StaffSheetSerializer, **SHEET_ERRORS}

    def decorate(change):
        @extend_schema(request=body, responses=answers, summary=summary)
        @wraps(change)
        def handler(self, request, slug, number, table, **url):
            return self.write(request, body, lambda found, data: change(self, found, data, **url))

        return handler

    return decorate


def decides(body, summary: str):
    """The schema of a submit or a confirm: ``body`` in (the version); the sheet out."""
    return extend_schema(
        request=body, responses={200: s.StaffSheetSerializer, **SHEET_ERRORS}, summary=summary
    )


def _refuse(field: str, code: str, message: str):
    raise ValidationError({field: [ValidationError(message, code=code)]})


class SheetView(StaffView):
    """A view of one table's sheet; its writes need ``enter_results``."""

    required_permission = "enter_results"

    def table(self):
        return table_of(self.event, self.kwargs["number"], self.kwargs["table"])

    def write(self, request, serializer, change):
        """Validate the body, refuse what the page refuses, call ``change(table, data)``."""
        data = valid_body(request, serializer)
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
        answer = SheetPolicy(request.user, self.event, head).can_change(data["reason"])
        if answer.code == REASON_NEEDED:
            _refuse("reason", answer.code, answer.message)

    def decide(self, request, serializer, verb, check=None):
        """Submit or confirm (``verb``, the service) the version the body names.

        ``check(table, data)`` refuses what the page refuses before the service is asked.
        """
        data = valid_body(request, serializer)
        found = self.table()
        if check is not None:
            check(found, data)
        sheet = verb(found, by=request.user, version=data["version"])
        return Response(s.sheet_data(found, sheet))

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
    @writes(s.StaffHandInSerializer, "Add the next hand")
    def post(self, table, data):
        return services.add_hand(table, data["entry"], **self.kwargs_of(data))


class HandView(SheetView):
    @writes(s.StaffHandInSerializer, "Enter hand <hand> again (a correction)")
    def put(self, table, data, hand):
        return services.replace_hand(table, hand, data["entry"], **self.kwargs_of(data))


class HandRemoveView(SheetView):
    @writes(s.StaffSheetWriteSerializer, "Remove hand <hand> (entered by mistake)")
    def post(self, table, data, hand):
        return services.remove_hand(table, hand, **self.kwargs_of(data))


class FinalScoresView(SheetView):
    @writes(s.StaffFinalScoresInSerializer, "Record the session's final scores only")
    def post(self, table, data):
        scores, sticks = dict(data["scores"]), data["leftover_sticks"]
        return services.save_final_scores(
            table, scores, leftover_sticks=sticks, **self.kwargs_of(data)
        )


class RulingsView(SheetView):
    @writes(s.StaffRulingInSerializer, "Record a ruling (the ruleset's consequence unless given)")
    def post(self, table, data):
        # The ruling form's own defaults (``RulingForm.service_kwargs``), never restated here.
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
    @writes(s.StaffVoidRulingInSerializer, "Cancel a ruling: it stays on the sheet, marked void")
    def post(self, table, data, key):
        return services.void_ruling(table, str(key), **self.kwargs_of(data))


class SubmitView(SheetView):
    @decides(
        s.StaffSubmitInSerializer, "Submit the sheet: the session is over and the sheet is right"
    )
    def post(self, request, slug, number, table):
        return self.decide(request, s.StaffSubmitInSerializer, services.submit_sheet, _ended_early)


def _ended_early(table, data) -> None:
    """An incomplete session is submitted only with ``ended_early`` (the page's trap too)."""
    posted = {"version": data["version"], "ended_early": "on" if data["ended_early"] else ""}
    refused = traps.ending_early_refused(posted, services.head_of(table))
    if refused:
        _refuse("ended_early", "ended_early_needed", refused)


class ConfirmView(SheetView):
    required_permission = "confirm"

    @decides(
        s.StaffConfirmInSerializer, "Confirm a submitted sheet (someone other than its submitter)"
    )
    def post(self, request, slug, number, table):
        return self.decide(request, s.StaffConfirmInSerializer, services.confirm_sheet)
