"""Where a round sits among the stages, for the seating pages.

Why apart from ``stages.services``: these are read-only answers the round
and event pages need ("Semifinal, round 1 of 2", the method to offer, the
cut still to make), asked once per page; the verbs stay in the services.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.events.errors import EventError
from tournament.stages.models import Stage
from tournament.stages.services import stage_of_round, stage_players
from tournament.standings.stage_rows import stages_of


@dataclass(frozen=True)
class RoundPlace:
    """Round ``number`` is round ``index`` of ``stage``'s ``count``."""

    stage: Stage
    number: int
    index: int
    count: int

    @property
    def needs_cut(self) -> bool:
        """The stage's entrants are not fixed yet: its rounds cannot be seated."""
        return self.stage.number > 1 and self.stage.cut_at is None


def round_place(event, number: int | None) -> RoundPlace | None:
    """The stage round ``number`` belongs to, or None (no stages, beyond the last, no number)."""
    if not number:
        return None
    stage = stage_of_round(event, number)
    if stage is None:
        return None
    return RoundPlace(stage, number, number - stage.first_round + 1, stage.rounds)


def default_method(event, number: int | None, fallback: str) -> str:
    """The seating method to offer for round ``number``: its stage's, else ``fallback``."""
    place = round_place(event, number)
    return place.stage.method if place else fallback


def beyond_last_stage(event, number: int | None) -> bool:
    """True when the event has stages and round ``number`` is after the last one."""
    return bool(number) and round_place(event, number) is None and bool(stages_of(event))


def players_to_seat(event, number: int, everyone: list) -> int:
    """How many take a seat in round ``number``: the stage's players, or ``everyone``'s count.

    A stage whose cut is not made seats nobody yet (0); the page says why.
    """
    try:
        players = stage_players(event, number)
    except EventError:
        return 0
    return len(everyone) if players is None else len(players)
