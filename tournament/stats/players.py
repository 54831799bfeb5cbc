"""Each player's statistics, counted from the hands the public may see.

What counts is what ``tournament.stats.hands`` reads (published rounds,
confirmed sheets). A final-scores session counts for sessions, placements,
penalties and ranks, but holds no hands. The rank after each round is the
standings' own ranking with later rounds left out
(``tournament.standings.services.ranks_by_round``).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from tournament.standings.services import ranks_by_round
from tournament.stats.hands import Hand, Session, Win, rules_for, sessions_of
from tournament.stats.types import BigHand, PatternCount, PlayerStats


def rate(part: int, whole: int) -> Fraction | None:
    """``part / whole`` exactly; None when there is nothing to divide by."""
    return Fraction(part, whole) if whole else None


def big_hand(registration_id: int, hand: Hand, win: Win, unit: str) -> BigHand:
    return BigHand(
        registration_id=registration_id,
        round_number=hand.round_number,
        table_number=hand.table_number,
        hand_number=hand.number,
        label=hand.label,
        label_parts=hand.label_parts,
        value=win.value or 0,
        unit=unit,
        gain=win.gain,
        self_draw=win.self_draw,
        patterns=win.patterns,
    )


def size_key(big: BigHand):
    """Biggest first: value, then the points taken, then the earliest hand, then the player."""
    hand = (big.round_number, big.table_number, big.hand_number)
    return (-big.value, -big.gain, *hand, big.registration_id or 0)


def pattern_counts(counter: Counter) -> tuple[PatternCount, ...]:
    """Most common first, then by code (a stable order for pages and tests)."""
    return tuple(
        PatternCount(code, n) for code, n in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
    )


class _Tally:
    """One player's running counts while the sessions are read."""

    def __init__(self, registration_id: int):
        self.pk = registration_id
        self.sessions = self.hands = self.won = self.dealt_in = self.self_draws = 0
        self.values: list[int] = []
        self.biggest: list[BigHand] = []
        self.patterns: Counter = Counter()
        self.penalties = self.penalty_points = 0
        self.placements = [0, 0, 0, 0]

    def add_session(self, session: Session, seat: str, unit: str) -> None:
        self.sessions += 1
        place = session.placements.get(seat)
        if place is not None and 1 <= place <= 4:
            self.placements[place - 1] += 1
        for entry in session.penalties:
            if entry.get("player") == seat:
                self.penalties += 1
                self.penalty_points += int(entry.get("points") or 0)
        for hand in session.hands:
            self.hands += 1
            self.dealt_in += hand.discarder == seat
            for win in hand.wins:
                if win.seat == seat:
                    self.add_win(hand, win, unit)

    def add_win(self, hand: Hand, win: Win, unit: str) -> None:
        self.won += 1
        self.self_draws += win.self_draw
        self.patterns.update(win.patterns)
        if win.value is not None:
            self.values.append(win.value)
            self.biggest.append(big_hand(self.pk, hand, win, unit))

    def stats(self, unit: str, ranks, players: int) -> PlayerStats:
        return PlayerStats(
            registration_id=self.pk,
            sessions=self.sessions,
            hands_played=self.hands,
            hands_won=self.won,
            win_rate=rate(self.won, self.hands),
            deal_ins=self.dealt_in,
            deal_in_rate=rate(self.dealt_in, self.hands),
            self_draws=self.self_draws,
            self_draw_share=rate(self.self_draws, self.won),
            average_win=rate(sum(self.values), len(self.values)),
            unit=unit,
            biggest_win=min(self.biggest, key=size_key) if self.biggest else None,
            patterns=pattern_counts(self.patterns),
            penalties=self.penalties,
            penalty_points=self.penalty_points,
            placements=tuple(self.placements),
            ranks=ranks,
            players=players,
        )


def _tally(event, registration_ids, registration_id=None) -> dict[int, _Tally]:
    unit = rules_for(event).unit
    tallies = {pk: _Tally(pk) for pk in registration_ids}
    for session in sessions_of(event, registration_id):
        for seat, pk in session.seats.items():
            if pk in tallies:
                tallies[pk].add_session(session, seat, unit)
    return tallies


def _rank_history(event):
    """(registration -> ((round, rank), …), how many players the last round ranked)."""
    by_round = ranks_by_round(event)
    history: dict[int, list[tuple[int, int]]] = {}
    for number, ranks in by_round.items():
        for pk, rank in ranks.items():
            history.setdefault(pk, []).append((number, rank))
    players = len(by_round[max(by_round)]) if by_round else 0
    return {pk: tuple(r) for pk, r in history.items()}, players


def all_player_statistics(event) -> dict[int, PlayerStats]:
    """Every registration's statistics, by registration id, in a fixed number of queries."""
    ids = list(event.registrations.order_by("pk").values_list("pk", flat=True))
    unit = rules_for(event).unit
    history, players = _rank_history(event)
    return {
        pk: tally.stats(unit, history.get(pk, ()), players)
        for pk, tally in _tally(event, ids).items()
    }


def player_statistics(registration) -> PlayerStats:
    """One player's statistics (only their own tables' hands are read)."""
    event = registration.event
    unit = rules_for(event).unit
    history, players = _rank_history(event)
    tally = _tally(event, [registration.pk], registration.pk)[registration.pk]
    return tally.stats(unit, history.get(registration.pk, ()), players)
