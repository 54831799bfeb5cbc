"""A round's results grid: every table's final scores on one page, and *Confirm all submitted*.

Why (issue #34): a table took three actions to enter and a visit of its
own to confirm, about 36 page actions per round. Here a director or judge
types the four final scores of each table (or the family's session
fields: the sticks left on the table where it asks for them), or pastes a
block copied from a spreadsheet, or uploads a CSV or XLSX file in
``import_results``'s columns; *Preview* shows what changes per table and
refuses bad rows naming the row and field; nothing is saved until
*Confirm*. The entered tables are submitted; a second person confirms them
all with one button (never their own: the sheet policy's four-eyes rule).

The previewed input travels to Confirm in a signed token (the lines as
read, the versions the preview showed, a one-time key, the user and the
round): Confirm reads it again through the same service, which refuses a
table changed since, and a second Confirm finds its key and saves nothing.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core import signing
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.results.choices import entry_of
from tournament.results.entry import bulk, result_files, result_rows
from tournament.results.entry.result_rows import Line, Problem
from tournament.results.models import ScoreSheet
from tournament.results.page.display import WIND_CHARS
from tournament.results.page.reasons import Reason
from tournament.results.sheet import services
from tournament.results.sheet.policy import SheetPolicy
from tournament.seating.models import Round

SALT = "results-grid"
TOKEN_SECONDS = 6 * 60 * 60  # a preview left open longer is previewed again
Status = ScoreSheet.Status
SEATS = ("E", "S", "W", "N")
REASON = Reason(ScoreSheet.ReasonCode.RESULTS_GRID)


def _round(event, number) -> Round:
    return get_object_or_404(Round, event=event, number=number)


def grid_url(round_) -> str:
    return reverse("results:grid", args=[round_.event.slug, round_.number])


def _tables(round_, user, data=None) -> list[dict]:
    """Each table with its seats, its sheet's state and the values its fields show."""
    sticks = "final_sticks" in entry_of(round_.event).features
    rows = []
    tables = round_.tables.prefetch_related("seats__registration").order_by("number")
    for table in tables:
        head = services.head_of(table)
        status = head.status if head is not None else ""
        hands = head is not None and head.kind == ScoreSheet.Kind.HANDS and head.hands.exists()
        shown = (head.final_scores or (head.result or {}).get("final_points") or {}) if head else {}
        seats = sorted(table.seats.all(), key=lambda s: SEATS.index(s.wind))
        editable = status != Status.CONFIRMED and not hands
        may = SheetPolicy(user, round_.event, head).can_change()
        cells = []
        for seat in seats:
            name = f"t{table.number}-{seat.wind}"
            value = data.get(name, "") if data is not None else shown.get(seat.wind, "")
            cells.append(
                {"seat": seat, "field": name, "value": value, "char": WIND_CHARS[seat.wind]}
            )
        sticks_value = (
            data.get(f"t{table.number}-sticks", "")
            if data is not None
            else (head.leftover_sticks if head is not None and head.final_scores else "")
        )
        rows.append(
            {
                "table": table,
                "head": head,
                "status": status or "none",
                "cells": cells,
                "editable": editable and bool(may),
                "by_hands": hands,
                "sticks": sticks,
                "sticks_field": f"t{table.number}-sticks",
                "sticks_value": sticks_value,
                "total": sum(v for v in shown.values() if isinstance(v, int)) if shown else None,
            }
        )
    return rows


def _page(request, event, round_, *, status=200, **context):
    context.setdefault("tables", _tables(round_, request.user))
    context.setdefault("paste", "")
    submitted = bulk.submitted_tables(round_, request.user)
    policy = SheetPolicy(request.user, event, None)
    return render(
        request,
        "results/grid.html",
        {
            "event": event,
            "round": round_,
            "submitted": submitted,
            "confirmable": [s for s in submitted if s.may_confirm],
            "may_confirm": policy.may("confirm"),
            "sticks": "final_sticks" in entry_of(event).features,
            **context,
        },
        status=status,
    )


@event_permission_required("enter_results")
def grid(request, event, round_number):
    round_ = _round(event, round_number)
    if request.method != "POST":
        return _page(request, event, round_)
    if request.POST.get("action") == "confirm":
        return _confirm(request, event, round_)
    return _preview(request, event, round_)


def _lines(request, round_) -> tuple[list[Line], list[Problem], dict]:
    """The posted input as lines: the grid's fields, or the pasted text, or the uploaded file."""
    if request.POST.get("source") == "grid":
        seats = result_rows.seats_of(round_.event, round_.number)
        lines = result_rows.lines_of_grid(round_, request.POST, seats)
        if not lines:
            return [], [Problem(_("Type the final scores of at least one table."))], {}
        return lines, [], {"tables": _tables(round_, request.user, request.POST)}
    text = request.POST.get("text") or ""
    upload = request.FILES.get("file")
    if upload is not None:
        lines, problems = result_files.read_upload(upload, round_number=round_.number)
    elif len(text.encode()) > result_files.CSV_FILE_BYTES:
        lines, problems = [], [Problem(result_files.too_large())]
    else:
        lines, problems = result_rows.lines_of_text(text, round_number=round_.number)
    if not lines and not problems:
        problems = [Problem(_("Paste the results or choose a file."))]
    return lines, problems, {"paste": text, "open_paste": True}


def _outcome(event, round_, lines, problems, user, batch):
    if problems:
        return bulk.Outcome(problems=problems)
    rows = result_rows.read(event, lines, round_number=round_.number)
    return bulk.preview(event, rows, by=user, reason=REASON, batch=batch)


def _preview(request, event, round_):
    lines, problems, kept = _lines(request, round_)
    batch = bulk.Batch(key=str(uuid.uuid4()))
    outcome = _outcome(event, round_, lines, problems, request.user, batch)
    batch.versions = {c.table.number: (c.head.version if c.head else 0) for c in outcome.changes}
    token = ""
    if outcome.ok:
        token = signing.dumps(
            {
                "lines": [[line.number, line.cells, line.kind] for line in lines],
                "versions": batch.versions,
                "key": batch.key,
                "user": request.user.pk,
                "round": round_.pk,
            },
            salt=SALT,
            compress=True,
        )
    status = 200 if outcome.ok or not outcome.problems else 400
    return _page(request, event, round_, status=status, outcome=outcome, token=token, **kept)


def _confirm(request, event, round_):
    try:
        data = signing.loads(request.POST.get("token", ""), salt=SALT, max_age=TOKEN_SECONDS)
        if data["user"] != request.user.pk or data["round"] != round_.pk:
            raise signing.BadSignature
        lines = [Line(n, dict(cells), kind) for n, cells, kind in data["lines"]]
        versions = {int(k): int(v) for k, v in data["versions"].items()}
        batch = bulk.Batch(key=str(uuid.UUID(data["key"])), versions=versions)
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        problem = Problem(_("This preview is out of date or damaged: enter or paste again."))
        return _page(request, event, round_, status=400, outcome=bulk.Outcome(problems=[problem]))
    rows = result_rows.read(event, lines, round_number=round_.number)
    try:
        outcome = bulk.save(event, rows, by=request.user, reason=REASON, batch=batch)
    except EventError as error:
        outcome = getattr(error, "outcome", None) or bulk.Outcome(problems=error.problems)
        return _page(request, event, round_, status=400, outcome=outcome)
    if outcome.already_saved:
        messages.info(request, _("These results were already saved; nothing was saved twice."))
    else:
        count = len(outcome.saving)
        messages.success(
            request,
            _(
                "%(count)s table(s) saved and submitted. Someone else now confirms them "
                "(Confirm all submitted)."
            )
            % {"count": count},
        )
    return redirect(grid_url(round_))


@require_POST
@event_permission_required("confirm")
def confirm_all(request, event, round_number):
    """Confirm every submitted table the page listed (the versions it showed), or none."""
    round_ = _round(event, round_number)
    versions = {}
    for key, value in request.POST.items():
        if key.startswith("v-"):
            try:
                versions[int(key[2:])] = int(value)
            except ValueError:
                continue
    if not versions:
        messages.error(request, _("No submitted table was listed to confirm."))
        return redirect(grid_url(round_) + "#confirm-all")
    try:
        confirmed, already = bulk.confirm_all(round_, by=request.user, versions=versions)
    except EventError as error:
        return _page(request, event, round_, status=400, confirm_problems=error.problems)
    if confirmed:
        messages.success(request, _("%(count)s table(s) confirmed.") % {"count": confirmed})
    if already and not confirmed:
        messages.info(
            request, _("These tables were already confirmed; nothing was confirmed twice.")
        )
    return redirect(grid_url(round_) + "#confirm-all")
