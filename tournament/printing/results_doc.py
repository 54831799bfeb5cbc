"""A round's results as a PDF: every table, every part of each session score (issue #18).

Why a document of its own: a director pins the round's results on the wall
and players check them against their sheets, so each score is printed with
its parts (raw points, rounding, uma, oka, sticks, chombo, penalties paid and
received) and what is kept apart (table points, overall penalties), exactly
as the public round results page shows them. Both read
:func:`tournament.public.history.round_results`, so the paper can never show
more than the public: only a round whose results are published, and only its
confirmed sheets.
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import get_language

from tournament.printing.progress import Progress, render_steps
from tournament.public.history import round_results

ROUND_RESULTS_TEMPLATE = "printing/round_results.html"
TABLES_PER_PAGE = 4  # about four result tables fit on an A4 page with their parts


def round_results_pdf(round_, *, progress=None, language=None) -> bytes:
    """The published results of ``round_``, table by table; an empty notice if unpublished."""

    with translation.override(language or get_language()):
        tables = round_results(round_)
        pages = max(1, -(-len(tables) // TABLES_PER_PAGE))
        steps = Progress(progress, 1, pages)
        steps.item(1)
        context = {"event": round_.event, "round": round_, "tables": tables}
        return render_steps(ROUND_RESULTS_TEMPLATE, context, steps, language)
