"""The round's history from the apps below the round workflow: the round, its seats, its players.

Each reader is a source of :mod:`tournament.rounds.history` and reads the
django-simple-history records of one model in one query. The stored reason
is a code with parameters (:mod:`tournament.events.change_reasons`): its
sentence is *what* happened, a person's own words are *why*. Nothing here
reads English back.

Seating a round (or planning it, or seating it again) writes a record for
every table and seat at once; the round's own record says so ("seated
(balanced)"), so those records are not listed one by one. A swap writes three
seat records (one seat makes way, one changes hands, one is made: a player
sits once per round); they are one entry.
"""

from __future__ import annotations

from django.db.models import Q

from tournament.events.change_reasons import decode, explain
from tournament.events.models import Registration
from tournament.glossary.history import ROUND_HISTORY
from tournament.rounds.history import Entry, HistoryContext
from tournament.seating.models import Round, Seat, Table

# Codes of the records written for every table and seat when a round is seated, planned,
# seated again or deleted: the round's own record tells it.
WHOLE_ROUND = {
    "round.seated",
    "round.deleted",
    "round.unplanned",
    "seating.seated",
    "seating.planned",
    "seating.replanned",
    "table.reseated",
}
SWAPPED = "seat.swapped"
REPLACED = "seat.replaced"
# The registration's status changes a round's history shows (withdrawn, back again).
STATUS_CODES = ("registration.dropped", "registration.status_set")


def _code(record) -> str | None:
    decoded = decode(record.history_change_reason)
    return decoded[0] if decoded else None


def _worded(record, fallback: str) -> tuple[str, str]:
    """``(what, why)`` of a record: its code's sentence and words, else ``fallback``'s
    words with the reason as stored (an edit in the admin gives none)."""
    if _code(record) is None:
        return str(ROUND_HISTORY[fallback]), record.history_change_reason or ""
    return explain(record.history_change_reason)


def round_entries(context: HistoryContext):
    """Seated, published, results published, taken back, finished: the round's own records."""
    statuses = dict(Round.Status.choices)
    for record in context.round_records:
        what, why = explain(record.history_change_reason)
        if not what:
            what = str(ROUND_HISTORY["round.changed"]) % {
                "status": statuses.get(record.status, record.status)
            }
        yield context.entry(record, "round", what, why)


def table_entries(context: HistoryContext):
    """A table's own change (its label set in the admin, say); seating one is the round's."""
    records = (
        Table.history.filter(round_id=context.round.pk)
        .exclude(history_type="+")
        .select_related("history_user")
        .order_by("history_id")
    )
    for record in records:
        if _code(record) in WHOLE_ROUND:
            continue
        what, why = _worded(record, "table.changed")
        yield context.entry(record, "seating", what, why, context.table(record.id))


def seat_entries(context: HistoryContext):
    """Swaps, fills (a player replaced, by a substitute say) and any other change of a seat."""
    records = (
        Seat.history.filter(round_id=context.round.pk)
        .select_related("history_user")
        .order_by("history_id")
    )
    before: dict[int, object] = {}  # seat id -> its previous record
    swap: list = []  # the records of the swap being read
    for record in records:
        code = _code(record)
        previous = before.get(record.id)
        before[record.id] = record
        if code in WHOLE_ROUND:
            continue
        if code == SWAPPED:
            if record.history_type == "-":
                swap = []
            swap.append(record)
            if record.history_type == "+":
                yield _swap_entry(context, swap)
                swap = []
            continue
        what, why = _worded(record, "seat.changed")
        detail = _at(context, record)
        if code == REPLACED and previous is not None:
            detail = f"{context.player(previous.registration_id)} → {detail}"
        yield context.entry(record, "seating", what, why, detail)


def _at(context: HistoryContext, record) -> str:
    """ "Ann (table 3, East)": who sits where after ``record``."""
    place = context.place(record.table_id, record.wind)
    return f"{context.player(record.registration_id)} ({place})"


def _swap_entry(context: HistoryContext, records: list) -> Entry:
    """One entry for a swap's records: each player in the place they took."""
    last = records[-1]
    what, why = explain(last.history_change_reason)
    by_type = {r.history_type: r for r in records}
    made, changed = by_type.get("+", last), by_type.get("~")
    if changed is None:
        detail = _at(context, made)
    else:
        detail = f"{_at(context, changed)} ↔ {_at(context, made)}"
    return context.entry(last, "seating", what, why, detail)


def player_entries(context: HistoryContext):
    """Withdrawals (and returns) of the players seated in the round, while it was played.

    "Seated in the round" counts every seat the round ever gave (a player
    replaced after withdrawing too); "while it was played" is
    :attr:`HistoryContext.window`, so a player leaving in round 5 is not in
    the history of rounds 1 to 4.
    """
    start, end = context.window
    if start is None:
        return
    seated = Seat.history.filter(round_id=context.round.pk).values("registration_id")
    worded = Q()
    for code in STATUS_CODES:
        worded |= Q(history_change_reason=code) | Q(history_change_reason__startswith=f"{code} ")
    records = Registration.history.filter(worded, id__in=seated, history_date__gte=start)
    if end is not None:
        records = records.filter(history_date__lte=end)
    for record in records.select_related("history_user").order_by("history_id"):
        if _code(record) not in STATUS_CODES:
            continue
        what, why = explain(record.history_change_reason)
        yield context.entry(record, "players", what, why, record.name)
