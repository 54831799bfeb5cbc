"""What the standings depend on, as one short hash.

The snapshot and the public page caches are kept while this holds, so it
must move with anything that can change a standing row: who sits where
(seats), which sheets are confirmed (sheets), which rounds count (rounds,
published *and* unpublished), who is ranked and how they are named
(registrations, players), the stages and their entrants, and the rules
(the event's ruleset, options and anything else saved on it).

Every one of those models keeps django-simple-history records, and a
history id only grows: the latest history id of each moves with every
change, including a deletion or a value put back as it was. (A maximum over
live values would not: unpublishing the latest round's results takes its
publication time away, and the greatest remaining one may be an old value.)
"""

from __future__ import annotations

import hashlib
import json

from django.db.models import Count, OuterRef, Subquery, Value

from tournament.events.models import Event, Player, Registration
from tournament.events.rules import live_overrides
from tournament.results.models import ScoreSheet
from tournament.seating.models import Round, Seat
from tournament.standings.fingerprint_parts import parts as added_parts
from tournament.standings.models import StandingSnapshot

Scope = StandingSnapshot.Scope
Status = ScoreSheet.Status

# What the rows mean: a cached snapshot or page made by code that computed them otherwise
# must not be served. Raise it when a change alters rows the same data gave before
# (2: issue #34, "=" only for a place really shared).
ROWS_VERSION = 2

# Versions in these states never count, and change with every hand entered:
# leaving them out keeps the cache through a round's data entry.
NOT_COUNTED = (Status.DRAFT, Status.CONFLICT)


def latest(queryset, field: str = "history_id"):
    """The greatest ``field`` of ``queryset``, as a subquery."""
    return Subquery(queryset.order_by(f"-{field}").values(field)[:1])


def _count(queryset, group: str):
    """How many rows ``queryset`` has (grouped by the event, ``group``), as a subquery."""
    counted = queryset.order_by().values(group).annotate(n=Count("pk"))
    return Subquery(counted.values("n")[:1])


def _sheets(scope: str) -> dict:
    """What of the sheets can change the standings of ``scope``.

    A sheet counts once confirmed; it stops counting when it is superseded,
    sent back (a new submitted version supersedes it) or changed in place.
    The history of every version that is not a draft covers the first two;
    the number of confirmed sheets covers a confirmed sheet changed in place.
    """
    history = ScoreSheet.history.filter(table__round__event_id=OuterRef("pk")).exclude(
        status__in=NOT_COUNTED
    )
    confirmed = ScoreSheet.objects.filter(
        table__round__event_id=OuterRef("pk"), status=Status.CONFIRMED
    )
    if scope == Scope.PUBLIC:
        history = history.filter(table__round__results_published_at__isnull=False)
        confirmed = confirmed.filter(table__round__results_published_at__isnull=False)
    return {"sheet": latest(history), "confirmed": _count(confirmed, "table__round__event")}


def _rounds_and_seats(scope: str) -> dict:
    """What of the rounds and seats can change the standings of ``scope``.

    Staff: every change to a round or a seat. Public: only rounds whose
    results are published count, so seating the next round or swapping in
    it leaves the public pages alone. A publication is a history record with
    a publication time, whose id is new; an unpublication lowers the number
    of published rounds.
    """
    rounds = Round.history.filter(event_id=OuterRef("pk"))
    # Joined through the registration, which outlives a deleted round.
    seats = Seat.history.filter(registration__event_id=OuterRef("pk"))
    if scope != Scope.PUBLIC:
        return {"round": latest(rounds), "published": Value(0), "seat": latest(seats)}
    published = Round.objects.filter(event_id=OuterRef("pk")).exclude(results_published_at=None)
    return {
        "round": latest(rounds.exclude(results_published_at=None)),
        "published": _count(published, "event"),
        "seat": latest(seats.filter(round__results_published_at__isnull=False)),
    }


def fingerprint(event: Event, scope: str) -> str:
    """What the standings of ``scope`` depend on, read in one query."""
    registrations = Registration.objects.filter(event=OuterRef(OuterRef("pk")))
    parts = {
        "event_record": latest(Event.history.filter(id=OuterRef("pk"))),
        **_sheets(scope),
        **_rounds_and_seats(scope),
        "registration": latest(Registration.history.filter(event_id=OuterRef("pk"))),
        # The rows show the person's EMA id and Latin names (name, club, country: registration).
        "player": latest(Player.history.filter(id__in=registrations.values("player_id"))),
        # The stages decide who is ranked where, and what is carried (issue #21): "stage"
        # and "entrant", given by the stages' app (``standings.fingerprint_parts``).
        **{name: part() for name, part in added_parts().items()},
    }
    values = Event.objects.filter(pk=event.pk).annotate(**parts).values_list(*parts).get()
    # The options decide the rules: frozen at the start from these same options.
    options = json.dumps(live_overrides(event), sort_keys=True, default=str)
    # The scope's value: Scope.PUBLIC from a view and "public" from a print task are one
    # snapshot (their reprs differ, and the two kept replacing each other's).
    key = [ROWS_VERSION, Scope(scope).value, event.ruleset, options, *values]
    return hashlib.sha256(repr(key).encode()).hexdigest()[:40]
