"""Standings pages and downloads: the director's (staff scope) and the public files.

Staff views count every confirmed sheet and are guarded by
``event_permission_required``; publishing a round's results needs
``manage``. Public downloads need no login, exist only for public events
(others are a 404) and count only rounds whose results are published.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.events.models import Event
from tournament.events.permissions import has_event_permission
from tournament.seating.models import Round
from tournament.standings import exports, team_exports
from tournament.standings.breakdown import breakdown_csv
from tournament.standings.ema_names import missing_latin_name
from tournament.standings.models import StandingSnapshot
from tournament.standings.services import publish_results, standings

Scope = StandingSnapshot.Scope

# kind -> (builder, content type, file name suffix)
DOWNLOADS = {
    "csv": (exports.standings_csv, exports.CSV_TYPE, "standings.csv"),
    "xlsx": (exports.standings_xlsx, exports.XLSX_TYPE, "standings.xlsx"),
    "ema_results": (exports.ema_csv, exports.CSV_TYPE, "standings-ema.csv"),
}


TEAM_DOWNLOADS = {
    "csv": (team_exports.teams_csv, team_exports.CSV_TYPE, "teams.csv"),
    "json": (team_exports.teams_json, team_exports.JSON_TYPE, "teams.json"),
}


def _stage_rows(event: Event, scope: str, wanted: str | None):
    """``(rows, suffix)`` of ``?stage=N`` (a stage's own standings), or None for the event's."""
    if wanted is None:
        return None
    from tournament.stages.services import stage_rows, stages_of

    stage = next((s for s in stages_of(event) if str(s.number) == wanted), None)
    if stage is None or (stage.number > 1 and stage.cut_at is None):
        raise Http404(_("This event has no stage %(number)s with players.") % {"number": wanted})
    return stage_rows(stage, scope), f"stage-{stage.number}-"


def _download(event: Event, scope: str, kind: str, stage: str | None = None) -> HttpResponse:
    build, content_type, suffix = DOWNLOADS[kind]
    staged = _stage_rows(event, scope, stage) if kind != "ema_results" else None
    rows, part = staged or (standings(event, scope).rows, "")
    response = HttpResponse(build(event, rows), content_type=content_type)
    prefix = f"{event.slug}-staff" if scope == Scope.STAFF else event.slug
    prefix = f"{prefix}-{part}".rstrip("-")
    response["Content-Disposition"] = f'attachment; filename="{prefix}-{suffix}"'
    return response


@event_permission_required("view")
def staff_standings(request, event):
    """Every confirmed sheet counted, published or not, with the downloads."""
    snapshot = standings(event, Scope.STAFF)
    headers, body = exports.table(event, snapshot.rows)
    rounds = list(event.rounds.order_by("number"))
    return render(
        request,
        "standings/staff.html",
        {
            "event": event,
            "snapshot": snapshot,
            "headers": headers,
            "rows": [
                {"tied": row["tied"], "withdrawn": row.get("withdrawn", False), "cells": cells}
                for row, cells in zip(snapshot.rows, body, strict=True)
            ],
            "missing_latin": _missing_latin(event, snapshot.rows),
            "counted": snapshot.rounds,
            "published": [r.number for r in rounds if r.results_published_at is not None],
            "can_manage": has_event_permission(request.user, event, "manage"),
        },
    )


def _missing_latin(event: Event, rows: list[dict]) -> list[dict]:
    """Ranked players the EMA file cannot name in Latin letters, with their edit page if any."""
    out = []
    for row in rows:
        if not missing_latin_name(row):
            continue
        try:
            url = reverse("manage:player_edit", args=[event.slug, row["registration"]])
        except NoReverseMatch:  # the player edit page is not there yet: the name alone
            url = ""
        out.append({"player": row["player"], "url": url})
    return out


@event_permission_required("view")
def staff_breakdown(request, event):
    """Every counted session, round by round (tournament.standings.breakdown)."""
    response = HttpResponse(breakdown_csv(event), content_type=exports.CSV_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-staff-rounds.csv"'
    return response


@event_permission_required("view")
def staff_download(request, event, kind):
    return _download(event, Scope.STAFF, kind, request.GET.get("stage"))


def public_download(request, slug, kind):
    """Published results of a public event, for anyone (``?stage=N``: one stage's)."""
    event = get_object_or_404(Event.objects.public(), slug=slug)
    return _download(event, Scope.PUBLIC, kind, request.GET.get("stage"))


def _team_download(event: Event, scope: str, kind: str) -> HttpResponse:
    from tournament.standings.teams import team_standings

    # An event without team rankings gets an empty file (a header; "rankings": []), as the API.
    tables = team_standings(event, scope)
    build, content_type, suffix = TEAM_DOWNLOADS[kind]
    response = HttpResponse(build(event, tables), content_type=content_type)
    prefix = f"{event.slug}-staff" if scope == Scope.STAFF else event.slug
    response["Content-Disposition"] = f'attachment; filename="{prefix}-{suffix}"'
    return response


@event_permission_required("view")
def staff_teams_download(request, event, kind):
    """The team standings counting every confirmed sheet (issue #21)."""
    return _team_download(event, Scope.STAFF, kind)


def public_teams_download(request, slug, kind):
    """The team standings of a public event's published rounds, for anyone."""
    event = get_object_or_404(Event.objects.public(), slug=slug)
    return _team_download(event, Scope.PUBLIC, kind)


@require_POST
@event_permission_required("manage")
def round_publish_results(request, event, number):
    round_ = get_object_or_404(Round, event=event, number=number)
    try:
        publish_results(round_, by=request.user)
    except EventError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("The results of round %(number)s are on the public standings.") % {"number": number},
        )
    return redirect("seating:round", event.slug, number)
