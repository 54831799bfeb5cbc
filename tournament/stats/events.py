"""An event's statistics: how big the wins were, which patterns came, the biggest hands.

Counted from the same hands as the players' (``tournament.stats.hands``:
published rounds, confirmed sheets), so the event's numbers are the sum of
what the player pages show.
"""

from __future__ import annotations

from collections import Counter

from tournament.stats.hands import rules_for, sessions_of
from tournament.stats.players import big_hand, pattern_counts, rate, size_key
from tournament.stats.types import EventStats

BIGGEST = 10  # how many hands the "biggest hands" list shows


def event_statistics(event) -> EventStats:
    """The value distribution, the most common patterns and the biggest hands of ``event``."""
    unit = rules_for(event).unit
    hands = wins = self_draws = 0
    values: Counter = Counter()
    patterns: Counter = Counter()
    biggest = []
    for session in sessions_of(event):
        for hand in session.hands:
            hands += 1
            for win in hand.wins:
                wins += 1
                self_draws += win.self_draw
                patterns.update(win.patterns)
                if win.value is not None:
                    values[win.value] += 1
                    # A substitute's win is still a hand of the event (no player page, though).
                    pk = session.seats.get(win.seat)
                    biggest.append(big_hand(pk, hand, win, unit))
    biggest.sort(key=size_key)
    return EventStats(
        hands=hands,
        wins=wins,
        unit=unit,
        distribution=tuple(sorted(values.items())),
        patterns=pattern_counts(patterns),
        biggest=tuple(biggest[:BIGGEST]),
        self_draw_share=rate(self_draws, wins),
    )
