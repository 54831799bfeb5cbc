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
from tournament.stages.services import current_stage
from tournament.standings.services import Scope
from tournament.standings.stage_rows import stages_of
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


def _stage(stage) -> dict:
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
        "entrants": [_entrant(e) for e in entrants],
    }


class StageList(PublicView):
    @answers(out.StagesSerializer, "slug")
    def get(self, request, slug):
        """The event's stages in order: their rounds, seating, carry, cut and entrants."""
        event = public_event(slug)
        current = current_stage(event)
        data = {
            "current": current.number if current else None,
            "stages": [_stage(s) for s in stages_of(event)],
        }
        return Response(out.StagesSerializer(data).data)


class TeamStandings(PublicView):
    @answers(out.TeamsSerializer, "slug")
    def get(self, request, slug):
        """The team standings of the published rounds, every ranking the event publishes."""
        event = public_event(slug)
        document = teams_document(event, scope=Scope.PUBLIC)
        return Response(out.TeamsSerializer({"rankings": document["rankings"]}).data)
