"""What the standings depend on, as one short hash.

The snapshot and the public page caches are kept while this holds, so it
must move with anything that can change a standing row.
"""

from __future__ import annotations

import hashlib
import json

from django.db.models import OuterRef, Subquery

from tournament.events.models import Event, Player, Registration
from tournament.events.rules import live_overrides
from tournament.results.models import ScoreSheet
from tournament.seating.models import Round
from tournament.standings.models import StandingSnapshot

Scope = StandingSnapshot.Scope


def _latest(queryset, field: str):
    """The greatest ``field`` of ``queryset``, as a subquery."""
    return Subquery(queryset.order_by(f"-{field}").values(field)[:1])


def fingerprint(event: Event, scope: str) -> str:
    """What the standings depend on, read in one query.

    Confirmed sheets only gain ids and confirmation times (a correction is a
    new version), rounds only gain a results publication, registrations and
    players only gain history rows: the latest of each changes whenever the
    standings could.
    """
    sheets = ScoreSheet.objects.filter(
        table__round__event=OuterRef("pk"), status=ScoreSheet.Status.CONFIRMED
    )
    if scope == Scope.PUBLIC:
        sheets = sheets.filter(table__round__results_published_at__isnull=False)
    registrations = Registration.objects.filter(event=OuterRef(OuterRef("pk")))
    latest = (
        Event.objects.filter(pk=event.pk)
        .annotate(
            sheet=_latest(sheets, "id"),
            confirmed=_latest(sheets.exclude(confirmed_at=None), "confirmed_at"),
            published=_latest(
                Round.objects.filter(event=OuterRef("pk")).exclude(results_published_at=None),
                "results_published_at",
            ),
            registration=_latest(
                Registration.history.filter(event_id=OuterRef("pk")), "history_id"
            ),
            # A corrected name or club changes what the rows show.
            player=_latest(
                Player.history.filter(id__in=registrations.values("player_id")), "history_id"
            ),
        )
        .values_list("sheet", "confirmed", "published", "registration", "player")
        .get()
    )
    # The options decide the rules: frozen at the start from these same options.
    parts = [event.ruleset, json.dumps(live_overrides(event), sort_keys=True, default=str), *latest]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:40]
