"""Rounds planned ahead that no longer match who plays.

A plan made up front seats the field as it was. After a withdrawal, a late
arrival or a status change the unpublished rounds still seat the old field
until the director re-plans; a director who forgets would publish a round
that seats someone who has gone home. This module names the difference, so
the dashboard and the round page can say so and publishing can refuse.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournament.events.errors import EventError
from tournament.events.models import Registration
from tournament.seating.field import playing_registrations
from tournament.seating.models import Round, Seat
from tournament.stages.services import stage_players


@dataclass
class Drift:
    """One unpublished round against the field playing now."""

    round: Round
    withdrawn: list[Registration] = field(default_factory=list)  # seated, but gone
    missing: list[Registration] = field(default_factory=list)  # playing, but not seated

    def __bool__(self) -> bool:
        return bool(self.withdrawn or self.missing)

    @property
    def withdrawn_names(self) -> str:
        return ", ".join(r.name for r in self.withdrawn)

    @property
    def missing_names(self) -> str:
        return ", ".join(r.name for r in self.missing)


def drifted_rounds(event) -> list[Drift]:
    """Every seated, unpublished round whose seats differ from who plays now."""
    rounds = list(event.rounds.filter(status=Round.Status.SEATED).order_by("number"))
    if not rounds:
        return []
    everyone = {r.pk: r for r in playing_registrations(event)}
    seats = Seat.objects.filter(round__in=rounds).select_related("registration__player")
    seated: dict[int, dict[int, Registration]] = {r.pk: {} for r in rounds}
    for seat in seats:
        seated[seat.round_id][seat.registration_id] = seat.registration
    drifts = []
    for round_ in rounds:
        here = seated[round_.pk]
        playing = _stage_field(event, round_.number, everyone)
        drift = Drift(
            round=round_,
            withdrawn=[r for r in here.values() if r.status == Registration.Status.DROPPED],
            missing=[r for pk, r in playing.items() if pk not in here],
        )
        if drift:
            drifts.append(drift)
    return drifts


def _stage_field(event, number: int, everyone: dict) -> dict:
    """Who plays round ``number``: its stage's players (issue #21), else ``everyone``."""
    try:
        players = stage_players(event, number)
    except EventError:  # a stage without its cut, or beyond the last: nothing to compare
        return {}
    return everyone if players is None else {r.pk: r for r in players}


def refuse_withdrawn_seated(round_: Round) -> None:
    """Publishing a round that seats a withdrawn player is refused, with the way out."""
    gone = list(
        Seat.objects.filter(
            round=round_, registration__status=Registration.Status.DROPPED
        ).select_related("registration__player")
    )
    if gone:
        raise EventError(
            _(
                "Round %(number)s seats %(names)s, who withdrew: re-plan the unpublished "
                "rounds, or give the seat to someone else, before publishing."
            )
            % {
                "number": round_.number,
                "names": ", ".join(seat.registration.name for seat in gone),
            }
        )
