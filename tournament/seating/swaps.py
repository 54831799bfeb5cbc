"""Moving players between seats of a round by hand."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, delete_with_history, save_with_history
from tournament.seating.models import Round, Seat


@transaction.atomic
def swap_seats(seat_a: Seat, seat_b: Seat, by=None, reason: str = "") -> tuple[Seat, Seat]:
    """Swap two players of one round by hand: each takes the other's table and wind.

    Returns the seats now at ``seat_a``'s and ``seat_b``'s places.
    """
    reason = (reason or "").strip()
    if not reason:
        raise EventError(_("Say why the seats are swapped; the reason is kept in the log."))
    locked = {
        s.pk: s for s in Seat.objects.select_for_update().filter(pk__in=[seat_a.pk, seat_b.pk])
    }
    if len(locked) != 2:
        raise EventError(_("Choose two different seats."))
    a, b = locked[seat_a.pk], locked[seat_b.pk]
    if a.round_id != b.round_id:
        raise EventError(_("Both seats must be in the same round."))
    if a.round.status == Round.Status.FINISHED:
        raise EventError(_("Round %(number)s has finished.") % {"number": a.round.number})
    player_a, player_b = a.registration, b.registration
    log = change_reason("seat.swapped", words=reason)
    # A registration sits once per round, so one seat makes way while the other
    # changes hands; the history shows the delete, the change and the new seat.
    place_a = (a.table, a.wind)
    delete_with_history(a, log, by)
    b.registration = player_a
    save_with_history(b, log, by)
    new_a = Seat(round=b.round, table=place_a[0], wind=place_a[1], registration=player_b)
    save_with_history(new_a, log, by)
    return new_a, b
