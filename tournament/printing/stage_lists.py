"""Template data of the printed stage and team standings (issue #21).

Why apart from ``lists``: an event without stages or teams prints exactly as
before (``lists.standings_context``); a staged event's standings name their
stage, show the points carried into it, the line of the next cut (or, once
it is made, who went through), and the overall standings show the stage
each player reached. The rows come from ``stages.services`` and
``standings.teams``; nothing is computed here but the page layout.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.events.errors import EventError
from tournament.formatting import points, rank
from tournament.glossary import metric_label
from tournament.printing.lists import (
    PORTRAIT_METRICS,
    STANDINGS_ROWS_PER_PAGE,
    metric_names,
    printed_row,
)
from tournament.stages.cut_note import cut_note, through_first
from tournament.stages.services import current_stage
from tournament.standings.services import standings
from tournament.standings.stage_rows import stage_rows, stages_of
from tournament.standings.team_exports import ranking_title
from tournament.standings.teams import team_standings


def stage_param(event, wanted) -> int | str | None:
    """The stage a standings PDF shows: a number, ``"overall"``, or None (no stages).

    Nothing asked: the stage being played (the current one), fixed now so the
    job's page and its twin check name one document.
    """
    stages = stages_of(event)
    if not stages:
        return None
    if wanted in (None, ""):
        return current_stage(event).number
    if wanted == "overall":
        return "overall"
    playing = {str(s.number): s.number for s in stages if s.number == 1 or s.cut_at is not None}
    if str(wanted) not in playing:
        raise EventError(
            _("There is no stage %(stage)s with players to print.") % {"stage": wanted}
        )
    return playing[str(wanted)]


def _stage_named(event, wanted):
    """The :class:`Stage` asked for (a number; None: the current one), or None for overall."""
    stages = stages_of(event)
    if wanted == "overall":
        return None, stages
    if wanted in (None, ""):
        return current_stage(event), stages
    stage = next((s for s in stages if str(s.number) == str(wanted)), None)
    if stage is None:
        raise ValueError(f"no stage {wanted!r}")
    return stage, stages


def _cut_line(stage, stages) -> dict:
    """Where the next stage's cut falls on this stage's list, and who went through."""
    after = next((s for s in stages if stage is not None and s.number == stage.number + 1), None)
    if after is None:
        return {"next": None, "size": None, "through": set()}
    through = set()
    if after.cut_at is not None:
        through = set(after.entrants.values_list("registration_id", flat=True))
    return {"next": after, "size": after.size, "through": through}


def stage_standings_context(event, scope: str, wanted) -> dict:
    """A stage's standings (``wanted``: its number, None for the current one) or ``"overall"``."""
    stage, stages = _stage_named(event, wanted)
    snapshot = standings(event, scope)
    source = snapshot.rows if stage is None else stage_rows(stage, scope)
    metrics = metric_names(event, source)
    names = {s.number: str(s) for s in stages}
    cut = _cut_line(stage, stages)
    if cut["through"]:  # the line where the cut drew it, and how it was decided (issue #34)
        source = through_first(source, cut["through"])
        cut["note"] = cut_note(cut["next"], source)
    carried = stage is not None and stage.number > 1 and stage.carry != "none"
    rows = []
    for i, row in enumerate(source, start=1):
        printed = printed_row(row, metrics)
        printed.update(
            team=row.get("team") or "",
            carried=points(row.get("carried")) if carried else "",
            stage=names.get(row.get("stage"), ""),
            through=row["registration"] in cut["through"],
            line_after=cut["size"] == i,
        )
        rows.append(printed)
    counted = snapshot.rounds or []
    if stage is not None:
        counted = [n for n in counted if n in stage.round_numbers]
    wide = len(metrics) + carried > PORTRAIT_METRICS
    return {
        "event": event,
        "scope": scope,
        "stage": stage,
        "title": str(stage) if stage is not None else _("Overall"),
        "rounds": counted,
        "last_round": max(counted) if counted else None,
        "metrics": [metric_label(name) for name in metrics],
        "rows": rows,
        "show_carried": carried,
        "show_team": any(r["team"] for r in rows),
        "show_stage": stage is None,
        "cut": cut,
        "wide": wide,
        "rows_per_page": STANDINGS_ROWS_PER_PAGE["landscape" if wide else "portrait"],
        "computed_at": snapshot.computed_at,
    }


def team_standings_context(event, scope: str) -> dict:
    """Every team ranking the event publishes, each a table with its members."""
    tables = team_standings(event, scope)
    snapshot = standings(event, scope)
    order = metric_names(event, snapshot.rows)
    labels = [metric_label(n) for n in order[:2]]
    rankings = [
        {
            "title": ranking_title(table),
            "rows": [
                {
                    "rank": rank(r["rank"], r["tied"]),
                    "team": r["team"],
                    "points": points(r["points"]),
                    "score": points(r["score"]),
                    "sessions": r["sessions"],
                    "members": r["members"],
                }
                for r in table.rows
            ],
        }
        for table in tables
    ]
    return {
        "event": event,
        "scope": scope,
        "rankings": rankings,
        "labels": labels,
        "rounds": snapshot.rounds or [],
        "last_round": max(snapshot.rounds) if snapshot.rounds else None,
        "computed_at": snapshot.computed_at,
    }
