"""An event's standings: confirmed sheets in, ranked players out, cached.

The arithmetic is the pure ``scoring.standings.rank_players``; this module
loads its input (one :class:`SessionLine` per player per confirmed sheet),
keeps the answer in a :class:`StandingSnapshot` with the fingerprint of what
it came from, and publishes a round's results.

Who is ranked (issue "[4/8]"): every active player; a reserve once they
have a session counted, among the active players; a withdrawn player who
played, marked ``"withdrawn": True`` and ranked after all of those (rank
numbers go on from the last active one); a house substitute never, though
the sessions they played count for their opponents.

Two scopes: **public** counts only rounds whose results the director has
published (the public pages and exports); **staff** counts every confirmed
sheet (the director's view and the ``standings`` command).
"""

from __future__ import annotations

from fractions import Fraction

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.standings import SessionLine, rank_by
from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, save_with_history
from tournament.events.models import Event, Registration
from tournament.events.rules import precedence_of
from tournament.results.models import ScoreSheet
from tournament.seating.models import Round, Seat
from tournament.standings.fingerprints import fingerprint
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


def compute(event: Event, scope: str) -> tuple[list[dict], list[int]]:
    """The ranked rows (JSON-safe) and the round numbers counted.

    Withdrawn players are ranked among themselves and numbered on from the last
    active rank (a player who left after round 5 cannot overtake those who stayed).
    Every session line counts for the rounds (a substitute's table was played).
    """
    lines = session_lines(event, scope)
    rounds = sorted({line.round for line in lines})
    from tournament.stages.services import is_staged, overall_rows

    if is_staged(event):
        return overall_rows(event, scope, lines), rounds
    return rank_rows(event, lines), rounds


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


def ranks_by_round(event: Event, scope: str = Scope.PUBLIC) -> dict[int, dict[int, int]]:
    """round number -> {registration id: overall rank counting only rounds up to it}.

    Why here: a player's rank over the rounds (the statistics' chart) must be
    the standings' own ranking, not a second one; this ranks the same session
    lines again with later rounds left out, in three queries whatever the rounds.
    """
    from tournament.stages.services import Loaded, is_staged, overall_rows

    lines = session_lines(event, scope)
    registrations = _rankable(event)
    out = {}
    loaded = Loaded(event) if is_staged(event) else None  # read once, not once per round
    for number in sorted({line.round for line in lines}):
        counted = [line for line in lines if line.round <= number]
        if loaded is not None:
            rows = overall_rows(event, scope, counted, loaded)
        else:
            rows = rank_rows(event, counted, registrations)
        out[number] = {row["registration"]: row["rank"] for row in rows}
    return out


def standings(event: Event, scope: str = Scope.PUBLIC) -> StandingSnapshot:
    """The event's standings, from the snapshot when nothing changed since."""
    key = fingerprint(event, scope)
    snapshot = StandingSnapshot.objects.filter(event=event, scope=scope).first()
    if snapshot is not None and snapshot.fingerprint == key:
        return snapshot
    rows, rounds = compute(event, scope)
    snapshot, _created = StandingSnapshot.objects.update_or_create(
        event=event, scope=scope, defaults={"fingerprint": key, "rows": rows, "rounds": rounds}
    )
    return snapshot


@transaction.atomic
def publish_results(round_: Round, by=None) -> Round:
    """Put the round's confirmed results on the public standings (every table confirmed)."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if not round_.is_public:
        raise EventError(_("Publish the round's seating before its results."))
    if round_.results_published_at is not None:
        raise EventError(
            _("The results of round %(number)s are already published.") % {"number": round_.number}
        )
    tables = list(round_.tables.order_by("number"))
    confirmed = set(
        ScoreSheet.objects.filter(
            table__round=round_, status=ScoreSheet.Status.CONFIRMED
        ).values_list("table_id", flat=True)
    )
    missing = [str(t) for t in tables if t.pk not in confirmed]
    if not tables or missing:
        raise EventError(
            _("Round %(number)s cannot be published yet: no confirmed sheet for %(tables)s.")
            % {"number": round_.number, "tables": ", ".join(missing) or _("any table")}
        )
    round_.results_published_at = timezone.now()
    reason = change_reason("round.results_published", number=round_.number)
    return save_with_history(round_, reason, by)
