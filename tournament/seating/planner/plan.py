"""The seating planner: who sits at which table, at which wind, in each round.

Vocabulary. A *plan* is a list of rounds; a *round* is a list of tables; a
*table* is four player ids in wind order (East, South, West, North). Two
players *meet* when they share a table; a pair's *repeats* are its meetings
beyond the first. The rounds already *played* (the history) come first in a
plan and are never changed; the planner seats the rest.

Methods:

* ``balanced``: as few repeats as possible over all rounds, winds balanced,
  groups (clubs, countries) kept apart where possible (balanced.py): an
  algebraic design where one exists (designs.py), the tabu search
  (search.py) for whatever it does not settle. Rounds played that came from
  a design are continued with it (continuation.py), so seating an event one
  round per call loses nothing against planning it all at once.
* ``random``: a shuffle per round (groups ignored); winds still balanced.
* ``swiss``: tables by standings, repeats and groups avoided by small swaps
  (swiss.py).

Winds are balanced exactly when nothing has been played (winds.py): each
player sits each wind floor(R/4) or ceil(R/4) times, and once per block of
four rounds. After rounds played they are balanced as far as those allow.

Everything here is plain data in, plain data out: no database, no Django.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.core.numbers import is_int
from scoring.core.seats import PLAYERS_PER_TABLE
from tournament.seating.planner import balanced, lineage, swiss, winds
from tournament.seating.planner.deadline import Deadline

METHODS = ("balanced", "random", "swiss")
DEFAULT_TIME_BUDGET = 20.0  # seconds
# Guards that keep one call small enough to answer at once: the search holds
# a players-by-players matrix, and no event plays a hundred rounds.
MAX_PLAYERS = 1024
MAX_ROUNDS = 100

Table = tuple[int, int, int, int]
Round = tuple[Table, ...]


class SeatingError(ValueError):
    """A request the planner refuses, with a message for the director."""


@dataclass(frozen=True)
class Plan:
    """Rounds of (E, S, W, N) tables of player ids; the first ``played`` came as history."""

    rounds: tuple[Round, ...]
    played: int = 0
    construction: str | None = None  # the design the balanced plan started from, if any

    @property
    def new_rounds(self) -> tuple[Round, ...]:
        return self.rounds[self.played :]

    def meetings(self) -> Counter:
        """How often each pair (smaller id first) shares a table."""
        met: Counter = Counter()
        for tables in self.rounds:
            for table in tables:
                met.update(itertools.combinations(sorted(table), 2))
        return met

    def repeats(self) -> int:
        """Sum over pairs of max(0, meetings - 1)."""
        return sum(count - 1 for count in self.meetings().values() if count > 1)

    def wind_counts(self) -> dict[int, tuple[int, int, int, int]]:
        """Each player's number of rounds at East, South, West and North."""
        players = {p for tables in self.rounds for table in tables for p in table}
        counts = winds.wind_counts(self.rounds, players)
        return {p: tuple(c) for p, c in counts.items()}  # type: ignore[misc]

    def winds_balanced(self) -> bool:
        """Every player sat every wind floor(R/4)..ceil(R/4) times in their R rounds."""
        return all(winds.balanced(list(c)) for c in self.wind_counts().values())

    def as_json(self) -> dict:
        """The shape of ``manage.py plan_seating --format json``."""
        return {"rounds": [[list(table) for table in tables] for tables in self.rounds]}


def plan_seating(
    players: Sequence[int],
    rounds: int,
    *,
    method: str = "balanced",
    seed: int = 0,
    groups: Mapping[int, str] | None = None,
    history: Sequence[Sequence[Sequence[int]]] = (),
    standings: Sequence[int] | None = None,
    time_budget: float = DEFAULT_TIME_BUDGET,
) -> Plan:
    """Seat ``players`` for ``rounds`` rounds in all, the ``history`` rounds included.

    ``history`` holds the rounds already played, (E, S, W, N) tables of ids
    (players who have since left may appear in it); their meetings and winds
    count, and the plan keeps them as its first rounds. ``standings`` ranks
    the players, best first, for ``swiss``; players it leaves out come last.
    The answer comes within ``time_budget`` seconds, and is the same for the
    same arguments and seed whenever the search ends before the budget does.
    """
    deadline = Deadline(_check_budget(time_budget))
    ids = _check_players(players)
    played = _check_history(history)
    _check_rounds(rounds, len(played))
    if method not in METHODS:
        raise SeatingError(f"unknown seating method '{method}': use {', '.join(METHODS)}")
    group_of = _check_groups(groups or {}, ids)
    index = {player: i for i, player in enumerate(ids)}
    rng = random.Random(seed)
    count = rounds - len(played)
    met, counts = _history_numbers(played, index)
    construction = None
    if method == "balanced":
        # Newcomers read in the places of players gone, so a design goes on
        # (lineage.py); meetings and winds above count the real history.
        continued = lineage.continued_history(played, ids)
        history = [[[index.get(p, -1) for p in table] for table in tables] for tables in continued]
        seated, construction = balanced.balanced_rounds(
            count, met, counts, group_of, history, rng, deadline
        )
    else:
        if method == "random":
            tables = [_shuffled_round(len(ids), rng) for _ in range(count)]
        else:
            order = _check_standings(standings, ids, index)
            price = balanced.with_group_penalty(met, group_of)
            tables = swiss.swiss_rounds(order, count, price, counts if played else None, deadline)
        if played:
            seated = winds.polish_winds(tables, counts, deadline)
        else:
            seated = winds.colour_winds(tables, rng)
    new = tuple(tuple(tuple(ids[p] for p in table) for table in t) for t in seated)
    return Plan(rounds=played + new, played=len(played), construction=construction)  # type: ignore[arg-type]


def _tables(occupant: list[int]) -> list[list[int]]:
    return [occupant[i : i + PLAYERS_PER_TABLE] for i in range(0, len(occupant), PLAYERS_PER_TABLE)]


def _shuffled_round(n: int, rng: random.Random) -> list[list[int]]:
    order = list(range(n))
    rng.shuffle(order)
    return _tables(order)


def _history_numbers(played, index):
    """Meetings so far between current players, and their wind counts, by player index."""
    n = len(index)
    met = [[0] * n for _ in range(n)]
    counts = [[0] * PLAYERS_PER_TABLE for _ in range(n)]
    for tables in played:
        for table in tables:
            for wind, player in enumerate(table):
                if player in index:
                    counts[index[player]][wind] += 1
            present = [index[p] for p in table if p in index]
            for p, q in itertools.permutations(present, 2):
                met[p][q] += 1
    return met, counts


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _check_players(players) -> list[int]:
    ids = list(players)
    if not ids:
        raise SeatingError("there are no players to seat")
    for player in ids:
        if not is_int(player):
            raise SeatingError(f"player ids are whole numbers, not {player!r}")
    twice = sorted(p for p, c in Counter(ids).items() if c > 1)
    if twice:
        raise SeatingError(f"each player is listed once: {', '.join(map(str, twice))} appear twice")
    short = -len(ids) % PLAYERS_PER_TABLE
    if short:
        raise SeatingError(
            f"{len(ids)} players cannot fill tables of four: add {_plural(short, 'substitute')}"
            f" or drop {_plural(PLAYERS_PER_TABLE - short, 'player')}"
        )
    if len(ids) > MAX_PLAYERS:
        raise SeatingError(f"{len(ids)} players is more than the {MAX_PLAYERS} one plan can seat")
    return ids


def _check_rounds(rounds, played: int) -> None:
    if not is_int(rounds) or rounds < 1:
        raise SeatingError(f"the number of rounds must be a whole number from 1, not {rounds!r}")
    if rounds <= played:
        raise SeatingError(
            f"{_plural(played, 'round')} already played: ask for more than {played} rounds in all"
        )
    if rounds > MAX_ROUNDS:
        raise SeatingError(f"{rounds} rounds is more than the {MAX_ROUNDS} one plan can seat")


def _check_budget(seconds) -> float:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
        raise SeatingError(f"the time budget is a number of seconds from 0, not {seconds!r}")
    return float(seconds)


def _check_history(history) -> tuple[Round, ...]:
    """The rounds played as tuples, each table four distinct players, no one twice a round."""
    played = []
    for r, tables in enumerate(history, start=1):
        seen: set[int] = set()
        for t, table in enumerate(tables, start=1):
            table = tuple(table)
            if len(table) != PLAYERS_PER_TABLE:
                raise SeatingError(
                    f"history round {r}, table {t}: a table seats 4 players, not {len(table)}"
                )
            for player in table:
                if player in seen:
                    raise SeatingError(f"history round {r}: player {player} sits twice")
                seen.add(player)
        played.append(tuple(tuple(table) for table in tables))
    return tuple(played)


def _check_groups(named: Mapping[int, str], ids: list[int]) -> list[int | None]:
    """Group numbers by player index (None for no group); every named player must play."""
    known = set(ids)
    strangers = sorted(p for p in named if p not in known)
    if strangers:
        raise SeatingError(
            f"a group is given for {', '.join(map(str, strangers))}, who "
            f"{'is' if len(strangers) == 1 else 'are'} not among the players"
        )
    numbers: dict[str, int] = {}
    return [numbers.setdefault(named[p], len(numbers)) if named.get(p) else None for p in ids]


def _check_standings(standings, ids: list[int], index: dict[int, int]) -> list[int]:
    """Player indices best first: the standings, then anyone they leave out, in player order."""
    ranked = list(standings) if standings is not None else list(ids)
    strangers = [p for p in ranked if p not in index]
    if strangers:
        raise SeatingError(
            f"the standings list {', '.join(map(str, strangers))}, not among the players"
        )
    twice = sorted(p for p, c in Counter(ranked).items() if c > 1)
    if twice:
        raise SeatingError(f"the standings list {', '.join(map(str, twice))} twice")
    listed = set(ranked)
    return [index[p] for p in ranked] + [index[p] for p in ids if p not in listed]
