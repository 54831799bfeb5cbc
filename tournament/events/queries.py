"""The reads of events and players that more than one page or API endpoint makes.

Why one place: the public pages and the public API show the same events and
the same players (issue #33, "A read layer"); each read is written once, so a
page and its JSON can never list different rows, and a change to what is
public is one change.
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from tournament.collation import registrations_sorted
from tournament.events.models import Event, Registration


def public_events() -> QuerySet[Event]:
    """The published events, newest first, each with its ``player_count``."""
    return Event.objects.public().with_player_count()


def public_event(slug: str) -> Event:
    """A published event with ``player_count`` and ``staged``, else a 404."""
    return get_object_or_404(
        Event.objects.public().with_player_count().with_stage_flag(), slug=slug
    )


def registration_of(event: Event, pk: int) -> Registration:
    """One of the event's registrations with its player, else a 404."""
    return get_object_or_404(Registration.objects.select_related("player"), event=event, pk=pk)


def registrations_by_name(event: Event) -> list[Registration]:
    """The event's registrations with their players, by name (withdrawn and substitutes too).

    In collation order (``tournament.collation``): Ábel next to Abel, not after Zoltán.
    """
    return registrations_sorted(event.registrations.select_related("player"))
