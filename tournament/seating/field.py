"""Who takes a seat in the next round.

Seating asks this module rather than filtering registrations itself, so the
rules for reserves and house substitutes live in one place:

- every **active** player sits;
- when the active players do not fill tables of four, **reserves** (real
  entrants, in registration order) take the empty seats, then **house
  substitutes** (never ranked) take what is still empty, only as many of
  each as the tables need;
- **withdrawn** players never sit again.

When even that cannot fill the last table, the short field is returned as it
is: the caller (``rounds.services._check_fill_tables``) refuses it with a
message for the director, who adds a reserve or a substitute.
"""

from __future__ import annotations

from tournament.events.models import Event, Registration

TABLE_SIZE = 4  # four players to a mahjong table


def seats_to_fill(count: int) -> int:
    """Empty seats at the last table when ``count`` players sit down."""
    return -count % TABLE_SIZE


def playing_registrations(event: Event) -> list[Registration]:
    """Who takes a seat: the active players, then reserves and substitutes as needed."""
    Status = Registration.Status
    registrations = list(
        event.registrations.exclude(status=Status.DROPPED).select_related("player").order_by("pk")
    )
    seated = [r for r in registrations if r.status == Status.ACTIVE]
    for waiting in (Status.RESERVE, Status.SUBSTITUTE):
        needed = seats_to_fill(len(seated))
        if not needed:
            break
        seated += [r for r in registrations if r.status == waiting][:needed]
    return sorted(seated, key=lambda r: r.pk)
