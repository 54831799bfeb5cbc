"""Seating a round, fixing it by hand, and publishing it, as verbs.

The Django side of the planner: load the players and the rounds already
played, call the pure :func:`tournament.seating.planner.plan.plan_seating`,
and store its answer as Round, Table and Seat rows in one transaction. Each
service refuses with an :class:`~tournament.events.errors.EventError` whose
message is for the director, and leaves history records that say why.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, delete_with_history, save_with_history
from tournament.events.models import Event, Registration
from tournament.seating.field import playing_registrations
from tournament.seating.models import WIND_ORDER, Round, Seat, Table
from tournament.seating.swaps import swap_seats

__all__ = ["EventError", "playing_registrations", "publish_round", "seat_round", "swap_seats"]

# Seconds the planner may search for a better seating in a web request or a
# command; the demo and the tests use less.
DEFAULT_TIME_BUDGET = 10.0


def _planner():
    """The pure planner, ``tournament/seating/planner/plan.py``.

    Imported when a round is seated rather than with the URL map, so pages that
    never seat (the public site, the admin) do not load the search code.
    """
    from tournament.seating.planner import plan

    return plan


def _history(event: Event, before: int) -> list[list[tuple[int, ...]]]:
    """Rounds already seated, as the planner reads them: round -> tables -> (E, S, W, N)."""
    rounds: dict[int, dict[int, dict[str, int]]] = {}
    seats = Seat.objects.filter(round__event=event, round__number__lt=before).values_list(
        "round__number", "table__number", "wind", "registration_id"
    )
    for number, table, wind, registration in seats:
        rounds.setdefault(number, {}).setdefault(table, {})[wind] = registration
    return [
        [tuple(tables[t][w] for w in WIND_ORDER) for t in sorted(tables)]
        for _, tables in sorted(rounds.items())
    ]


def _standings(event: Event, players: list[Registration]) -> list[int]:
    """Registration ids, best first, for swiss seating.

    The order of the event's standings over every confirmed sheet (the
    director's view, published or not); players not ranked yet (substitutes,
    or before any result) follow in registration order.
    """
    from tournament.standings.services import standings

    order = [row["registration"] for row in standings(event, "staff").rows]
    rank = {registration: i for i, registration in enumerate(order)}
    ids = [registration.pk for registration in players]
    return sorted(ids, key=lambda pk: (rank.get(pk, len(rank)), ids.index(pk)))


def _check_number(event: Event, number: int) -> Round | None:
    """The unpublished round to seat again, None for a new one, or a refusal."""
    if number < 1:
        raise EventError(_("Rounds are numbered from 1."))
    existing = {r.number: r for r in event.rounds.select_for_update()}
    last = max(existing, default=0)
    if number > last + 1:
        raise EventError(
            _("Seat round %(next)s first: rounds are seated in order.") % {"next": last + 1}
        )
    current = existing.get(number)
    if current is None:
        return None
    if current.status in (Round.Status.PUBLISHED, Round.Status.FINISHED):
        raise EventError(
            _("Round %(number)s is already published; swap seats by hand instead.")
            % {"number": number}
        )
    if number != last:
        raise EventError(
            _("Round %(number)s cannot be seated again once a later round is seated.")
            % {"number": number}
        )
    return current


@transaction.atomic
def seat_round(
    event: Event,
    number: int,
    method: str = Round.Method.BALANCED,
    by=None,
    *,
    seed: int | None = None,
    time_budget: float | None = None,
) -> Round:
    """Seat every playing registration for round ``number``.

    An unpublished round can be seated again (after a late drop, say); it is
    replaced as a whole.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.FINISHED:
        raise EventError(_("“%(event)s” has finished.") % {"event": event.name})
    if method not in Round.Method.values:
        raise EventError(
            _("Unknown seating method “%(method)s”; use one of %(choices)s.")
            % {"method": method, "choices": ", ".join(Round.Method.values)}
        )
    existing = _check_number(event, number)
    players = playing_registrations(event)
    _check_fill_tables(players)
    seed = number if seed is None else seed
    plan = _plan(event, number, players, method=method, seed=seed, time_budget=time_budget)
    round_ = _save_round(event, number, existing, method=method, seed=seed, by=by)
    # The plan starts with the rounds already played; the one new round follows.
    _store_tables(round_, plan.new_rounds[0], by)
    return round_


def _check_fill_tables(players: list[Registration]) -> None:
    """Refuse a field that cannot sit four to a table: the director adds or drops players."""
    if not players:
        raise EventError(_("Nobody is registered to play yet."))
    if len(players) % 4:
        short = 4 - len(players) % 4
        raise EventError(
            _(
                "%(count)s players cannot fill tables of four: add %(short)s substitute(s) "
                "or drop %(extra)s player(s)."
            )
            % {"count": len(players), "short": short, "extra": 4 - short}
        )


def _plan(
    event: Event,
    number: int,
    players: list[Registration],
    *,
    method: str,
    seed: int,
    time_budget: float | None,
):
    """The planner's seating, given the rounds before ``number``; its refusal as an EventError."""
    budget = getattr(settings, "SEATING_TIME_BUDGET", DEFAULT_TIME_BUDGET)
    planner = _planner()
    try:
        return planner.plan_seating(
            [r.pk for r in players],
            number,
            method=method,
            seed=seed,
            groups={r.pk: group for r in players if (group := r.seating_group())},
            history=_history(event, number),
            standings=_standings(event, players) if method == Round.Method.SWISS else None,
            time_budget=budget if time_budget is None else time_budget,
        )
    except planner.SeatingError as error:
        raise EventError(
            _("The planner could not seat this round: %(reason)s") % {"reason": error}
        ) from error


def _save_round(
    event: Event, number: int, existing: Round | None, *, method: str, seed: int, by
) -> Round:
    """The round row, marked seated; a round seated again loses its old tables first."""
    if existing is not None:
        for table in existing.tables.all():
            delete_with_history(table, change_reason("table.reseated"), by)
        round_ = existing
    else:
        round_ = Round(event=event, number=number)
    round_.status = Round.Status.SEATED
    round_.method = method
    round_.seed = seed
    save_with_history(round_, change_reason("round.seated", method=method), by)
    return round_


def _store_tables(round_: Round, tables, by) -> None:
    stored = bulk_create_with_history(
        [Table(round=round_, number=i) for i in range(1, len(tables) + 1)],
        Table,
        default_change_reason=change_reason("seating.seated"),
        default_user=by,
    )
    # bulk_create gives back primary keys on SQLite and PostgreSQL alike.
    seats = [
        Seat(round=round_, table=table, wind=wind, registration_id=registration)
        for table, players in zip(stored, tables, strict=True)
        for wind, registration in zip(WIND_ORDER, players, strict=True)
    ]
    bulk_create_with_history(
        seats, Seat, default_change_reason=change_reason("seating.seated"), default_user=by
    )


@transaction.atomic
def publish_round(round_: Round, by=None) -> Round:
    """Show the round's seating on the public pages."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if round_.status == Round.Status.DRAFT:
        raise EventError(_("Round %(number)s has no seating yet.") % {"number": round_.number})
    if round_.status != Round.Status.SEATED:
        raise EventError(_("Round %(number)s is already published.") % {"number": round_.number})
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    return save_with_history(round_, change_reason("round.published"), by)
