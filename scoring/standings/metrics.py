"""The metric registry: every value a standings precedence can rank on, by name.

A metric is a function of one player's session lines to an exact number
(a Fraction for points, an int for counts), with the direction that is
better. Rulesets do not compute standings themselves: each declares an
ordered list of metric names (:mod:`scoring.standings.precedence`) and the
event's ``tiebreak_chain`` can name any metric here, so a new tiebreak is
one registered function, not a change to the ranking (the design of
Tabbycat's standings metrics, rebuilt for mahjong sessions).

Several names compute the same sum on purpose: the precedence of each
ruleset then reads in the rules' own words (MCR table points, ZJ match
points, riichi result points, HK points total).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.standings.lines import SessionLine, StandingsError

Value = Fraction | int
Lines = Sequence[SessionLine]


@dataclass(frozen=True)
class Metric:
    name: str
    compute: Callable[[Lines], Value]
    higher_is_better: bool
    doc: str


METRICS: dict[str, Metric] = {}


def metric(name: str, *, higher_is_better: bool = True) -> Callable:
    """Register the decorated function as metric ``name``; its docstring says what it is."""

    def register(fn: Callable[[Lines], Value]) -> Callable[[Lines], Value]:
        if name in METRICS:
            raise AssertionError(f"metric {name!r} registered twice")
        METRICS[name] = Metric(name, fn, higher_is_better, (fn.__doc__ or "").strip())
        return fn

    return register


def _needed(line: SessionLine, field: str, name: str):
    value = getattr(line, field)
    if value is None:
        raise StandingsError(
            f"metric {name!r} needs {field} on every session line, but the line of "
            f"{line.player!r} in round {line.round} has none"
        )
    return value


def _total(values) -> Fraction:
    return sum(values, Fraction(0))


def _places(lines: Lines, place: int) -> int:
    return sum(line.placement == place for line in lines)


@metric("table_points")
def table_points(lines: Lines) -> Fraction:
    """MCR: the sum of table points (4/2/1/0, ties split; rules/mcr.md §7-§8)."""
    return _total(_needed(line, "rank_points", "table_points") for line in lines)


@metric("match_points")
def match_points(lines: Lines) -> Fraction:
    """Zung Jung with ``zj_match_points``: the sum of match points (rules/zung-jung.md §8)."""
    return _total(_needed(line, "rank_points", "match_points") for line in lines)


@metric("session_score")
def session_score(lines: Lines) -> Fraction:
    """The sum of ranked session scores, without ``overall_score`` penalties."""
    return _total(line.score for line in lines)


@metric("result_points")
def result_points(lines: Lines) -> Fraction:
    """Riichi: Σ ((final − return)/1,000 + uma + oka − penalties), then the
    ``overall_score`` penalties (rules/riichi.md §3, §7; sessions.md §5 step 5)."""
    return _total(line.score + line.overall_penalty for line in lines)


@metric("points_total")
def points_total(lines: Lines) -> Fraction:
    """HKOS / Zung Jung / MCR: the sum of session points, then the ``overall_score``
    penalties (rules/hkos.md §7, zung-jung.md §8; sessions.md §5 step 5)."""
    return _total(line.score + line.overall_penalty for line in lines)


@metric("raw_points")
def raw_points(lines: Lines) -> int:
    """Riichi: the sum of final points (45,200 …), before return, uma and oka."""
    return sum(_needed(line, "raw", "raw_points") for line in lines)


def _placed(name: str, place: int, doc: str, *, higher_is_better: bool = True) -> Callable:
    """Register metric ``name``: how many sessions a player placed ``place``
    (a tie shares the place). One function for every place, so the metrics
    below differ only in the place they count and the way that is better."""

    def count(lines: Lines) -> int:
        return _places(lines, place)

    count.__doc__ = doc
    return metric(name, higher_is_better=higher_is_better)(count)


firsts = _placed(
    "firsts", 1, "Sessions placed 1st (a tie shares 1st; rules/mcr.md §8 default chain)."
)
seconds = _placed("seconds", 2, "Sessions placed 2nd (rules/mcr.md §8 default chain).")
thirds = _placed("thirds", 3, "Sessions placed 3rd (rules/mcr.md §8 default chain).")
fourths = _placed(
    "fourths",
    4,
    "Sessions placed 4th; fewer is better (for an event's own ``tiebreak_chain``).",
    higher_is_better=False,
)
session_wins = _placed(
    "session_wins", 1, "HKOS: sessions won, i.e. placed 1st, ties sharing (rules/hkos.md §7)."
)


@metric("best_session")
def best_session(lines: Lines) -> Fraction:
    """The highest single session score; 0 for a player with no session
    (rules/mcr.md §8, hkos.md §7)."""
    return max((line.score for line in lines), default=Fraction(0))
