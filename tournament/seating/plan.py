"""The seating planner: who sits at which table, at which wind, in each round.

Vocabulary. A *plan* is a list of rounds; a *round* is a list of tables; a
*table* is four player ids in wind order (East, South, West, North). Two
players *meet* when they share a table; a pair's *repeats* are its meetings
beyond the first. The rounds already *played* (the history) come first in a
plan and are never changed; the planner seats the rest.

Methods:

* ``balanced``: as few repeats as possible over all rounds, winds balanced,
  groups (clubs, countries) kept apart where possible. Sizes with an
  algebraic design (designs.py) start from it, then any rounds or groups the
  design does not settle go to the tabu search (search.py).
* ``random``: a shuffle per round; winds still balanced.
* ``swiss``: tables by standings (swiss.py).

A fixed plan from a CSV file is read by fixed.py. Everything here is plain
data in, plain data out: no database, no Django.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournament.seating import continuation, designs, groups, search, swiss, winds
from tournament.seating.deadline import Deadline

SEATS = 4
METHODS = ("balanced", "random", "swiss")
DEFAULT_TIME_BUDGET = 20.0  # seconds
# Guards that keep one call small enough to answer at once: the search holds
# a players-by-players matrix, and no event plays a hundred rounds.
MAX_PLAYERS = 1024
MAX_ROUNDS = 100
# Iterations (deterministic for a seed) before the time budget is the limit.
SEARCH_ITERATIONS = 20_000
NAMING_ITERATIONS = 20_000

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
    price = _with_group_penalty(met, group_of)
    construction = None
    if method == "random":
        tables = [_shuffled_round(len(ids), rng) for _ in range(count)]
    elif method == "swiss":
        order = _check_standings(standings, ids, index)
        tables = swiss.swiss_rounds(order, count, price, counts if played else None, deadline)
    else:
        tables, construction = _balanced(
            search.Problem(len(ids), count, price, winds=counts if played else None),
            (
                _lower_bound(met, counts if played else None, group_of, count),
                _lower_bound(met, None, group_of, count),
            ),
            group_of,
            [[[index.get(p, -1) for p in table] for table in tables] for tables in played],
            rng,
            deadline,
        )
    seated = (
        winds.polish_winds(tables, counts, deadline) if played else winds.colour_winds(tables, rng)
    )
    new = tuple(tuple(tuple(ids[p] for p in table) for table in t) for t in seated)
    return Plan(rounds=played + new, played=len(played), construction=construction)  # type: ignore[arg-type]


def _balanced(problem, bounds, group_of, played, rng, deadline):
    """Rounds (lists of player indices in seat order) and the design they started from.

    ``bounds`` are lower bounds on the cost: with winds, and of meetings alone.
    """
    bound, meeting_bound = bounds
    if problem.winds is None:  # nothing played yet: a design fits
        start, construction = _from_design(
            problem.size, problem.rounds, problem.price, group_of, rng, deadline
        )
    else:
        start, construction = _continued_design(problem, played, deadline)
        meetings_only = search.Problem(problem.size, problem.rounds, problem.price)
        if start is not None and search.cost(meetings_only, start) <= meeting_bound:
            # Moving anyone for the sake of winds would leave the design, and
            # with it the repeat-free rounds still to come: keep its tables.
            return [_tables(occupant) for occupant in start], construction
    if start is None:
        start = search.greedy_rounds(problem, rng, deadline)
    best = search.improve(problem, start, rng, deadline, SEARCH_ITERATIONS, bound)
    return [_tables(occupant) for occupant in best], construction


def _continued_design(problem, played, deadline):
    """The next rounds of the design that the rounds played belong to, or (None, None)."""
    design = designs.best_design(problem.size)
    colours = continuation.history_colours(problem.size, played)
    if len(design.rounds) <= len(played) or colours is None:
        return None, None
    point = continuation.embed(design.rounds, colours, len(played), deadline)
    if point is None:
        return None, None
    start = continuation.next_rounds(
        design.rounds, point, problem.price, problem.winds, problem.rounds, search.WIND_WEIGHT
    )
    return start, f"{design.name}, continued"


def _lower_bound(met, counts, group_of, count: int) -> int:
    """The search's own bound, or better: repeats and winds, plus groups too big to split.

    A group of s players over T tables has at least r * C(q + 1, 2) +
    (T - r) * C(q, 2) pairs seated together each round (q, r = divmod(s, T)).
    """
    tables = len(group_of) // SEATS
    together = 0
    for size in Counter(g for g in group_of if g is not None).values():
        q, r = divmod(size, tables)
        together += r * (q + 1) * q // 2 + (tables - r) * q * (q - 1) // 2
    plain = search.lower_bound(search.Problem(len(group_of), count, met, counts))
    grouped = search.lower_bound(
        search.Problem(len(group_of), count, _with_group_penalty(met, group_of), counts)
    )
    return max(grouped, plain + search.GROUP_PENALTY * together * count)


def _from_design(n, count, price, group_of, rng, deadline):
    """The best design's rounds with points named to keep groups apart, or (None, None).

    A complete design is repeated when more rounds are asked for than it has
    (each pair then meets as evenly as it can); otherwise the missing rounds
    are filled greedily and left to the search.
    """
    design = designs.best_design(n)
    if len(design.rounds) == 1 and count > 1:
        return None, None  # one arbitrary round is no better than the greedy start
    if design.complete:
        chosen = [design.rounds[r % len(design.rounds)] for r in range(count)]
    else:
        chosen = list(design.rounds[:count])
    met = groups.meeting_matrix(n, chosen)
    point = groups.name_points(met, group_of, rng, deadline, NAMING_ITERATIONS)
    player_at = [0] * n
    for player, at in enumerate(point):
        player_at[at] = player
    start = [[player_at[x] for table in tables for x in table] for tables in chosen]
    if len(start) < count:
        after = [row[:] for row in price]
        for occupant in start:
            for table in _tables(occupant):
                for p, q in itertools.permutations(table, 2):
                    after[p][q] += 1
        extra = search.Problem(n, count - len(start), after)
        start += search.greedy_rounds(extra, rng, deadline)
    return start, design.name


def _tables(occupant: list[int]) -> list[list[int]]:
    return [occupant[i : i + SEATS] for i in range(0, len(occupant), SEATS)]


def _shuffled_round(n: int, rng: random.Random) -> list[list[int]]:
    order = list(range(n))
    rng.shuffle(order)
    return _tables(order)


def _history_numbers(played, index):
    """Meetings so far between current players, and their wind counts, by player index."""
    n = len(index)
    met = [[0] * n for _ in range(n)]
    counts = [[0] * SEATS for _ in range(n)]
    for tables in played:
        for table in tables:
            for wind, player in enumerate(table):
                if player in index:
                    counts[index[player]][wind] += 1
            present = [index[p] for p in table if p in index]
            for p, q in itertools.permutations(present, 2):
                met[p][q] += 1
    return met, counts


def _with_group_penalty(met, group_of):
    """Prices for the search: meetings so far plus the penalty between groupmates."""
    price = [row[:] for row in met]
    members: dict[int, list[int]] = {}
    for player, group in enumerate(group_of):
        if group is not None:
            members.setdefault(group, []).append(player)
    for mates in members.values():
        for p, q in itertools.permutations(mates, 2):
            price[p][q] += search.GROUP_PENALTY
    return price


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _check_players(players) -> list[int]:
    ids = list(players)
    if not ids:
        raise SeatingError("there are no players to seat")
    for player in ids:
        if isinstance(player, bool) or not isinstance(player, int):
            raise SeatingError(f"player ids are whole numbers, not {player!r}")
    twice = sorted(p for p, c in Counter(ids).items() if c > 1)
    if twice:
        raise SeatingError(f"each player is listed once: {', '.join(map(str, twice))} appear twice")
    short = -len(ids) % SEATS
    if short:
        raise SeatingError(
            f"{len(ids)} players cannot fill tables of four: add {_plural(short, 'substitute')}"
            f" or drop {_plural(SEATS - short, 'player')}"
        )
    if len(ids) > MAX_PLAYERS:
        raise SeatingError(f"{len(ids)} players is more than the {MAX_PLAYERS} one plan can seat")
    return ids


def _check_rounds(rounds, played: int) -> None:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
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
            if len(table) != SEATS:
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
