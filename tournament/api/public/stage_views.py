"""The public reads of stages and teams (issue #21): the stages and their cuts, a
stage's standings (``standings/?stage=N``) and the team standings.

Same rules as ``public_views``: public events only, published rounds only,
nothing recomputed here (``stages.services``, ``standings.teams``).
"""

from __future__ import annotations

from rest_framework.response import Response

from tournament.api.public import stage_serializers as out
from tournament.api.public.views import PublicView, answers
from tournament.events.queries import public_event
from tournament.stages.cut_note import cut_line
from tournament.stages.services import current_stage
from tournament.standings.services import Scope, session_lines
from tournament.standings.stage_rows import Loaded, stage_rows, stages_of
from tournament.standings.team_exports import teams_document


def _entrant(entrant) -> dict:
    registration = entrant.registration
    return {
        "registration": registration.pk,
        "name": registration.name,
        "team": registration.team,
        "status": registration.status,
        "reason": entrant.reason,
        "reason_name": entrant.get_reason_display(),
        "rank_before": entrant.rank_before,
    }


def _side(row: dict) -> dict:
    return {"registration": row["registration"], "name": row["player"], "rank": row["rank"]}


def _cut_line(stage, before_rows) -> dict | None:
    """How the line of ``stage``'s cut was decided (``stages.cut_note.cut_line``), as codes:
    the public stage page's note without its sentences (issue #34)."""
    if before_rows is None:
        return None
    line = cut_line(stage, before_rows)
    if line is None:
        return None
    return {
        "method": line["method"],
        "method_name": stage.CutMethod(line["method"]).label,
        "tiebreak": line["tiebreak"],
        "reason": line["reason"],
        "last_in": _side(line["above"]),
        "first_out": _side(line["below"]),
    }


def _stage(stage, before_rows=None) -> dict:
    """``before_rows``: the public standings of the stage before (None: the first stage)."""
    entrants = stage.entrants.select_related("registration__player").order_by("rank_before", "pk")
    return {
        "number": stage.number,
        "kind": stage.kind,
        "kind_name": stage.get_kind_display(),
        "rounds": list(stage.round_numbers),
        "method": stage.method,
        "pattern": stage.pattern,
        "size": stage.size,
        "carry": stage.carry,
        "cut_made": stage.number == 1 or stage.cut_at is not None,
        "cut_at": stage.cut_at,
        "cut_line": _cut_line(stage, before_rows),
        "entrants": [_entrant(e) for e in entrants],
    }


def _stages(event) -> list[dict]:
    """Every stage, each cut with the standings it was drawn on (the public rows, read once)."""
    stages = stages_of(event)
    if not any(s.cut_at for s in stages):
        return [_stage(s) for s in stages]
    lines, loaded, memo = session_lines(event, Scope.PUBLIC), Loaded(event), {}
    answer = []
    for before, stage in zip([None, *stages], stages, strict=False):
        rows = None
        if before is not None and stage.cut_at is not None:
            rows = stage_rows(before, Scope.PUBLIC, lines, loaded, memo)
        answer.append(_stage(stage, rows))
    return answer


class StageList(PublicView):
    @answers(out.StagesSerializer, "slug")
    def get(self, request, slug):
        """The event's stages in order: their rounds, seating, carry, cut (how its line was
        decided) and entrants."""
        event = public_event(slug)
        current = current_stage(event)
        data = {
            "current": current.number if current else None,
            "stages": _stages(event),
        }
        return Response(out.StagesSerializer(data).data)


class TeamStandings(PublicView):
    @answers(out.TeamsSerializer, "slug")
    def get(self, request, slug):
        """The team standings of the published rounds, every ranking the event publishes."""
        event = public_event(slug)
        document = teams_document(event, scope=Scope.PUBLIC)
        return Response(out.TeamsSerializer({"rankings": document["rankings"]}).data)
