"""A fixed seating plan read from CSV, checked before anyone sits down.

Some events publish their seating in advance, made with another tool or by
hand. The file has a header row and one row per seat:

    round,table,seat,player
    1,1,E,17
    1,1,S,4
    ...

``seat`` is the wind: E, S, W, N (or East, South, West, North, or 東 南 西 北,
any case); ``wind`` is accepted as the column's name too. Rounds and tables
are numbered from 1 without gaps, every table has all four winds, and a
player sits once per round. Every problem is reported with the line it is on,
all of them at once, so the director fixes the file in one go.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from tournament.seating.plan import Plan, SeatingError

WINDS = "ESWN"
WIND_NAMES = {
    **{w: w for w in WINDS},
    "EAST": "E",
    "SOUTH": "S",
    "WEST": "W",
    "NORTH": "N",
    "東": "E",
    "南": "S",
    "西": "W",
    "北": "N",
}
COLUMNS = ("round", "table", "seat", "player")
COLUMN_ALIASES = {"wind": "seat"}


class FixedPlanError(SeatingError):
    """Problems in a fixed plan; ``problems`` lists them one per line."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def parse_fixed_plan(text: str, players: Iterable[int] | None = None) -> Plan:
    """The plan in ``text`` (CSV), or FixedPlanError listing every problem.

    With ``players``, each round must seat exactly those players.
    """
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    if not rows or not any(cell.strip() for cell in rows[0]):
        raise FixedPlanError([f"line 1: expected a header row {','.join(COLUMNS)}"])
    header = [COLUMN_ALIASES.get(c.strip().lower(), c.strip().lower()) for c in rows[0]]
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise FixedPlanError([f"line 1: missing column(s) {', '.join(missing)}"])
    column = {name: header.index(name) for name in COLUMNS}
    problems: list[str] = []
    seats: dict[tuple[int, int, str], tuple[int, int]] = {}  # -> (player, line)
    sitting: dict[tuple[int, int], tuple[int, int, int]] = {}  # (round, player) -> (table, line)
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        seat = _read_row(row, column, line, problems)
        if seat is None:
            continue
        round_, table, wind, player = seat
        if (round_, table, wind) in seats:
            other, first = seats[(round_, table, wind)]
            problems.append(
                f"line {line}: round {round_} table {table} seat {wind} is already "
                f"player {other}'s (line {first})"
            )
            continue
        if (round_, player) in sitting:
            other_table, _, first = sitting[(round_, player)]
            problems.append(
                f"line {line}: player {player} already sits at table {other_table} "
                f"in round {round_} (line {first})"
            )
            continue
        seats[(round_, table, wind)] = (player, line)
        sitting[(round_, player)] = (table, player, line)
    if not seats and not problems:
        problems.append("the file has a header but no seats")
    problems += _check_shape(seats, sitting, players)
    if problems:
        raise FixedPlanError(problems)
    rounds = sorted({r for r, _, _ in seats})
    return Plan(
        rounds=tuple(
            tuple(
                tuple(seats[(r, t, w)][0] for w in WINDS)  # type: ignore[misc]
                for t in sorted({t for rr, t, _ in seats if rr == r})
            )
            for r in rounds
        )
    )


def _read_row(row, column, line, problems):
    """(round, table, wind, player) from one row, or None after noting what is wrong."""
    found = []
    for name in ("round", "table", "player"):
        index = column[name]
        value = row[index].strip() if index < len(row) else ""
        try:
            number = int(value)
        except ValueError:
            problems.append(f"line {line}: {name} '{value}' is not a whole number")
            return None
        if name != "player" and number < 1:
            problems.append(f"line {line}: {name} {number} is not numbered from 1")
            return None
        found.append(number)
    index = column["seat"]
    raw = row[index].strip() if index < len(row) else ""
    wind = WIND_NAMES.get(raw.upper())
    if wind is None:
        problems.append(f"line {line}: seat '{raw}' is not one of E, S, W, N")
        return None
    round_, table, player = found
    return round_, table, wind, player


def _check_shape(seats, sitting, players) -> list[str]:
    """Rounds and tables without gaps, four winds a table, everyone seated each round."""
    problems = []
    rounds = sorted({r for r, _, _ in seats})
    for r in range(1, (rounds[-1] if rounds else 0) + 1):
        if r not in rounds:
            problems.append(f"round {r} has no seats (rounds go up to {rounds[-1]})")
            continue
        tables = sorted({t for rr, t, _ in seats if rr == r})
        for t in range(1, tables[-1] + 1):
            if t not in tables:
                problems.append(f"round {r}: table {t} has no seats")
                continue
            empty = [w for w in WINDS if (r, t, w) not in seats]
            if empty:
                problems.append(f"round {r} table {t}: nobody sits {', '.join(empty)}")
        if players is not None:
            expected = set(players)
            seated = {p for (rr, p) in sitting if rr == r}
            if expected - seated:
                names = ", ".join(map(str, sorted(expected - seated)))
                problems.append(f"round {r}: player(s) {names} not seated")
            for p in sorted(seated - expected):
                problems.append(f"line {sitting[(r, p)][2]}: player {p} is not registered")
    return problems
