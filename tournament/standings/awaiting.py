"""Tables whose results left the standings until confirmed again, and the rows they concern.

Why: a seat swap or a fill at a table with confirmed results sends its sheet
back for confirmation (``rounds.swaps``): the confirmed version is superseded
and the table stops counting for anyone. The standings used to drop it
silently, so a player's row lost a session with no word why. Now each row
whose player sits at such a table carries ``awaiting``: the (round, table)
pairs, and every page showing the standings marks the row and says
"table 3 of round 2 awaits re-confirmation".

What is shown for those tables meanwhile: **nothing** (no "last confirmed
numbers"). Those numbers were confirmed for the players who sat there before
the correction, which the director has just said was wrong; counting them for
the new holders would publish what nobody has confirmed. The row keeps its
other sessions, and the mark says which one is missing.

A table **awaits re-confirmation** when one of its versions was confirmed
and later superseded, and none is confirmed now. (A director's correction of
a confirmed sheet keeps the confirmed version counting until the new one is
confirmed: that table is not awaiting anything.) In the public scope only
the rounds whose results are published count, as for the standings.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.results.models import ScoreSheet
from tournament.seating.models import Seat, Table
from tournament.standings.models import StandingSnapshot

Scope = StandingSnapshot.Scope
Status = ScoreSheet.Status


def awaiting_tables(event, scope: str) -> list[Table]:
    """The event's tables awaiting re-confirmation in ``scope``, by round and table number."""
    tables = (
        Table.objects.filter(round__event=event, sheets__status=Status.SUPERSEDED)
        .exclude(sheets__status=Status.CONFIRMED)
        .select_related("round")
        .distinct()
    )
    if scope == Scope.PUBLIC:
        tables = tables.filter(round__results_published_at__isnull=False)
    return list(tables.order_by("round__number", "number"))


def awaiting_by_player(event, scope: str) -> dict[int, list[list[int]]]:
    """Registration id -> the [round, table] numbers of each table awaiting at which they sit."""
    tables = awaiting_tables(event, scope)
    if not tables:
        return {}
    numbers = {table.pk: [table.round.number, table.number] for table in tables}
    out: dict[int, list[list[int]]] = {}
    seats = Seat.objects.filter(table_id__in=numbers).values_list("registration_id", "table_id")
    for registration, table in seats.order_by("round__number", "table__number"):
        out.setdefault(registration, []).append(numbers[table])
    return out


def mark_awaiting(rows: list[dict], event, scope: str) -> list[dict]:
    """Each row gets ``awaiting`` (a list of [round, table], empty for most): see the module."""
    waiting = awaiting_by_player(event, scope)
    for row in rows:
        row["awaiting"] = waiting.get(row["registration"], [])
    return rows


def awaiting_note(round_number: int, table_number: int) -> str:
    """The note a marked row shows: "Table 3 of round 2 awaits re-confirmation"."""
    return _("Table %(table)s of round %(round)s awaits re-confirmation") % {
        "table": table_number,
        "round": round_number,
    }


def awaiting_notes(row: dict) -> list[str]:
    """A standings row's notes, one per table awaiting (none for most rows)."""
    return [awaiting_note(round_number, table) for round_number, table in row.get("awaiting") or []]
