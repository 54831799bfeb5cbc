"""Template data of the printed lists: a round's seating, the standings, players' score cards.

Each reads what it shows in a few queries (no query per player): the
standings from their snapshot (``tournament.standings.services.standings``),
the score cards from the seats and confirmed sheets of the rounds whose
results are published, the seating from the round's seats.
"""

from __future__ import annotations

import math
from collections import defaultdict

from django.db.models import Q

from scoring.core.seats import SEATS
from tournament.collation import name_key
from tournament.events.models import Registration
from tournament.events.rules import precedence_of, standings_format_of
from tournament.formatting import place, points, rank, signed
from tournament.glossary import metric_label
from tournament.results.models import ScoreSheet
from tournament.results.page.display import WIND_CHARS
from tournament.seating.models import Seat
from tournament.standings.services import standings
from tournament.stats.presenting import card_statistics

# Page estimates for progress reports (print.css sets the row heights).
SEATING_ROWS_PER_PAGE = 48
STANDINGS_ROWS_PER_PAGE = {"portrait": 52, "landscape": 34}
CARDS_PER_PAGE = 4
# More ranking columns than this and the standings print on landscape pages.
PORTRAIT_METRICS = 3


def pages_for(rows: int, per_page: int) -> int:
    return max(1, math.ceil(rows / per_page))


def _sort_name(name: str) -> tuple[int, ...]:
    """Names in alphabetical order whatever their accents: "Åsa" next to "Anna", not after Z.

    The collation key (``tournament.collation``), as every list of the site sorts.
    """
    return name_key(name)


# --- Seating --------------------------------------------------------------------------------


def seating_rows(round_) -> list[dict]:
    """One line per seated player, sorted by name: table (and its label) and seat."""
    seats = Seat.objects.filter(round=round_).select_related("table", "registration__player")
    rows = [
        {
            "name": seat.registration.name,
            "club": seat.registration.club,
            "country": seat.registration.country,
            "table": seat.table.number,
            "table_label": seat.table.label,
            "seat": seat.wind,
            "wind": WIND_CHARS[seat.wind],
            "sort": (_sort_name(seat.registration.name), seat.registration_id),
        }
        for seat in seats.order_by()
    ]
    rows.sort(key=lambda r: r["sort"])
    return rows


# --- Standings ------------------------------------------------------------------------------


def metric_names(event, rows: list[dict]) -> list[str]:
    """The ruleset's precedence, as far as the rows carry it (jsonb does not keep key order)."""
    order = list(precedence_of(event))
    if rows and rows[0].get("metrics"):
        return [name for name in order if name in rows[0]["metrics"]]
    return order


def printed_row(row: dict, metrics: list[str]) -> dict:
    """One standings row as the PDF prints it (also a stage's, ``stage_lists``)."""
    values = dict(row.get("metrics") or {})
    if metrics:
        values.setdefault(metrics[0], row.get("points"))
    return {
        "rank": rank(row["rank"], row.get("tied")),
        "player": row["player"],
        "withdrawn": row.get("withdrawn", False),
        "club": row.get("club") or "",
        "country": row.get("country") or "",
        "sessions": row.get("sessions", 0),
        "values": [points(values.get(name)) for name in metrics],
    }


def standings_context(event, scope: str) -> dict:
    snapshot = standings(event, scope)
    metrics = metric_names(event, snapshot.rows)
    rows = [printed_row(row, metrics) for row in snapshot.rows]
    wide = len(metrics) > PORTRAIT_METRICS
    return {
        "event": event,
        "scope": scope,
        "rounds": snapshot.rounds,
        "last_round": max(snapshot.rounds) if snapshot.rounds else None,
        "metrics": [metric_label(name) for name in metrics],
        "rows": rows,
        "wide": wide,
        "rows_per_page": STANDINGS_ROWS_PER_PAGE["landscape" if wide else "portrait"],
        "computed_at": snapshot.computed_at,
    }


# --- Score cards ----------------------------------------------------------------------------


def score_card_context(event) -> dict:
    """Ranked players by name, each with the sessions of the rounds whose results are out.

    Active players always; reserves and withdrawn players once they have a seat (their
    card shows what they played); house substitutes never, as they are never ranked.
    """
    registrations = list(
        event.registrations.exclude(status=Registration.Status.SUBSTITUTE).select_related("player")
    )
    published = Q(round__event=event, round__results_published_at__isnull=False)
    seats = list(
        Seat.objects.filter(published).select_related("round", "table", "registration__player")
    )
    at_table = defaultdict(dict)
    for seat in seats:
        at_table[seat.table_id][seat.wind] = seat.registration.name
    results = dict(
        ScoreSheet.objects.filter(
            table__round__event=event,
            table__round__results_published_at__isnull=False,
            status=ScoreSheet.Status.CONFIRMED,
        ).values_list("table_id", "result")
    )
    sessions = defaultdict(list)
    for seat in seats:
        result = results.get(seat.table_id)
        sessions[seat.registration_id].append(_session_line(seat, result, at_table[seat.table_id]))
    ranking = {row["registration"]: row for row in standings(event, "public").rows}
    statistics = card_statistics(event)  # hands won, rates, patterns, rank chart (issue #20)
    cards = []
    seated = {seat.registration_id for seat in seats}
    for registration in sorted(registrations, key=lambda r: (_sort_name(r.name), r.pk)):
        if registration.status != Registration.Status.ACTIVE and registration.pk not in seated:
            continue
        mine = sorted(sessions.get(registration.pk, []), key=lambda s: s["round"])
        standing = ranking.get(registration.pk) or {}
        cards.append(
            {
                "registration": registration,
                "sessions": mine,
                "rank": (rank(standing["rank"], standing.get("tied")) if standing else ""),
                "points": points(standing.get("points")) if standing else "",
                "ps": statistics.get(registration.pk),
            }
        )
    # Each session's table points, where the family's standings carry them (MCR).
    table_points = standings_format_of(event).table_points
    return {"event": event, "cards": cards, "table_points": table_points}


def _session_line(seat, result: dict | None, names: dict) -> dict:
    line = {
        "round": seat.round.number,
        "table": seat.table.number,
        "seat": seat.wind,
        "wind": WIND_CHARS[seat.wind],
        "opponents": [names[w] for w in SEATS if w != seat.wind and w in names],
        "confirmed": result is not None,
    }
    if result:
        mine = (result.get("session") or {}).get(seat.wind) or {}
        final = (result.get("final_points") or {}).get(seat.wind)
        line.update(
            {
                "final": points(final) if final is not None else "",
                "placement": place(mine.get("placement")),
                "score": signed(mine.get("score")),
                "rank_points": points(mine.get("rank_points"))
                if mine.get("rank_points") is not None
                else "",
            }
        )
    return line
