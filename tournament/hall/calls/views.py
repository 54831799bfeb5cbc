"""Pages of a judge call: the players' table page, the judges' answers, the director's report.

The printed sheet's QR code carries the judges' address of a table
(``/j/<event>/<round>/<table>/``). A visitor who may not see the event's staff
pages (a player's phone, nobody logged in) gets the public table page there
instead of the login page (``events.decorators.public_unless_staff``), with its big "Call a
judge" button; everyone else gets the judges' page as before.
"""

from __future__ import annotations

import hashlib
import logging

from django import forms
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.accounts.login_limit import client_address
from tournament.events.decorators import event_permission_required
from tournament.hall.calls import services as calls
from tournament.hall.models import JudgeCall
from tournament.seating.models import Table
from tournament.seating.visibility import seating_is_public, table_or_404

log = logging.getLogger("tournament.hall")
# Calls from one address across all tables in the quota's window: a phone that
# walks from table to table pressing the button (counted in the cache: a plus,
# the per-table quota in the database is the limit that always holds).
ADDRESS_LIMIT = 10


class CallForm(forms.Form):
    reason = forms.ChoiceField(
        label=gettext_lazy("Reason"),
        required=False,
        choices=[("", "—"), *calls.REASONS.items()],
    )
    words = forms.CharField(label=gettext_lazy("In a few words"), required=False, max_length=150)


def _public_table(request, slug, round_number, table_number) -> Table:
    """A table whose round's seating is public (the public round page's rule), else a 404.

    Staff of the event keep the page (``tournament.seating.visibility``).
    """
    return table_or_404(request.user, slug, round_number, table_number)


def table_public(request, slug, round_number, table_number):
    """The table's page for players: its seats and the button to call a judge."""
    table = _public_table(request, slug, round_number, table_number)
    if request.method == "POST":
        return _call(request, table)
    return _render_table(request, table, CallForm())


def _render_table(request, table, form, status=200, refusal=""):
    round_ = table.round
    seats = []
    if seating_is_public(round_):  # the names: the rule of every public page
        seats = list(table.seats.select_related("registration__player"))
    call = calls.last_call(table)
    context = {
        "event": round_.event,
        "round": round_,
        "table": table,
        "seats": seats,
        "call": call,
        "call_state": state_text(call) if call else "",
        "call_reason": calls.reason_text(call) if call else "",
        "waiting": call is not None and call.status != JudgeCall.Status.RESOLVED,
        "calls_open": calls.calls_open(table),
        "calls_closed": calls.closed_reason(table),
        "form": form,
        "refusal": refusal,
        "judge_url": reverse("results:table", args=[slug_of(table), round_.number, table.number]),
        "state_url": public_url("hall:call_state", table),
    }
    response = render(request, "hall/table_public.html", context, status=status)
    if status == 429:
        response["Retry-After"] = str(calls.call_window())
    return response


def slug_of(table) -> str:
    return table.round.event.slug


def public_url(name, table) -> str:
    return reverse(name, args=[slug_of(table), table.round.number, table.number])


def _call(request, table):
    """A player's tap on "Call a judge" (PRG); an empty post is refused, never a call."""
    form = CallForm(request.POST)
    if "call" not in request.POST:
        refusal = _("Tap “Call a judge” to call one.")
        return _render_table(request, table, form, status=400, refusal=refusal)
    if not form.is_valid():
        return _render_table(request, table, form, status=400)
    if _address_over_limit(request):
        refusal = _(
            "Too many calls from this phone. Please raise your hand, or ask a judge walking by."
        )
        return _render_table(request, table, form, status=429, refusal=refusal)
    try:
        call = calls.call_judge(table, form.cleaned_data["words"], code=form.cleaned_data["reason"])
    except calls.AlreadyCalled as already:
        messages.info(request, already.message)
    except calls.CallError as error:
        return _render_table(request, table, form, status=error.status, refusal=error.message)
    else:
        when = timezone.localtime(call.created_at).strftime("%H:%M")
        messages.success(request, _("A judge has been called (%(time)s).") % {"time": when})
        _count_address(request)
    return redirect(public_url("hall:table_public", table))


def _address_key(request) -> str:
    digest = hashlib.sha256(client_address(request).encode()).hexdigest()
    return f"judge-calls:{digest}"


def _address_over_limit(request) -> bool:
    try:
        return int(cache.get(_address_key(request)) or 0) >= ADDRESS_LIMIT
    except Exception:  # the cache is down: the per-table quota still holds
        log.warning("judge calls: the cache is unavailable, address not checked", exc_info=True)
        return False


def _count_address(request) -> None:
    key = _address_key(request)
    try:
        cache.add(key, 0, timeout=calls.call_window())
        cache.incr(key)
    except Exception:
        log.warning("judge calls: the cache is unavailable, call not counted", exc_info=True)


def call_state(request, slug, round_number, table_number):
    """The table's latest call, for the player's page to follow without reloading."""
    table = _public_table(request, slug, round_number, table_number)
    call = calls.last_call(table)
    data = {"status": "", "text": ""}
    if call is not None:
        data = {"status": call.status, "text": state_text(call)}
    response = JsonResponse(data)
    response["Cache-Control"] = "no-store"
    return response


def state_text(call: JudgeCall) -> str:
    """ "Called at 21:04 · waiting", "A judge is coming (Ana)", "Resolved at 21:09"."""
    if call.status == JudgeCall.Status.OPEN:
        when = timezone.localtime(call.created_at).strftime("%H:%M")
        return _("Called at %(time)s · waiting for a judge") % {"time": when}
    if call.status == JudgeCall.Status.TAKEN:
        return _("A judge is coming (%(judge)s)") % {"judge": judge_name(call.taken_by)}
    when = timezone.localtime(call.resolved_at).strftime("%H:%M")
    return _("Resolved at %(time)s") % {"time": when}


def judge_name(user) -> str:
    if user is None:
        return "—"
    return user.get_full_name() or user.username


# --- judges -------------------------------------------------------------------------------


def _round_call(event, round_number, call_id) -> JudgeCall:
    try:
        pk = int(call_id)
    except (TypeError, ValueError):
        raise Http404 from None
    return get_object_or_404(
        JudgeCall, pk=pk, table__round__event=event, table__round__number=round_number
    )


def _answer(request, event, round_number, action):
    back = reverse("results:round", args=[event.slug, round_number]) + "#judge-calls"
    if not request.POST.get("call"):
        messages.error(request, _("Call: choose the call to answer."))
        return redirect(back)
    call = _round_call(event, round_number, request.POST.get("call"))
    try:
        call = action(call)
    except calls.CallError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, state_text(call))
    return redirect(back)


@event_permission_required("enter_results")
@require_POST
def take(request, event, round_number):
    return _answer(request, event, round_number, lambda c: calls.take_call(c, request.user))


@event_permission_required("enter_results")
@require_POST
def resolve(request, event, round_number):
    note = request.POST.get("note", "")
    return _answer(
        request, event, round_number, lambda c: calls.resolve_call(c, request.user, note)
    )


@event_permission_required("view")
def round_calls(request, event, round_number):
    """The round's calls still waiting, oldest first, for judge-calls.js (every 5 s)."""
    now = timezone.now()
    waiting = (
        JudgeCall.objects.filter(
            table__round__event=event,
            table__round__number=round_number,
            status__in=calls.WAITING,
        )
        .select_related("table", "taken_by")
        .order_by("created_at", "pk")
    )
    rows = [call_json(call, now) for call in waiting]
    open_count = sum(1 for r in rows if r["status"] == JudgeCall.Status.OPEN)
    response = JsonResponse({"calls": rows, "open": open_count, "waiting": len(rows)})
    response["Cache-Control"] = "no-store"
    return response


def call_json(call: JudgeCall, now) -> dict:
    return {
        "id": call.pk,
        "table": call.table.number,
        "table_label": str(call.table),
        "status": call.status,
        "status_text": state_text(call),
        "reason": calls.reason_text(call),
        "called": timezone.localtime(call.created_at).strftime("%H:%M"),
        "waiting_seconds": max(0, int((now - call.created_at).total_seconds())),
    }


@event_permission_required("view")
def report(request, event):
    """Every call of the event with its response times, and the median and longest wait."""
    rows = calls.call_rows(event)
    return render(
        request,
        "hall/calls_report.html",
        {"event": event, "rows": rows, "rounds": calls.round_summaries(rows)},
    )
