"""Stages as verbs: which stage a round is in, who plays it, and the cut.

A stage's standings and the overall standings are the standings' own
(``standings.stage_rows``, below the stages); the cut is made from them here,
with the pure arithmetic of ``scoring.standings.stages``.
"""

from __future__ import annotations

from fractions import Fraction

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from scoring.standings import Standing, StandingsError
from scoring.standings.stages import Cut, cut
from tournament.events.bounds import STAGE_ENTRANTS
from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, delete_with_history, save_with_history
from tournament.events.models import Event, Registration
from tournament.events.rules import precedence_of
from tournament.seating.field import playing_registrations, seats_to_fill
from tournament.seating.models import Round
from tournament.stages.models import Stage, StageEntrant
from tournament.standings.models import StandingSnapshot
from tournament.standings.stage_rows import entrant_registrations, stage_rows, stages_of

Status = Registration.Status
Scope = StandingSnapshot.Scope
REASON_MAX = Stage._meta.get_field("cut_reason").max_length


def stage_of_round(event: Event, number: int) -> Stage | None:
    """The stage that plays round ``number``, or None (no stages, or beyond the last)."""
    for stage in stages_of(event):
        if number in stage.round_numbers:
            return stage
    return None


def current_stage(event: Event) -> Stage | None:
    """The latest stage that has its players: stage 1, or the last one whose cut is made."""
    stages = stages_of(event)
    current = None
    for stage in stages:
        if stage.number == 1 or stage.cut_at is not None:
            current = stage
    return current


def stage_players(event: Event, number: int) -> list[Registration] | None:
    """Who takes a seat in round ``number`` of an event with stages (None: no stages).

    Stage 1 seats as an event without stages (``seating.field``). A later
    stage seats its entrants who have not withdrawn; when a withdrawal leaves
    a table short, house substitutes fill it, as in any round.
    """
    stage = stage_of_round(event, number)
    if stage is None:
        if stages_of(event):
            raise EventError(
                _("Round %(number)s is beyond the last stage; add a stage or rounds to it.")
                % {"number": number}
            )
        return None
    if stage.number == 1:
        return playing_registrations(event)
    if stage.cut_at is None:
        raise EventError(
            _("Make the cut to the %(stage)s before seating its rounds.") % {"stage": stage}
        )
    seated = [r for r in entrant_registrations(stage) if r.status != Status.DROPPED]
    needed = seats_to_fill(len(seated))
    if needed:
        spare = event.registrations.filter(status=Status.SUBSTITUTE).select_related("player")
        seated += list(spare.order_by("pk")[:needed])
    return sorted(seated, key=lambda r: r.pk)


def _previous(stage: Stage) -> Stage | None:
    return next((s for s in stages_of(stage.event) if s.number == stage.number - 1), None)


def _standings_of(rows: list[dict], order) -> list[Standing]:
    return [
        Standing(
            rank=row["rank"],
            player=row["registration"],
            points=Fraction(row["points"]),
            score=Fraction(row["score"]),
            sessions=row["sessions"],
            metrics={k: Fraction(v) for k, v in row["metrics"].items()},
            tied=row["tied"],
        )
        for row in rows
        if not row["withdrawn"]
    ]


def _check_cut_allowed(stage: Stage) -> Stage:
    if stage.number == 1:
        raise EventError(_("The first stage takes every player; it has no cut."))
    before = _previous(stage)
    rounds = {r.number: r for r in Round.objects.filter(event=stage.event)}
    unpublished = [
        n for n in before.round_numbers if n not in rounds or not rounds[n].results_published_at
    ]
    if unpublished:
        raise EventError(
            _("Publish the results of round %(number)s before the cut to the %(stage)s.")
            % {"number": unpublished[0], "stage": stage}
        )
    return before


def cut_preview(stage: Stage, *, wild_cards=(), chosen=()) -> tuple[Cut, list[dict]]:
    """The cut into ``stage`` as it would be made now, and the earlier stage's rows.

    Counted from the published results of the stage before (the public
    standings). Withdrawn players never go through: the next moves up.
    """
    before = _check_cut_allowed(stage)
    rows = stage_rows(before, Scope.PUBLIC)
    order = precedence_of(stage.event)
    excluded = [row["registration"] for row in rows if row["withdrawn"]]
    _check_wild_cards(stage, rows, wild_cards)
    try:
        answer = cut(
            _standings_of(rows, order), stage.size, order, wild_cards=wild_cards, excluded=excluded
        )
        if chosen:
            _check_chosen(answer, chosen)
            answer = cut(
                _standings_of(rows, order),
                stage.size,
                order,
                wild_cards=wild_cards,
                excluded=excluded,
                chosen=chosen,
            )
    except StandingsError as problem:
        raise EventError(str(problem)) from problem
    return answer, rows


def _check_wild_cards(stage: Stage, rows: list[dict], wild_cards) -> None:
    """Refuse, in the director's language, a wild card the cut could not take."""
    eligible = {row["registration"] for row in rows if not row["withdrawn"]}
    if any(p not in eligible for p in wild_cards):
        raise EventError(
            _("A wild card must be a player of the stage before who has not withdrawn.")
        )
    if len(set(wild_cards)) > stage.size:
        raise EventError(
            _("The %(stage)s takes %(size)s players: fewer wild cards, please.")
            % {"stage": stage, "size": stage.size}
        )


def _check_chosen(answer: Cut, chosen) -> None:
    """Refuse, in the director's language, a choice that does not settle the tie."""
    chosen = set(chosen)
    if not answer.tie or not chosen <= set(answer.tie):
        raise EventError(_("Choose only among the players tied at the cut."))
    if len(chosen) != answer.tie_places:
        raise EventError(
            _("Choose exactly %(places)s of the %(count)s tied players, not %(chosen)s.")
            % {"places": answer.tie_places, "count": len(answer.tie), "chosen": len(chosen)}
        )


def _line_decided(answer: Cut, tie_method: str, tie_reason: str) -> dict:
    """How the line was decided, as the stage keeps it (``Stage.cut_*``).

    At a tie on everything the director says how they named the players: by
    lot, or by their own choice, which needs the reason they give (shown on
    the public stage page with the cut). Otherwise the standings decided: by
    rank, or by the declared tiebreak that told two players level on points apart.
    """
    Method = Stage.CutMethod
    tie_reason = (tie_reason or "").strip()
    if answer.tie:
        if tie_method not in (Method.LOT, Method.CHOICE):
            raise EventError(_("Say how the tie was decided: by lot or by your choice."))
        if tie_method == Method.CHOICE and not tie_reason:
            raise EventError(_("Say why you chose these players; it is shown with the cut."))
        if len(tie_reason) > REASON_MAX:
            raise EventError(
                _("The reason for the choice is %(count)s characters; keep it to %(max)s.")
                % {"count": len(tie_reason), "max": REASON_MAX}
            )
        method, tiebreak = tie_method, ""
    elif answer.decided_by:
        method, tiebreak, tie_reason = Method.TIEBREAK, answer.decided_by, ""
    else:
        method, tiebreak, tie_reason = Method.RANK, "", ""
    last_in, first_out = answer.line or (None, None)
    return {
        "cut_method": method,
        "cut_tiebreak": tiebreak,
        "cut_reason": tie_reason,
        "cut_last_in_id": last_in,
        "cut_first_out_id": first_out,
    }


@transaction.atomic
def make_cut(
    stage: Stage,
    *,
    wild_cards=(),
    chosen=(),
    tie_method: str = "",
    tie_reason: str = "",
    by=None,
    words: str = "",
) -> Stage:
    """Fix the entrants of ``stage``; a tie across the line must be resolved (``chosen``,
    ``tie_method``: "lot" or "choice", the latter with the director's ``tie_reason``)."""
    stage = Stage.objects.select_for_update().select_related("event").get(pk=stage.pk)
    if stage.cut_at is not None:
        raise EventError(_("The cut to the %(stage)s is already made.") % {"stage": stage})
    answer, rows = cut_preview(stage, wild_cards=wild_cards, chosen=chosen)
    if not answer.resolved:
        raise EventError(
            _(
                "%(count)s players are tied at the cut for %(places)s place(s): "
                "choose who goes through by the event's rule."
            )
            % {"count": len(answer.tie), "places": answer.tie_places}
        )
    decided = _line_decided(answer, tie_method, tie_reason)
    rank = {row["registration"]: row["rank"] for row in rows}
    reason_of = {p: StageEntrant.Reason.WILD_CARD for p in answer.wild_cards}
    reason_of.update({p: StageEntrant.Reason.TIE for p in chosen})
    entrants = [
        StageEntrant(
            stage=stage,
            registration_id=p,
            reason=reason_of.get(p, StageEntrant.Reason.RANK),
            rank_before=rank.get(p),
        )
        for p in answer.entrants
    ]
    bulk_create_with_history(
        entrants, StageEntrant, default_change_reason=change_reason("stage.cut"), default_user=by
    )
    stage.cut_at = timezone.now()
    for field, value in decided.items():
        setattr(stage, field, value)
    return save_with_history(stage, change_reason("stage.cut", words=words), by)


@transaction.atomic
def undo_cut(stage: Stage, *, by=None, words: str = "") -> Stage:
    """Take the cut back while none of the stage's rounds is seated (a mistake corrected)."""
    stage = Stage.objects.select_for_update().select_related("event").get(pk=stage.pk)
    if stage.cut_at is None:
        raise EventError(_("The cut to the %(stage)s is not made yet.") % {"stage": stage})
    if stage.event.rounds.filter(number__gte=stage.first_round).exists():
        raise EventError(
            _("Rounds of the %(stage)s are seated: delete them before undoing the cut.")
            % {"stage": stage}
        )
    for entrant in stage.entrants.all():
        delete_with_history(entrant, change_reason("stage.left"), by)
    stage.cut_at = None
    stage.cut_method = stage.cut_tiebreak = stage.cut_reason = ""
    stage.cut_last_in = stage.cut_first_out = None
    return save_with_history(stage, change_reason("stage.cut_undone", words=words), by)


def size_problem(stage: Stage, before: Stage, players: int) -> str | None:
    """Why ``stage`` cannot take its entrants, or None: they fill tables of four
    (``bounds.STAGE_ENTRANTS``) and are no more than the ``players`` of the stage before.

    Pure, so that ``import_event`` holds a backup's stages to the same rule.
    """
    if not stage.size:
        return _("The %(stage)s needs a number of entrants that fills tables of four.") % {
            "stage": stage
        }
    refusal = STAGE_ENTRANTS.refusal(stage.size)
    if refusal is not None:
        return _("%(field)s: %(message)s") % {"field": stage, "message": refusal[1]}
    if players and stage.size > players:
        return _(
            "The %(stage)s takes %(size)s entrants, but the %(before)s has only %(count)s players."
        ) % {"stage": stage, "size": stage.size, "before": before, "count": players}
    return None


def _check_size(event: Event, stage: Stage, before: Stage) -> None:
    """A cut takes no more players than the stage before has (its size, or the players)."""
    if before.size:
        players = before.size
    else:
        players = event.registrations.exclude(status__in=[Status.SUBSTITUTE, Status.DROPPED])
        players = players.count()
    problem = size_problem(stage, before, players)
    if problem is not None:
        raise EventError(problem)


@transaction.atomic
def define_stages(event: Event, specs: list[dict], by=None) -> list[Stage]:
    """Set the event's stages from ``specs`` (kind, rounds, method, pattern, size, carry).

    Allowed while no cut is made; the event's number of rounds becomes the
    stages' total. An empty list removes the stages (only before any cut).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    existing = list(Stage.objects.filter(event=event).order_by("number"))
    if any(s.cut_at is not None for s in existing):
        raise EventError(_("A cut is made: undo it before changing the stages."))
    played = event.rounds.count()
    for stage in existing:
        delete_with_history(stage, change_reason("stage.defined"), by)
    stages = []
    for number, spec in enumerate(specs, start=1):
        stage = Stage(event=event, number=number, **spec)
        if number == 1:
            stage.size = None
        else:
            _check_size(event, stage, stages[-1])
        stages.append(save_with_history(stage, change_reason("stage.defined"), by))
    if stages:
        total = sum(s.rounds for s in stages)
        if total < played:
            raise EventError(
                _("%(count)s rounds are already seated; the stages must hold them all.")
                % {"count": played}
            )
        event.rounds_planned = total
        save_with_history(event, change_reason("stage.defined"), by)
    return stages
