"""Calling a judge: a player asks from the table's page, a judge takes the call and resolves it.

Vocabulary:

- a call is *open* until a judge *takes* it (is on the way), then *resolved*;
  a table has at most one call that is open or taken: calling again while one
  waits answers with that call (:class:`AlreadyCalled`), so a double tap or a
  nervous player never makes two;
- the *quota*: at most ``JUDGE_CALL_LIMIT`` calls per table in
  ``JUDGE_CALL_WINDOW_SECONDS`` (default 4 in 15 minutes). Counted in the
  database, under the table's row lock, so the limit holds across processes
  and when the cache (Redis) is down;
- the *reason* is optional: a preset code (:data:`REASONS`, stored in
  ``reason_code``), the player's own words (``reason``), or both, put into
  words when shown (:func:`reason_text`), so a judge reads the preset in
  their own language.

The call's own row is its log: who took and resolved it, and when.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.events.models import Event
from tournament.events.permissions import has_event_permission
from tournament.hall.models import JudgeCall
from tournament.seating.models import Round, Table
from tournament.seating.visibility import seating_is_public

Status = JudgeCall.Status
WAITING = (Status.OPEN, Status.TAKEN)
REASON_LENGTH = 200  # JudgeCall.reason's max_length
# The reasons a player can tap; the code is stored, the words are shown.
REASONS = {
    "dispute": gettext_lazy("Dispute"),
    "tile_count": gettext_lazy("Wrong tile count"),
    "ruling": gettext_lazy("Rules question"),
    "other": gettext_lazy("Other"),
}


class CallError(Exception):
    """A refusal with a message for people (already in the reader's language)."""

    status = 400

    def __init__(self, message: str, call: JudgeCall | None = None):
        super().__init__(message)
        self.message = message
        self.call = call


class AlreadyCalled(CallError):
    status = 200  # not an error for the player: the judge is already called


class TooManyCalls(CallError):
    status = 429


class CallsClosed(CallError):
    status = 409


class NotAllowed(CallError):
    status = 403


def call_limit() -> int:
    return int(getattr(settings, "JUDGE_CALL_LIMIT", 4))


def call_window() -> int:
    return int(getattr(settings, "JUDGE_CALL_WINDOW_SECONDS", 15 * 60))


def reason_text(call: JudgeCall) -> str:
    """The call's reason in the reader's language ("Dispute: east says…")."""
    words = call.reason or ""
    if call.reason_code not in REASONS:
        return words
    label = str(REASONS[call.reason_code])
    return f"{label}: {words}" if words else label


def closed_reason(table: Table) -> str:
    """Why players at ``table`` may not call now, or "" when they may.

    They may once the round's seating is public (the rule of every public page:
    no call before the players know their table), while the event runs and
    until the round is finished.
    """
    round_ = table.round
    if not seating_is_public(round_):
        return _("Judges can be called once the round's seating is published.")
    if round_.event.status != Event.Status.RUNNING or round_.status == Round.Status.FINISHED:
        return _("Judges cannot be called for this round any more.")
    return ""


def calls_open(table: Table) -> bool:
    """Whether players at ``table`` may call now (:func:`closed_reason`)."""
    return not closed_reason(table)


def waiting_call(table: Table) -> JudgeCall | None:
    """The table's call that is open or taken, if any."""
    return table.judge_calls.filter(status__in=WAITING).select_related("taken_by").first()


def last_call(table: Table) -> JudgeCall | None:
    """The table's latest call (to show "resolved" after the judge has been)."""
    return table.judge_calls.select_related("taken_by").order_by("-created_at", "-pk").first()


def call_judge(table: Table, reason: str = "", code: str = "") -> JudgeCall:
    """Open a call for ``table``; refused while one waits, past the quota, or out of play."""
    with transaction.atomic():
        locked = Table.objects.select_for_update(of=("self",)).select_related("round__event")
        table = locked.get(pk=table.pk)
        if refusal := closed_reason(table):
            raise CallsClosed(refusal)
        waiting = waiting_call(table)
        if waiting is not None:
            raise AlreadyCalled(already_message(waiting), waiting)
        since = timezone.now() - timedelta(seconds=call_window())
        if table.judge_calls.filter(created_at__gte=since).count() >= call_limit():
            raise TooManyCalls(too_many_message())
        words = " ".join((reason or "").split())[:REASON_LENGTH]
        code = code if code in REASONS else ""
        return JudgeCall.objects.create(table=table, reason=words, reason_code=code)


def already_message(call: JudgeCall) -> str:
    when = timezone.localtime(call.created_at).strftime("%H:%M")
    return _("A judge has already been called at %(time)s.") % {"time": when}


def too_many_message() -> str:
    minutes = max(1, round(call_window() / 60))
    return _(
        "This table has called a judge %(count)s times in %(minutes)s minutes. "
        "Please raise your hand, or ask a judge walking by."
    ) % {"count": call_limit(), "minutes": minutes}


def _locked(call: JudgeCall, user) -> JudgeCall:
    call = (
        # Only the call's row is locked: PostgreSQL refuses FOR UPDATE on the
        # nullable side of the outer join to the judge who took it.
        JudgeCall.objects.select_for_update(of=("self",))
        .select_related("table__round__event", "taken_by")
        .get(pk=call.pk)
    )
    if not has_event_permission(user, call.table.round.event, "enter_results"):
        raise NotAllowed(_("Only the event's judges can answer a call."))
    return call


def take_call(call: JudgeCall, user) -> JudgeCall:
    """A judge is on the way: the call is theirs; taking it twice is refused, never silent."""
    with transaction.atomic():
        call = _locked(call, user)
        if call.status == Status.RESOLVED:
            raise CallError(_("This call has already been resolved."), call)
        if call.status == Status.TAKEN:
            if call.taken_by_id == user.pk:
                return call
            who = call.taken_by.username if call.taken_by else "—"
            raise CallError(_("%(judge)s has already taken this call.") % {"judge": who}, call)
        call.status, call.taken_by, call.taken_at = Status.TAKEN, user, timezone.now()
        call.save(update_fields=["status", "taken_by", "taken_at"])
        return call


def resolve_call(call: JudgeCall, user, note: str = "") -> JudgeCall:
    """The judge has been: the call is closed. Resolving an open call takes it too."""
    with transaction.atomic():
        call = _locked(call, user)
        if call.status == Status.RESOLVED:
            raise CallError(_("This call has already been resolved."), call)
        now = timezone.now()
        if call.taken_at is None:
            call.taken_by, call.taken_at = user, now
        call.status, call.resolved_by, call.resolved_at = Status.RESOLVED, user, now
        call.note = " ".join((note or "").split())[:200]
        call.save(
            update_fields=["status", "taken_by", "taken_at", "resolved_by", "resolved_at", "note"]
        )
        return call


# --- the director's report ----------------------------------------------------------------


def call_rows(event) -> list[dict]:
    """Every call of ``event``, newest round first, with its wait and time to resolve.

    The *wait* runs from the call until a judge took it (or until now while
    nobody has); *to resolve*, from the call until it was resolved.
    """
    now = timezone.now()
    rows = []
    for call in (
        JudgeCall.objects.filter(table__round__event=event)
        .select_related("table__round", "taken_by", "resolved_by")
        .order_by("-table__round__number", "created_at", "pk")
    ):
        waited_until = call.taken_at or (None if call.resolved_at else now)
        rows.append(
            {
                "call": call,
                "round": call.table.round.number,
                "reason": reason_text(call),
                "wait": _seconds(call.created_at, waited_until or call.resolved_at),
                "waiting": call.taken_at is None and call.resolved_at is None,
                "to_resolve": _seconds(call.created_at, call.resolved_at),
            }
        )
    return rows


def _seconds(start, end) -> int | None:
    return None if end is None else max(0, int((end - start).total_seconds()))


def round_summaries(rows: list[dict]) -> list[dict]:
    """Per round: how many calls, the median and the longest wait (seconds)."""
    by_round: dict[int, list[int]] = {}
    for row in rows:
        by_round.setdefault(row["round"], [])
        if row["wait"] is not None:
            by_round[row["round"]].append(row["wait"])
    out = []
    for number, waits in by_round.items():
        count = sum(1 for row in rows if row["round"] == number)
        waits.sort()
        out.append(
            {
                "round": number,
                "calls": count,
                "median": _median(waits),
                "longest": waits[-1] if waits else None,
            }
        )
    return out


def _median(values: list[int]) -> int | None:
    if not values:
        return None
    middle = len(values) // 2
    if len(values) % 2:
        return values[middle]
    return (values[middle - 1] + values[middle]) // 2
