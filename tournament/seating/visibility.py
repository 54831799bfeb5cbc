"""What of a round the public may see: one rule for every path that names its players.

A round's seating, and so the names of its tables' players, is public once
the director has published the round (it stays so once finished) in an event
that is public. Before that, or in a private event, the round does not exist
for the anonymous: the public round page, the API's rounds, the players'
phone pages (player entry) and the judge-call page all answer 404 through
:func:`public_round_or_404` and :func:`table_or_404`, so no path can show what
another hides (issue #32: the PIN page named the players of an unpublished
round). Staff with a role in the event (``view``) keep the players' pages of
their tables, as they had them; the public round page and the API are the
public's, for everyone alike.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404

from tournament.events.permissions import has_event_permission
from tournament.seating.models import PUBLIC_STATUSES, Round, Table


def seating_is_public(round_: Round) -> bool:
    """Whether anyone, logged in or not, may see who sits where in ``round_``."""
    return round_.is_public and round_.event.is_public


def public_rounds(event):
    """The event's rounds whose seating is public (none while the event is private)."""
    return event.rounds.filter(status__in=PUBLIC_STATUSES, event__is_public=True)


def seating_visible_to(user, round_: Round) -> bool:
    """The public's rule, or a role in the event (staff keep their tables' pages)."""
    return seating_is_public(round_) or has_event_permission(user, round_.event, "view")


def public_round_or_404(slug: str, number: int) -> Round:
    """The round of a public page or of the public API, else a 404."""
    round_ = get_object_or_404(
        Round.objects.select_related("event"), event__slug=slug, number=number
    )
    if not seating_is_public(round_):
        raise Http404
    return round_


def table_or_404(user, slug: str, round_number: int, table_number: int, **event) -> Table:
    """A table whose seating ``user`` may see, else a 404 (``event``: more conditions on it)."""
    table = get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event__slug=slug,
        round__number=round_number,
        number=table_number,
        **{f"round__event__{field}": value for field, value in event.items()},
    )
    if not seating_visible_to(user, table.round):
        raise Http404
    return table
