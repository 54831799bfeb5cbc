"""The built-in printed documents, registered in the order their buttons show them.

Why one table: each row is everything about one document (its code, name,
round or event, page template, build function, the pages whose buttons
offer it, and what its button posts), and the order here is the order on
every page. The app loads this module when it is ready
(``PrintingConfig.ready``), so the registry is full wherever it is asked; a
new document is one row here (and its build function), and a test may
register one of its own (``registry.register_document``).

The stored codes are ``PrintJob.Kind``'s, so the jobs printed before this
table existed keep their names.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.events.errors import EventError
from tournament.events.teams import team_kinds
from tournament.printing import documents, results_doc, signs, stage_docs
from tournament.printing.models import Kind
from tournament.printing.registry import (
    EVENT,
    EVENT_PAGE,
    JOBS_PAGE,
    ROUND,
    ROUND_PAGE,
    Document,
    register_document,
)
from tournament.printing.stage_lists import stage_param

STANDINGS_SCOPES = ("public", "staff")
PUBLIC_SCOPE = (("scope", "public"),)  # what the event page's standings buttons post


def _scope(posted: dict) -> str:
    scope = posted.get("scope", "public")
    if scope not in STANDINGS_SCOPES:
        raise EventError(_("Standings are printed as published or as the staff see them."))
    return scope


def standings_options(event, posted: dict) -> dict:
    """The scope and, for an event with stages only (issue #21), the stage; others keep the old."""
    scope = _scope(posted)
    stage = stage_param(event, posted.get("stage"))
    return {"scope": scope} if stage is None else {"scope": scope, "stage": stage}


def team_options(event, posted: dict) -> dict:
    return {"scope": _scope(posted)}


def _published(round_) -> bool:
    return round_.results_published_at is not None


BUILTIN = (
    Document(
        Kind.ROUND_PACK,
        Kind.ROUND_PACK.label,
        ROUND,
        documents.ROUND_PACK_TEMPLATE,
        documents.round_pack,
        button=gettext_lazy("Print round pack"),
        pages=frozenset({ROUND_PAGE}),
        seated=True,
    ),
    Document(
        Kind.BLANK_SCORESHEETS,
        Kind.BLANK_SCORESHEETS.label,
        ROUND,
        documents.SCORESHEETS_TEMPLATE,
        documents.blank_scoresheets,
        pages=frozenset({ROUND_PAGE}),
        seated=True,
    ),
    Document(
        Kind.FILLED_SHEETS,
        Kind.FILLED_SHEETS.label,
        ROUND,
        documents.SCORESHEETS_TEMPLATE,
        documents.filled_sheets,
        pages=frozenset({ROUND_PAGE}),
        seated=True,
    ),
    Document(
        Kind.SEATING_LIST,
        Kind.SEATING_LIST.label,
        ROUND,
        documents.SEATING_LIST_TEMPLATE,
        documents.seating_list,
        pages=frozenset({ROUND_PAGE}),
        seated=True,
    ),
    Document(
        Kind.TABLE_SIGNS,
        Kind.TABLE_SIGNS.label,
        ROUND,
        signs.TABLE_SIGNS_TEMPLATE,
        signs.table_signs,
        pages=frozenset({ROUND_PAGE, JOBS_PAGE}),
        seated=True,
    ),
    Document(
        Kind.ROUND_RESULTS,
        Kind.ROUND_RESULTS.label,
        ROUND,
        results_doc.ROUND_RESULTS_TEMPLATE,
        results_doc.round_results_pdf,
        pages=frozenset({ROUND_PAGE, JOBS_PAGE}),
        offered=_published,
        seated=True,
    ),
    Document(
        Kind.STANDINGS,
        Kind.STANDINGS.label,
        EVENT,
        documents.STANDINGS_TEMPLATE,  # an event with stages: stage_docs.STAGE_STANDINGS_TEMPLATE
        documents.standings_pdf,
        button=gettext_lazy("Standings PDF"),
        pages=frozenset({EVENT_PAGE}),
        options=standings_options,
        fields=PUBLIC_SCOPE,
        more="printing/_stage_print.html",  # a staged event's stage or overall standings
    ),
    Document(
        Kind.TEAM_STANDINGS,
        Kind.TEAM_STANDINGS.label,
        EVENT,
        stage_docs.TEAM_STANDINGS_TEMPLATE,
        stage_docs.team_standings_pdf,
        button=gettext_lazy("Team standings PDF"),
        pages=frozenset({EVENT_PAGE}),
        offered=team_kinds,  # an event with team rankings
        options=team_options,
        fields=PUBLIC_SCOPE,
    ),
    Document(
        Kind.SCORE_CARDS,
        Kind.SCORE_CARDS.label,
        EVENT,
        documents.SCORE_CARDS_TEMPLATE,
        documents.score_cards,
        pages=frozenset({EVENT_PAGE}),
    ),
    Document(
        Kind.SEAT_CARDS,
        Kind.SEAT_CARDS.label,
        EVENT,
        signs.SEAT_CARDS_TEMPLATE,
        signs.seat_cards,
        pages=frozenset({EVENT_PAGE, JOBS_PAGE}),
        seated=True,
    ),
)

for _document in BUILTIN:
    register_document(_document)
