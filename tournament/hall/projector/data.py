"""What the projector shows: the public standings and a round's seating, as plain rows.

Vocabulary:

- **board**: the part of a projector page that changes with the data (its
  caption and its rows). The page polls for it and swaps it in between two
  pages, so nobody reads a row that moves under their eyes.
- **version**: a short hash of a rendered board. The page sends back the
  version it shows and gets "204 No Content" while nothing changed.

Only what the public pages show: the public standings snapshot (published
results only, the columns the public table shows on every screen) and the
seating of a published round, sorted as its "Where do I sit?" list. Nothing
here knows a ruleset: the metrics and their order come from the event's
family through ``tournament.public.standings_view.metric_order``.
"""

from __future__ import annotations

import hashlib

from tournament.events.rules import precedence_of
from tournament.formatting import points as format_points
from tournament.public.standings_view import PUBLIC, metric_order
from tournament.public.tables import MAIN_METRICS, metric_name, table_rows
from tournament.results.page.display import WIND_CHARS
from tournament.seating.models import Round
from tournament.seating.views import seating_of
from tournament.stages.services import current_stage
from tournament.standings.services import session_lines, standings
from tournament.standings.stage_rows import stage_rows
from tournament.standings.teams import team_standings


def version_of(html: str) -> str:
    """The board's version: it changes exactly when what the screen shows changes."""
    return hashlib.sha256(html.encode()).hexdigest()[:16]


def _shown_rows(event) -> tuple[list[dict], list[int], object]:
    """(rows, rounds counted, stage): the current stage's for an event in stages.

    The hall follows the event: once the cut to the semifinal is made, the
    screen shows the semifinal (with its carried points, before any of its
    rounds is published). Without stages, the event's standings.
    """
    stage = current_stage(event)
    if stage is None:
        snapshot = standings(event, PUBLIC)
        return snapshot.rows, list(snapshot.rounds or []), None
    lines = session_lines(event, PUBLIC)
    rows = stage_rows(stage, PUBLIC, lines)
    counted = sorted({line.round for line in lines if line.round in stage.round_numbers})
    return rows, counted, stage


def standings_board(event) -> dict:
    """The public standings as the projector lists them, best first.

    The columns are the ruleset's main metrics (the ones the public table
    keeps on a phone) and the sessions played; withdrawn players stay, marked,
    after the rest, as on the public page. An event in stages shows its
    current stage, named in the caption.
    """
    snapshot_rows, counted, stage = _shown_rows(event)
    if not counted and (stage is None or stage.number == 1):
        # Everyone on zero is no standings: the public page says none is published yet.
        return {"columns": [], "rows": [], "after_round": None, "stage": stage}
    metrics = metric_order(event, snapshot_rows)[:MAIN_METRICS]
    rows = [
        {
            "rank": row["rank"],
            "tied": row["tied"],
            "withdrawn": row["withdrawn"],
            "awaiting": row["awaiting"],  # notes: a table sent back after a seat correction
            "name": row["player"],
            "values": [format_points(row["values"].get(key)) for key in metrics],
            "sessions": row["sessions"],
        }
        for row in table_rows(snapshot_rows, metrics)
    ]
    return {
        "columns": [metric_name(key) for key in metrics],
        "rows": rows,
        "after_round": max(counted) if counted else None,
        "stage": stage,
    }


def team_board(event) -> dict:
    """The event's main team ranking as the projector lists it (empty: no team ranking).

    One table only, the one the event names first (``standings.teams``): a
    screen pages through one list; the public page has them all.
    """
    tables = team_standings(event, PUBLIC)
    if not tables or not any(row["sessions"] for row in tables[0].rows):
        return {"columns": [], "rows": [], "table": tables[0] if tables else None}
    metrics = list(precedence_of(event))[:MAIN_METRICS]
    rows = [
        {
            "rank": row["rank"],
            "tied": row["tied"],
            "name": row["team"],
            "members": ", ".join(m["player"] for m in row["members"]),
            "values": [format_points(row["points"]), format_points(row["score"])],
            "sessions": row["sessions"],
        }
        for row in tables[0].rows
    ]
    return {"columns": [metric_name(k) for k in metrics], "rows": rows, "table": tables[0]}


def public_round(event, number: int | None = None) -> Round | None:
    """The round a seating projector shows: ``number`` if public, else the latest public one.

    With no number it follows the event: once the director publishes the
    next round's seating, the screen moves on to it by itself.
    """
    if number is not None:
        return event.rounds.public().filter(number=number).first()
    return event.rounds.latest_public()


def seating_board(round_: Round | None) -> list[dict]:
    """Everyone seated in the round, with table and wind, in the order "Where do I sit?" uses."""
    if round_ is None:
        return []
    _tables, by_name = seating_of(round_)
    return [
        {
            "name": seat.registration.name,
            # The column says "Table": its number, or the venue's own label for it ("A3").
            "table": seat.table.label or str(seat.table.number),
            "wind": seat.wind,
            "wind_char": WIND_CHARS.get(seat.wind, seat.wind),
            "wind_name": seat.get_wind_display(),
        }
        for seat in by_name
    ]
