"""The round's history from its scoresheets: submissions, confirmations, corrections, rulings.

Sources of :mod:`tournament.rounds.history`. Every change a judge makes is a
new version of a sheet, so a round of 30 tables holds hundreds; its history
lists the steps a director follows (a version submitted, confirmed, a
correction, a seating correction sent back) and each table's versions page
(``results:history``) keeps the hand-by-hand rest. Versions are read as that
page reads them (:func:`tournament.results.page.versions.with_people`) and
their reasons put into words as it does
(:func:`tournament.results.page.reasons.version_reason`).

A ruling is copied into every later version of its sheet (the same ``key``):
it is listed once, when decided, and once more if it was cancelled.
"""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse

from tournament.glossary.history import HISTORY_REASONS, ROUND_HISTORY
from tournament.results.models import Ruling, ScoreSheet
from tournament.results.page.reasons import describe, version_reason
from tournament.results.page.versions import with_people
from tournament.rounds.history import Entry, HistoryContext
from tournament.seating.models import Wind

Code = ScoreSheet.ReasonCode
Status = ScoreSheet.Status
# The versions a round's history lists: corrections (of scores or of seats) and the ones
# submitted (a confirmed version was submitted first).
LISTED = (
    Q(is_correction=True) | Q(reason_code=Code.SEATING_CORRECTED) | Q(submitted_at__isnull=False)
)


def sheet_entries(context: HistoryContext):
    round_ = context.round
    versions = (
        with_people(ScoreSheet.objects.filter(LISTED, table__round=round_))
        .exclude(status=Status.CONFLICT)
        .select_related("table")
        .defer("result", "final_scores")
    )
    for sheet in versions:
        table = sheet.table
        link = reverse(
            "results:version", args=[context.event.slug, round_.number, table.number, sheet.version]
        )
        common = {"kind": "sheets", "detail": str(table), "link": link}
        reseated = sheet.reason_code == Code.SEATING_CORRECTED
        if sheet.is_correction or reseated:
            what = (
                HISTORY_REASONS["sheet.submitted"]
                if reseated
                else ROUND_HISTORY["sheet.correction"]
            )
            yield Entry(
                when=sheet.created_at,
                what=str(what) % {"version": sheet.version},
                who=context.who(sheet.created_by, phone=True),
                why=version_reason(sheet),
                **common,
            )
        if sheet.submitted_at is not None and not reseated:
            yield Entry(
                when=sheet.submitted_at,
                what=str(HISTORY_REASONS["sheet.submitted"]) % {"version": sheet.version},
                who=context.who(sheet.submitted_by, phone=True),
                **common,
            )
        if sheet.confirmed_at is not None:
            yield Entry(
                when=sheet.confirmed_at,
                what=str(HISTORY_REASONS["sheet.confirmed"]) % {"version": sheet.version},
                who=context.who(sheet.confirmed_by),
                **common,
            )


def ruling_entries(context: HistoryContext):
    rulings = (
        Ruling.objects.filter(sheet__table__round=context.round)
        .exclude(sheet__status=Status.CONFLICT)
        .select_related("sheet__table", "decided_by", "voided_by")
        .order_by("decided_at", "sheet__version", "pk")
    )
    winds = dict(Wind.choices)
    decided, voided = set(), set()
    for ruling in rulings:
        table = ruling.sheet.table
        seat = winds.get(ruling.player, ruling.player)
        what = describe(Code.RULING_ADDED, {"kind": ruling.kind, "seat": seat})
        common = {"kind": "rulings", "detail": str(table)}
        if ruling.key not in decided:
            decided.add(ruling.key)
            why = " · ".join(part for part in (ruling.rule_reference, ruling.decision) if part)
            yield Entry(
                when=ruling.decided_at,
                what=what,
                who=context.who(ruling.decided_by),
                why=why,
                **common,
            )
        if ruling.voided_at is not None and ruling.key not in voided:
            voided.add(ruling.key)
            yield Entry(
                when=ruling.voided_at,
                what=describe(Code.RULING_VOIDED),
                who=context.who(ruling.voided_by),
                why=ruling.void_reason,
                kind="rulings",
                detail=f"{table} · {what}",
            )
