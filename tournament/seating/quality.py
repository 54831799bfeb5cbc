"""The quality of an event's seating, read from its Seat rows.

The Django side of :mod:`tournament.seating.planner.quality`: the rounds
seated so far (published or not) as the planner's plain data, with each
player's seating group (``Registration.seating_group``), measured. The round
page shows it; the swap page asks :func:`swap_quality` what a swap would do
before making it.
"""

from __future__ import annotations

from tournament.events.models import Event, Registration
from tournament.seating.models import WIND_ORDER, Seat
from tournament.seating.planner.quality import Quality, measure

__all__ = ["event_quality", "group_of", "has_teams", "seated_rounds", "swap_quality", "teams_of"]


def seated_rounds(event: Event, through_round: int | None = None) -> list[list[list[int]]]:
    """Registration ids as round -> table -> (E, S, W, N), rounds and tables in number order."""
    seats = Seat.objects.filter(round__event=event)
    if through_round is not None:
        seats = seats.filter(round__number__lte=through_round)
    rounds: dict[int, dict[int, dict[str, int]]] = {}
    for number, table, wind, registration in seats.values_list(
        "round__number", "table__number", "wind", "registration_id"
    ):
        rounds.setdefault(number, {}).setdefault(table, {})[wind] = registration
    return [
        [[tables[t][w] for w in WIND_ORDER if w in tables[t]] for t in sorted(tables)]
        for _number, tables in sorted(rounds.items())
    ]


def group_of(event: Event) -> dict[int, str | None]:
    """Registration id -> what seating keeps apart (team, else group, club, country)."""
    registrations = Registration.objects.filter(event=event).select_related("player")
    return {r.pk: r.seating_group() for r in registrations}


def teams_of(event: Event) -> dict[int, str]:
    """Registration id -> team, for the players who have one (issue #21).

    A team is the first thing seating keeps apart (``seating_group``), so a
    "club meeting" of two players of one team is a meeting of teammates.
    """
    return dict(event.registrations.exclude(team="").values_list("pk", "team"))


def has_teams(event: Event) -> bool:
    """Whether any player of the event has a team: the pages then say teammates too."""
    return event.registrations.exclude(team="").exists()


def event_quality(event: Event, through_round: int | None = None) -> Quality:
    """Repeats, club meetings and wind balance over the rounds seated through ``through_round``
    (every round seated when None)."""
    return measure(seated_rounds(event, through_round), group_of(event))


def swap_quality(seat_a: Seat, seat_b: Seat) -> tuple[Quality, Quality]:
    """(before, after) over every round seated, if ``seat_a`` and ``seat_b`` traded places.

    Both seats belong to one round. Every round seated counts, the planned
    rounds after this one included: a swap that repeats a meeting planned
    for a later round is a repeat too. Nothing is saved.
    """
    if seat_a.round_id != seat_b.round_id:
        raise ValueError("the two seats belong to different rounds")
    event = seat_a.round.event
    number = seat_a.round.number
    rounds = seated_rounds(event)
    # A set, not .distinct(): Seat's default ordering would make the rows distinct per seat.
    numbers = sorted(
        set(Seat.objects.filter(round__event=event).values_list("round__number", flat=True))
    )
    r = numbers.index(number)
    a, b = seat_a.registration_id, seat_b.registration_id
    swapped = [list(tables) for tables in rounds]
    swapped[r] = [[b if p == a else a if p == b else p for p in table] for table in rounds[r]]
    groups = group_of(event)
    return measure(rounds, groups), measure(swapped, groups)
