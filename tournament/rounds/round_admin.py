"""Taking a round back, finishing it, or deleting it, as verbs (the director's round actions);
and finishing the event, once every round's sheets are confirmed.

Until now these took the Django admin. Each service runs in one transaction,
locks the round, refuses with an :class:`EventError` that names the problem
(the tables at fault, when there are some), and leaves history records with
a change reason code, the director's words and the user.

Vocabulary: a table's sheet is *confirmed* when one of its versions is; a
round *has results* as soon as any of its tables has a sheet version (even
one being entered). Unpublishing a round's seating or deleting the round
would orphan those results, so both are refused once there are some.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, delete_with_history, save_with_history
from tournament.events.models import Event
from tournament.results.models import ScoreSheet
from tournament.results.sheet.pending import pending_corrections, tables_named
from tournament.rounds.signals import event_finished, round_finished
from tournament.seating.models import Round, Table

__all__ = [
    "delete_round",
    "finish_event",
    "finish_round",
    "round_actions",
    "unconfirmed_tables",
    "unpublish_results",
    "unpublish_round",
]


def unconfirmed_tables(round_: Round) -> list[Table]:
    """The round's tables without a confirmed sheet, in number order."""
    confirmed = set(
        ScoreSheet.objects.filter(
            table__round=round_, status=ScoreSheet.Status.CONFIRMED
        ).values_list("table_id", flat=True)
    )
    return [t for t in round_.tables.order_by("number") if t.pk not in confirmed]


def tables_with_results(round_: Round) -> list[Table]:
    """The round's tables that have any sheet version, in number order."""
    with_sheets = set(
        ScoreSheet.objects.filter(table__round=round_).values_list("table_id", flat=True)
    )
    return [t for t in round_.tables.order_by("number") if t.pk in with_sheets]


def round_actions(round_: Round) -> dict[str, bool]:
    """Which actions apply to the round now: the round page shows only these buttons."""
    event = round_.event
    results = bool(tables_with_results(round_))
    last = not event.rounds.filter(number__gt=round_.number).exists()
    open_event = event.status != Event.Status.FINISHED
    return {
        "unpublish": open_event and round_.status == Round.Status.PUBLISHED and not results,
        "unpublish_results": open_event and round_.results_published_at is not None,
        "finish": open_event
        and round_.status == Round.Status.PUBLISHED
        and round_.tables.exists()
        and not unconfirmed_tables(round_)
        and not pending_corrections(round_),
        "delete": open_event and last and not results,
    }


def _locked(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if round_.event.status == Event.Status.FINISHED:
        raise EventError(
            _("“%(event)s” has finished; its rounds cannot change.") % {"event": round_.event.name}
        )
    return round_


def _require_reason(reason: str) -> str:
    reason = " ".join((reason or "").split())
    if not reason:
        raise EventError(_("Say why: the reason is kept in the round's history."))
    return reason


def _names(tables: list[Table]) -> str:
    return ", ".join(str(t) for t in tables)


@transaction.atomic
def unpublish_round(round_: Round, *, reason: str, by=None) -> Round:
    """Hide a published seating again (a mistake seen before play): back to seated."""
    reason = _require_reason(reason)
    round_ = _locked(round_)
    if round_.status != Round.Status.PUBLISHED:
        raise EventError(
            _("Round %(number)s is not published (it is %(status)s).")
            % {"number": round_.number, "status": round_.get_status_display()}
        )
    played = tables_with_results(round_)
    if played:
        raise EventError(
            _("Round %(number)s cannot be unpublished: results are entered at %(tables)s.")
            % {"number": round_.number, "tables": _names(played)}
        )
    round_.status = Round.Status.SEATED
    round_.published_at = None
    return save_with_history(round_, change_reason("round.unpublished", words=reason), by)


@transaction.atomic
def unpublish_results(round_: Round, *, reason: str, by=None) -> Round:
    """Take the round's results off the public standings (to correct them, say)."""
    reason = _require_reason(reason)
    round_ = _locked(round_)
    if round_.results_published_at is None:
        raise EventError(
            _("The results of round %(number)s are not published.") % {"number": round_.number}
        )
    round_.results_published_at = None
    reason = change_reason("round.results_unpublished", number=round_.number, words=reason)
    return save_with_history(round_, reason, by)


@transaction.atomic
def finish_round(round_: Round, *, by=None) -> Round:
    """Mark a published round finished once every table has a confirmed sheet."""
    round_ = _locked(round_)
    if round_.status == Round.Status.FINISHED:
        raise EventError(_("Round %(number)s has already finished.") % {"number": round_.number})
    if round_.status != Round.Status.PUBLISHED:
        raise EventError(
            _("Publish round %(number)s before finishing it.") % {"number": round_.number}
        )
    _refuse_pending(round_)
    missing = unconfirmed_tables(round_)
    if missing or not round_.tables.exists():
        raise EventError(
            _("Round %(number)s cannot finish: no confirmed sheet for %(tables)s.")
            % {"number": round_.number, "tables": _names(missing) or _("any table")}
        )
    round_.status = Round.Status.FINISHED
    save_with_history(round_, change_reason("round.finished"), by)
    round_finished.send(Round, round=round_, by=by)  # the hall stops its clock
    return round_


def _refuse_pending(round_: Round) -> None:
    """Finishing over a correction nobody confirmed would keep the old numbers as final."""
    pending = pending_corrections(round_)
    if pending:
        raise EventError(
            _(
                "Round %(number)s cannot finish: a correction awaits confirmation "
                "at %(tables)s; confirm it first."
            )
            % {"number": round_.number, "tables": tables_named(pending)}
        )


@transaction.atomic
def delete_round(round_: Round, *, reason: str, by=None) -> None:
    """Delete the last round when nothing was played in it (seated by mistake, say).

    Seats and tables are deleted one by one first, so each history record
    carries the reason and the user (a cascade would leave them without).
    """
    reason = _require_reason(reason)
    round_ = _locked(round_)
    later = round_.event.rounds.filter(number__gt=round_.number).order_by("number").first()
    if later is not None:
        raise EventError(
            _("Only the last round can be deleted: round %(later)s comes after it.")
            % {"later": later.number}
        )
    played = tables_with_results(round_)
    if played:
        raise EventError(
            _("Round %(number)s cannot be deleted: results are entered at %(tables)s.")
            % {"number": round_.number, "tables": _names(played)}
        )
    stored = change_reason("round.deleted", number=round_.number, words=reason)
    for table in round_.tables.all():
        for seat in table.seats.all():
            delete_with_history(seat, stored, by)
        delete_with_history(table, stored, by)
    delete_with_history(round_, stored, by)


@transaction.atomic
def finish_event(event: Event, by=None) -> Event:
    """Close the event: every table of every round has a confirmed sheet; results lock.

    After this the result services refuse any change (the sheets are the record).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    # The tables too: a sheet's save locks only its table (results.sheet.state.lock_table),
    # so holding them here makes a save wait until the event has finished, then refuse.
    list(Table.objects.select_for_update(of=("self",)).filter(round__event=event).order_by("pk"))
    if event.status == Event.Status.FINISHED:
        raise EventError(_("“%(event)s” has already finished.") % {"event": event.name})
    if event.status == Event.Status.DRAFT:
        raise EventError(
            _("“%(event)s” has not started yet: start it before finishing it.")
            % {"event": event.name}
        )
    missing = []
    for round_ in event.rounds.order_by("number"):
        _refuse_pending(round_)
        tables = unconfirmed_tables(round_)
        if tables:
            missing.append(
                _("round %(number)s (%(tables)s)")
                % {"number": round_.number, "tables": ", ".join(map(str, tables))}
            )
    if missing:
        raise EventError(
            _("The event cannot finish while sheets are not confirmed: %(rounds)s.")
            % {"rounds": "; ".join(missing)}
        )
    event.status = Event.Status.FINISHED
    save_with_history(event, change_reason("event.finished"), by)
    event_finished.send(Event, event=event, by=by)  # the hall stops every clock
    return event
