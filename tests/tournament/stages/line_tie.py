"""A 20-player MCR qualifying round whose cut to 8 falls on a tie, for the cut-note tests.

Five tables; every winner scores 40 and every third -20, so the winners
share rank 1 and the thirds rank 11. The seconds decide the line:

- ``full_tie``: seconds score 24, 23, 20, 20, 19: ranks 6, 7, 8=, 8=, 10.
  The two on 20 are equal on everything MCR ranks by (table points,
  session scores, firsts, seconds, thirds, best session): two players
  tied for one place, which only the director can settle (lot or choice).
- ``tiebreak``: seconds score 24, 23, 21, 20, 19: the 8th and 9th are
  level on table points (2 each) and the declared tiebreak, the session
  scores, puts 21 through.
"""

from __future__ import annotations

from tests.tournament.stages.stage_builder import build, play
from tournament.stages.services import cut_preview
from tournament.standings.stage_rows import stages_of

QUALIFYING = {"kind": "qualifying", "rounds": 1}
FINAL = {"kind": "final", "rounds": 2, "size": 8}
FULL_TIE = {1: 24, 2: 23, 3: 20, 4: 20, 5: 19}
TIEBREAK = {1: 24, 2: 23, 3: 21, 4: 20, 5: 19}


def _scores(seconds: dict):
    def table_scores(table: int) -> tuple[int, ...]:
        second = seconds[table]
        return (40, second, -20, -20 - second)

    return table_scores


def full_tie(table: int) -> tuple[int, ...]:
    return _scores(FULL_TIE)(table)


def tiebreak(table: int) -> tuple[int, ...]:
    return _scores(TIEBREAK)(table)


def played(slug: str, table_scores):
    """The event with round 1 played and published; the final's cut not made yet."""
    event, director, judge = build(slug, 20, [QUALIFYING, FINAL])
    round_ = play(event, 1, director, judge, table_scores)
    return event, director, judge, round_


def second_of(round_, table: int):
    """The registration that sat South (the second) at ``table`` of ``round_``."""
    return round_.tables.get(number=table).seats.get(wind="S").registration


def tied_pair(event):
    """The two tied at the line, in the standings' order (by id), from the cut's preview."""
    cut, _rows = cut_preview(stages_of(event)[1])
    assert len(cut.tie) == 2 and cut.tie_places == 1, cut
    return cut.tie
