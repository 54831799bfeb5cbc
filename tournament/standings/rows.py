"""The rows of an event's standings: one session line per player per confirmed sheet,
ranked by the event's precedence.

Why apart from ``services``: the stages' rows (``stage_rows``) rank the same
lines for fewer players and rounds, and ``services`` ranks the event with them
both; one module each keeps the imports in one direction.

Who is ranked and the two scopes: see ``standings.services``.
"""

from __future__ import annotations

from fractions import Fraction

from scoring.standings import SessionLine, rank_by
from tournament.events.models import Event, Registration
from tournament.events.rules import precedence_of
from tournament.results.models import ScoreSheet
from tournament.seating.models import Seat
from tournament.standings.models import StandingSnapshot

Scope = StandingSnapshot.Scope


def _confirmed(event: Event, scope: str):
    sheets = ScoreSheet.objects.filter(
        table__round__event=event, status=ScoreSheet.Status.CONFIRMED
    )
    if scope == Scope.PUBLIC:
        sheets = sheets.filter(table__round__results_published_at__isnull=False)
    return sheets


def _fraction(value) -> Fraction:
    return Fraction(str(value)) if value not in (None, "") else Fraction(0)


def session_lines(event: Event, scope: str) -> list[SessionLine]:
    """One line per seated player per confirmed sheet in scope."""
    seats = {
        (table, wind): registration
        for table, wind, registration in Seat.objects.filter(round__event=event).values_list(
            "table_id", "wind", "registration_id"
        )
    }
    lines = []
    sheets = _confirmed(event, scope).values_list(
        "table_id", "table__number", "table__round__number", "result"
    )
    for table_id, table_no, round_no, result in sheets:
        session = result.get("session") or {}
        final = result.get("final_points") or {}
        for seat, line in session.items():
            registration = seats.get((table_id, seat))
            if registration is None:
                continue
            rank_points = line.get("rank_points")
            lines.append(
                SessionLine(
                    player=registration,
                    round=round_no,
                    table=table_no,
                    seat=seat,
                    placement=int(line["placement"]),
                    score=_fraction(line.get("score")),
                    rank_points=None if rank_points in (None, "") else _fraction(rank_points),
                    raw=final.get(seat),
                    overall_penalty=_fraction(line.get("overall_penalty")),
                )
            )
    return lines


def _rankable(event: Event) -> list[Registration]:
    """Every registration that may be ranked (house substitutes never are), in a stable order."""
    return list(
        event.registrations.exclude(status=Registration.Status.SUBSTITUTE)
        .select_related("player")
        .order_by("pk")
    )


def _ranked_groups(
    event: Event, lines: list[SessionLine], registrations=None, everyone: bool = False
):
    """The registrations to rank, as (registrations, withdrawn) groups, best group first.

    Active players are always ranked; a reserve once they have a session counted, with the
    active players; withdrawn players who played, after all of them. House substitutes never.
    ``registrations`` (from :func:`_rankable`) saves the query when ranking several times.
    ``everyone``: rank every one of ``registrations`` (a later stage's entrants, who are
    ranked from the cut on), withdrawn ones after the others.
    """
    Status = Registration.Status
    played = {line.player for line in lines}
    if registrations is None:
        registrations = _rankable(event)
    ranked, withdrawn = [], []
    for registration in registrations:
        if everyone or registration.status == Status.ACTIVE or registration.pk in played:
            (withdrawn if registration.status == Status.DROPPED else ranked).append(registration)
    return [(ranked, False), (withdrawn, True)]


def _row(standing, registration: Registration, rank: int, withdrawn: bool) -> dict:
    player = registration.player
    return {
        "rank": rank,
        "tied": standing.tied,
        "registration": registration.pk,
        "player": registration.name,
        "latin_first_name": player.latin_first_name,
        "latin_last_name": player.latin_last_name,
        "name_order": player.name_order,  # which word is the family name (the EMA file)
        "club": registration.club,
        "team": registration.team,
        "country": registration.country,
        "ema_id": player.ema_id,
        "status": registration.status,
        "withdrawn": withdrawn,
        "points": str(standing.points),
        "score": str(standing.score),
        "sessions": standing.sessions,
        "metrics": {k: str(v) for k, v in standing.metrics.items()},
    }


def rank_rows(
    event: Event,
    lines: list[SessionLine],
    registrations=None,
    *,
    carried=None,
    everyone: bool = False,
) -> list[dict]:
    """Rows for ``registrations`` (default: the event's) ranked on ``lines``.

    ``carried`` and ``everyone`` are for a stage's standings (``stages.services``).
    """
    order = precedence_of(event)
    rows: list[dict] = []
    for group, withdrawn in _ranked_groups(event, lines, registrations, everyone):
        by_id = {r.pk: r for r in group}
        mine = [line for line in lines if line.player in by_id]
        brought = {p: v for p, v in (carried or {}).items() if p in by_id}
        offset = len(rows)
        for standing in rank_by(order, list(by_id), mine, carried=brought):
            rows.append(_row(standing, by_id[standing.player], offset + standing.rank, withdrawn))
    return rows
