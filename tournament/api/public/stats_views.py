"""The statistics of a public event and of one of its players, as JSON.

The numbers are :mod:`tournament.stats`' (published, confirmed sheets only),
the same the pages show; here they are only shaped (see
:mod:`tournament.api.public.stats_serializers` for the units and rounding).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.response import Response

from tournament.api.error_schema import NOT_FOUND
from tournament.api.public.stats_serializers import (
    EventStatisticsSerializer,
    PlayerStatisticsSerializer,
)
from tournament.api.public.views import THROTTLED, PublicView
from tournament.events.queries import public_event, registration_of
from tournament.formatting import json_rate as _number
from tournament.glossary import unit_word
from tournament.stats.events import event_statistics
from tournament.stats.names import pattern_name
from tournament.stats.players import player_statistics
from tournament.stats.presenting import has_results, lang, patterns_shown, player_names


def _patterns(event, patterns, language: str) -> list[dict]:
    """Every pattern, named as the pages name them (the pages show the first few)."""
    return patterns_shown(event, patterns, len(patterns), language)


def _big_hand(event, hand, names: dict, language: str) -> dict:
    return {
        "registration": hand.registration_id,
        "player": names.get(hand.registration_id, ""),
        "round": hand.round_number,
        "table": hand.table_number,
        "hand": hand.hand_number,
        "label": hand.label or "",
        "value": hand.value,
        "unit": hand.unit,
        "unit_name": unit_word(hand.unit),
        "gain": hand.gain,
        "self_draw": hand.self_draw,
        "patterns": [
            {"code": code, "name": pattern_name(event, code, language)} for code in hand.patterns
        ],
    }


def player_statistics_data(event, registration) -> dict:
    """The player's statistics as the API answers them (also used by the tests)."""
    stats = player_statistics(registration)
    language = lang()
    names = player_names(event)
    biggest = stats.biggest_win
    return {
        "registration": registration.pk,
        "player": registration.name,
        "sessions": stats.sessions,
        "hands_played": stats.hands_played,
        "hands_won": stats.hands_won,
        "win_rate": _number(stats.win_rate, 4),
        "deal_ins": stats.deal_ins,
        "deal_in_rate": _number(stats.deal_in_rate, 4),
        "self_draws": stats.self_draws,
        "self_draw_share": _number(stats.self_draw_share, 4),
        "average_win": _number(stats.average_win, 2),
        "unit": stats.unit,
        "unit_name": unit_word(stats.unit),
        "biggest_win": _big_hand(event, biggest, names, language) if biggest else None,
        "patterns": _patterns(event, stats.patterns, language),
        "penalties": stats.penalties,
        "penalty_points": stats.penalty_points,
        "placements": list(stats.placements),
        "ranks": [{"round": r, "rank": rank} for r, rank in stats.ranks],
        "players": stats.players,
    }


def event_statistics_data(event) -> dict:
    """The event's statistics as the API answers them."""
    stats = event_statistics(event)
    language = lang()
    names = player_names(event)
    return {
        "event": event.slug,
        "published": has_results(event),
        "hands": stats.hands,
        "wins": stats.wins,
        "unit": stats.unit,
        "unit_name": unit_word(stats.unit),
        "self_draw_share": _number(stats.self_draw_share, 4),
        "distribution": [{"value": v, "count": c} for v, c in stats.distribution],
        "patterns": _patterns(event, stats.patterns, language),
        "biggest": [_big_hand(event, hand, names, language) for hand in stats.biggest],
    }


class EventStatisticsView(PublicView):
    """The hand-value distribution, the most common patterns and the biggest hands."""

    @extend_schema(
        operation_id="event_statistics",
        tags=["statistics"],
        summary="An event's statistics",
        description="Counted from the published, confirmed sheets. 404 for an event not public.",
        responses={
            200: EventStatisticsSerializer,
            304: OpenApiResponse(description="Not modified (If-None-Match)."),
            404: NOT_FOUND,
            429: THROTTLED,
        },
    )
    def get(self, request, slug):
        event = public_event(slug)
        return Response(EventStatisticsSerializer(event_statistics_data(event)).data)


class PlayerStatisticsView(PublicView):
    """One player's hands won, rates, average and biggest win, patterns, penalties, placements."""

    @extend_schema(
        operation_id="player_statistics",
        tags=["statistics"],
        summary="A player's statistics",
        description=(
            "Counted from the published, confirmed sheets. ``registration`` is the id in the "
            "player page's URL. 404 for an event not public or a player not in it."
        ),
        responses={
            200: PlayerStatisticsSerializer,
            304: OpenApiResponse(description="Not modified (If-None-Match)."),
            404: NOT_FOUND,
            429: THROTTLED,
        },
    )
    def get(self, request, slug, registration):
        event = public_event(slug)
        found = registration_of(event, registration)
        return Response(PlayerStatisticsSerializer(player_statistics_data(event, found)).data)
