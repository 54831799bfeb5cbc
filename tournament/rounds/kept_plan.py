"""The plan kept between one round seated and the next (issue #34).

Why: a director who seats one round at a time (late entries, drops) must get
what planning every round at once gets. A plan for one round alone paints
the rounds after it into a corner (28 players in clubs of 5/5/4/4/3/3/2/2:
24 repeated pairs round by round, none planned at once). So seating a round
plans every round to the end of its stage, seats the first and keeps the
rest (:class:`~tournament.seating.models.KeptPlan`); the next round follows
the kept plan, and is planned again only when what the plan was made for
changed: who plays (a withdrawal, a late entry, a reserve called in), a
player's seating group, the rounds seated since (a swap), the method or the
number of rounds. A plan made again competes with the one kept
(``services._better_of``), so a change moves nobody without a reason.

Vocabulary: the *basis* is the rounds the plan read as history (from the
first round of the stage to the one before the plan); the *field* is who the
plan seats, with what seating keeps apart. Rounds are plain registration ids,
round -> table -> (E, S, W, N), as the planner reads them.
"""

from __future__ import annotations

from tournament.events.change_reasons import change_reason
from tournament.events.errors import save_with_history
from tournament.events.models import Event, Registration
from tournament.seating.models import WIND_ORDER, KeptPlan, Round, Seat
from tournament.seating.planner import lineage

# Methods whose plan depends only on who plays and who met whom, so a plan
# kept stays right until those change. Swiss follows the standings, which
# change with every result, and by rank goes a round at a time: both plan anew.
FOLLOWED = (Round.Method.BALANCED, Round.Method.RANDOM)


def field_of(players: list[Registration]) -> list[list]:
    """[[registration id, seating group or None], ...] by id: what a plan is made for."""
    return sorted([r.pk, r.seating_group()] for r in players)


def as_lists(rounds) -> list[list[list[int]]]:
    """Rounds in the shape JSON gives back, so stored and read rounds compare equal."""
    return [[list(table) for table in tables] for tables in rounds]


def following(
    event: Event,
    number: int,
    *,
    since: int,
    last: int,
    method: str,
    players: list[Registration],
    history,
) -> tuple[list, int] | None:
    """(tables, seed) of round ``number`` from the kept plan, or None when it must be planned.

    ``history`` is the rounds ``since`` .. ``number`` - 1 as seated now. The
    plan is followed when it was made with ``method`` for this stage, this
    number of rounds and this field, and every round seated since it was made
    is the plan's own round (no swap, no re-seat by hand).
    """
    plan = _plan_of(event)
    if plan is None or (plan.since_round, plan.last_round) != (since, last):
        return None
    if not _holds(plan, number, method, players, history):
        return None
    return plan.rounds[number - plan.first_round], plan.seed


def rounds_ahead(event: Event, after: int, players: list[Registration]):
    """The kept plan's rounds after round ``after``, when the next round would follow it; else None.

    For the round page: seated one round at a time, the rounds to come are
    only in the kept plan, and the quality of the whole plan (winds above
    all) is judged with them.
    """
    plan = _plan_of(event)
    if plan is None or plan.last_round <= after:
        return None
    history = [
        tables for _n, tables in sorted(_seated_rounds(event, plan.since_round, after).items())
    ]
    if not _holds(plan, after + 1, plan.method, players, history):
        return None
    return plan.rounds[after + 1 - plan.first_round :]


def _holds(plan: KeptPlan, number: int, method: str, players, history) -> bool:
    """Whether round ``number`` follows ``plan``: same method, field and rounds seated since."""
    return (
        method in FOLLOWED
        and plan.method == method
        and plan.first_round <= number <= plan.last_round
        and plan.field == field_of(players)
        and as_lists(history) == plan.basis + plan.rounds[: number - plan.first_round]
    )


def kept_rounds(
    event: Event,
    first: int,
    last: int,
    *,
    since: int,
    method: str,
    players: list[Registration],
    history,
):
    """The rounds ``first`` .. ``last`` as kept, newcomers in the seats of players gone, or None.

    Each round is the unpublished round seated (a plan made up front, or
    this round seated before) or else the kept plan's (balanced and random
    only: a swiss plan kept would ignore the results since); None when some round
    is neither, or when the rounds kept cannot seat exactly ``players``
    (``lineage.carried_over``). ``history``: the rounds ``since`` .. ``first`` - 1.
    """
    seated = _seated_rounds(event, first, last)
    plan = _plan_of(event)
    usable = (
        plan is not None
        and method in FOLLOWED
        and plan.method == method
        and plan.since_round == since
    )
    previous = []
    for number in range(first, last + 1):
        if number in seated:
            previous.append(seated[number])
        elif usable and plan.first_round <= number <= plan.last_round:
            previous.append(plan.rounds[number - plan.first_round])
        else:
            return None
    return lineage.carried_over(previous, history, [r.pk for r in players])


def keep(
    event: Event,
    *,
    since: int,
    first: int,
    method: str,
    seed: int,
    players: list[Registration],
    history,
    rounds,
    by=None,
) -> KeptPlan:
    """Store ``rounds`` (rounds ``first`` onwards) as the event's plan, versioned."""
    plan = _plan_of(event)
    code = "seating.planned" if plan is None else "seating.replanned"
    plan = plan or KeptPlan(event=event)
    plan.method = method
    plan.seed = seed
    plan.since_round = since
    plan.first_round = first
    plan.last_round = first + len(rounds) - 1
    plan.field = field_of(players)
    plan.basis = as_lists(history)
    plan.rounds = as_lists(rounds)
    return save_with_history(plan, change_reason(code, method=method), by)


def _plan_of(event: Event) -> KeptPlan | None:
    return KeptPlan.objects.filter(event=event).first()


def _seated_rounds(event: Event, first: int, last: int) -> dict[int, list[tuple[int, ...]]]:
    """Round number -> its tables, for the rounds seated in ``first`` .. ``last``.

    Callers plan from the first round not published, so these are never public.
    """
    rounds: dict[int, dict[int, dict[str, int]]] = {}
    seats = Seat.objects.filter(
        round__event=event, round__number__gte=first, round__number__lte=last
    ).values_list("round__number", "table__number", "wind", "registration_id")
    for number, table, wind, registration in seats:
        rounds.setdefault(number, {}).setdefault(table, {})[wind] = registration
    return {
        number: [tuple(tables[t][w] for w in WIND_ORDER) for t in sorted(tables)]
        for number, tables in rounds.items()
    }
