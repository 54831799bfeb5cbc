"""Ranking players: a pure, deterministic function of the sessions played.

Each player gets the value of every metric of the ruleset's precedence,
computed from their own session lines only; players are ordered by those
values (best first, metric by metric) and share a rank exactly when all of
them are equal (1, 2, 2, 4). Nothing is random and nothing depends on the
order of the input: within a shared rank players are listed by their id's
own order (``sorted(players)``), or, when the ids cannot be compared with
each other (say ints mixed with strings), by ``str(id)`` then type name and
``repr``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from scoring.standings.lines import SessionLine, Standing, StandingsError
from scoring.standings.metrics import METRICS, Value
from scoring.standings.precedence import precedence


def _roster(players: Iterable[Hashable]) -> tuple[Hashable, ...]:
    if isinstance(players, str | bytes):
        raise StandingsError(f"players must be a collection of player ids, not {players!r}")
    roster = tuple(players)
    seen: set[Hashable] = set()
    for p in roster:
        if p is None or not isinstance(p, Hashable):
            raise StandingsError(f"{p!r} is not a player id")
        if p in seen:
            raise StandingsError(f"player {p!r} is listed twice")
        seen.add(p)
    return roster


def _lines_by_player(
    roster: tuple[Hashable, ...], lines: Iterable[SessionLine]
) -> dict[Hashable, list[SessionLine]]:
    mine: dict[Hashable, list[SessionLine]] = {p: [] for p in roster}
    rounds: set[tuple[Hashable, int]] = set()
    for line in lines:
        if not isinstance(line, SessionLine):
            raise StandingsError(f"expected a SessionLine, got {line!r}")
        if line.player not in mine:
            raise StandingsError(
                f"a session line (round {line.round}, table {line.table}) names "
                f"{line.player!r}, who is not among the players to rank"
            )
        if (line.player, line.round) in rounds:
            raise StandingsError(f"{line.player!r} has two session lines in round {line.round}")
        rounds.add((line.player, line.round))
        mine[line.player].append(line)
    for found in mine.values():  # metrics see lines in round order, whatever the input order
        found.sort(key=lambda line: line.round)
    return mine


def _id_order(roster: tuple[Hashable, ...]) -> dict[Hashable, int]:
    """Each player's position in a total order of the ids that ignores input order."""
    try:
        ordered = sorted(roster)
    except TypeError:  # ids of kinds that do not compare: their text, then type, then repr
        ordered = sorted(roster, key=lambda p: (str(p), type(p).__qualname__, repr(p)))
    return {p: i for i, p in enumerate(ordered)}


def _sort_key(values: Mapping[str, Value], order: tuple[str, ...]) -> tuple[Value, ...]:
    """Smaller is better: each metric negated when higher is better."""
    return tuple(-values[n] if METRICS[n].higher_is_better else values[n] for n in order)


def rank_players(
    ruleset: str,
    overrides: Mapping[str, Any] | None,
    players: Iterable[Hashable],
    lines: Iterable[SessionLine],
) -> list[Standing]:
    """The standings of ``players`` after the sessions in ``lines``, best first.

    ``overrides`` are the event's options (``tiebreak_chain`` for MCR and
    HKOS, ``zj_match_points`` for Zung Jung; see
    :mod:`scoring.standings.precedence`). Every player in ``players`` is
    ranked, those without a session on zeros under the same rules. A line
    for a player not in ``players``, two lines for one player in one round,
    an unknown ruleset, option or metric raise :class:`StandingsError`.
    """
    return rank_by(precedence(ruleset, overrides), players, lines)


def rank_by(
    order: Sequence[str],
    players: Iterable[Hashable],
    lines: Iterable[SessionLine],
    *,
    carried: Mapping[Hashable, Mapping[str, Fraction]] | None = None,
) -> list[Standing]:
    """:func:`rank_players` with the precedence given (an event's frozen rules decide it).

    ``carried``: player -> metric -> value brought from an earlier stage
    (:mod:`scoring.standings.stages`), added to what their lines give; only
    the sums (the first two metrics) can carry, since a count of firsts or a
    best session does not halve.
    """
    order = tuple(order)
    unknown = [name for name in order if name not in METRICS]
    if unknown:
        raise StandingsError(f"{unknown[0]!r} is not a metric; use {', '.join(sorted(METRICS))}")
    roster = _roster(players)
    by_player = _lines_by_player(roster, lines)
    values = {p: {n: METRICS[n].compute(by_player[p]) for n in order} for p in roster}
    for p, brought in (carried or {}).items():
        if p not in values:
            raise StandingsError(f"points are carried for {p!r}, who is not among the players")
        for name, value in brought.items():
            if name not in order[:2]:
                raise StandingsError(f"only {', '.join(order[:2])} carry, not {name!r}")
            values[p][name] += value
    keys = {p: _sort_key(values[p], order) for p in roster}
    position = _id_order(roster)
    ordered = sorted(roster, key=lambda p: (keys[p], position[p]))
    count = {k: 0 for k in keys.values()}
    for p in roster:
        count[keys[p]] += 1
    out: list[Standing] = []
    for i, p in enumerate(ordered):
        rank = i + 1 if i == 0 or keys[ordered[i - 1]] != keys[p] else out[-1].rank
        metrics = values[p]
        out.append(
            Standing(
                rank=rank,
                player=p,
                points=Fraction(metrics[order[0]]),
                score=Fraction(metrics[order[1]]) if len(order) > 1 else Fraction(0),
                sessions=len(by_player[p]),
                metrics=dict(metrics),
                tied=count[keys[p]] > 1,
            )
        )
    return out
