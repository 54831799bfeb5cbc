"""The public reads' answers as plain dicts, from what the public pages' functions return.

Kept apart from the views so each view is a few lines: look up, call the
page's function, shape with these, serialize (``public_serializers``).
Numbers become exact strings (``exact``); nothing is computed here.
"""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter

from tournament.events.models import Event, Registration
from tournament.formatting import exact
from tournament.formatting import json_number as number
from tournament.formatting import points as shown_points
from tournament.public.tables import metric_name
from tournament.seating.models import Seat
from tournament.standings.awaiting import mark_awaiting
from tournament.standings.stage_rows import stage_rows, stages_of


def event_data(request, event: Event) -> dict:
    return {
        "slug": event.slug,
        "name": event.name,
        "ruleset": event.ruleset,
        "ruleset_title": event.rules_title(),
        "start_date": event.start_date,
        "end_date": event.end_date,
        "status": event.status,
        "rounds_planned": event.rounds_planned,
        "player_count": event.player_count,
        "url": request.build_absolute_uri(reverse("public:event", args=[event.slug])),
    }


def player_data(request, event: Event, registration: Registration) -> dict:
    player = registration.player
    page = reverse("public:player", args=[event.slug, registration.pk])
    return {
        "id": registration.pk,
        "name": registration.name,
        "latin_first_name": player.latin_first_name,
        "latin_last_name": player.latin_last_name,
        "club": registration.club,
        "country": registration.country,
        "status": registration.status,
        "status_name": registration.get_status_display(),
        "url": request.build_absolute_uri(page),
    }


def part_list(parts) -> list[dict] | None:
    if parts is None:
        return None
    return [{"code": p["code"], "name": str(p["name"]), "value": p["exact"] or None} for p in parts]


def penalty_list(entries) -> list[dict]:
    return [
        {
            "category": e.get("category") or "",
            "category_name": str(e.get("category_name") or ""),
            "points": exact(e.get("points")),
            "scope": e.get("scope"),
            "reason": str(e.get("reason") or ""),
        }
        for e in entries
    ]


def session_line(line: dict) -> dict:
    """``history._seat_line``'s dict, reduced to plain JSON values."""
    seat = line["seat"]
    placement = line["placement"]
    return {
        "wind": line["wind"],
        "registration": seat.registration_id,
        "name": seat.registration.name,
        "placement": None if placement in (None, "") else int(placement),
        "final_points": exact(line["final"]),
        "score": exact(line["score"]),
        "rank_points": exact(line["rank_points"]),
        "uma": exact(line["uma"]),
        "oka": exact(line["oka"]),
        "parts": part_list(line["parts"]),
        "apart": part_list(line["apart"]) or [],
        "penalties": penalty_list(line["penalties"]),
    }


def seat_data(seat: Seat) -> dict:
    return {
        "wind": seat.wind,
        "registration": seat.registration_id,
        "name": seat.registration.name,
    }


def standings_row(row: dict, metrics: list[str], places: int) -> dict:
    values = row.get("metrics") or {}
    return {
        "rank": row["rank"],
        "tied": row["tied"],
        "registration": row["registration"],
        "name": row["player"],
        "latin_first_name": row.get("latin_first_name") or "",
        "latin_last_name": row.get("latin_last_name") or "",
        "club": row.get("club") or "",
        "country": row.get("country") or "",
        "status": row["status"],
        "withdrawn": row["withdrawn"],
        "sessions": row["sessions"],
        "team": row.get("team") or "",
        "stage": row.get("stage"),
        "carried": exact(row.get("carried")),
        "total": exact(row["points"]),
        "tiebreak": exact(row["score"]),
        "points": number(row["points"], places),
        "score": number(row["score"], places),
        "parts": [
            {
                "code": m,
                "name": metric_name(m),
                "value": exact(values[m]),
                "shown": shown_points(values[m]),
            }
            for m in metrics
            if m in values
        ],
        "awaiting": [
            {"round": round_number, "table": table}
            for round_number, table in row.get("awaiting") or []
        ],
    }


STAGE_QUERY = OpenApiParameter(
    "stage",
    {"type": "integer", "minimum": 1, "maximum": 32767},
    OpenApiParameter.QUERY,
    required=False,
    description="A stage's own standings (its entrants, its rounds, carried points); "
    "without it, the event's overall standings.",
)


def stage_standings(event, wanted):
    """``(stage, rows)`` for ``?stage=N``, or None without it; 404 for a stage
    the event does not have or whose cut is not made; 400 for a value that is no number."""
    if wanted in (None, ""):
        return None
    from rest_framework.exceptions import ValidationError

    try:
        number = int(wanted)
    except ValueError:
        raise ValidationError({"stage": [_("A stage is a whole number.")]}) from None
    stage = next((s for s in stages_of(event) if s.number == number), None)
    if stage is None or (stage.number > 1 and stage.cut_at is None):
        raise Http404(_("This event has no stage %(number)s with players.") % {"number": number})
    return stage, mark_awaiting(stage_rows(stage, "public"), event, "public")
