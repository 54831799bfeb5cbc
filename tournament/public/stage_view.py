"""Which stage the public standings show, and that stage's rows (issue #21).

Vocabulary:

- **view**: what the standings page shows for an event played in stages: one
  stage (``?stage=2``) or the overall ranking (``?stage=overall``). Without
  ``?stage=`` it is the *current* stage (``stages.services.current_stage``):
  the semifinal once its cut is made, as the hall follows the event.
- **tab**: a link to a view. Only stages whose players are known are tabs
  (stage 1, and every stage whose cut is made); a later stage before its
  cut is no page at all (404), as an unknown number is.
- **through**: on a stage's table, the players the next stage's cut took;
  a line follows the last one taken by rank (wild cards may sit below it),
  and a note names the players either side of it and how it was decided.

An event without stages has no view: its page is exactly what it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

from django.http import Http404
from django.utils import timezone

from tournament.events.models import Registration
from tournament.stages.cut_note import BY_RANK, cut_note, through_first
from tournament.stages.models import Stage, StageEntrant
from tournament.stages.services import current_stage
from tournament.standings.stage_rows import stage_rows, stages_of

OVERALL = "overall"


@dataclass
class StageView:
    """The stages with players, the current one, and the one shown (None: overall)."""

    stages: list[Stage]
    current: Stage
    shown: Stage | None
    tabs: list[dict] = field(default_factory=list)

    @property
    def key(self) -> str:
        """What the page shows, for cache keys: a stage number or "overall"."""
        return str(self.shown.number) if self.shown else OVERALL

    @property
    def carries(self) -> bool:
        """The shown stage brings points from the one before (a "Carried" column)."""
        shown = self.shown
        return shown is not None and shown.number > 1 and shown.carry != Stage.Carry.NONE

    @property
    def names(self) -> dict[int, str]:
        """Stage number -> its name in the reader's language (the overall "Stage" column)."""
        return {stage.number: stage.get_kind_display() for stage in self.stages}

    @property
    def next_stage(self) -> Stage | None:
        """The stage after the shown one, once its cut is made (who went through)."""
        if self.shown is None:
            return None
        return next((s for s in self.stages if s.number == self.shown.number + 1), None)


def stage_view(event, asked: str | None) -> StageView | None:
    """The view ``?stage=`` asks for (the current stage without it); None without stages.

    An unknown stage, or one whose cut is not made yet, is a 404.
    """
    every = stages_of(event)
    if not every:
        if asked:
            raise Http404  # no stages: no stage to show
        return None
    played = [s for s in every if s.number == 1 or s.cut_at is not None]
    current = played[-1]  # as ``current_stage`` says, without reading the stages again
    if asked in (None, ""):
        shown = current
    elif asked == OVERALL:
        shown = None
    else:
        shown = next((s for s in played if str(s.number) == asked), None)
        if shown is None:
            raise Http404
    view = StageView(stages=played, current=current, shown=shown)
    view.tabs = [
        {"label": s.get_kind_display(), "value": str(s.number), "selected": s is shown}
        for s in played
    ]
    view.tabs.append({"label": None, "value": OVERALL, "selected": shown is None})
    return view


def stage_snapshot(view: StageView, fingerprint: str, lines) -> SimpleNamespace:
    """The shown stage's standings as the page's template reads a snapshot.

    ``lines``: the public session lines (read once, shared with the carried points).
    """
    stage = view.shown
    rows = stage_rows(stage, "public", lines)
    rounds = sorted({line.round for line in lines if line.round in stage.round_numbers})
    rows, note = _mark_through(view, rows)
    return SimpleNamespace(
        fingerprint=fingerprint,
        rows=rows,
        rounds=rounds,
        computed_at=timezone.now(),
        cut_note=note,
    )


def _mark_through(view: StageView, rows: list[dict]) -> tuple[list[dict], dict | None]:
    """Mark the rows the next stage's cut took, and the line after the last taken by rank.

    Within a shared rank the players through come first, so the line falls
    where the cut drew it (issue #34: at a tie settled by lot, the one taken
    may have the higher id). Returns the rows and the note that explains the
    line (``stages.cut_note``): the two players either side and how it was decided.
    """
    following = view.next_stage
    if following is None:
        return rows, None
    reasons = dict(
        StageEntrant.objects.filter(stage=following).values_list("registration_id", "reason")
    )
    rows = through_first(rows, set(reasons))
    last = None
    for position, row in enumerate(rows):
        reason = reasons.get(row["registration"])
        row["through"] = reason is not None
        row["wild_card"] = reason == StageEntrant.Reason.WILD_CARD
        if reason in BY_RANK:
            last = position
    if last is not None and last < len(rows) - 1:
        rows[last]["cut_line"] = True
    return rows, cut_note(following, rows, reasons)


def stage_facts(event) -> dict | None:
    """The current stage for the event page: its name, rounds and players (None: no stages)."""
    stage = current_stage(event)
    if stage is None:
        return None
    if stage.number == 1:
        players = event.registrations.exclude(status=Registration.Status.SUBSTITUTE).count()
    else:
        players = stage.entrants.count()
    return {
        "name": stage.get_kind_display(),
        "first": stage.first_round,
        "last": stage.last_round,
        "players": players,
        "several": len(stages_of(event)) > 1,
    }
