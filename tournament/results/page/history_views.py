"""Read-only result pages: a table's versions, one old version, a round's sheets.

Nothing on a sheet is edited in place, so every version stays readable: the
history lists them with who, when and why; a version page shows one as it
was (a conflict next to the head it lost to); the round page tells the
director which tables are still being entered, submitted or confirmed.
"""

from __future__ import annotations

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render

from tournament.events.decorators import event_permission_required
from tournament.results.models import ScoreSheet
from tournament.results.page.building import table_of, version_view
from tournament.results.page.display import players_of
from tournament.results.page.versions import with_people
from tournament.results.sheet import services
from tournament.seating.models import Round, Seat

Status = ScoreSheet.Status


@event_permission_required("view")
def history(request, event, round_number, table_number):
    table = table_of(event, round_number, table_number)
    versions = with_people(table.sheets).select_related("parent")
    head = services.head_of(table)
    return render(
        request,
        "results/history.html",
        {
            "event": event,
            "round": table.round,
            "table": table,
            "versions": versions,
            "head": head,
            "names": players_of(table),
        },
    )


@event_permission_required("view")
def version(request, event, round_number, table_number, version):
    table = table_of(event, round_number, table_number)
    sheet = get_object_or_404(table.sheets, version=version)
    names = players_of(table)
    head = services.head_of(table)
    shown = version_view(event, sheet, names)
    theirs = None
    if sheet.status == Status.CONFLICT and head is not None and head.pk != sheet.pk:
        theirs = version_view(event, head, names)
    return render(
        request,
        "results/version.html",
        {
            "event": event,
            "round": table.round,
            "table": table,
            "sheet": shown,
            "shown": sheet,
            "head": head,
            "theirs": theirs,
            "names": names,
        },
    )


@event_permission_required("view")
def round_sheets(request, event, round_number):
    """Each table of the round with its sheet's state, linking to the judge pages."""
    round_ = get_object_or_404(Round, event=event, number=round_number)
    seats = Seat.objects.select_related("registration__player")
    tables = round_.tables.prefetch_related(
        Prefetch("seats", queryset=seats),
        Prefetch(
            "sheets",
            queryset=ScoreSheet.objects.exclude(status=Status.CONFLICT)
            .select_related("created_by", "submitted_by", "confirmed_by")
            .order_by("-version"),
            to_attr="kept",
        ),
    ).order_by("number")
    rows, counts = [], {"none": 0, "draft": 0, "submitted": 0, "confirmed": 0}
    for table in tables:
        head = table.kept[0] if table.kept else None
        state = _state(head)
        counts[state] += 1
        rows.append(
            {
                "table": table,
                "head": head,
                "state": state,
                "players": [s.registration.name for s in table.seats.all()],
                "conflicts": open_conflicts(table, head),
            }
        )
    return render(
        request,
        "results/round.html",
        {"event": event, "round": round_, "rows": rows, "counts": counts},
    )


def open_conflicts(table, head: ScoreSheet | None) -> int:
    """Conflicts nobody has dealt with yet: those newer than the sheet's current version.

    Why: a conflict is settled by the next save on top of the newer head (the
    judge applies theirs again, or moves on knowing it is already there), or
    by submitting the current version as right; a badge counting every
    conflict ever kept would never clear (issue #19).
    """
    kept = table.sheets.filter(status=Status.CONFLICT)
    if head is None:
        return kept.count()
    if head.status in (Status.SUBMITTED, Status.CONFIRMED):
        return 0
    return kept.filter(version__gt=head.version).count()


def _state(head: ScoreSheet | None) -> str:
    if head is None:
        return "none"
    if head.status in (Status.SUBMITTED, Status.CONFIRMED):
        return head.status
    return "draft"
