"""A riichi session's final points -> placements, uma, oka and session scores.

Vocabulary (rules/riichi.md §3-§7):

- *final points*: each player's points when the session (hanchan) ends.
- *return*: the points a player must give back (30,000 in every preset);
  ``(final - return) / 1,000`` is the raw session score.
- *oka*: what the start/return gap leaves on the table ((return - start) x 4),
  given to 1st (tenhou: +20).
- *uma*: points per placement (+15/+5/-5/-15 …); tied players share the uma
  of the places they occupy (§6), except on Tenhou where the earlier seat
  from the first dealer wins the tie.
- *floaters* (JPML A, §5): players at or above the return; their number picks
  the uma row.
- *leftover sticks*: riichi deposits still on the table at the end: lost
  (jpml, wrc), or to 1st (ema shares them between tied 1sts; tenhou).
- *chombo*: a 20-point deduction after uma (jpml, ema), or off the overall
  tournament score (wrc), reported apart.

Everything is exact: session scores are :class:`fractions.Fraction`, never floats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.core.numbers import is_int
from scoring.core.placement import SessionError, placements, rank_points
from scoring.core.table import PlayerId, check_players

THOUSAND = 1_000
STICK = 1_000  # rules/riichi.md §2: one riichi stick


@dataclass(frozen=True)
class RiichiSessionRules:
    """The session values of a preset (rules/riichi.md §4, "Preset comparison")."""

    start: int = 30_000
    return_points: int = 30_000
    uma: tuple[int, int, int, int] | str = (15, 5, -5, -15)  # or "jpml-float" (§5)
    ties: str = "split"  # "split" (§6) or "seat_order" (tenhou)
    leftover_sticks: str = "lost"  # "lost", "first" (shared by tied 1sts)
    final_rounding: bool = False  # tenhou: to 1,000, 500 rounding up; 1st = -(sum of others)
    chombo_points: int = 20  # §7
    chombo_mode: str = "after_uma"  # "after_uma" or "overall_score"
    float_threshold_inclusive: bool = True  # §5: "at or above 30,000"


# rules/riichi.md §5: uma rows by the number of floaters (0 and 4 take the 2-float row ⚠).
JPML_FLOAT_UMA: dict[int, tuple[int, int, int, int]] = {
    1: (12, -1, -3, -8),
    2: (8, 4, -4, -8),
    3: (8, 3, 1, -12),
}
JPML_DEFAULT_ROW = 2

RIICHI_SESSION_PRESETS: dict[str, RiichiSessionRules] = {
    # §4 jpml-a: uma by floaters, leftover sticks lost (供託), chombo -20 after uma ⚠
    "jpml-a": RiichiSessionRules(uma="jpml-float"),
    # §4 jpml-b: flat +15/+5/-5/-15
    "jpml-b": RiichiSessionRules(),
    # §4 wrc: uma averaged on ties; sticks not awarded ⚠; chombo off the overall score
    "wrc": RiichiSessionRules(chombo_mode="overall_score"),
    # §4 ema: leftover sticks to 1st (shared if tied)
    "ema": RiichiSessionRules(leftover_sticks="first"),
    # §4 tenhou: 25,000 / 30,000, oka +20, uma +20/+10/-10/-20, seat order breaks ties
    "tenhou": RiichiSessionRules(
        start=25_000,
        return_points=30_000,
        uma=(20, 10, -10, -20),
        ties="seat_order",
        leftover_sticks="first",
        final_rounding=True,
        chombo_points=0,
    ),
}


@dataclass(frozen=True)
class RiichiPlayerResult:
    player: PlayerId
    final_points: int
    placement: int
    uma: Fraction
    oka: Fraction
    sticks: Fraction  # leftover sticks received, in session points
    chombo: Fraction  # deducted in the session score (after_uma)
    session_score: Fraction
    overall_penalty: Fraction = Fraction(0)  # wrc: off the tournament score, not the table


@dataclass(frozen=True)
class RiichiSessionResult:
    players: dict[PlayerId, RiichiPlayerResult]
    leftover_sticks: int
    notes: tuple[str, ...] = field(default=())


def riichi_session_result(
    players: Sequence[PlayerId],
    final_points: Mapping[PlayerId, int],
    rules: RiichiSessionRules,
    *,
    leftover_sticks: int = 0,
    chombos: Mapping[PlayerId, int] | None = None,
) -> RiichiSessionResult:
    """The session scores of one table; ``players`` in seat order from the first dealer."""
    table = check_players(players, "players")
    points = _final_points(table, final_points, rules, leftover_sticks)
    rank = _placements(table, points, rules)
    uma = _uma(table, points, rank, rules)
    firsts = [p for p in table if rank[p] == 1]
    oka_total = Fraction(rules.return_points - rules.start, THOUSAND) * len(table)
    sticks_total = Fraction(leftover_sticks * STICK, THOUSAND)
    to_first = sticks_total if rules.leftover_sticks == "first" else Fraction(0)
    raw = {p: Fraction(points[p] - rules.return_points, THOUSAND) for p in table}
    if rules.final_rounding:
        raw = tenhou_rounding(raw, rank, rules.return_points)
    results = {}
    for p in table:
        share = Fraction(1, len(firsts)) if p in firsts else Fraction(0)
        chombo = Fraction(rules.chombo_points * (chombos or {}).get(p, 0))
        in_table = chombo if rules.chombo_mode == "after_uma" else Fraction(0)
        score = raw[p] + uma[p] + oka_total * share + to_first * share - in_table
        results[p] = RiichiPlayerResult(
            p,
            points[p],
            rank[p],
            uma[p],
            oka_total * share,
            to_first * share,
            in_table,
            score,
            chombo - in_table,
        )
    return RiichiSessionResult(results, leftover_sticks)


def _final_points(table, final_points, rules, leftover_sticks) -> dict[PlayerId, int]:
    if set(final_points) != set(table):
        raise SessionError("final_points", "needs exactly one entry per player at the table")
    for p, v in final_points.items():
        if not is_int(v):
            raise SessionError(f"final_points[{p!r}]", f"must be whole points, not {v!r}")
    if not is_int(leftover_sticks) or leftover_sticks < 0:
        raise SessionError("leftover_sticks", f"must be 0 or more sticks, not {leftover_sticks!r}")
    expected = rules.start * len(table) - leftover_sticks * STICK
    if sum(final_points.values()) != expected:
        raise SessionError(
            "final_points",
            f"sum to {sum(final_points.values()):,}, but {len(table)} x {rules.start:,} less "
            f"{leftover_sticks} stick(s) on the table is {expected:,}",
        )
    return {p: final_points[p] for p in table}


def _placements(table, points, rules) -> dict[PlayerId, int]:
    if rules.ties == "seat_order":  # tenhou: the earlier seat from the first dealer wins
        order = sorted(table, key=lambda p: (-points[p], table.index(p)))
        return {p: order.index(p) + 1 for p in table}
    return placements(points)


def _uma(table, points, rank, rules) -> dict[PlayerId, Fraction]:
    row = rules.uma
    if row == "jpml-float":
        floaters = sum(
            points[p] >= rules.return_points
            if rules.float_threshold_inclusive
            else points[p] > rules.return_points
            for p in table
        )
        row = JPML_FLOAT_UMA.get(floaters, JPML_FLOAT_UMA[JPML_DEFAULT_ROW])
    if rules.ties == "seat_order":
        return {p: Fraction(row[rank[p] - 1]) for p in table}
    return rank_points({p: points[p] for p in table}, row)


def tenhou_rounding(
    raw: dict[PlayerId, Fraction], rank, return_points: int
) -> dict[PlayerId, Fraction]:
    """Everyone but 1st rounded to a whole thousand; 1st balances.

    What is rounded is the player's points, to the nearest 1,000 with 500 away
    from zero (16,500 -> 17,000, -7,500 -> -8,000), and the return is then
    taken off: so a raw -37.5 (-7,500 points) gives -38 but -13.5 (16,500)
    gives -13, as Tenhou's own game results show (logs of 2009 and later).
    """
    back = Fraction(return_points, THOUSAND)
    out = {p: _round_half_away(v + back) - back for p, v in raw.items() if rank[p] != 1}
    (first,) = [p for p in raw if rank[p] == 1]
    out[first] = sum(raw.values(), Fraction(0)) - sum(out.values(), Fraction(0))
    return {p: out[p] for p in raw}


def _round_half_away(value: Fraction) -> int:
    """To the nearest whole number, halves away from zero."""
    whole = abs(value).numerator // abs(value).denominator
    rounded = whole + 1 if abs(value) - whole >= Fraction(1, 2) else whole
    return rounded if value >= 0 else -rounded
