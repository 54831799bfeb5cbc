"""The printed documents of an event, each as PDF bytes: the API of views, tasks and commands.

- :func:`blank_scoresheets`: one page per table of a round, for play.
- :func:`filled_sheets`: the round's confirmed versions in the same grid. A
  table without a confirmed version prints as its blank sheet marked "Not
  confirmed", so the pack still has one sheet per table and shows the gap.
- :func:`standings_pdf`: the standings (``scope`` as in
  ``tournament.standings.services``), a table with repeated headers.
- :func:`score_cards`: one card per active player, every session of the
  rounds whose results are published.
- :func:`seating_list`: the round's players sorted by name, one line each.
- :func:`round_pack`: the seating list, then the blank scoresheets, in one PDF.
- :func:`table_signs`, :func:`seat_cards` (``signs``): a sign per table, a card per player.
- :func:`round_results_pdf` (``results_doc``): a round's results, every part of each score.
- :func:`team_standings_pdf` (``stage_docs``): the team standings (issue #21);
  a staged event's :func:`standings_pdf` is a stage's (``stage_docs``).

Every function takes ``progress``, an optional ``callable(done, total)``: it
is called as each table, player or row block is prepared and as WeasyPrint
lays out each page, and last with ``done == total`` (:mod:`.progress`).
``language`` renders in that language instead of the active one (a
background job passes its requester's). Which of them a director can print,
and where, is the registry's (:mod:`.registry`, filled by :mod:`.installed`).
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import get_language

from tournament.printing import lists
from tournament.printing.progress import Progress, language_code, render_steps
from tournament.printing.results_doc import round_results_pdf
from tournament.printing.sheets import (
    blank_sheet,
    confirmed_sheets,
    event_layout,
    filled_sheet,
    preprinted_labels,
    sheet_css,
    tables_of,
)
from tournament.printing.signs import seat_cards, table_signs
from tournament.printing.stage_docs import stage_standings_pdf, team_standings_pdf
from tournament.standings.stage_rows import is_staged

SCORESHEETS_TEMPLATE = "printing/scoresheets.html"  # blank and filled alike
SEATING_LIST_TEMPLATE = "printing/seating_list.html"
ROUND_PACK_TEMPLATE = "printing/round_pack.html"
STANDINGS_TEMPLATE = "printing/standings.html"
SCORE_CARDS_TEMPLATE = "printing/score_cards.html"


def _sheets(round_, progress: Progress, *, filled: bool, lang: str) -> list[dict]:
    event = round_.event
    layout = event_layout(event)
    confirmed = confirmed_sheets(round_) if filled else {}
    sheets = []
    for i, table in enumerate(tables_of(round_), start=1):
        version = confirmed.get(table.pk)
        if version is not None:
            sheets.append(filled_sheet(event, round_, table, layout, version, lang))
        else:
            sheet = blank_sheet(event, round_, table, layout)
            sheet["unconfirmed"] = filled
            sheets.append(sheet)
        progress.item(i)
    return sheets


def _sheet_context(round_, sheets: list[dict]) -> dict:
    event = round_.event
    layout = event_layout(event)
    css = sheet_css(layout, preprinted_labels(event, layout))
    return {"event": round_.event, "round": round_, "sheets": sheets, "sheet_css": css}


def _table_count(round_) -> int:
    return round_.tables.count()


def _scoresheets(round_, *, filled: bool, progress, language) -> bytes:
    with translation.override(language or get_language()):
        n = _table_count(round_)
        steps = Progress(progress, n, n)
        sheets = _sheets(round_, steps, filled=filled, lang=language_code(language))
        context = {**_sheet_context(round_, sheets), "filled": filled}
        return render_steps(SCORESHEETS_TEMPLATE, context, steps, language)


def blank_scoresheets(round_, *, progress=None, language=None) -> bytes:
    """One blank scoresheet per table of ``round_``, in table order."""
    return _scoresheets(round_, filled=False, progress=progress, language=language)


def filled_sheets(round_, *, progress=None, language=None) -> bytes:
    """The confirmed version of each table's sheet; "Not confirmed" blanks for the others."""
    return _scoresheets(round_, filled=True, progress=progress, language=language)


def seating_list(round_, *, progress=None, language=None) -> bytes:
    """The round's players sorted by name: table and seat of each."""
    with translation.override(language or get_language()):
        rows = lists.seating_rows(round_)
        steps = Progress(progress, 1, lists.pages_for(len(rows), lists.SEATING_ROWS_PER_PAGE))
        steps.item(1)
        context = {"event": round_.event, "round": round_, "seating": rows}
        return render_steps(SEATING_LIST_TEMPLATE, context, steps, language)


def round_pack(round_, *, progress=None, language=None) -> bytes:
    """The seating list, then one blank scoresheet per table: what a round needs on paper."""
    with translation.override(language or get_language()):
        n = _table_count(round_)
        rows = lists.seating_rows(round_)
        list_pages = lists.pages_for(len(rows), lists.SEATING_ROWS_PER_PAGE)
        steps = Progress(progress, n, n + list_pages)
        sheets = _sheets(round_, steps, filled=False, lang=language_code(language))
        context = {**_sheet_context(round_, sheets), "seating": rows}
        return render_steps(ROUND_PACK_TEMPLATE, context, steps, language)


def standings_pdf(event, scope="public", *, stage=None, progress=None, language=None) -> bytes:
    """The event's standings in ``scope`` ("public": published rounds; "staff": every sheet).

    An event with stages prints one stage's (``stage``: a number, None for the
    current one) or the overall standings (``"overall"``).
    """
    if stage is not None or is_staged(event):
        return stage_standings_pdf(event, scope, stage=stage, progress=progress, language=language)
    with translation.override(language or get_language()):
        context = lists.standings_context(event, scope)
        pages = lists.pages_for(len(context["rows"]), context["rows_per_page"])
        steps = Progress(progress, 1, pages)
        steps.item(1)
        return render_steps(STANDINGS_TEMPLATE, context, steps, language)


def score_cards(event, *, progress=None, language=None) -> bytes:
    """One card per active player with every session of the rounds whose results are published."""
    with translation.override(language or get_language()):
        context = lists.score_card_context(event)
        cards = context["cards"]
        steps = Progress(progress, 1, lists.pages_for(len(cards), lists.CARDS_PER_PAGE))
        steps.item(1)
        return render_steps(SCORE_CARDS_TEMPLATE, context, steps, language)


__all__ = [
    "blank_scoresheets",
    "filled_sheets",
    "round_pack",
    "round_results_pdf",
    "score_cards",
    "seat_cards",
    "seating_list",
    "standings_pdf",
    "table_signs",
    "team_standings_pdf",
]
