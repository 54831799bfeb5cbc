"""Stages: what a later stage brings from the one before, and who goes through.

An event played in stages (qualifying, semifinal, final) ranks each stage
on its own rounds, among its own entrants. Two decisions sit between
stages, both pure functions of the earlier stage's standings:

- :func:`carried_values`: the points each entrant brings along: in full,
  halved, or none (the stage's ``carry``). Only the two sums that lead the
  ranking carry (:func:`scoring.standings.ranking.rank_by`), so the
  tiebreaks after them (firsts, best session) are the new stage's own.
- :func:`cut`: the top N by the declared precedence, after any named
  wild cards. A tie that the whole precedence cannot break and that
  straddles the line is never settled here: it is reported (``tie``,
  ``tie_places``) and the director resolves it by the event's rule, by
  naming who goes through (``chosen``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.standings.lines import Standing, StandingsError

CARRY = {"full": Fraction(1), "half": Fraction(1, 2), "none": Fraction(0)}


def carried_values(
    metrics: Mapping[Hashable, Mapping[str, Fraction | int]], order: Sequence[str], carry: str
) -> dict[Hashable, dict[str, Fraction]]:
    """player -> {first metric: value, second metric: value} times the carry factor.

    ``metrics``: each player's metric values at the end of the earlier stage.
    """
    if carry not in CARRY:
        raise StandingsError(f"carry must be one of {', '.join(CARRY)}, not {carry!r}")
    factor = CARRY[carry]
    sums = tuple(order[:2])
    return {
        player: {name: Fraction(values[name]) * factor for name in sums}
        for player, values in metrics.items()
    }


@dataclass(frozen=True)
class Cut:
    """Who goes through to the next stage, and what the director must still decide.

    ``entrants``: the players through, wild cards first, then by rank.
    ``tie``: players sharing the rank across the line (empty when none), of
    whom ``tie_places`` more go through; ``resolved`` is False until the
    director has named them. ``decided_by``: when the players just either
    side of the line have equal points but different ranks, the metric that
    told them apart (the page shows "tied on points, decided by …").
    """

    size: int
    entrants: tuple[Hashable, ...]
    wild_cards: tuple[Hashable, ...]
    tie: tuple[Hashable, ...] = ()
    tie_places: int = 0
    resolved: bool = True
    decided_by: str | None = None
    # The last in and the first out: by rank, or at a settled tie the last of the tied
    # players named and the first of them not named.
    line: tuple[Hashable, Hashable] | None = None


def deciding_metric(
    above: Mapping[str, Fraction | int], below: Mapping[str, Fraction | int], order: Sequence[str]
) -> str | None:
    """The metric that separated two players level on points (None: not level, or not
    separated). ``above`` and ``below``: each player's metric values."""
    if not order or Fraction(above[order[0]]) != Fraction(below[order[0]]):
        return None
    for name in order[1:]:
        if Fraction(above[name]) != Fraction(below[name]):
            return name
    return None


def cut(
    standings: Sequence[Standing],
    size: int,
    order: Sequence[str],
    *,
    wild_cards: Iterable[Hashable] = (),
    excluded: Iterable[Hashable] = (),
    chosen: Iterable[Hashable] = (),
) -> Cut:
    """The top ``size`` of ``standings`` (best first), wild cards taking places first.

    ``excluded`` (withdrawn players, say) never go through and the next in
    rank moves up. ``chosen`` names, among a tie across the line, those who
    go through; it must name exactly as many as there are places left.
    """
    wild = tuple(dict.fromkeys(wild_cards))
    excluded = set(excluded)
    known = {s.player for s in standings}
    for player in wild:
        if player not in known:
            raise StandingsError(f"wild card {player!r} is not in the standings")
        if player in excluded:
            raise StandingsError(f"wild card {player!r} cannot go through")
    if size < 1 or len(wild) > size:
        raise StandingsError(f"a cut to {size} cannot take {len(wild)} wild card(s)")
    eligible = [s for s in standings if s.player not in excluded and s.player not in wild]
    places = min(size - len(wild), len(eligible))
    if places == 0:
        return Cut(size=size, entrants=wild, wild_cards=wild)
    last_in = eligible[places - 1]
    first_out = eligible[places] if places < len(eligible) else None
    line = (last_in.player, first_out.player) if first_out else None
    if first_out is None or first_out.rank != last_in.rank:
        decided = None
        if first_out is not None:
            decided = deciding_metric(last_in.metrics, first_out.metrics, order)
        through = tuple(s.player for s in eligible[:places])
        return Cut(size, wild + through, wild, decided_by=decided, line=line)
    tie = [s.player for s in eligible if s.rank == last_in.rank]
    above = tuple(s.player for s in eligible if s.rank < last_in.rank)
    left = places - len(above)
    chosen = tuple(dict.fromkeys(chosen))
    if not chosen:
        return Cut(size, wild + above, wild, tuple(tie), left, resolved=False, line=line)
    wrong = [p for p in chosen if p not in tie]
    if wrong:
        raise StandingsError(f"{wrong[0]!r} is not among the players tied at the cut")
    if len(chosen) != left:
        raise StandingsError(f"name {left} of the {len(tie)} tied players, not {len(chosen)}")
    # The line falls between the last of the tied players named and the first not named:
    # tied players have one rank, so it is the choice, not the list's order, that draws it.
    named = [p for p in tie if p in chosen]
    unnamed = [p for p in tie if p not in chosen]
    line = (named[-1], unnamed[0]) if unnamed else line
    return Cut(size, wild + above + chosen, wild, tuple(tie), left, resolved=True, line=line)
