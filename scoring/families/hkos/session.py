"""HKOS sessions: the sheet's rows -> points and placements; penalties; standings.

rules/hkos.md §5-§8 and sessions.md. The vocabulary (player, V, deal,
points) is that of :mod:`scoring.families.hkos.settlement`, which pays one hand and
moves the deal; this module runs a whole session through it:

- rows are settled in order, each in the deal it was played in (the label
  ``E1-0``), and a row after the session's last round is refused;
- penalties are a separate ledger (sessions.md §5) and, for HKOS, join the
  session points before ranking (scope ``table_score``); the default false
  win costs the offender the ``max_faan`` hand value to each opponent (§8);
- a player's *points* (hand deltas + penalties) are the standings value
  (§7); placements share tied ranks (1, 1, 3, 4);
- :func:`hkos_standings` ranks an event's players over several sessions by
  points, then the event's ``tiebreak_chain``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from scoring.core.numbers import is_int
from scoring.core.placement import SessionError, placements
from scoring.core.seats import PLAYERS_PER_TABLE
from scoring.families.hkos.hand import PRESET, HKOSConfig
from scoring.families.hkos.settlement import (
    HKOS_SESSION_RULES,
    TIEBREAKS,
    Deal,
    HKOSOutcome,
    HKOSSessionRules,
    HKOSSettlement,
    HKOSSettlementError,
    PlayerId,
    check_players,
    next_deal,
    settle_hkos,
)


@dataclass(frozen=True)
class HKOSHandRecord:
    """One row of the sheet. ``faan`` is the hand's faan (bonus included, as scored).

    ``more_winners``: (player, faan) of further winners on the same discard,
    only where the event plays ``multiple_winners``.
    """

    outcome: HKOSOutcome | str
    winner: PlayerId | None = None
    discarder: PlayerId | None = None
    faan: int | None = None
    more_winners: tuple[tuple[PlayerId, int], ...] = ()


@dataclass(frozen=True)
class HKOSPenalty:
    """A ledger entry (sessions.md §5): ``points`` ≤ 0 for the offender.

    Redistributed: the other three receive −points / 3 each (sum zero).
    HKOS penalties join the session points (scope ``table_score``).
    """

    player: PlayerId
    points: int
    redistribute: bool = True
    reason: str = ""


def false_win_penalty(
    player: PlayerId,
    config: HKOSConfig = PRESET,
    rules: HKOSSessionRules = HKOS_SESSION_RULES,
) -> HKOSPenalty:
    """False win (詐糊, rules/hkos.md §8): the offender pays each opponent the
    ``max_faan`` hand value (or ``false_win_points``)."""
    each = rules.false_win_points
    if each is None:
        each = config.hand_value(config.max_faan)
    others = PLAYERS_PER_TABLE - 1
    return HKOSPenalty(player, -each * others, True, "false win (詐糊)")


@dataclass(frozen=True)
class HKOSHandResult:
    """A row worked out: the deal it was played in and what it paid."""

    deal: Deal
    settlement: HKOSSettlement


@dataclass(frozen=True)
class HKOSPlayerResult:
    """One player's line in the sheet's footer; ``points`` is the standings value (§7)."""

    player: PlayerId
    hand_total: int
    penalty_total: int
    points: int
    placement: int


@dataclass(frozen=True)
class HKOSSessionResult:
    """A session worked out: per player (seat order), per hand, and the next deal."""

    players: dict[PlayerId, HKOSPlayerResult]
    hands: tuple[HKOSHandResult, ...]
    penalties: tuple[HKOSPenalty, ...]
    next_deal: Deal
    rules: HKOSSessionRules

    @property
    def complete(self) -> bool | None:
        """The rounds are all played; None for a timed session (the clock decides)."""
        rounds = self.rules.rounds
        return None if rounds is None else self.next_deal.wind >= rounds

    @property
    def standings(self) -> dict[PlayerId, int]:
        return {p: r.points for p, r in self.players.items()}

    def running_totals(self) -> list[dict[PlayerId, int]]:
        total = dict.fromkeys(self.players, 0)
        rows = []
        for hand in self.hands:
            total = {p: total[p] + hand.settlement.deltas[p] for p in total}
            rows.append(total)
        return rows


def hkos_session_result(
    players: Iterable[PlayerId],
    hands: Sequence[HKOSHandRecord],
    penalties: Sequence[HKOSPenalty] = (),
    rules: HKOSSessionRules = HKOS_SESSION_RULES,
    config: HKOSConfig = PRESET,
) -> HKOSSessionResult:
    """Work out an HKOS session (rules/hkos.md §5-§8) from its rows and ledger.

    ``players`` in seat order E, S, W, N (seats are fixed). Each row is
    settled in the deal it was played in; a row after the last round is
    refused. Penalties join the points (sessions.md §5: ``table_score``).
    """
    try:
        table = check_players(players)
    except HKOSSettlementError as e:
        raise SessionError(e.field, e.reason) from None
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise SessionError("hands", f"must be a list, not {hands!r}")
    deal, rows = Deal(), []
    for i, record in enumerate(hands):
        if rules.rounds is not None and deal.wind >= rules.rounds:
            raise SessionError(
                f"hands[{i}]", f"the session ended after hand {i} ({rules.session_length})"
            )
        settled = _settle_record(table, record, rules, config, f"hands[{i}]")
        rows.append(HKOSHandResult(deal, settled))
        dealer_won = table[deal.dealer] in settled.winners
        deal = next_deal(deal, settled.outcome, dealer_won, rules.dealer_repeat_cap)
    hand_total = {p: sum(r.settlement.deltas[p] for r in rows) for p in table}
    penalties = tuple(penalties)
    penalty_total = _penalty_deltas(table, penalties)
    points = {p: hand_total[p] + penalty_total[p] for p in table}
    if sum(hand_total.values()) != 0:
        raise AssertionError(f"HKOS hand totals are not zero-sum: {hand_total}")
    left_table = sum(pen.points for pen in penalties if not pen.redistribute)
    if sum(penalty_total.values()) != left_table:
        raise AssertionError(f"HKOS penalties do not add up: {penalty_total}")
    rank = placements(points)
    results = {
        p: HKOSPlayerResult(p, hand_total[p], penalty_total[p], points[p], rank[p]) for p in table
    }
    return HKOSSessionResult(results, tuple(rows), penalties, deal, rules)


def _settle_record(
    table: tuple[PlayerId, ...],
    record: HKOSHandRecord,
    rules: HKOSSessionRules,
    config: HKOSConfig,
    where: str,
) -> HKOSSettlement:
    if not isinstance(record, HKOSHandRecord):
        raise SessionError(where, f"must be an HKOSHandRecord, not {record!r}")
    if record.outcome == HKOSOutcome.FALSE_WIN and rules.false_win_policy != "voided":
        raise SessionError(
            f"{where}.outcome",
            "under false_win_policy 'continue' the hand goes on: record how it ended, "
            "and the false win in the penalty ledger",
        )
    if record.more_winners and not rules.multiple_winners:
        raise SessionError(
            f"{where}.more_winners", "only the nearest claimant wins (multiple_winners is off)"
        )
    try:
        value = None if record.faan is None else _hand_value(record.faan, config)
        more = {p: _hand_value(f, config) for p, f in record.more_winners}
        return settle_hkos(
            table,
            record.outcome,
            winner=record.winner,
            discarder=record.discarder,
            value=value,
            more_winners=more,
            payment_scheme=rules.payment_scheme,
        )
    except HKOSSettlementError as e:
        raise SessionError(f"{where}.{e.field}", e.reason) from None


def _hand_value(faan: object, config: HKOSConfig) -> int:
    if not is_int(faan) or faan < config.min_faan:
        raise HKOSSettlementError(
            "faan",
            f"must be a whole number of at least {config.min_faan} (the minimum), not {faan!r}",
        )
    return config.hand_value(faan)  # above max_faan is paid as max_faan (§2)


def _penalty_deltas(
    table: tuple[PlayerId, ...], penalties: Sequence[HKOSPenalty]
) -> dict[PlayerId, int]:
    totals = dict.fromkeys(table, 0)
    others = PLAYERS_PER_TABLE - 1
    for i, pen in enumerate(penalties):
        where = f"penalties[{i}]"
        if not isinstance(pen, HKOSPenalty):
            raise SessionError(where, f"must be an HKOSPenalty, not {pen!r}")
        if not isinstance(pen.player, Hashable) or pen.player not in totals:
            raise SessionError(f"{where}.player", f"{pen.player!r} is not at this table")
        if not is_int(pen.points) or pen.points > 0:
            raise SessionError(f"{where}.points", f"must be a whole number ≤ 0, not {pen.points!r}")
        if pen.redistribute and pen.points % others:
            raise SessionError(f"{where}.points", f"{pen.points} cannot be shared by 3 players")
        totals[pen.player] += pen.points
        if pen.redistribute:
            for p in table:
                if p != pen.player:
                    totals[p] -= pen.points // others
    return totals


# --- standings (§7) -------------------------------------------------------------------


@dataclass(frozen=True)
class HKOSStanding:
    """A player's line in the event standings."""

    player: PlayerId
    points: int
    session_wins: int  # sessions placed first (ties share first)
    best_session: int
    rank: int


def hkos_standings(
    sessions: Sequence[Mapping[PlayerId, int]], tiebreak_chain: Sequence[str] = TIEBREAKS
) -> list[HKOSStanding]:
    """Players ranked by total points, ties broken by ``tiebreak_chain`` (rules/hkos.md §7).

    ``sessions`` are each session's points per player (:attr:`HKOSSessionResult.standings`).
    Players still equal after the chain share the rank ("shared"); never random.
    """
    chain = HKOSSessionRules(tiebreak_chain=tuple(tiebreak_chain)).tiebreak_chain
    totals: dict[PlayerId, list[int]] = {}
    for session in sessions:
        first = {p for p, place in placements(session).items() if place == 1}
        for p, pts in session.items():
            row = totals.setdefault(p, [0, 0, pts])  # points, wins, best
            row[0] += pts
            row[1] += p in first
            row[2] = max(row[2], pts)
    index = {"session_wins": 1, "best_session": 2}

    def key(p: PlayerId) -> tuple[int, ...]:
        row = totals[p]
        return (row[0], *(row[index[c]] for c in chain if c in index))

    out = [
        HKOSStanding(p, row[0], row[1], row[2], 1 + sum(key(o) > key(p) for o in totals))
        for p, row in totals.items()
    ]
    return sorted(out, key=lambda s: s.rank)
