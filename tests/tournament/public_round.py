"""A round whose seating and results are both public, as a played round's pages and signs need."""

from __future__ import annotations

from django.utils import timezone

from tournament.seating.models import Round


def public_round(event, number: int):
    """Round ``number`` of ``event``, its seating and its results published now."""
    now = timezone.now()
    return Round.objects.create(
        event=event,
        number=number,
        status=Round.Status.PUBLISHED,
        published_at=now,
        results_published_at=now,
    )
