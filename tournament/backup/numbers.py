"""A backup's numbers held to the bounds the services hold them to (issue #32, M4).

Why: the import writes rows with ``bulk_create``, past the services, and
``validation`` checks only that a number fits its column. A crafted file with
a final score of 10^40 (a JSON column: any size fits) or a stage of 7
entrants was restored, and the standings, exports and PDFs showed it. So
every live row is held to ``tournament.events.bounds`` as the services would
hold it, and each problem is listed at its place in the file, in the same
words as the page and the API say it:

- each hand's numbers (``hands[3].entry.fan``, ``hands[3].entry.wins[1].han``),
  against the event's own form (its family's value fields);
- each version's final scores and riichi sticks left
  (``sheets[0].final_scores.E``, ``sheets[0].leftover_sticks``);
- each penalty's points (``penalties[2].points``);
- each later stage's entrants (``stages[1].size``): tables of four, no more
  than the stage before holds (its entrants, or the players of the file);
- each round clock's length (``round_clocks[0].duration_seconds``), as long
  as the director may set it (``hall.clock.MAX_MINUTES``), and every other
  count of seconds of a clock and its log within a week either way: a
  deadline past the year 9999 would break every page showing the clock.

A row with a problem is not replayed (``replaying`` skips it): its problem
is the one to fix.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from tournament.backup.validation import Problems, place
from tournament.events.bounds import LEFTOVER_STICKS, PENALTY, Bound
from tournament.events.models import Event
from tournament.hall.clock.services import MAX_MINUTES
from tournament.results.choices import entry_of
from tournament.results.sheet.hand_bounds import hand_problems, refused, score_problems
from tournament.stages.models import Stage
from tournament.stages.services import size_problem

# A round clock: its length as the director may set it, any other count of its
# seconds (paused, extended, a table's extra time, a log line) within a week.
CLOCK_LENGTH = Bound(
    "duration_seconds", gettext_lazy("the round clock's length in seconds"), 60, MAX_MINUTES * 60
)
WEEK = 7 * 24 * 60 * 60
CLOCK_SECONDS = Bound("seconds", gettext_lazy("seconds on the round clock"), -WEEK, WEEK)
CLOCK_FIELDS = {
    "round_clocks": {
        "duration_seconds": CLOCK_LENGTH,
        "paused_seconds": CLOCK_SECONDS,
        "extra_seconds": CLOCK_SECONDS,
    },
    "clock_events": {"seconds": CLOCK_SECONDS},
}


def check_numbers(document: dict, event: Event | None, problems: Problems) -> None:
    """Every number of the file's live rows within its bound (see the module doc).

    ``event`` is the unsaved event whose rules the replay reads; None (its
    rules cannot be read) leaves the hands' numbers to be checked once it can.
    """
    if event is not None:
        _hands(document, event, problems)
    _sheets(document, problems)
    _penalties(document, problems)
    _stages(document, problems)
    _clocks(document, problems)


def _live(document: dict, key: str, problems: Problems):
    """(index, row, its place) of each row of ``key`` whose own check found nothing."""
    for i, row in enumerate(document.get(key) or ()):
        where = place(key, i)
        if isinstance(row, dict) and where not in problems.bad_rows:
            yield i, row, where


def _hands(document: dict, event: Event, problems: Problems) -> None:
    offered = entry_of(event)
    for _i, row, where in _live(document, "hands", problems):
        for error in hand_problems(offered, row.get("entry"), f"{where}.entry"):
            problems.add(error.field, str(error.detail), where)


def _sheets(document: dict, problems: Problems) -> None:
    for _i, row, where in _live(document, "sheets", problems):
        errors = list(score_problems(row.get("final_scores"), f"{where}.final_scores"))
        sticks = refused(LEFTOVER_STICKS, row.get("leftover_sticks"), f"{where}.leftover_sticks")
        for error in [*errors, *([sticks] if sticks else [])]:
            problems.add(error.field, str(error.detail), where)


def _penalties(document: dict, problems: Problems) -> None:
    for _i, row, where in _live(document, "penalties", problems):
        error = refused(PENALTY, row.get("points"), f"{where}.points")
        if error is not None:
            problems.add(error.field, str(error.detail), where)


def _stages(document: dict, problems: Problems) -> None:
    """Later stages' entrants: tables of four, at most the stage before (or the players)."""
    rows = sorted(
        (row.get("number"), i, row)
        for i, row, _where in _live(document, "stages", problems)
        if isinstance(row.get("number"), int)
    )
    players = len(document.get("registrations") or ())
    before = None
    for number, i, row in rows:
        stage = Stage(number=number, kind=row.get("kind") or "", size=row.get("size"))
        if number == 1 and stage.size is not None:
            problems.add(
                f"{place('stages', i)}.size",
                "the first stage takes every player: its entrants must be empty (null)",
                place("stages", i),
            )
        if number > 1 and before is not None:
            field = before.size or players
            problem = size_problem(stage, before, field)
            if problem is not None:
                problems.add(f"{place('stages', i)}.size", problem, place("stages", i))
        before = stage


def _clocks(document: dict, problems: Problems) -> None:
    for key, bounds in CLOCK_FIELDS.items():
        for _i, row, where in _live(document, key, problems):
            for name, bound in bounds.items():
                error = refused(bound, row.get(name), f"{where}.{name}")
                if error is not None:
                    problems.add(error.field, str(error.detail), where)
