"""The round clock's changes in the round's history (:mod:`tournament.rounds.history`).

The hall is above the round workflow, so the round's history cannot read the
clock itself: the hall gives this source when it is ready (``HallConfig``).
Each :class:`~tournament.hall.models.ClockEvent` is one entry: what (the
clock log's word for its kind), the minutes given, the table given extra
time, who, when, and the reason typed.
"""

from __future__ import annotations

from tournament.glossary.clock import CLOCK_EVENTS
from tournament.glossary.history import ROUND_HISTORY
from tournament.hall.models import ClockEvent
from tournament.rounds.history import Entry, HistoryContext

# Kinds whose seconds are minutes given (or taken back); a start's are the round's length.
GIVEN = {ClockEvent.Kind.EXTEND, ClockEvent.Kind.TABLE_EXTRA}


def clock_entries(context: HistoryContext):
    events = (
        ClockEvent.objects.filter(clock__round=context.round)
        .select_related("created_by", "table")
        .order_by("created_at", "pk")
    )
    for event in events:
        parts = [str(event.table)] if event.table is not None else []
        if event.kind in GIVEN or (event.kind == ClockEvent.Kind.START and event.seconds):
            minutes = round(event.seconds / 60)
            sign = "+" if event.kind in GIVEN and minutes > 0 else ""
            parts.append(sign + str(ROUND_HISTORY["clock.minutes"]) % {"minutes": minutes})
        yield Entry(
            when=event.created_at,
            kind="clock",
            what=str(CLOCK_EVENTS.get(event.kind, event.get_kind_display())),
            who=context.who(event.created_by),
            why=event.reason,
            detail=" · ".join(parts),
        )
