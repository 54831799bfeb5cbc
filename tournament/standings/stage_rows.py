"""The standings of an event with stages (issue #21): each stage's, and the overall ones.

A stage's standings are the event's own ranking (``standings.rows``) applied to
fewer rounds and fewer players, with the earlier stage's points carried; the
arithmetic stays pure (``scoring.standings.stages``). The stages themselves
(``tournament.stages``: their models, the cut) sit above the standings, and
make the cut from these rows: this module reads them through the event's
relations (``event.stages``, ``stage.entrants``) and names none of their code.

Overall standings of an event with stages: the entrants of the latest stage
with a cut, in that stage's order, then those who went out at the cut
before it in the earlier stage's order, and so on down to the first stage.
"""

from __future__ import annotations

from fractions import Fraction

from scoring.standings.stages import carried_values
from tournament.events.models import Event, Registration
from tournament.events.rules import precedence_of
from tournament.standings.rows import rank_rows, session_lines

Status = Registration.Status


def stages_of(event: Event) -> list:
    """The event's stages in order (empty: an event without stages)."""
    stages = list(event.stages.order_by("number"))
    first = 1
    for stage in stages:  # first_round known here: no query per stage later
        stage.event = event
        stage.known_first_round = first
        first += stage.rounds
    return stages


def is_staged(event: Event) -> bool:
    """Whether the event is played in stages; the ``staged`` annotation saves the query
    (``Event.objects.with_stage_flag()``)."""
    staged = getattr(event, "staged", None)
    return event.stages.exists() if staged is None else staged


def entrant_registrations(stage) -> list[Registration]:
    """Who plays the stage: every registration for stage 1, the cut's entrants after it."""
    if stage.number == 1:
        return list(
            stage.event.registrations.exclude(status=Status.SUBSTITUTE)
            .select_related("player")
            .order_by("pk")
        )
    return [
        e.registration for e in stage.entrants.select_related("registration__player").order_by("pk")
    ]


def _lines_of(stage, lines) -> list:
    rounds = stage.round_numbers
    return [line for line in lines if line.round in rounds]


class Loaded:
    """An event's stages and their entrants, read once.

    Why: the overall standings rank every stage, each stage's carried points
    rank the one before, and the rank chart does all of it again for every
    round; reading the stages and entrants once keeps a page's queries fixed.
    """

    def __init__(self, event: Event):
        self.stages = stages_of(event)
        self._entrants: dict[int, list[Registration]] = {}

    def entrants(self, stage) -> list[Registration]:
        if stage.number not in self._entrants:
            self._entrants[stage.number] = entrant_registrations(stage)
        return self._entrants[stage.number]

    def previous(self, stage):
        return next((s for s in self.stages if s.number == stage.number - 1), None)


def stage_rows(
    stage, scope: str, lines=None, loaded: Loaded | None = None, _memo=None
) -> list[dict]:
    """The standings of one stage: its entrants over its rounds, with carried points.

    Rows as ``standings.services`` makes them, plus ``stage`` and ``carried``
    (the points brought from the stage before, as an exact string).
    Entrants who withdrew are ranked after the others, as in the event.
    ``loaded`` (:class:`Loaded`) saves the queries when ranking several times.
    """
    memo = {} if _memo is None else _memo  # stage number -> rows, for these lines
    if stage.number in memo:
        return memo[stage.number]
    event = stage.event
    loaded = Loaded(event) if loaded is None else loaded
    lines = session_lines(event, scope) if lines is None else lines
    registrations = loaded.entrants(stage)
    ids = {r.pk for r in registrations}
    carried = {}
    order = precedence_of(event)
    if stage.number > 1 and stage.carry != stage.Carry.NONE:
        before = stage_rows(loaded.previous(stage), scope, lines, loaded, memo)
        metrics = {
            row["registration"]: {k: Fraction(v) for k, v in row["metrics"].items()}
            for row in before
            if row["registration"] in ids
        }
        carried = carried_values(metrics, order, stage.carry)
    mine = _lines_of(stage, lines)
    if stage.number > 1:
        mine = [line for line in mine if line.player in ids]
    rows = rank_rows(event, mine, registrations, carried=carried, everyone=stage.number > 1)
    for row in rows:
        row["stage"] = stage.number
        brought = carried.get(row["registration"], {})
        row["carried"] = str(brought.get(order[0], Fraction(0)))
    memo[stage.number] = rows
    return rows


def overall_rows(event: Event, scope: str, lines=None, loaded: Loaded | None = None) -> list[dict]:
    """The event's standings across its stages (see the module's docstring)."""
    lines = session_lines(event, scope) if lines is None else lines
    loaded = Loaded(event) if loaded is None else loaded
    played = [s for s in loaded.stages if s.number == 1 or s.cut_at is not None]
    rows: list[dict] = []
    placed: set[int] = set()
    memo: dict = {}
    for stage in reversed(played):
        for row in stage_rows(stage, scope, lines, loaded, memo):
            if row["registration"] in placed:
                continue
            placed.add(row["registration"])
            rows.append(dict(row))
    previous = None
    for i, row in enumerate(rows):
        # Ranks go on down the stages; a tie is shared only within one stage.
        same = (
            previous is not None
            and previous["stage"] == row["stage"]
            and previous["stage_rank"] == row["rank"]
        )
        row["stage_rank"] = row["rank"]
        row["rank"] = rows[i - 1]["rank"] if same else i + 1
        previous = row
    return _real_ties(rows)


def _real_ties(rows: list[dict]) -> list[dict]:
    """Mark "tied" the rows whose overall place another row shares, and only those.

    Why (issue #34): a row's ``tied`` came from its stage, where it shared a
    rank; when the cut took some of a tie and left one out, that one is
    alone at its overall place, and "9 =" said a tie that is not there. A
    place is shared only by players of one stage equal on everything it
    ranks by (the ranks above), so sharing the place is the real tie.
    """
    shared: dict[int, int] = {}
    for row in rows:
        shared[row["rank"]] = shared.get(row["rank"], 0) + 1
    for row in rows:
        row["tied"] = shared[row["rank"]] > 1
    return rows
