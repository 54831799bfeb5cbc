"""Algebraic seatings: rounds in which no two players ever meet twice.

Vocabulary. Players are *points* 0..n-1; a *table* is a block of four points;
a *round* (a parallel class) is a partition of the points into tables. A
*design* here is a list of rounds in which every pair of points shares a table
at most once. It is *complete* when every pair meets exactly once (then
3 * rounds == n - 1 and nothing better exists for more rounds than that).

Three families, each a classical resolvable design:

* **Affine geometry AG(d, 4)** (16, 64, 256, ... players): points are vectors
  over GF(4), tables are lines, and a round is a direction, i.e. the lines
  parallel to one vector. Two points span one line, so they meet once.
  Complete, with (4**d - 1) / 3 rounds: 5 for 16 players, 21 for 64, 85 for 256.
* **Resolvable transversal design RTD(4, q)** (4q players, q a prime power of
  at least 4): four groups of q players; at table ``a`` of round ``r`` sit the
  players ``a + e_g * r`` of each group g, for four distinct field elements
  e_g. Two players of different groups meet in the one round where
  ``(e_g - e_h) * r`` equals their difference. Players of one group never
  meet, so when q is a multiple of four every group is then seated with a
  design of its own in further rounds. 32 players get 8 + 1 rounds, 36 get 9,
  100 get 25, 128 get 32 + 9.
* **Cyclic designs over Z_m x Z_3 plus 1 or 3 fixed points** (24, 28, 36,
  40, 48, 52, 60 players): points are three copies (levels) of Z_m plus fixed
  points; one base round, turned m times by x -> x + 1, gives m rounds.
  Within a base round, every difference between two points (within a level,
  or from one level to another) occurs at most once, which is what makes
  every pair meet at most once; the fixed points sit each with one point of
  every level, so they meet everyone. The base round is the orbit of a few
  base tables under (x, i) -> (mu * x, i + 1), mu of order 1 or 3 modulo m.
  With one fixed point (m = 9, 13, 17) this is a resolvable 2-(3m+1, 4, 1)
  design, complete (the 28-player one has 9 rounds); with three (m = 7, 11,
  15, 19) the fixed points never meet each other and m rounds are repeat
  free: 7 of the 8 rounds asked for 24 players, 15 for 48. The base tables
  were found by a randomised backtracking search over such orbits (seconds
  at most) and are checked by the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from scoring.core.seats import PLAYERS_PER_TABLE
from tournament.seating.planner.finite_fields import LARGEST_FIELD, galois_field, prime_power

# Tables of four over GF(4): a line of AG(d, 4) holds exactly four points.
AFFINE_FIELD = 4
LEVELS = 3  # the three copies of Z_m in the 1-rotational designs

Table = tuple[int, int, int, int]
Round = tuple[Table, ...]


@dataclass(frozen=True)
class RotationalBase:
    """One base round over Z_m x Z_3 plus ``fixed`` fixed points (1 or 3).

    ``infinity`` holds the three points (one per level) at the first fixed
    point's table; every base table (and, with three fixed points, that
    table too) stands for its orbit under (x, i) -> (mu * x, i + 1), where mu
    has order 1 or 3 modulo m, so each orbit has three tables.
    """

    m: int
    mu: int
    fixed: int
    infinity: tuple[tuple[int, int], ...]
    tables: tuple[tuple[tuple[int, int], ...], ...]


# Found by a randomised backtracking search over the orbits (under a minute
# each); the tests check that every pair meets at most once.
ROTATIONAL_BASES = (
    RotationalBase(7, 2, 3, ((6, 0), (6, 1), (1, 2)), (((0, 0), (5, 0), (4, 0), (2, 1)),)),
    RotationalBase(
        9,
        4,
        1,
        ((0, 0), (0, 1), (0, 2)),
        (((1, 0), (8, 0), (4, 2), (2, 1)), ((1, 2), (3, 0), (6, 0), (2, 0))),
    ),
    RotationalBase(
        11,
        1,
        3,
        ((3, 0), (0, 1), (1, 2)),
        (((2, 0), (7, 2), (9, 2), (6, 2)), ((4, 0), (5, 2), (8, 0), (10, 2))),
    ),
    RotationalBase(
        13,
        3,
        1,
        ((0, 0), (0, 1), (0, 2)),
        (
            ((1, 0), (3, 2), (8, 0), (4, 1)),
            ((1, 2), (2, 2), (6, 2), (12, 1)),
            ((2, 0), (11, 0), (10, 1), (8, 1)),
        ),
    ),
    RotationalBase(
        15,
        1,
        3,
        ((3, 0), (14, 1), (5, 2)),
        (
            ((0, 0), (9, 1), (2, 0), (10, 0)),
            ((1, 0), (4, 1), (6, 2), (13, 1)),
            ((7, 0), (11, 0), (8, 0), (12, 1)),
        ),
    ),
    RotationalBase(
        17,
        1,
        1,
        ((0, 0), (0, 1), (0, 2)),
        (
            ((1, 0), (12, 1), (13, 1), (10, 2)),
            ((2, 0), (9, 0), (4, 0), (8, 1)),
            ((3, 0), (15, 2), (6, 1), (16, 0)),
            ((5, 0), (11, 0), (7, 1), (14, 0)),
        ),
    ),
    RotationalBase(
        19,
        7,
        3,
        ((10, 0), (3, 1), (17, 2)),
        (
            ((0, 0), (14, 1), (8, 2), (6, 1)),
            ((1, 0), (1, 2), (7, 2), (12, 2)),
            ((2, 1), (17, 0), (15, 1), (13, 2)),
            ((4, 0), (6, 0), (12, 0), (17, 1)),
        ),
    ),
)


@dataclass(frozen=True)
class Design:
    """Rounds over points 0..size-1 with no pair meeting twice."""

    name: str
    size: int
    rounds: tuple[Round, ...]

    @property
    def complete(self) -> bool:
        """Every pair meets once: more rounds can only repeat these ones."""
        return (PLAYERS_PER_TABLE - 1) * len(self.rounds) == self.size - 1


def _table(points) -> Table:
    return tuple(sorted(points))  # type: ignore[return-value]


def affine_design(dimension: int) -> Design:
    """AG(dimension, 4): a round per direction, a table per line.

    A point is an integer with two bits per coordinate; GF(4) addition is then
    XOR, and a direction is a vector whose first non-zero coordinate is 1.
    """
    field = galois_field(AFFINE_FIELD)
    size = AFFINE_FIELD**dimension

    def scale(vector: int, t: int) -> int:
        out = 0
        for i in range(dimension):
            out |= field.mul[t][(vector >> (2 * i)) & 3] << (2 * i)
        return out

    def leading(vector: int) -> int:
        return next(
            (vector >> (2 * i)) & 3 for i in reversed(range(dimension)) if vector >> (2 * i) & 3
        )

    rounds = []
    for direction in range(1, size):
        if leading(direction) != 1:
            continue
        multiples = [scale(direction, t) for t in range(AFFINE_FIELD)]
        seen: set[int] = set()
        tables = []
        for point in range(size):
            if point not in seen:
                line = [point ^ m for m in multiples]
                seen.update(line)
                tables.append(_table(line))
        rounds.append(tuple(tables))
    return Design(f"AG({dimension},4)", size, tuple(rounds))


def transversal_design(q: int) -> Design:
    """RTD(4, q) over GF(q), then each group seated by the best design for q players."""
    field = galois_field(q)
    groups = range(PLAYERS_PER_TABLE)

    def point(group: int, x: int) -> int:
        return group * q + x

    rounds = [
        tuple(_table(point(g, field.add[a][field.mul[g][r]]) for g in groups) for a in range(q))
        for r in range(q)
    ]
    name = f"RTD(4,{q})"
    if q % PLAYERS_PER_TABLE == 0:
        inner = best_design(q)
        name += f" + {inner.name} in each group"
        for inner_round in inner.rounds:
            rounds.append(
                tuple(_table(point(g, x) for x in table) for g in groups for table in inner_round)
            )
    return Design(name, PLAYERS_PER_TABLE * q, tuple(rounds))


def rotational_design(base: RotationalBase) -> Design:
    """The m rounds developed from ``base`` by x -> x + 1 (see RotationalBase)."""
    m, mu = base.m, base.mu
    finite = LEVELS * m

    def turn(table, times: int):
        return [((mu**times * x) % m, (level + times) % LEVELS) for x, level in table]

    base_round = []  # tables as (fixed point or None, finite points)
    for times in range(LEVELS if base.fixed > 1 else 1):
        base_round.append((times, turn(base.infinity, times)))
    for table in base.tables:
        base_round.extend((None, turn(table, times)) for times in range(LEVELS))
    rounds = tuple(
        tuple(
            _table(
                ([finite + fixed] if fixed is not None else [])
                + [level * m + (x + shift) % m for x, level in points]
            )
            for fixed, points in base_round
        )
        for shift in range(m)
    )
    size = finite + base.fixed
    return Design(f"cyclic Z{m}xZ3+{base.fixed}", size, rounds)


def single_round(size: int) -> Design:
    """Any one round is a design: the fallback every size divisible by four has."""
    return Design(
        "one round",
        size,
        (tuple(tuple(range(t, t + PLAYERS_PER_TABLE)) for t in range(0, size, PLAYERS_PER_TABLE)),),
    )


def candidate_designs(size: int) -> list[Design]:
    """Every construction above that seats exactly ``size`` players."""
    found = [single_round(size)] if size % PLAYERS_PER_TABLE == 0 and size > 0 else []
    dimension = 1
    while AFFINE_FIELD ** (dimension + 1) <= size:
        dimension += 1
    if dimension > 1 and AFFINE_FIELD**dimension == size:
        found.append(affine_design(dimension))
    q, rest = divmod(size, PLAYERS_PER_TABLE)
    if not rest and PLAYERS_PER_TABLE <= q <= LARGEST_FIELD and prime_power(q):
        found.append(transversal_design(q))
    found.extend(
        rotational_design(base) for base in ROTATIONAL_BASES if LEVELS * base.m + base.fixed == size
    )
    return found


@cache
def best_design(size: int) -> Design:
    """The construction with the most rounds for ``size`` players (size divisible by four)."""
    return max(candidate_designs(size), key=lambda design: len(design.rounds))
