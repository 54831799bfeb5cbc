"""Seating and publishing need a started event (issue #34).

Why: *Start event* fixes the ruleset (``services.start_event``). A round
seated or published on a draft would be played, and its sheets scored, under
rules that may still change; so the round verbs (seat, plan, publish, publish
results) refuse on a draft, and the draft's pages link to *Start event*.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.events.errors import EventError
from tournament.events.models import Event


def refuse_draft(event: Event) -> None:
    """Refuse a round verb on a draft event, saying what to press first.

    The status is read again: a caller's event may be the one from before
    *Start event* (``start_event`` saves a fresh copy).
    """
    event = Event.objects.only("name", "status").get(pk=event.pk)
    if event.status == Event.Status.DRAFT:
        raise EventError(
            _(
                "“%(event)s” has not started yet: press Start event on its page "
                "before seating or publishing a round."
            )
            % {"event": event.name}
        )
