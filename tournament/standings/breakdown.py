"""The per-round breakdown: every player's table, seat and result, round by round.

A director checks a disputed total against it, and some rating lists ask for
it. One CSV row per player per confirmed session in the staff scope (every
confirmed sheet): round, table, seat (wind), player, EMA id, status,
placement, score, rank points and final points, in round, table and seat
order. House substitutes are listed too (their tables were played), with
their status so nobody takes them for ranked players.
"""

from __future__ import annotations

from fractions import Fraction

import tablib
from django.utils.translation import gettext as _

from tournament.events.models import Event
from tournament.exports_safety import safe_row
from tournament.formatting import spreadsheet_number
from tournament.standings.exports import _csv_bytes, _csv_value
from tournament.standings.models import StandingSnapshot
from tournament.standings.services import session_lines

SEAT_ORDER = "ESWN"


def _cell(value) -> object:
    """A number kept a number (rounded to two places when no decimal is exact), or empty."""
    if value in (None, ""):
        return ""
    shown, _exact = spreadsheet_number(Fraction(str(value)))
    return shown


def breakdown_dataset(event: Event, scope: str = StandingSnapshot.Scope.STAFF) -> tablib.Dataset:
    registrations = {r.pk: r for r in event.registrations.select_related("player").order_by("pk")}
    lines = sorted(
        session_lines(event, scope),
        key=lambda line: (line.round, line.table, SEAT_ORDER.index(line.seat)),
    )
    headers = [
        _("Round"),
        _("Table"),
        _("Seat"),
        _("Player"),
        _("EMA id"),
        _("Status"),
        _("Placement"),
        _("Score"),
        _("Rank points"),
        _("Final points"),
    ]
    data = tablib.Dataset(headers=safe_row(headers))
    for line in lines:
        registration = registrations[line.player]
        cells = safe_row(
            [
                line.round,
                line.table,
                line.seat,
                registration.name,
                registration.player.ema_id,
                registration.get_status_display(),
                line.placement,
                _cell(line.score),
                _cell(line.rank_points),
                _cell(line.raw),
            ]
        )
        data.append([_csv_value(cell) for cell in cells])
    return data


def breakdown_csv(event: Event) -> bytes:
    """The breakdown as UTF-8 CSV with a byte-order mark (as the standings CSV, for Excel)."""
    return _csv_bytes(breakdown_dataset(event))
