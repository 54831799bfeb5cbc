"""Session arithmetic: a session's hands -> scores, placements and rank points.

Vocabulary (rules/sessions.md §1, rules/mcr.md §6-§9):

- *session*: one sitting of four players at one table. An MCR session is 16
  *hands* (deals), played in four *rounds* of four hands.
- *prevailing wind* (圈风): the wind of the round, E, S, W then N. Each round
  every player deals once; the deal passes after every hand (no repeat).
- *seat*: where a player sits during a round, named E, S, W or N. The E seat
  deals the round's first hand. MCR players change seats after each round
  (§6). *Seat wind* (门风) is the wind a player has in one hand, counted from
  that hand's dealer (the dealer is East), so it changes every hand.
- *session score*: the sum of a player's hand deltas, plus penalties when the
  event counts them there (§9 ``penalties_in_session_score``).
- *placement*: 1st-4th by session score; tied players share the better rank
  (1, 1, 3, 4).
- *rank points*: what a placement earns, from a per-place table: MCR *table
  points* (4/2/1/0, §7) or riichi uma (riichi.md §6). Tied players share
  equally the points of the places they occupy, so a table always hands out
  the table's sum. Kept as exact fractions (7/3, never 2.33): standings add
  them up over many sessions and must not drift.

Placements and rank points live in :mod:`scoring.core.placement`; this is
MCR's session. Pure functions of plain data, like :mod:`scoring.families.mcr.settlement`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.core.numbers import is_int
from scoring.core.placement import (
    PlayerId,
    SessionError,
    _exact,
    _sequence,
    placements,
    rank_points,
)
from scoring.core.seats import PLAYERS_PER_TABLE, WINDS
from scoring.core.seats import Seat as Wind
from scoring.families.checking import session_changes
from scoring.families.mcr.options import ALL_OPTIONS
from scoring.families.mcr.settlement import (
    MCR_SETTLEMENT_RULES,
    MCROutcome,
    MCRSettlement,
    MCRSettlementError,
    MCRSettlementRules,
    check_players,
    settle_mcr,
)
from scoring.sheets.labels import HandLabel

# --- MCR seats (rules/mcr.md §6) ---------------------------------------------

# rules/mcr.md §6, default scheme (Green Book Appendix 4 as implemented by
# ChineseOfficialMahjongHelper): starting seat -> seat in rounds E, S, W, N.
MCR_SEAT_SCHEME: dict[Wind, tuple[Wind, Wind, Wind, Wind]] = {
    "E": ("E", "S", "N", "W"),
    "S": ("S", "E", "W", "N"),
    "W": ("W", "N", "E", "S"),
    "N": ("N", "W", "S", "E"),
}
# rules/mcr.md §6: four prevailing-wind rounds of four hands; the deal passes every hand.
MCR_ROUNDS = 4
MCR_HANDS_PER_ROUND = 4


def _wind(value: object, field: str) -> Wind:
    if value not in WINDS:
        raise SessionError(field, f"must be one of E, S, W, N, not {value!r}")
    return value  # type: ignore[return-value]


def _index(value: object, limit: int, field: str) -> int:
    if not is_int(value) or not 0 <= value < limit:
        raise SessionError(field, f"must be a whole number from 0 to {limit - 1}, not {value!r}")
    return value


# Seed 000 L10 and L312: the seat positions rotate one step after every hand
# (East becomes North, South becomes East), and that is all: nobody changes
# seats between rounds. The seed edition's default; the Green Book's seat
# changes (the table above) are the cn-national edition's (rules/mcr.md §6).
ROTATE_EACH_HAND = "rotate-each-hand"
GREEN_BOOK = "green-book"
SEAT_SCHEMES = (ROTATE_EACH_HAND, GREEN_BOOK)


def mcr_seat_of(starting_seat: Wind, round_index: int, scheme: str = GREEN_BOOK) -> Wind:
    """The seat a player who started in ``starting_seat`` has in round 0-3 (E, S, W, N)."""
    seat = _wind(starting_seat, "starting_seat")
    index = _index(round_index, MCR_ROUNDS, "round_index")
    if scheme == ROTATE_EACH_HAND:
        return seat
    if scheme != GREEN_BOOK:
        raise SessionError("seat_rotation_scheme", f"must be one of {SEAT_SCHEMES}, not {scheme!r}")
    return MCR_SEAT_SCHEME[seat][index]


def mcr_seating(
    players: Iterable[PlayerId], round_index: int, scheme: str = GREEN_BOOK
) -> dict[Wind, PlayerId]:
    """Who sits where in a round: seat -> player, seats in order E, S, W, N.

    ``players`` are given in starting-seat order E, S, W, N.
    """
    table = _players(players)
    where = {mcr_seat_of(WINDS[i], round_index, scheme): p for i, p in enumerate(table)}
    return {seat: where[seat] for seat in WINDS}


@dataclass(frozen=True)
class HandSituation:
    """One player's winds in one hand, for pre-filling the fan calculator.

    ``hand_index`` counts from 0 (the sheet's hand 1). ``seat`` is where the
    player sits this round; ``dealer_seat`` the seat that deals this hand;
    ``seat_wind`` the player's wind counted from the dealer (门风).
    """

    hand_index: int
    prevailing_wind: Wind
    dealer_seat: Wind
    seat: Wind
    seat_wind: Wind
    is_dealer: bool

    @property
    def label(self) -> str:
        """The sheet's hand label: prevailing wind + dealer seat (sessions.md §2), e.g. ``S-W``."""
        return f"{self.prevailing_wind}-{self.dealer_seat}"

    @property
    def label_parts(self) -> dict:
        """The label as parts (sheets/labels.py): the wind round and the hand in it (1-4)."""
        hand = self.hand_index % PLAYERS_PER_TABLE + 1
        return HandLabel("wind_hand", hand, wind=self.prevailing_wind).to_dict()


def mcr_hand_situation(
    hand_index: int, starting_seat: Wind, scheme: str = GREEN_BOOK
) -> HandSituation:
    """The winds of the player who started in ``starting_seat`` in hand 0-15 (rules/mcr.md §6).

    Round ``hand_index // 4`` sets the prevailing wind and the player's seat;
    within a round the deal passes E, S, W, N seat; the seat wind is the
    player's distance from the dealer in turn order (seed 000: "自風は局毎に交代").
    """
    index = _index(hand_index, MCR_ROUNDS * MCR_HANDS_PER_ROUND, "hand_index")
    round_index, in_round = divmod(index, MCR_HANDS_PER_ROUND)
    seat = mcr_seat_of(starting_seat, round_index, scheme)
    seat_wind = WINDS[(WINDS.index(seat) - in_round) % len(WINDS)]
    return HandSituation(
        hand_index=index,
        prevailing_wind=WINDS[round_index],
        dealer_seat=WINDS[in_round],
        seat=seat,
        seat_wind=seat_wind,
        is_dealer=seat_wind == "E",
    )


# --- MCR session rules (rules/mcr.md §6, §7, §9, §10) ------------------------


@dataclass(frozen=True)
class MCRSessionRules:
    """The per-event session options of MCR (rules/mcr.md §10)."""

    # rules/mcr.md §6: a session is exactly 16 hands (fewer for a short event;
    # more has no prevailing wind after North).
    hands_per_session: int = 16
    # rules/mcr.md §7: table points for 1st..4th.
    table_points: tuple[int | Fraction, ...] = (4, 2, 1, 0)
    # rules/mcr.md §9 false win (错和): offender −30 ⚠ (Green Book §11 unchecked).
    false_win_points: int = 30
    # rules/mcr.md §9: the false-win points go to the other three (+10 each).
    false_win_redistribute: bool = True
    # rules/mcr.md §9 ⚠: penalties join the session score before table points.
    penalties_in_session_score: bool = True

    def __post_init__(self) -> None:
        most = MCR_ROUNDS * MCR_HANDS_PER_ROUND
        if not is_int(self.hands_per_session) or not 1 <= self.hands_per_session <= most:
            raise SessionError(
                "hands_per_session",
                f"must be a whole number from 1 to {most}, not {self.hands_per_session!r}",
            )
        object.__setattr__(self, "table_points", _table_points(self.table_points))
        for name in ("false_win_redistribute", "penalties_in_session_score"):
            if not isinstance(getattr(self, name), bool):
                raise SessionError(name, f"must be true or false, not {getattr(self, name)!r}")
        points = self.false_win_points
        if not is_int(points) or points < 0:
            raise SessionError("false_win_points", f"must be a whole number ≥ 0, not {points!r}")
        if self.false_win_redistribute and points % (PLAYERS_PER_TABLE - 1):
            raise SessionError(
                "false_win_points", f"{points} cannot be shared by the 3 other players"
            )

    def resolve(self, overrides: Mapping[str, Any]) -> MCRSessionRules:
        """These rules with an event's overrides applied, each option checked by name."""
        return session_changes(self, overrides, "an MCR", ALL_OPTIONS)


def _table_points(value: object) -> tuple[int | Fraction, ...]:
    points = _sequence(value, "table_points")
    if len(points) != PLAYERS_PER_TABLE:
        raise SessionError("table_points", f"must be 4 numbers for 1st-4th, not {value!r}")
    for v in points:
        _exact(v, "table_points")
    if any(a < b for a, b in zip(points, points[1:], strict=False)):
        raise SessionError("table_points", f"a better place cannot earn less: {points!r}")
    return points


MCR_SESSION_RULES = MCRSessionRules()


# --- MCR session result ------------------------------------------------------


@dataclass(frozen=True)
class MCRHandRecord:
    """One row of the sheet: how the hand ended, who won, who fed, F (fan with flowers)."""

    outcome: MCROutcome | str
    winner: PlayerId | None = None
    discarder: PlayerId | None = None
    fan: int | None = None


@dataclass(frozen=True)
class MCRPenalty:
    """A ledger entry (sessions.md §5): ``points`` ≤ 0 for the offender.

    Redistributed: the other three receive −points / 3 each (sum zero).
    Otherwise the points simply leave the table.
    """

    player: PlayerId
    points: int
    redistribute: bool = False
    reason: str = ""


def false_win_penalty(player: PlayerId, rules: MCRSessionRules = MCR_SESSION_RULES) -> MCRPenalty:
    """The default false-win (错和) penalty (rules/mcr.md §9): −30, +10 to each other player."""
    return MCRPenalty(
        player, -rules.false_win_points, rules.false_win_redistribute, "false win (错和)"
    )


@dataclass(frozen=True)
class PlayerSessionResult:
    """One player's line in the sheet's footer (sessions.md §3)."""

    player: PlayerId
    hand_total: int
    penalty_total: int
    session_score: int  # ranked; includes penalty_total only if penalties_in_session_score
    placement: int
    table_points: Fraction


@dataclass(frozen=True)
class SessionResult:
    """A session worked out: per player (starting-seat order) and per hand."""

    players: dict[PlayerId, PlayerSessionResult]
    hands: tuple[MCRSettlement, ...]
    penalties: tuple[MCRPenalty, ...]
    rules: MCRSessionRules

    @property
    def hands_played(self) -> int:
        return sum(h.outcome is not MCROutcome.NOT_PLAYED for h in self.hands)

    @property
    def complete(self) -> bool:
        """Every one of the session's hands has a row, or the time limit ended it.

        rules/mcr.md §6: one "not played" row stands for the rest of the session
        (the judge marks it once); further "not played" rows are allowed, nothing else.
        """
        cut = bool(self.hands) and self.hands[-1].outcome is MCROutcome.NOT_PLAYED
        return cut or len(self.hands) == self.rules.hands_per_session

    def running_totals(self) -> list[dict[PlayerId, int]]:
        """Each player's hand total after each hand, for the sheet's running columns."""
        total = dict.fromkeys(self.players, 0)
        rows = []
        for hand in self.hands:
            total = {p: total[p] + hand.deltas[p] for p in total}
            rows.append(total)
        return rows


def _players(players: Iterable[PlayerId]) -> tuple[PlayerId, ...]:
    try:
        return check_players(players)
    except MCRSettlementError as e:
        raise SessionError(e.field, e.reason) from None


def _settle_hands(
    table: tuple[PlayerId, ...], hands: Sequence[MCRHandRecord], settlement: MCRSettlementRules
) -> tuple[MCRSettlement, ...]:
    settled, cut_at = [], None
    for i, hand in enumerate(hands):
        if not isinstance(hand, MCRHandRecord):
            raise SessionError(f"hands[{i}]", f"must be an MCRHandRecord, not {hand!r}")
        try:
            result = settle_mcr(
                table,
                hand.outcome,
                winner=hand.winner,
                discarder=hand.discarder,
                fan=hand.fan,
                rules=settlement,
            )
        except MCRSettlementError as e:
            raise SessionError(f"hands[{i}].{e.field}", e.reason) from None
        # rules/mcr.md §6: the time limit ends the session; no hand is played after it.
        if result.outcome is MCROutcome.NOT_PLAYED:
            cut_at = i if cut_at is None else cut_at
        elif cut_at is not None:
            raise SessionError(
                f"hands[{i}].outcome",
                f"hand {cut_at + 1} was not played (time limit), so no later hand can be",
            )
        settled.append(result)
    return tuple(settled)


def _penalty_deltas(
    table: tuple[PlayerId, ...], penalties: Sequence[MCRPenalty]
) -> dict[PlayerId, int]:
    totals = dict.fromkeys(table, 0)
    for i, pen in enumerate(penalties):
        field = f"penalties[{i}]"
        if not isinstance(pen, MCRPenalty):
            raise SessionError(field, f"must be an MCRPenalty, not {pen!r}")
        if not isinstance(pen.player, Hashable) or pen.player not in totals:
            raise SessionError(f"{field}.player", f"{pen.player!r} is not at this table")
        if not is_int(pen.points) or pen.points > 0:
            raise SessionError(f"{field}.points", f"must be a whole number ≤ 0, not {pen.points!r}")
        if not isinstance(pen.redistribute, bool):
            raise SessionError(
                f"{field}.redistribute", f"must be true or false, not {pen.redistribute!r}"
            )
        others = [p for p in table if p != pen.player]
        if pen.redistribute and pen.points % len(others):
            raise SessionError(f"{field}.points", f"{pen.points} cannot be shared by 3 players")
        totals[pen.player] += pen.points
        if pen.redistribute:
            for p in others:
                totals[p] -= pen.points // len(others)
    return totals


def mcr_session_result(
    players: Iterable[PlayerId],
    hands: Sequence[MCRHandRecord],
    penalties: Sequence[MCRPenalty] = (),
    rules: MCRSessionRules = MCR_SESSION_RULES,
    *,
    settlement: MCRSettlementRules = MCR_SETTLEMENT_RULES,
) -> SessionResult:
    """Work out an MCR session (rules/mcr.md §5-§9; order of sessions.md §5).

    ``players`` in starting-seat order E, S, W, N. Hands name players, so seat
    changes do not matter here. Up to ``rules.hands_per_session`` rows; fewer
    is a session in progress or cut short. Penalties join the ranked session
    score when ``rules.penalties_in_session_score``; otherwise they are only
    reported (``penalty_total``) for the tournament total.
    """
    table, hands = _players(players), _sequence(hands, "hands")
    if len(hands) > rules.hands_per_session:
        raise SessionError(
            "hands", f"a session has at most {rules.hands_per_session} hands, got {len(hands)}"
        )
    settled = _settle_hands(table, hands, settlement)
    hand_total = {p: sum(h.deltas[p] for h in settled) for p in table}
    penalties = _sequence(penalties, "penalties")
    penalty_total = _penalty_deltas(table, penalties)
    counted = rules.penalties_in_session_score
    score = {p: hand_total[p] + (penalty_total[p] if counted else 0) for p in table}
    rank, points = placements(score), rank_points(score, rules.table_points)
    if sum(hand_total.values()) != 0:
        raise AssertionError(f"hand totals are not zero-sum: {hand_total}")
    if sum(points.values()) != sum(Fraction(v) for v in rules.table_points):
        raise AssertionError(f"table points do not add up: {points}")
    results = {
        p: PlayerSessionResult(p, hand_total[p], penalty_total[p], score[p], rank[p], points[p])
        for p in table
    }
    return SessionResult(results, settled, penalties, rules)
