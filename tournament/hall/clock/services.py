"""The round clock: what the director does to it, and what every page shows of it.

Why one module: the director's buttons, the tags on the staff, judge and
public pages, the projector and the JSON that phones poll all read one
:func:`clock_state`, so a page and its poll never disagree.

Times: the clock keeps when it started, how long it was paused and how much
it was extended; its *deadline* is ``started_at + duration + extension +
time paused``. A table's *extra time* is the sum of its ``table_extra``
events since the last reset, added to the round's deadline for that table
only. Every change is a :class:`~tournament.hall.models.ClockEvent` with who
and why; nothing in the log is ever edited.

Finishing the round or the event stops the clock (``stopped_at``, logged as
a stop with who, and why in its kind): the time left freezes, the pages say
"Stopped", and no button of a finished round's clock works again.

Browsers count down themselves from ``deadline`` and ``server_now`` (epoch
milliseconds), so a phone that loses the network keeps the right time.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.families import OptionError
from tournament.events.errors import EventError
from tournament.events.rules import family_of, rules_of
from tournament.glossary.time_policies import TIME_POLICIES
from tournament.hall.models import ClockEvent, RoundClock

Kind = ClockEvent.Kind
MAX_MINUTES = 600  # ten hours: more is a typo
REASON_MAX = ClockEvent._meta.get_field("reason").max_length


class ClockError(EventError):
    """A refused clock action; ``field`` names what was wrong (minutes, reason, table, status)."""

    def __init__(self, field: str, message):
        super().__init__(message)
        self.field = field


# --- reading -------------------------------------------------------------------------


def epoch_ms(moment: datetime.datetime) -> int:
    return int(round(moment.timestamp() * 1000))


def deadline_of(clock: RoundClock) -> datetime.datetime | None:
    """When the round's time is up (before any table's extra time); None if not started."""
    if clock.started_at is None:
        return None
    seconds = clock.duration_seconds + clock.extra_seconds + clock.paused_seconds
    return clock.started_at + datetime.timedelta(seconds=seconds)


def _last_reset_pk(clock: RoundClock) -> int:
    last = clock.events.filter(kind=Kind.RESET).order_by("-pk").values_list("pk", flat=True)
    return last.first() or 0


def table_extras(clock: RoundClock) -> dict[int, int]:
    """Table number -> extra seconds given since the last reset (only tables that have some)."""
    rows = (
        clock.events.filter(kind=Kind.TABLE_EXTRA, pk__gt=_last_reset_pk(clock))
        .values("table__number")
        .annotate(seconds=Sum("seconds"))
    )
    return {r["table__number"]: r["seconds"] for r in rows if r["seconds"]}


def policy_of(event) -> tuple[str, str]:
    """The at-time code and where it comes from: ("rules" or "event").

    The family answers for its rules (riichi, MCR, HKOS say what happens at
    time); where the rules are silent the event's own setting decides.
    """
    try:
        code = family_of(event).time_policy(rules_of(event))
    except OptionError:  # a hand-edited database: the event's setting still holds
        code = None
    if code in TIME_POLICIES:
        return code, "rules"
    return event.time_limit_policy, "event"


def _timing(clock, deadline, now, extra: int = 0) -> dict:
    """Status, deadline (running) and remaining milliseconds for the round or one table."""
    if clock is None or deadline is None:
        return {"status": "not_started", "deadline": None, "remaining": None}
    deadline = deadline + datetime.timedelta(seconds=extra)
    if clock.stopped_at is not None:  # frozen when it stopped (or when it was paused before)
        moment = clock.paused_at or clock.stopped_at
        remaining = max(0, epoch_ms(deadline) - epoch_ms(moment))
        return {"status": "stopped", "deadline": None, "remaining": remaining}
    if clock.paused_at is not None:
        remaining = max(0, epoch_ms(deadline) - epoch_ms(clock.paused_at))
        return {"status": "paused", "deadline": None, "remaining": remaining}
    remaining = max(0, epoch_ms(deadline) - epoch_ms(now))
    status = "running" if remaining > 0 else "over"
    return {"status": status, "deadline": epoch_ms(deadline), "remaining": remaining}


def clock_state(round_, *, table_number: int | None = None, now=None) -> dict:
    """The clock as plain data: what pages render and the JSON sends.

    ``status``: not_started, running, paused, over or stopped (the round's own time,
    whatever a table's extra); ``deadline`` epoch ms while running or over;
    ``remaining`` ms (frozen while paused); ``server_now`` epoch ms, from
    which a browser takes its offset; ``tables``: the tables with extra
    time, each with its own deadline; ``table``: the asked table's timing
    (its extra included); ``policy``: the at-time code.
    """
    now = now or timezone.now()
    clock = RoundClock.objects.filter(round=round_).first()
    deadline = deadline_of(clock) if clock else None
    extras = table_extras(clock) if clock and clock.started_at else {}
    labels = dict(round_.tables.filter(number__in=list(extras)).values_list("number", "label"))
    code, source = policy_of(round_.event)
    state = {
        "round": round_.number,
        **_timing(clock, deadline, now),
        "duration": clock.duration_seconds * 1000 if clock else None,
        "extension": clock.extra_seconds * 1000 if clock else 0,
        "server_now": epoch_ms(now),
        "updated": epoch_ms(clock.updated_at) if clock else None,
        "policy": code,
        "policy_source": source,
        "policy_text": str(TIME_POLICIES[code]),
        "tables": [
            {
                "number": number,
                "label": labels.get(number) or _("Table %(number)s") % {"number": number},
                "extra": seconds * 1000,
                **_timing(clock, deadline, now, seconds),
            }
            for number, seconds in sorted(extras.items())
        ],
    }
    if table_number is not None:
        extra = extras.get(table_number, 0)
        state["table"] = {
            "number": table_number,
            "extra": extra * 1000,
            **_timing(clock, deadline, now, extra),
        }
    return state


def clock_log(round_, limit: int = 30) -> list[ClockEvent]:
    """The clock's events, newest first, with who made them."""
    return list(
        ClockEvent.objects.filter(clock__round=round_)
        .select_related("created_by", "table")
        .order_by("-created_at", "-pk")[:limit]
    )


def current_round(event):
    """The round the hall plays now: the latest published round whose clock runs.

    A stopped clock (its round or the event finished) is not played any more.
    """
    running = event.rounds.public().filter(
        clock__started_at__isnull=False, clock__stopped_at__isnull=True
    )
    return running.order_by("-number").first()


# --- changing --------------------------------------------------------------------------


def _locked(round_) -> RoundClock | None:
    """The clock, locked; the round too, so that two first starts cannot both create one.

    A finished round's clock, or any clock of a finished event, stays stopped:
    every change is refused here, named.
    """
    current = type(round_).objects.select_for_update().select_related("event").get(pk=round_.pk)
    if current.status == current.Status.FINISHED:
        raise ClockError(
            "status",
            _("Round %(number)s has finished: its clock is stopped and cannot be started again.")
            % {"number": current.number},
        )
    if current.event.status == current.event.Status.FINISHED:
        raise ClockError(
            "status",
            _("“%(event)s” has finished: its clocks are stopped and cannot be started again.")
            % {"event": current.event.name},
        )
    return RoundClock.objects.select_for_update().filter(round=round_).first()


def _minutes(minutes, *, allow_negative: bool) -> int:
    """Whole minutes, checked: seconds back, or a ClockError naming ``minutes``."""
    if minutes is None or isinstance(minutes, bool):
        raise ClockError("minutes", _("Give the number of minutes."))
    try:
        value = int(minutes)
    except (TypeError, ValueError):
        raise ClockError("minutes", _("Minutes must be a whole number.")) from None
    low = -MAX_MINUTES if allow_negative else 1
    if value == 0 or not low <= value <= MAX_MINUTES:
        raise ClockError(
            "minutes",
            _("Minutes must be between %(low)s and %(high)s, and not 0.")
            % {"low": low, "high": MAX_MINUTES},
        )
    return value * 60


def _reason(reason, *, required: bool) -> str:
    text = " ".join(str(reason or "").split())
    if required and not text:
        raise ClockError("reason", _("Give a reason: it goes in the clock's log."))
    if len(text) > REASON_MAX:
        raise ClockError(
            "reason", _("The reason is at most %(count)s characters.") % {"count": REASON_MAX}
        )
    return text


def _started(clock: RoundClock | None) -> RoundClock:
    if clock is None or clock.started_at is None:
        raise ClockError("status", _("The clock has not been started."))
    return clock


def _log(clock, kind, by, *, seconds=0, table=None, reason="") -> ClockEvent:
    clock.save()
    event = ClockEvent.objects.create(
        clock=clock,
        kind=kind,
        seconds=seconds,
        table=table,
        reason=reason,
        created_by=by if getattr(by, "is_authenticated", False) else None,
    )
    return event


@transaction.atomic
def start_clock(round_, *, by=None, minutes=None, reason="", now=None) -> RoundClock:
    """Start the round's time: ``minutes`` if given, else the event's time limit."""
    now = now or timezone.now()
    if round_.status == round_.Status.DRAFT:
        raise ClockError("status", _("The round is not seated yet: there is nothing to time."))
    clock = _locked(round_)
    if clock is not None and clock.started_at is not None:
        raise ClockError("status", _("The clock is already started; reset it to start again."))
    limit = round_.event.time_limit_minutes
    if minutes in (None, "") and not limit:
        raise ClockError(
            "minutes", _("The event has no time limit: give the round's length in minutes.")
        )
    seconds = _minutes(limit if minutes in (None, "") else minutes, allow_negative=False)
    clock = clock or RoundClock(round=round_, duration_seconds=seconds)
    clock.duration_seconds = seconds
    clock.started_at, clock.paused_at = now, None
    clock.paused_seconds = clock.extra_seconds = 0
    _log(clock, Kind.START, by, seconds=seconds, reason=_reason(reason, required=False))
    return clock


@transaction.atomic
def pause_clock(round_, *, by=None, reason="", now=None) -> RoundClock:
    now = now or timezone.now()
    clock = _started(_locked(round_))
    if clock.paused_at is not None:
        raise ClockError("status", _("The clock is already paused."))
    clock.paused_at = now
    _log(clock, Kind.PAUSE, by, reason=_reason(reason, required=False))
    return clock


@transaction.atomic
def resume_clock(round_, *, by=None, reason="", now=None) -> RoundClock:
    now = now or timezone.now()
    clock = _started(_locked(round_))
    if clock.paused_at is None:
        raise ClockError("status", _("The clock is not paused."))
    paused = max(0, round((now - clock.paused_at).total_seconds()))
    clock.paused_seconds += paused
    clock.paused_at = None
    _log(clock, Kind.RESUME, by, seconds=paused, reason=_reason(reason, required=False))
    return clock


def _remaining_after(clock, now, seconds: int) -> float:
    """Seconds the round would have left if ``seconds`` were added now."""
    moment = clock.paused_at or now
    return (deadline_of(clock) - moment).total_seconds() + seconds


@transaction.atomic
def extend_clock(round_, *, minutes, by=None, reason="", now=None) -> RoundClock:
    """Add (or take back, negative) minutes for every table.

    Once time is up, added minutes count from now (the overrun is added too,
    and logged): "5 more minutes" means five minutes from the announcement.
    """
    now = now or timezone.now()
    seconds = _minutes(minutes, allow_negative=True)
    text = _reason(reason, required=False)
    clock = _started(_locked(round_))
    left = _remaining_after(clock, now, 0)
    if left < 0 < seconds:  # time was up: the minutes count from now
        seconds += round(-left)
    elif left + seconds < 0:
        raise ClockError(
            "minutes",
            _("That would leave less than no time on the clock: take back fewer minutes."),
        )
    clock.extra_seconds += seconds
    _log(clock, Kind.EXTEND, by, seconds=seconds, reason=text)
    return clock


@transaction.atomic
def give_table_extra(round_, *, table_number, minutes, reason, by=None, now=None) -> RoundClock:
    """Extra time for one table (it started late, a long ruling); a reason is required."""
    now = now or timezone.now()
    seconds = _minutes(minutes, allow_negative=True)
    text = _reason(reason, required=True)
    table = round_.tables.filter(number=table_number).first() if table_number else None
    if table is None:
        raise ClockError("table", _("Choose a table of this round."))
    clock = _started(_locked(round_))
    given = table_extras(clock).get(table.number, 0)
    if given + seconds < 0:
        raise ClockError(
            "minutes",
            _("%(table)s has %(minutes)s minutes of extra time: no more can be taken back.")
            % {"table": table, "minutes": given // 60},
        )
    if seconds < 0 and _remaining_after(clock, now, given + seconds) < 0:
        raise ClockError(
            "minutes",
            _("That would leave less than no time on the clock: take back fewer minutes."),
        )
    _log(clock, Kind.TABLE_EXTRA, by, seconds=seconds, table=table, reason=text)
    return clock


@transaction.atomic
def reset_clock(round_, *, reason, by=None, now=None) -> RoundClock:
    """Back to not started (a false start); the log keeps everything before."""
    text = _reason(reason, required=True)
    clock = _started(_locked(round_))
    clock.started_at = clock.paused_at = None
    clock.paused_seconds = clock.extra_seconds = 0
    _log(clock, Kind.RESET, by, reason=text)
    return clock


# --- stopping, when the round or the event finishes -------------------------------------


def stop_clock(round_, kind: str, *, by=None, now=None) -> RoundClock | None:
    """Stop a started clock for good (``kind``: the stop's why), logged with who.

    Nothing to do for a clock never started or already stopped. Called inside
    the transaction that finishes the round or the event
    (:func:`stop_when_round_finishes`, :func:`stop_when_event_finishes`).
    """
    clock = RoundClock.objects.select_for_update().filter(round=round_).first()
    if clock is None or clock.started_at is None or clock.stopped_at is not None:
        return None
    clock.stopped_at = now or timezone.now()
    _log(clock, kind, by)
    return clock


def stop_when_round_finishes(sender, *, round, by=None, **kwargs) -> None:
    """``rounds.signals.round_finished``: the round's clock stops."""
    stop_clock(round, Kind.STOP_ROUND, by=by)


def stop_when_event_finishes(sender, *, event, by=None, **kwargs) -> None:
    """``rounds.signals.event_finished``: every clock of the event stops."""
    for round_ in event.rounds.filter(clock__isnull=False).order_by("number"):
        stop_clock(round_, Kind.STOP_EVENT, by=by)
