"""Standings pages and downloads: the director's (staff scope) and the public files.

Staff views count every confirmed sheet and are guarded by
``event_permission_required``; publishing a round's results needs
``manage``. Public downloads need no login, exist only for public events
(others are a 404) and count only rounds whose results are published.
Every download is a registered format (:mod:`.exporters`), and so is every
download link of the pages (``exporters.links``).
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
from tournament.standings import exporters, exports
from tournament.standings.ema_names import missing_latin_name
from tournament.standings.exporters import PUBLIC, STAFF, STANDINGS, TEAMS
from tournament.standings.models import StandingSnapshot
from tournament.standings.services import publish_results, standings

Scope = StandingSnapshot.Scope

# Who downloads -> whose standings: the staff count every confirmed sheet.
SCOPES = {STAFF: Scope.STAFF, PUBLIC: Scope.PUBLIC}


def _download(event: Event, audience: str, code: str, stage: str | None = None) -> HttpResponse:
    """The registered format ``code`` (:mod:`.exporters`) as a file; ``stage``: ``?stage=N``."""
    exporter = exporters.find(code, audience)
    if exporter is None:
        raise Http404
    scope = SCOPES[audience]
    try:
        data, part = exporter.source(event, scope, stage)
    except exporters.NoSuchStage as missing:
        raise Http404(
            _("This event has no stage %(number)s with players.") % {"number": missing.wanted}
        ) from None
    response = HttpResponse(exporter.build(event, data), content_type=exporter.content_type)
    prefix = f"{event.slug}-staff" if scope == Scope.STAFF else event.slug
    prefix = f"{prefix}-{part}".rstrip("-")
    response["Content-Disposition"] = f'attachment; filename="{prefix}-{exporter.suffix}"'
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
            "downloads": exporters.links(event, STAFF, STANDINGS),
            "team_downloads": exporters.links(event, STAFF, TEAMS),
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
def staff_download(request, event, code):
    """A registered file counting every confirmed sheet (``?stage=N``: one stage's)."""
    return _download(event, STAFF, code, request.GET.get("stage"))


def public_download(request, slug, code):
    """Published results of a public event, for anyone (``?stage=N``: one stage's)."""
    event = get_object_or_404(Event.objects.public(), slug=slug)
    return _download(event, PUBLIC, code, request.GET.get("stage"))


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
