"""The bodies of the statistics reads (``tournament.stats``), declared field by field.

**Numbers.** Counts are integers. Rates (``win_rate``, ``deal_in_rate``,
``self_draw_share``) are JSON numbers between 0 and 1 rounded to 4 decimal
places (0.4167 for 5 of 12), and ``average_win`` a number rounded to 2
places; each is ``null`` when there is nothing to divide by (no hand played,
no win). The pages show the same rates as percentages with one decimal.

**Names.** A pattern (fan, yaku …) comes as its stable ``code`` and its
``name`` in the request's Accept-Language; a value's ``unit`` as its code
(han, fan, faan, points) and ``unit_name`` translated.
"""

from __future__ import annotations

from rest_framework import serializers

RATE = "A number from 0 to 1, rounded to 4 decimal places; null when nothing to divide by."
UNIT = "The family's headline unit of a hand's value: han, fan, faan or points."


def rate(help_text: str) -> serializers.FloatField:
    return serializers.FloatField(allow_null=True, help_text=f"{help_text} {RATE}")


class PatternCountSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="The pattern's stable code (the engine's item key).")
    name = serializers.CharField(help_text="Its name in the request's language.")
    count = serializers.IntegerField(help_text="Winning hands that held it.")


class PatternNameSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()


class BigHandSerializer(serializers.Serializer):
    registration = serializers.IntegerField(help_text="The winner's registration id.")
    player = serializers.CharField(help_text="The winner's name.")
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    hand = serializers.IntegerField(help_text="The hand's number on its sheet.")
    label = serializers.CharField(allow_blank=True, help_text="The sheet's hand label, as stored.")
    value = serializers.IntegerField(help_text="The hand's value in ``unit``.")
    unit = serializers.CharField(help_text=UNIT)
    unit_name = serializers.CharField(help_text="The unit in the request's language.")
    gain = serializers.IntegerField(help_text="The table points the winner took in that hand.")
    self_draw = serializers.BooleanField()
    patterns = PatternNameSerializer(many=True, help_text="Biggest first.")


class RankSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    rank = serializers.IntegerField(help_text="The player's overall rank after that round.")


class PlayerStatisticsSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    player = serializers.CharField()
    sessions = serializers.IntegerField(help_text="Sessions with a published, confirmed sheet.")
    hands_played = serializers.IntegerField(help_text="Hands at the player's tables, draws too.")
    hands_won = serializers.IntegerField()
    win_rate = rate("hands_won / hands_played.")
    deal_ins = serializers.IntegerField(help_text="Wins the player discarded into.")
    deal_in_rate = rate("deal_ins / hands_played.")
    self_draws = serializers.IntegerField()
    self_draw_share = rate("self_draws / hands_won.")
    average_win = serializers.FloatField(
        allow_null=True, help_text="Mean value of the player's wins in ``unit``, 2 decimals."
    )
    unit = serializers.CharField(help_text=UNIT)
    unit_name = serializers.CharField()
    biggest_win = BigHandSerializer(allow_null=True)
    patterns = PatternCountSerializer(many=True, help_text="Most common first, then by code.")
    penalties = serializers.IntegerField(help_text="Penalties against the player, not voided.")
    penalty_points = serializers.IntegerField(help_text="Their sum as stored (negative).")
    placements = serializers.ListField(
        child=serializers.IntegerField(),
        min_length=4,
        max_length=4,
        help_text="Sessions finished 1st, 2nd, 3rd and 4th.",
    )
    ranks = RankSerializer(many=True, help_text="The rank after each published round.")
    players = serializers.IntegerField(help_text="How many players are ranked.")


class DistributionSerializer(serializers.Serializer):
    value = serializers.IntegerField(help_text="A hand value in ``unit``.")
    count = serializers.IntegerField(help_text="Winning hands with that value.")


class EventStatisticsSerializer(serializers.Serializer):
    event = serializers.SlugField()
    published = serializers.BooleanField(
        help_text="Whether any round's results are published (else every count is 0)."
    )
    hands = serializers.IntegerField(help_text="Hands counted, draws too.")
    wins = serializers.IntegerField()
    unit = serializers.CharField(help_text=UNIT)
    unit_name = serializers.CharField()
    self_draw_share = rate("Self-drawn wins / wins.")
    distribution = DistributionSerializer(many=True, help_text="By value, smallest first.")
    patterns = PatternCountSerializer(many=True, help_text="Most common first, then by code.")
    biggest = BigHandSerializer(many=True, help_text="The largest wins, biggest first (≤ 10).")
