"""The bodies of the public reads, declared field by field so the schema is the answer.

The views build plain dicts from the public pages' own functions
(``tournament.public.history``, ``tournament.standings.services``) and these
serializers only shape them; nothing here computes a score.

**Numbers.** Every score, points value or part is an *exact* string, the
same text as the pages' ``data-value`` attributes: the fraction in lowest
terms ("-3", "153/10", "7/3"), never a rounded float. The standings rows also
carry ``points`` and ``score`` as JSON numbers rounded as ``manage.py
standings --format json`` prints them (an int when whole, else the family's
decimal places), for clients that only sort or chart.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournament.events.models import Event, Registration
from tournament.seating.models import Wind

EXACT = (
    "Exact value as a fraction in lowest terms, as the pages' data-value: "
    '"-3", "153/10", "7/3". Null when the sheet did not store it.'
)


@extend_schema_field(OpenApiTypes.NUMBER)
class NumberField(serializers.Field):
    """A JSON number passed through as the view computed it (an int stays an int)."""

    def to_representation(self, value):
        return value


def exact(**kwargs) -> serializers.CharField:
    return serializers.CharField(help_text=kwargs.pop("help_text", EXACT), **kwargs)


class EventSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    ruleset = serializers.CharField(help_text="The ruleset's code (stable).")
    ruleset_title = serializers.CharField(
        help_text="The ruleset and its edition, in the request's language."
    )
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    status = serializers.ChoiceField(choices=Event.Status.choices)
    rounds_planned = serializers.IntegerField(allow_null=True)
    player_count = serializers.IntegerField(help_text="Registrations not withdrawn.")
    url = serializers.URLField(help_text="The event's public page.")


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The registration id (as in the player page's URL).")
    name = serializers.CharField()
    latin_first_name = serializers.CharField(allow_blank=True)
    latin_last_name = serializers.CharField(allow_blank=True)
    club = serializers.CharField(allow_blank=True)
    country = serializers.CharField(allow_blank=True)
    status = serializers.ChoiceField(
        choices=Registration.Status.choices,
        help_text="active, reserve, substitute (house substitute, never ranked), "
        "dropped (withdrawn).",
    )
    status_name = serializers.CharField(help_text="The status in the request's language.")
    url = serializers.URLField(help_text="The player's public page.")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seating_published = serializers.BooleanField()
    results_published = serializers.BooleanField()
    results_published_at = serializers.DateTimeField(allow_null=True)


class SeatSerializer(serializers.Serializer):
    wind = serializers.ChoiceField(choices=Wind.choices)
    registration = serializers.IntegerField()
    name = serializers.CharField()


class SeatingTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField(
        help_text="The table's label, or 'Table N' in the request's language."
    )
    seats = SeatSerializer(many=True, help_text="East, South, West, North.")


class SeatingSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    tables = SeatingTableSerializer(many=True)


class PartSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable code: points, uma, oka, sticks, chombo, …")
    name = serializers.CharField(help_text="In the request's language.")
    value = exact(allow_null=True)


class PenaltySerializer(serializers.Serializer):
    category = serializers.CharField()
    category_name = serializers.CharField()
    points = exact(allow_null=True)
    scope = serializers.CharField(allow_null=True)
    reason = serializers.CharField(allow_blank=True)


class SessionLineSerializer(serializers.Serializer):
    """One seat's session, as the round results and player pages show it."""

    wind = serializers.ChoiceField(choices=Wind.choices)
    registration = serializers.IntegerField()
    name = serializers.CharField()
    placement = serializers.IntegerField(allow_null=True, help_text="Rank in the session, 1-4.")
    final_points = exact(allow_null=True, help_text="Final points at the table. " + EXACT)
    score = exact(allow_null=True, help_text="The session score. " + EXACT)
    rank_points = exact(allow_null=True)
    uma = exact(allow_null=True)
    oka = exact(allow_null=True)
    parts = PartSerializer(
        many=True,
        allow_null=True,
        help_text="The session score taken apart; the values add up to score. "
        "Null when the family cannot take it apart.",
    )
    apart = PartSerializer(many=True, help_text="What is not in the score (overall penalties, …).")
    penalties = PenaltySerializer(many=True)


class ResultsTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    seats = SessionLineSerializer(many=True)


class RoundResultsSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    tables = ResultsTableSerializer(many=True)


class PlayerSessionSerializer(SessionLineSerializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField(help_text="The table's number.")
    table_name = serializers.CharField()
    total = exact(
        allow_null=True,
        help_text="Running total after this round (first standings metric). " + EXACT,
    )
    running_rank = serializers.IntegerField(
        allow_null=True,
        help_text="Overall rank counting the published rounds up to this one "
        "(as the statistics' rank chart); null when not ranked (a house substitute).",
    )
    opponents = SeatSerializer(many=True)


class PlayerHistorySerializer(serializers.Serializer):
    player = PlayerSerializer()
    rank = serializers.IntegerField(
        allow_null=True, help_text="Current public rank; null if unranked."
    )
    tied = serializers.BooleanField()
    total = exact(allow_null=True, help_text="Current total (first standings metric). " + EXACT)
    total_name = serializers.CharField(help_text="What the total is, in the request's language.")
    sessions = PlayerSessionSerializer(many=True)


class WhereSeatSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    table_name = serializers.CharField()
    wind = serializers.ChoiceField(choices=Wind.choices)
    wind_name = serializers.CharField()


class WherePlayerSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()
    current = WhereSeatSerializer(
        allow_null=True,
        help_text="The seat in the latest published round; null if not seated there.",
    )
    rounds = WhereSeatSerializer(many=True, help_text="The seat in each published round.")


class WhereSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="The name searched (accents and case ignored).")
    current_round = serializers.IntegerField(allow_null=True)
    players = WherePlayerSerializer(many=True)


class MetricSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()


class MetricValueSerializer(MetricSerializer):
    value = exact()
    shown = serializers.CharField(help_text="As the standings page prints it.")


class AwaitingTableSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    latin_first_name = serializers.CharField(allow_blank=True)
    latin_last_name = serializers.CharField(allow_blank=True)
    club = serializers.CharField(allow_blank=True)
    country = serializers.CharField(allow_blank=True)
    status = serializers.ChoiceField(choices=Registration.Status.choices)
    withdrawn = serializers.BooleanField()
    sessions = serializers.IntegerField()
    team = serializers.CharField(allow_blank=True, help_text="The player's team; empty: none.")
    stage = serializers.IntegerField(
        allow_null=True,
        help_text="Events with stages: the furthest stage the player reached (overall "
        "standings) or the stage asked for (?stage=N); null without stages.",
    )
    carried = exact(
        allow_null=True,
        help_text="Events with stages: the points brought into that stage from the one "
        "before (part of total). " + EXACT,
    )
    total = exact(help_text="The ranking value (first metric). " + EXACT)
    tiebreak = exact(help_text="The first tiebreak (second metric). " + EXACT)
    points = NumberField(
        help_text="total as a JSON number, as `manage.py standings --format json` prints points."
    )
    score = NumberField(
        help_text="tiebreak as a JSON number, as `manage.py standings --format json` prints score."
    )
    parts = MetricValueSerializer(many=True, help_text="Every metric of the ruleset, in order.")
    awaiting = AwaitingTableSerializer(
        many=True,
        help_text="Tables of this player whose sheet went back for confirmation after a seat "
        "correction: left out of these numbers until confirmed again. Usually empty.",
    )


class StandingsSerializer(serializers.Serializer):
    stage = serializers.IntegerField(
        allow_null=True, help_text="The stage whose own standings these are; null: overall."
    )
    rounds = serializers.ListField(child=serializers.IntegerField(), help_text="Rounds counted.")
    computed_at = serializers.DateTimeField(allow_null=True)
    metrics = MetricSerializer(many=True, help_text="The ruleset's precedence: ranked on these.")
    rows = StandingsRowSerializer(many=True)
