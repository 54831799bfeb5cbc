"""Seating a round, fixing it by hand, and publishing it, as verbs.

The Django side of the planner: load the players and the rounds already
played, call the pure :func:`tournament.seating.planner.plan.plan_seating`,
and store its answer as Round, Table and Seat rows in one transaction. Each
service refuses with an :class:`~tournament.events.errors.EventError` whose
message is for the director, and leaves history records that say why.

Why in the round workflow and not in ``seating``: who sits is a stage's
entrants in an event with stages (``stages.services``), swiss and by-rank
seating follow the standings, and a round with scoresheets is not planned
again (its results): this module needs all of those apps at once.
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
from tournament.events.started import refuse_draft
from tournament.rounds import kept_plan
from tournament.rounds.plan_drift import refuse_withdrawn_seated
from tournament.rounds.round_admin import tables_with_results
from tournament.rounds.swaps import swap_seats
from tournament.seating.field import playing_registrations
from tournament.seating.models import WIND_ORDER, Round, Seat, Table
from tournament.seating.planner import plan as planner_module
from tournament.seating.planner.by_rank import seat_by_rank
from tournament.seating.planner.quality import measure
from tournament.seating.quality import group_of
from tournament.stages.services import stage_of_round, stage_players
from tournament.standings.services import Scope, standings
from tournament.standings.stage_rows import stage_rows

__all__ = [
    "EventError",
    "plan_remaining_rounds",
    "playing_registrations",
    "publish_round",
    "seat_round",
    "swap_seats",
]

# Seconds the planner may search for a better seating in a web request or a
# command; the demo and the tests use less.
DEFAULT_TIME_BUDGET = 10.0


def _planner():
    """The pure planner, ``tournament/seating/planner/plan.py``."""
    return planner_module


def _history(event: Event, before: int, since: int = 1) -> list[list[tuple[int, ...]]]:
    """Rounds already seated, as the planner reads them: round -> tables -> (E, S, W, N).

    The rounds numbered ``since`` to ``before`` - 1.
    """
    rounds: dict[int, dict[int, dict[str, int]]] = {}
    seats = Seat.objects.filter(
        round__event=event, round__number__lt=before, round__number__gte=since
    ).values_list("round__number", "table__number", "wind", "registration_id")
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
    if current.is_public:
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
    method: str | None = None,
    by=None,
    *,
    seed: int | None = None,
    time_budget: float | None = None,
) -> Round:
    """Seat every playing registration for round ``number``.

    An unpublished round can be seated again (after a late drop, say); it is
    replaced as a whole. The planner plans every round to the event's
    ``rounds_planned`` (the horizon), the first of them is stored and the
    rest are kept (``kept_plan``): the next round follows the kept plan while
    the field and the rounds seated since are the same, and is planned again
    with everything known when they are not. A plan made for round 3 alone
    paints the rounds after it into a corner (28 players in clubs of
    5/5/4/4/3/3/2/2 seated one round per call: 24 repeated pairs, none planned
    at once); a plan made anew on every call drifts from the one before.

    In an event with stages (issue #21) the round's stage decides who sits
    (its entrants), the method when none is given, and the horizon and the
    history (the stage's own rounds); ``rank`` seats from the stage's
    standings by the stage's pattern (``planner.by_rank``).
    """
    refuse_draft(event)
    stage = stage_of_round(event, number)
    method = method or (stage.method if stage else Round.Method.BALANCED)
    event = _lock_event(event, method)
    existing = _check_number(event, number)
    players = stage_players(event, number)
    if players is None:
        players = playing_registrations(event)
    _check_fill_tables(players)
    seed = number if seed is None else seed
    if method == Round.Method.RANK:
        tables = _by_rank(event, stage, players)
    else:
        tables, seed = _planned_round(
            event, stage, number, players, method=method, seed=seed, time_budget=time_budget, by=by
        )
    round_ = _save_round(event, number, existing, method=method, seed=seed, by=by)
    _store_tables(round_, tables, by)
    return round_


def _planned_round(event: Event, stage, number: int, players, *, method, seed, time_budget, by):
    """(tables, seed) of round ``number``: the kept plan's, or the first of a new plan, kept.

    The plan runs to the end of the round's stage (the horizon) and reads the
    stage's rounds seated before ``number`` as history (``kept_plan``).
    """
    since = stage.first_round if stage else 1
    horizon = stage.last_round if stage else max(number, event.rounds_planned or number)
    history = _history(event, number, since=since)
    span = {"since": since, "method": method, "players": players, "history": history}
    followed = kept_plan.following(event, number, last=horizon, **span)
    if followed is not None:
        return followed
    plan = _plan(
        event,
        horizon - since + 1,
        players,
        history,
        method=method,
        seed=seed,
        time_budget=time_budget,
    )
    # The plan starts with the rounds already played; the new rounds follow.
    kept = kept_plan.kept_rounds(event, number, horizon, **span)
    rounds = _better_of(event, history, plan.new_rounds, kept)
    kept_plan.keep(event, first=number, seed=seed, rounds=rounds, by=by, **span)
    return rounds[0], seed


def _by_rank(event: Event, stage, players: list[Registration]):
    """Tables filled from the standings of the round's stage (or the event's), best first."""
    if stage is not None:
        rows = stage_rows(stage, Scope.STAFF)
        pattern = stage.pattern
    else:
        rows = standings(event, Scope.STAFF).rows
        pattern = "snake"
    rank = {row["registration"]: i for i, row in enumerate(rows)}
    order = sorted((r.pk for r in players), key=lambda pk: (rank.get(pk, len(rank)), pk))
    groups = {r.pk: group for r in players if (group := r.seating_group())}
    return seat_by_rank(order, pattern, groups)


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


def _lock_event(event: Event, method: str) -> Event:
    """The event, locked for the seating, or a refusal (finished, unknown method)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.FINISHED:
        raise EventError(_("“%(event)s” has finished.") % {"event": event.name})
    if method not in Round.Method.values:
        raise EventError(
            _("Unknown seating method “%(method)s”; use one of %(choices)s.")
            % {"method": method, "choices": ", ".join(Round.Method.values)}
        )
    return event


def _plan(
    event: Event,
    rounds: int,
    players: list[Registration],
    history: list[list[tuple[int, ...]]],
    *,
    method: str,
    seed: int,
    time_budget: float | None,
):
    """The planner's ``rounds`` rounds in all after ``history``; its refusal as an EventError."""
    budget = getattr(settings, "SEATING_TIME_BUDGET", DEFAULT_TIME_BUDGET)
    planner = _planner()
    try:
        return planner.plan_seating(
            [r.pk for r in players],
            rounds,
            method=method,
            seed=seed,
            groups={r.pk: group for r in players if (group := r.seating_group())},
            history=history,
            standings=_standings(event, players) if method == Round.Method.SWISS else None,
            time_budget=budget if time_budget is None else time_budget,
        )
    except planner.SeatingError as error:
        raise EventError(
            _("The planner could not seat this round: %(reason)s") % {"reason": error}
        ) from error


def _save_round(
    event: Event,
    number: int,
    existing: Round | None,
    *,
    method: str,
    seed: int,
    by,
    reason: str | None = None,
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
    save_with_history(round_, reason or change_reason("round.seated", method=method), by)
    return round_


def _store_tables(round_: Round, tables, by, reason: str | None = None) -> None:
    reason = reason or change_reason("seating.seated")
    stored = bulk_create_with_history(
        [Table(round=round_, number=i) for i in range(1, len(tables) + 1)],
        Table,
        default_change_reason=reason,
        default_user=by,
    )
    # bulk_create gives back primary keys on SQLite and PostgreSQL alike.
    seats = [
        Seat(round=round_, table=table, wind=wind, registration_id=registration)
        for table, players in zip(stored, tables, strict=True)
        for wind, registration in zip(WIND_ORDER, players, strict=True)
    ]
    bulk_create_with_history(seats, Seat, default_change_reason=reason, default_user=by)


@transaction.atomic
def publish_round(round_: Round, by=None) -> Round:
    """Show the round's seating on the public pages."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    refuse_draft(round_.event)
    if round_.status == Round.Status.DRAFT:
        raise EventError(_("Round %(number)s has no seating yet.") % {"number": round_.number})
    if round_.status != Round.Status.SEATED:
        raise EventError(_("Round %(number)s is already published.") % {"number": round_.number})
    refuse_withdrawn_seated(round_)
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    return save_with_history(round_, change_reason("round.published"), by)


@transaction.atomic
def plan_remaining_rounds(
    event: Event,
    by=None,
    method: str = Round.Method.BALANCED,
    seed: int | None = None,
    time_budget: float | None = None,
) -> list[Round]:
    """Seat every round from the first unpublished one to ``event.rounds_planned``.

    Published and finished rounds are kept and read as history; every
    unpublished round is planned again with the players playing now, so the
    same verb plans an event up front and re-plans it after a drop, a late
    arrival, a substitute or a swap: a withdrawn player disappears from the
    rounds to come, a newcomer has met nobody. The plan kept from before
    (newcomers in the seats of players gone) competes with the fresh one,
    and wins a tie (_better_of). The rounds are stored seated, not
    published. Returns them in order.
    """
    refuse_draft(event)
    event = _lock_event(event, method)
    planned = event.rounds_planned
    if not planned:
        raise EventError(
            _("Set the number of rounds of “%(event)s” first: the plan covers every round.")
            % {"event": event.name}
        )
    rounds = {r.number: r for r in event.rounds.select_for_update()}
    first = max((n for n, r in rounds.items() if r.is_public), default=0) + 1
    if first > planned:
        raise EventError(
            _(
                "All %(count)s planned rounds are published already; "
                "raise the number of rounds to plan more."
            )
            % {"count": planned}
        )
    later = [r for n, r in sorted(rounds.items()) if n >= first]
    _refuse_sheets(later)
    since, planned, players = _stage_span(event, first, planned, method)
    _check_fill_tables(players)
    seed = first if seed is None else seed
    history = _history(event, first, since=since)
    plan = _plan(
        event,
        planned - since + 1,
        players,
        history,
        method=method,
        seed=seed,
        time_budget=time_budget,
    )
    span = {"since": since, "method": method, "players": players, "history": history}
    kept = kept_plan.kept_rounds(event, first, planned, **span)
    new_rounds = _better_of(event, history, plan.new_rounds, kept)
    kept_plan.keep(event, first=first, seed=seed, rounds=new_rounds, by=by, **span)
    code = "seating.replanned" if later else "seating.planned"
    reason = change_reason(code, method=method)
    for round_ in later:
        if round_.number > planned:
            for table in round_.tables.all():
                delete_with_history(table, change_reason("table.reseated"), by)
            delete_with_history(round_, change_reason("round.unplanned"), by)
    seated = []
    for number, tables in enumerate(new_rounds, start=first):
        existing = rounds.get(number)
        round_ = _save_round(
            event, number, existing, method=method, seed=seed, by=by, reason=reason
        )
        _store_tables(round_, tables, by, reason)
        seated.append(round_)
    return seated


def _stage_span(event: Event, first: int, planned: int, method: str):
    """(first round of the history, last round to plan, players) for a plan from ``first``.

    With stages (issue #21) a plan covers the rest of ``first``'s stage only,
    among its entrants; seating by rank goes a round at a time (it needs the
    results of the round before).
    """
    stage = stage_of_round(event, first)
    if stage is None:
        return 1, planned, playing_registrations(event)
    if method == Round.Method.RANK:
        raise EventError(_("Seating by rank goes one round at a time: seat the next round."))
    return stage.first_round, stage.last_round, stage_players(event, first)


def _better_of(event: Event, history, fresh, kept):
    """The fresh plan or the one kept, whichever has fewer repeats plus club meetings,
    then fewer club meetings, then fewer players with unbalanced winds; the kept one
    on a tie, so a re-plan moves nobody without a reason."""
    if kept is None:
        return fresh
    groups = group_of(event)

    def score(rounds):
        q = measure([*history, *rounds], groups)
        return (q.repeats + q.club_meetings, q.club_meetings, len(q.wind_unbalanced))

    return kept if score(kept) <= score(fresh) else fresh


def _refuse_sheets(rounds: list[Round]) -> None:
    """An unpublished round with scoresheets is being played: publish it, or clear its sheets."""
    for round_ in rounds:
        if tables_with_results(round_):
            raise EventError(
                _(
                    "Round %(number)s has scoresheets but is not published: publish it "
                    "before planning the rounds after it."
                )
                % {"number": round_.number}
            )
