"""A round's final scores in one request: the API's way to the round results grid's service.

``POST /api/v1/manage/events/<event>/rounds/<n>/results/`` takes rows in
``import_results``'s columns (without the round: the URL names it) and
saves every table, or none, through :mod:`tournament.results.entry.bulk`,
as the token's user: the same reading, bounds, sum check, versions with
who and why (``results_api``) and refusals as the page. A bad row is
refused in the API's one error shape, its ``field`` the row and column
(``rows[3].score``); a table's refusal names the table in its message.
``dry_run`` answers the preview and saves nothing. ``entry_key`` is the
request's one-time key: the same request again answers 200 ``replayed``
and saves nothing twice.
"""

from __future__ import annotations

import uuid

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from tournament.api.error_schema import ERRORS
from tournament.api.errors import body, error
from tournament.api.staff.views import StaffView, valid_body
from tournament.events.bounds import CSV_FILE_ROWS
from tournament.events.errors import EventError
from tournament.results.entry import bulk, result_rows
from tournament.results.models import ScoreSheet
from tournament.results.page.reasons import Reason
from tournament.results.sheet.state import head_of
from tournament.seating.models import Round

REASON = Reason(ScoreSheet.ReasonCode.RESULTS_API)


class ResultRowSerializer(serializers.Serializer):
    table = serializers.IntegerField(help_text="The table's number in the round.")
    player = serializers.CharField(help_text="The seated player's name as registered, or id.")
    seat = serializers.CharField(help_text="E, S, W or N (East … North, 東南西北).")
    score = serializers.IntegerField(help_text="The session's final score, ruleset's unit.")
    penalty = serializers.IntegerField(
        required=False, allow_null=True, help_text="0 or negative: a penalty off the session."
    )
    sticks = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Riichi sticks left on the table (families that ask for them).",
    )


class BulkResultsInSerializer(serializers.Serializer):
    rows = ResultRowSerializer(many=True, max_length=CSV_FILE_ROWS, allow_empty=False)
    entry_key = serializers.UUIDField(
        help_text="A new UUID per request; the same key again saves nothing and answers 200."
    )
    dry_run = serializers.BooleanField(
        required=False, default=False, help_text="Preview only: what would change; nothing saved."
    )


class BulkTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    change = serializers.ChoiceField(choices=[bulk.NEW, bulk.CHANGED, bulk.UNCHANGED])
    total = serializers.IntegerField(help_text="The sum of the four scores given.")
    version = serializers.IntegerField(allow_null=True, help_text="The sheet's head version now.")
    status = serializers.CharField(allow_null=True, help_text="The sheet's status now.")


class BulkResultsOutSerializer(serializers.Serializer):
    saved = serializers.IntegerField(help_text="Tables saved and submitted by this request.")
    dry_run = serializers.BooleanField()
    replayed = serializers.BooleanField(help_text="The same entry_key again: nothing saved.")
    tables = BulkTableSerializer(many=True)


def _field(problem) -> str | None:
    """``rows[3].score`` for a row's field, ``rows`` for a table's refusal."""
    line = getattr(problem, "line", None)
    if line is None:
        return "rows"
    column = problem.column if problem.column in result_rows.COLUMNS else None
    return f"rows[{line.number - 1}]" + (f".{column}" if column else "")


def _tables(outcome) -> list[dict]:
    out = []
    for change in outcome.changes:
        head = head_of(change.table)
        out.append(
            {
                "table": change.table.number,
                "change": change.change,
                "total": change.total,
                "version": getattr(head, "version", None),
                "status": getattr(head, "status", None),
            }
        )
    return out


class BulkResultsView(StaffView):
    """Every table of a round at once (the results grid's service)."""

    required_permission = "enter_results"

    @extend_schema(
        request=BulkResultsInSerializer,
        responses={200: BulkResultsOutSerializer, 201: BulkResultsOutSerializer, **ERRORS},
        summary="Enter a round's final scores, many tables at once (all or nothing)",
    )
    def post(self, request, slug, number):
        data = valid_body(request, BulkResultsInSerializer)
        round_ = Round.objects.filter(event=self.event, number=number).first()
        if round_ is None:
            return Response(
                body(error("not_found", "No such round.")), status=status.HTTP_404_NOT_FOUND
            )
        lines = result_rows.lines_of_json(data["rows"], round_number=number)
        rows = result_rows.read(self.event, lines, round_number=number)
        batch = bulk.Batch(key=str(uuid.UUID(str(data["entry_key"]))))
        if data["dry_run"]:
            outcome = bulk.preview(self.event, rows, by=request.user, reason=REASON, batch=batch)
            if outcome.problems:
                return self._refused(outcome.problems)
            return Response(self._answer(outcome, dry_run=True))
        try:
            outcome = bulk.save(self.event, rows, by=request.user, reason=REASON, batch=batch)
        except EventError as refused:
            found = getattr(refused, "outcome", None)
            return self._refused(found.problems if found else refused.problems)
        code = status.HTTP_200_OK if outcome.already_saved else status.HTTP_201_CREATED
        return Response(self._answer(outcome), status=code)

    def _answer(self, outcome, dry_run: bool = False) -> dict:
        saved = 0 if dry_run or outcome.already_saved else len(outcome.saving)
        return {
            "saved": saved,
            "dry_run": dry_run,
            "replayed": outcome.already_saved,
            "tables": _tables(outcome),
        }

    def _refused(self, problems) -> Response:
        errors = [error("refused", p, _field(p)) for p in problems]
        return Response(body(*errors), status=status.HTTP_400_BAD_REQUEST)
