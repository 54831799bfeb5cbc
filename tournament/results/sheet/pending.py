"""Tables of a round whose sheet has a correction waiting for confirmation.

Why: while a correction waits, a table's confirmed version (if it still has
one) holds the old numbers. Publishing the round's results or finishing the
round (or the event) then would put those old numbers out as final, so the
services refuse while any table is listed here (issue #34).

A *pending correction* is a head version (the latest that is not a conflict)
that is not confirmed and either corrects a confirmed sheet (``is_correction``:
a change of a confirmed sheet, or a sheet sent back by a seating correction of
a confirmed one) or was sent back by a seating correction (reason code
``seating_corrected``, also for a sheet that had only been submitted).
"""

from __future__ import annotations

from django.db.models import F, OuterRef, Q, Subquery

from tournament.results.models import ScoreSheet
from tournament.seating.models import Table

Status = ScoreSheet.Status


def pending_corrections(round_) -> list[Table]:
    """The round's tables with a correction not confirmed yet, in number order."""
    head = (
        ScoreSheet.objects.filter(table=OuterRef("table"))
        .exclude(status=Status.CONFLICT)
        .order_by("-version")
        .values("version")[:1]
    )
    waiting = (
        ScoreSheet.objects.filter(table__round=round_, status__in=(Status.DRAFT, Status.SUBMITTED))
        .filter(Q(is_correction=True) | Q(reason_code=ScoreSheet.ReasonCode.SEATING_CORRECTED))
        .annotate(head=Subquery(head))
        .filter(version=F("head"))
        .values_list("table_id", flat=True)
    )
    return list(Table.objects.filter(pk__in=list(waiting)).order_by("number"))


def tables_named(tables) -> str:
    """``Table 2, Table 5``: the tables as a director reads them in a refusal."""
    return ", ".join(str(table) for table in tables)
