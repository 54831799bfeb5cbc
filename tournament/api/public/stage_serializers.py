"""The bodies of the stage and team reads (issue #21), declared field by field.

Kept apart from ``public_serializers`` (which stays the event's core reads);
numbers follow its rule: exact fractions as strings, codes stored, the
request's language only in the ``*_name`` and ``title`` fields.
"""

from __future__ import annotations

from rest_framework import serializers

from tournament.api.public.serializers import EXACT, exact
from tournament.events.models import Registration
from tournament.stages.models import Stage, StageEntrant


class EntrantSerializer(serializers.Serializer):
    registration = serializers.IntegerField(help_text="The registration id.")
    name = serializers.CharField()
    team = serializers.CharField(allow_blank=True)
    status = serializers.ChoiceField(choices=Registration.Status.choices)
    reason = serializers.ChoiceField(
        choices=StageEntrant.Reason.choices,
        help_text="Why they are in: rank, wild_card, or tie (chosen by the director at a tie).",
    )
    reason_name = serializers.CharField(help_text="The reason in the request's language.")
    rank_before = serializers.IntegerField(
        allow_null=True, help_text="Their rank in the stage before, at the cut."
    )


class LineSideSerializer(serializers.Serializer):
    registration = serializers.IntegerField(help_text="The registration id.")
    name = serializers.CharField()
    rank = serializers.IntegerField(help_text="Their rank in the stage before (shared at a tie).")


class CutLineSerializer(serializers.Serializer):
    method = serializers.ChoiceField(
        choices=Stage.CutMethod.choices,
        help_text="How the line was decided: rank (the two were not level), tiebreak (the "
        "declared tiebreak), lot, or choice (the director's, at a tie on everything).",
    )
    method_name = serializers.CharField(help_text="The method in the request's language.")
    tiebreak = serializers.CharField(
        allow_blank=True,
        help_text="The metric code that decided (as in the standings' metrics) for tiebreak; "
        "else empty.",
    )
    reason = serializers.CharField(
        allow_blank=True, help_text="The director's reason, as typed, for lot or choice."
    )
    last_in = LineSideSerializer(help_text="The last player through by rank.")
    first_out = LineSideSerializer(help_text="The first player out (not withdrawn).")


class StageSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1 for the first stage.")
    kind = serializers.ChoiceField(choices=Stage.Kind.choices)
    kind_name = serializers.CharField(help_text="The kind in the request's language.")
    rounds = serializers.ListField(
        child=serializers.IntegerField(), help_text="The event-wide numbers of its rounds."
    )
    method = serializers.ChoiceField(choices=Stage.Method.choices)
    pattern = serializers.ChoiceField(choices=Stage.Pattern.choices)
    size = serializers.IntegerField(
        allow_null=True, help_text="Entrants the cut takes; null for the first stage."
    )
    carry = serializers.ChoiceField(
        choices=Stage.Carry.choices, help_text="Points carried from the stage before."
    )
    cut_made = serializers.BooleanField(help_text="True for the first stage.")
    cut_at = serializers.DateTimeField(allow_null=True)
    cut_line = CutLineSerializer(
        allow_null=True,
        help_text="How the cut's line was decided; null for the first stage, before the "
        "cut, and when no one went out by rank.",
    )
    entrants = EntrantSerializer(
        many=True, help_text="Empty for the first stage (every player) and before the cut."
    )


class StagesSerializer(serializers.Serializer):
    current = serializers.IntegerField(
        allow_null=True, help_text="The stage being played (the latest with its players)."
    )
    stages = StageSerializer(many=True, help_text="Empty for an event without stages.")


class TeamMemberSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The registration id.")
    player = serializers.CharField()
    status = serializers.ChoiceField(choices=Registration.Status.choices)


class TeamRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    team = serializers.CharField()
    points = exact(help_text="The team's ranking value (the ruleset's first metric). " + EXACT)
    score = exact(help_text="The first tiebreak (the ruleset's second metric). " + EXACT)
    sessions = serializers.IntegerField(help_text="Sessions counted for the team.")
    members = TeamMemberSerializer(many=True)


class TeamRankingSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=[("all", "all"), ("best", "best")],
        help_text="all: every member's sessions; best: the best N of each round.",
    )
    best = serializers.IntegerField(allow_null=True, help_text="N for kind best.")
    title = serializers.CharField(help_text="The ranking's name in the request's language.")
    rows = TeamRowSerializer(many=True)


class TeamsSerializer(serializers.Serializer):
    rankings = TeamRankingSerializer(
        many=True, help_text="The event's team rankings, the main one first; empty: no teams."
    )
