"""What the statistics answer with: plain data, codes not words (the pages translate).

Rates are exact fractions (``None`` when there is nothing to divide by), so a
test can compare them with an independent count without rounding; a page
shows them as percentages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class PatternCount:
    """A fan, yaku or pattern (the engine's item key) and how many winning hands held it."""

    code: str
    count: int


@dataclass(frozen=True)
class BigHand:
    """One winning hand, for the "biggest hands" lists.

    ``value`` is in the family's headline unit (``unit``: han, fan, faan or
    points: the hand form's total field); ``gain`` the table points the winner
    took in that hand (the hand's delta). ``patterns`` are item keys, biggest first.
    """

    registration_id: int
    round_number: int
    table_number: int
    hand_number: int
    label: str  # the sheet's hand label (E1-0 …), as stored
    value: int
    unit: str
    gain: int
    self_draw: bool
    patterns: tuple[str, ...] = ()
    label_parts: dict | None = None  # the replay's parts: the label in the reader's words


@dataclass(frozen=True)
class PlayerStats:
    registration_id: int
    sessions: int  # sessions with a published, confirmed sheet (hands or final scores)
    hands_played: int  # hand rows at tables where the player sat (draws included)
    hands_won: int
    win_rate: Fraction | None  # hands_won / hands_played
    deal_ins: int  # hands the player dealt into (the discarder of a win)
    deal_in_rate: Fraction | None  # deal_ins / hands_played
    self_draws: int
    self_draw_share: Fraction | None  # self_draws / hands_won
    average_win: Fraction | None  # mean value of the player's wins, in ``unit``
    unit: str
    biggest_win: BigHand | None
    patterns: tuple[PatternCount, ...]  # most common first, then by code
    penalties: int  # penalties against the player (not voided)
    penalty_points: int  # their sum, as stored (negative)
    placements: tuple[int, int, int, int]  # sessions finished 1st, 2nd, 3rd, 4th
    # (round number, the player's overall rank after that round) for the chart
    ranks: tuple[tuple[int, int], ...] = field(default=())
    players: int = 0  # how many ranked players (the chart's bottom)


@dataclass(frozen=True)
class EventStats:
    hands: int  # hand rows counted (draws included)
    wins: int
    unit: str
    distribution: tuple[tuple[int, int], ...]  # (value, how many wins had it), by value
    patterns: tuple[PatternCount, ...]  # most common first, then by code
    biggest: tuple[BigHand, ...]  # the largest wins, biggest first (at most 10)
    self_draw_share: Fraction | None
