"""The seating as the public sees it: a published round's tables and "where do I sit".

The director's round pages (seat, swap, publish) are the round workflow's
(``tournament.rounds.views``); both show a round through :func:`seating_of`.
"""

from __future__ import annotations

from django.shortcuts import render

from tournament.collation import by_name as sorted_by_name
from tournament.events.name_search import filter_registrations
from tournament.seating.models import Round, Seat
from tournament.seating.visibility import public_round_or_404, public_rounds


def seating_of(round_: Round):
    """``(tables, seats)``: each table with its seats E, S, W, N, and all seats by name."""
    seats = list(Seat.objects.filter(round=round_).select_related("table", "registration__player"))
    tables: dict[int, dict] = {}
    for seat in seats:
        entry = tables.setdefault(seat.table_id, {"table": seat.table, "seats": []})
        entry["seats"].append(seat)
    # Collation order (tournament.collation): the projector and "where do I sit" list this.
    by_name = sorted_by_name(seats, lambda s: s.registration.name, lambda s: s.pk)
    return list(tables.values()), by_name


def public_round(request, slug, number):
    """A published round: tables with their players, and "where do I sit" by name."""
    round_ = public_round_or_404(slug, number)
    event = round_.event
    tables, by_name = seating_of(round_)
    query = request.GET.get("q", "").strip()  # "where do I sit" without JavaScript
    published = public_rounds(event).values_list("number", flat=True)
    return render(
        request,
        "public/round.html",
        {
            "event": event,
            "round": round_,
            "tables": tables,
            "by_name": filter_registrations(by_name, query),
            "query": query,
            "published": list(published),
        },
    )
