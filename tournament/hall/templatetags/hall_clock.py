"""The round clock on a page: ``{% round_clock round "staff"|"table" table=… %}`` and more.

- ``staff``: the director's round page: the big remaining time, and for a
  director the buttons (start, pause, resume, extend, a table's extra time,
  reset) and the clock's log.
- ``table``: a judge's pages: the round's time, or with ``table=`` that
  table's own time (its extra time included).
- ``event_clock`` "public": the public event page shows the clock of the
  round being played, and nothing when no clock runs.

Every mode renders :func:`tournament.hall.clock.services.clock_state` into data
attributes that ``static/js/round-clock.js`` counts down from and refreshes.
"""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.urls import reverse

from tournament.events.permissions import has_event_permission
from tournament.glossary.clock import CLOCK_EVENTS
from tournament.hall.clock import services as clock

register = template.Library()


def clock_text(milliseconds) -> str:
    """``mm:ss``, or ``h:mm:ss`` from an hour; what the JavaScript shows too (rounded up)."""
    if milliseconds is None:
        return "--:--"
    seconds = -(-int(milliseconds) // 1000)
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes:02d}:{seconds:02d}"


def json_url(round_, table=None) -> str:
    """The public JSON for a published round of a public event, else the staff one."""
    event = round_.event
    name = "hall:clock_json" if round_.is_public and event.is_public else "hall:clock_json_staff"
    url = reverse(name, args=[event.slug, round_.number])
    return f"{url}?table={table.number}" if table is not None else url


def clock_context(round_, *, table=None, mode="table", request=None) -> dict:
    """What ``hall/_clock.html`` needs; the projector page uses it too."""
    state = clock.clock_state(round_, table_number=table.number if table is not None else None)
    shown = state.get("table") or state
    return {
        "round": round_,
        "event": round_.event,
        "state": state,
        "shown": shown,
        "clock_text": clock_text(shown["remaining"] if shown["status"] != "not_started" else None),
        "table": table,
        "mode": mode,
        "json_url": json_url(round_, table),
        "extras": [dict(t, text=clock_text(t["remaining"])) for t in state["tables"]],
        "request": request,
    }


def _staff_extras(context: dict, round_, request) -> dict:
    user = getattr(request, "user", None)
    can_manage = has_event_permission(user, round_.event, "manage") if user else False
    return {
        "can_manage": can_manage,
        "log": [_worded(entry) for entry in clock.clock_log(round_)],
        "tables": list(round_.tables.order_by("number")) if can_manage else [],
        "default_minutes": round_.event.time_limit_minutes,
    }


def _worded(entry):
    entry.words = CLOCK_EVENTS.get(entry.kind, entry.kind)
    return entry


@register.simple_tag(takes_context=True)
def round_clock(context, round_, mode, table=None):
    request = context.get("request")
    data = clock_context(round_, table=table, mode=mode, request=request)
    if mode == "staff":
        data.update(_staff_extras(context, round_, request))
    return render_to_string("hall/_clock.html", data, request=request)


@register.simple_tag(takes_context=True)
def event_clock(context, event, mode="public"):
    """The clock of the event's round being played, if one runs."""
    round_ = clock.current_round(event)
    if round_ is None:
        return ""
    request = context.get("request")
    data = clock_context(round_, mode=mode, request=request)
    return render_to_string("hall/_clock.html", data, request=request)
