"""One player's result in one session, as standings read it, and the standings line.

A :class:`SessionLine` is what a confirmed sheet contributes to the standings
for one player (sessions.md §5 step 5): the placement and the ranked session
score the sheet's footer worked out, the ruleset's place points (MCR table
points, Zung Jung match points), the raw total the points came from, and the
``overall_score`` penalties that only the tournament total sees. Lines are
checked on creation: exact numbers only (an int or a Fraction, never a float,
which would drift over many sessions) and values a real sheet can give.

:func:`session_lines` turns a replayed sheet (:class:`scoring.sheets.SheetResult`,
players named by starting seat) into the four lines of its players, so the
web layer never re-derives a footer value.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from scoring.core.numbers import is_int
from scoring.core.seats import PLAYERS_PER_TABLE, SEATS

if TYPE_CHECKING:
    from scoring.sheets.common import SheetResult


class StandingsError(ValueError):
    """Input standings cannot be built from; the message names the line or option."""


def _exact(value: object, what: str) -> Fraction:
    if not (is_int(value) or isinstance(value, Fraction)):
        raise StandingsError(f"{what} must be an int or a Fraction, not {value!r}")
    return Fraction(value)


@dataclass(frozen=True)
class SessionLine:
    """One player's result in one session (one confirmed sheet).

    ``score`` is the ranked session score of the sheet's footer (riichi: after
    uma, oka and ``session_after_uma`` penalties). ``rank_points`` are MCR
    table points or Zung Jung match points, else None. ``raw`` is the riichi
    final points (45,200) or, for the point-total rulesets, the session's hand
    total. ``overall_penalty`` is the signed sum of the player's
    ``overall_score`` ledger entries, in session units: negative for the
    offender, positive for players who receive a shared one
    (``equal_to_others``), so it is *added* to the overall total.
    """

    player: Hashable
    round: int
    table: int
    seat: str
    placement: int
    score: Fraction
    rank_points: Fraction | None
    raw: int | None = None
    overall_penalty: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        where = f"session line of {self.player!r} in round {self.round!r}"
        if self.player is None or not isinstance(self.player, Hashable):
            raise StandingsError(f"{where}: {self.player!r} is not a player id")
        for name in ("round", "table"):
            if not is_int(getattr(self, name)):
                raise StandingsError(f"{where}: {name} must be a whole number")
        if self.seat not in SEATS:
            raise StandingsError(f"{where}: seat must be one of E, S, W, N, not {self.seat!r}")
        if not is_int(self.placement) or not 1 <= self.placement <= PLAYERS_PER_TABLE:
            raise StandingsError(f"{where}: placement must be 1 to 4, not {self.placement!r}")
        if self.raw is not None and not is_int(self.raw):
            raise StandingsError(f"{where}: raw must be whole points or None, not {self.raw!r}")
        set_ = object.__setattr__  # frozen: normalise ints to Fractions once, here
        set_(self, "score", _exact(self.score, f"{where}: score"))
        set_(self, "overall_penalty", _exact(self.overall_penalty, f"{where}: overall_penalty"))
        if self.rank_points is not None:
            set_(self, "rank_points", _exact(self.rank_points, f"{where}: rank_points"))


@dataclass(frozen=True)
class Standing:
    """A player's line in the event standings.

    ``points`` is the value of the first metric of the ruleset's precedence
    and ``score`` that of the second (the first tiebreak; 0 if the precedence
    has only one metric), so two columns always mean "ranked by" and "then
    by". ``metrics`` holds every metric of the precedence by name. ``tied``:
    another player has the same rank, i.e. equal values on every metric.
    """

    rank: int
    player: Hashable
    points: Fraction
    score: Fraction
    sessions: int
    metrics: dict[str, Fraction | int]
    tied: bool


def session_lines(
    sheet: SheetResult, *, round: int, table: int, players: Mapping[str, Hashable]
) -> list[SessionLine]:
    """The four lines of a replayed sheet; ``players`` maps starting seat -> player id."""
    if set(players) != set(SEATS):
        raise StandingsError(f"players must map each seat E, S, W, N, not {sorted(players)!r}")
    out = []
    for seat in SEATS:
        mine = sheet.session[seat]
        out.append(
            SessionLine(
                player=players[seat],
                round=round,
                table=table,
                seat=seat,
                placement=mine["placement"],
                score=mine["score"],
                rank_points=mine["rank_points"],
                raw=sheet.final_points[seat],
                overall_penalty=mine["overall_penalty"],
            )
        )
    return out
