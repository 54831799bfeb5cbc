"""The projector pages: full screen, no site navigation, paging by themselves.

A projector page is rendered once with its whole *board* (every standings
row, every seat) and ``static/js/projector.js`` shows it a screenful at a
time. The page then asks its board address every ``PROJECTOR_REFRESH``
seconds for a newer board, sending the version it shows (``?v=``): "204 No
Content" while nothing changed, so a screen left on all day downloads the
board only when it changes. When the network drops, the page keeps paging
through what it has and says since when it has not been updated.

Only public data, as the public pages show it: events the director made
public, standings of published results, seating of published rounds.

Query parameters are hints, never errors: ``?seconds=`` (seconds a page
shows, 3 to 120) and ``?round=`` (a round number) are ignored when they are
not numbers or out of range; a round that is not published is a 404, as on
the public round page.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse

from tournament.events.models import Event
from tournament.events.teams import team_kinds
from tournament.hall.clock.next_round import banner_time, next_round_start
from tournament.hall.projector import data

# Seconds a page stays on the screen: long enough to find one's name in about 20 rows.
DEFAULT_SECONDS = 12
MIN_SECONDS, MAX_SECONDS = 3, 120
# Seconds between two asks for new data; ``settings.PROJECTOR_REFRESH`` may change it.
REFRESH_SECONDS = 30
VERSION_HEADER = "X-Board-Version"


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.public(), slug=slug)


def _number(text: str | None, low: int, high: int) -> int | None:
    """``text`` as a whole number within [low, high], or None: a bad hint is ignored."""
    try:
        value = int((text or "").strip())
    except ValueError:
        return None
    return value if low <= value <= high else None


def page_seconds(params) -> int:
    """Seconds a page shows: ``?seconds=`` when it is a whole number from 3 to 120."""
    return _number(params.get("seconds"), MIN_SECONDS, MAX_SECONDS) or DEFAULT_SECONDS


def _asked_round(params) -> int | None:
    return _number(params.get("round"), 1, 32767)


def _clock_url(event) -> str | None:
    """The clock projector's address, when the site has one (another part of the hall)."""
    try:
        return reverse("hall:projector_clock", args=[event.slug])
    except NoReverseMatch:
        return None


def projector_index(request, slug):
    """The chooser a director opens on the projector's laptop: standings, seating or clock."""
    event = _event(slug)
    return render(
        request,
        "hall/projector_index.html",
        {
            "event": event,
            "round": data.public_round(event),
            "clock_url": _clock_url(event),
            "has_teams": bool(team_kinds(event)),
            "seconds": DEFAULT_SECONDS,
        },
    )


# --- standings and teams (issue #21): boards of ranked lines -------------------------

# A ranked board's lines, and what its page's title names (the stage; the team ranking).
_RANKED = {"standings": (data.standings_board, "stage"), "teams": (data.team_board, "table")}


def _teams_event(slug: str) -> Event:
    """A public event that publishes a team ranking; the others have no team screen."""
    event = _event(slug)
    if not team_kinds(event):
        raise Http404
    return event


def _next_round(event) -> str:
    """The banner's time ("14:00"), or "" when none is announced (hall.clock.next_round)."""
    return banner_time(next_round_start(event))


def _ranked_html(request, event, board: str) -> tuple[str, dict]:
    lines = _RANKED[board][0](event)
    html = render_to_string(
        f"hall/projector_{board}_board.html",
        {"event": event, **lines, "next_round": _next_round(event)},
        request=request,
    )
    return html, lines


def _ranked_page(request, event, board: str):
    html, lines = _ranked_html(request, event, board)
    named = _RANKED[board][1]
    extra = {named: lines[named]}
    return _page(request, event, f"hall/projector_{board}.html", html, extra, board=board)


def projector_standings(request, slug):
    """The standings; of an event in stages, the current stage's (named in the title)."""
    return _ranked_page(request, _event(slug), "standings")


def projector_standings_board(request, slug):
    return _board_response(request, _ranked_html(request, _event(slug), "standings")[0])


def projector_teams(request, slug):
    """The event's main team ranking, paged like the standings."""
    return _ranked_page(request, _teams_event(slug), "teams")


def projector_teams_board(request, slug):
    return _board_response(request, _ranked_html(request, _teams_event(slug), "teams")[0])


# --- seating -----------------------------------------------------------------------


def _seating_round(event, params):
    """The round asked for (a 404 unless public), or the latest public one."""
    number = _asked_round(params)
    round_ = data.public_round(event, number)
    if number is not None and round_ is None:
        raise Http404
    return round_


def _seating_html(request, event, round_) -> str:
    return render_to_string(
        "hall/projector_seating_board.html",
        {
            "event": event,
            "round": round_,
            "entries": data.seating_board(round_),
            "next_round": _next_round(event),
        },
        request=request,
    )


def projector_seating(request, slug):
    """A round's seating by name; without ``?round=`` it follows the latest published round."""
    event = _event(slug)
    round_ = _seating_round(event, request.GET)
    html = _seating_html(request, event, round_)
    asked = _asked_round(request.GET)
    extra = {"round": round_}
    return _page(request, event, "hall/projector_seating.html", html, extra, "seating", asked)


def projector_seating_board(request, slug):
    event = _event(slug)
    round_ = _seating_round(event, request.GET)
    return _board_response(request, _seating_html(request, event, round_))


# --- shared ------------------------------------------------------------------------


def _page(request, event, template, html, extra, board: str, asked: int | None = None):
    """The full-screen page around a board, with what projector.js needs to page and poll."""
    board_url = reverse(f"hall:projector_{board}_board", args=[event.slug])
    if asked is not None:
        board_url += f"?round={asked}"
    context = {
        "event": event,
        "board_html": html,
        "version": data.version_of(html),
        "board_url": board_url,
        "seconds": page_seconds(request.GET),
        "refresh": getattr(settings, "PROJECTOR_REFRESH", REFRESH_SECONDS),
        "index_url": reverse("hall:projector", args=[event.slug]),
        **extra,
    }
    return render(request, template, context)


def _board_response(request, html: str) -> HttpResponse:
    """The board, or "204 No Content" when the page already shows this version."""
    version = data.version_of(html)
    unchanged = request.GET.get("v") == version
    response = HttpResponse(status=204) if unchanged else HttpResponse(html)
    response[VERSION_HEADER] = version
    response["Cache-Control"] = "no-cache"
    return response
