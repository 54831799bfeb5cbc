"""Filling a seat of a seated or published round with a player who is not seated in it.

Why: a player does not show up (or withdraws) after the round is published.
The director gives the seat to a registration that has no seat in this round:
a reserve, a late player, a house substitute. The seat keeps its table and
wind; only its holder changes, with the reason in the seat's history.

At a table that already has results this is a correction, with the same rules
as a swap (``swaps``): a preview first (``expect``), and the table's
submitted or confirmed sheet is sent back for confirmation, out of the
standings until it is confirmed again.

The replaced registration keeps its status: whether a no-show is withdrawn
from the event is a separate decision (``events.services.drop_player``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, save_with_history
from tournament.events.models import Registration
from tournament.rounds.swaps import Expected, check_expected, lock_tables, send_back
from tournament.seating.models import Round, Seat, Table

# Who may fill a seat: anyone still in the event.
MAY_SIT = (
    Registration.Status.ACTIVE,
    Registration.Status.RESERVE,
    Registration.Status.SUBSTITUTE,
)


def candidates(round_: Round):
    """The registrations that may take a seat in ``round_``: in the event, not seated in it.

    A query, so that callers can narrow it; a menu shows it in collation order
    (``tournament.collation.registrations_sorted``).
    """
    return (
        Registration.objects.filter(event_id=round_.event_id, status__in=MAY_SIT)
        .exclude(seats__round=round_)
        .select_related("player")
        .order_by("pk")
    )


@transaction.atomic
def replace_player(
    seat: Seat,
    registration: Registration,
    by=None,
    reason: str = "",
    *,
    expect: Expected | None = None,
) -> Seat:
    """Give ``seat`` to ``registration``, who has no seat in that round.

    At a table with results, ``expect`` (what the preview showed) is
    required and the table's sheet is sent back for confirmation.
    """
    reason = (reason or "").strip()
    if not reason:
        raise EventError(_("Say why the player is replaced; the reason is kept in the log."))
    table_pk = Seat.objects.filter(pk=seat.pk).values_list("table_id", flat=True).first()
    if table_pk is None:
        raise EventError(_("This seat no longer exists; reload the page."))
    tables = lock_tables([Table(pk=table_pk)])
    seat = (
        Seat.objects.select_for_update()
        .select_related("round", "registration__player")
        .get(pk=seat.pk)
    )
    round_ = seat.round
    if round_.status == Round.Status.FINISHED:
        raise EventError(_("Round %(number)s has finished.") % {"number": round_.number})
    newcomer = (
        Registration.objects.select_for_update()
        .select_related("player")
        .filter(pk=registration.pk, event_id=round_.event_id)
        .first()
    )
    if newcomer is None:
        raise EventError(_("This player is not registered in this event."))
    if newcomer.status not in MAY_SIT:
        raise EventError(
            _("%(name)s has left the event: reinstate them first.") % {"name": newcomer.name}
        )
    if Seat.objects.filter(round=round_, registration=newcomer).exists():
        raise EventError(
            _("%(name)s already has a seat in round %(number)s: swap them instead.")
            % {"name": newcomer.name, "number": round_.number}
        )
    with_results = check_expected(tables, [seat], expect)
    before = seat.registration
    seat.registration = newcomer
    save_with_history(seat, change_reason("seat.replaced", words=reason), by)
    moved = f"{before.name} → {newcomer.name}"
    for table in tables:
        if table.pk in with_results:
            send_back(table, with_results[table.pk], by=by, players=moved)
    return seat
