"""A staged event's standings and the team standings as PDFs (issue #21).

Same shape as the other documents (``documents``): ``progress`` and
``language`` keywords, one render. ``documents.standings_pdf`` hands a
staged event's standings here; an event without stages never comes here.
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import get_language

from tournament.printing import lists, stage_lists
from tournament.printing.progress import Progress, render_steps

STAGE_STANDINGS_TEMPLATE = "printing/stage_standings.html"
TEAM_STANDINGS_TEMPLATE = "printing/team_standings.html"
TEAM_ROWS_PER_PAGE = 20  # a team row lists its members: about twenty fit on A4


def stage_standings_pdf(event, scope="public", *, stage=None, progress=None, language=None):
    """A stage's standings (``stage``: its number, None: the current one, ``"overall"``)."""
    with translation.override(language or get_language()):
        context = stage_lists.stage_standings_context(event, scope, stage)
        pages = lists.pages_for(len(context["rows"]), context["rows_per_page"])
        steps = Progress(progress, 1, pages)
        steps.item(1)
        return render_steps(STAGE_STANDINGS_TEMPLATE, context, steps, language)


def team_standings_pdf(event, scope="public", *, progress=None, language=None) -> bytes:
    """Every team ranking the event publishes, one section each (an empty notice if none)."""
    with translation.override(language or get_language()):
        context = stage_lists.team_standings_context(event, scope)
        rows = sum(len(r["rows"]) for r in context["rankings"])
        steps = Progress(progress, 1, lists.pages_for(rows, TEAM_ROWS_PER_PAGE))
        steps.item(1)
        return render_steps(TEAM_STANDINGS_TEMPLATE, context, steps, language)
