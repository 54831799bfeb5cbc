"""Who takes a seat in the next round.

Seating asks this module rather than filtering registrations itself, so the
rules for reserves and house substitutes live in one place.
"""

from __future__ import annotations

from tournament.events.models import Event, Registration


def playing_registrations(event: Event) -> list[Registration]:
    """Who takes a seat: active players and substitutes, in registration order."""
    return list(
        event.registrations.exclude(status=Registration.Status.DROPPED)
        .select_related("player")
        .order_by("pk")
    )
