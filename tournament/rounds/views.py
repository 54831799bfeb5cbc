"""The director's round pages: seat, swap, publish, plan the rounds to come.

Every view is guarded by ``event_permission_required``. The public round page
is the seating's own (``tournament.seating.views``).
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Max
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.events.form_messages import add_form_errors
from tournament.events.permissions import has_event_permission
from tournament.events.refusals import refusal_as_message
from tournament.rounds import kept_plan, services
from tournament.rounds.forms import SeatRoundForm, SwapForm
from tournament.rounds.plan_drift import drifted_rounds
from tournament.seating import quality
from tournament.seating.models import WIND_ORDER, Round, Wind
from tournament.seating.planner.quality import measure
from tournament.seating.views import seating_of
from tournament.stages.rounds import default_method
from tournament.stages.services import stage_players


@require_POST
@event_permission_required("manage")
def round_seat(request, event):
    form = SeatRoundForm(request.POST)
    if not form.is_valid():
        add_form_errors(request, form)
        return redirect("manage:event", event.slug)
    number, method = form.cleaned_data["number"], form.cleaned_data["method"]
    try:
        services.seat_round(event, number, method, by=request.user)
    except EventError as error:
        messages.error(request, error.message)
        return redirect("manage:event", event.slug)
    messages.success(request, _("Round %(number)s is seated.") % {"number": number})
    return redirect("seating:round", event.slug, number)


@event_permission_required("view")
def round_detail(request, event, number):
    round_ = get_object_or_404(Round, event=event, number=number)
    tables, by_name = seating_of(round_)
    can_manage = has_event_permission(request.user, event, "manage")
    swap_form = None
    if can_manage and round_.status != Round.Status.FINISHED:
        swap_form = SwapForm(seats=by_name)
    return _round_page(request, event, round_, tables, can_manage, swap_form)


@require_POST
@event_permission_required("manage")
def round_swap(request, event, number):
    round_ = get_object_or_404(Round, event=event, number=number)
    _tables, by_name = seating_of(round_)
    form = SwapForm(request.POST, seats=by_name)
    if form.is_valid():
        seat_a = form.seats[form.cleaned_data["seat_a"]]
        seat_b = form.seats[form.cleaned_data["seat_b"]]
        with refusal_as_message(request) as swapped:
            services.swap_seats(seat_a, seat_b, by=request.user, reason=form.cleaned_data["reason"])
        if swapped.done:
            messages.success(
                request,
                _("%(a)s and %(b)s swapped seats.")
                % {"a": seat_a.registration.name, "b": seat_b.registration.name},
            )
        return redirect("seating:round", event.slug, number)
    tables, _by_name = seating_of(round_)
    return _round_page(request, event, round_, tables, True, form, status=400)


def _round_page(request, event, round_, tables, can_manage, swap_form, status=200):
    context = {
        "event": event,
        "round": round_,
        "tables": tables,
        "can_manage": can_manage,
        "swap_form": swap_form,
        **quality_context(event, round_),
        "round_drifts": [d for d in drifted_rounds(event) if d.round.pk == round_.pk],
    }
    return render(request, "staff/round_detail.html", context, status=status)


def quality_context(event, round_: Round) -> dict:
    """The plan's quality through this round, in names, for ``staff/round/quality.html``.

    And over every round seated when later ones are (a plan made up front),
    so a director sees what the rounds to come hold before publishing them.
    """
    names = dict(
        event.registrations.values_list("pk", "name")  # withdrawn players included
    )
    through = quality.event_quality(event, through_round=round_.number)
    last = event.rounds.filter(seats__isnull=False).aggregate(last=Max("number"))["last"]
    whole_plan = None
    if last and last > round_.number:
        whole_plan = {"last": last, "quality": quality.event_quality(event)}
    elif last == round_.number and (ahead := _kept_ahead(event, last)):
        # Seated one round at a time: the rounds to come are the kept plan's.
        rounds = [*quality.seated_rounds(event), *ahead]
        whole_plan = {
            "last": last + len(ahead),
            "quality": measure(rounds, quality.group_of(event)),
        }
    teams = quality.teams_of(event)
    return {
        "quality": through,
        "quality_names": _quality_names(through, names, teams),
        "whole_plan": whole_plan,
        "has_teams": bool(teams),
    }


def _kept_ahead(event, last: int):
    """The kept plan's rounds after ``last`` if the next round would follow it, else None."""
    try:
        players = stage_players(event, last + 1)
    except EventError:  # a stage waiting for its cut: the plan is made at the cut
        return None
    players = services.playing_registrations(event) if players is None else players
    return kept_plan.rounds_ahead(event, last, players)


def _quality_names(q, names, teams=None) -> dict:
    """The players behind the numbers, by name; teammates apart from club mates.

    ``teams``: registration id -> team. Two players of one team at a table are
    *teammates* (the seating could not keep the team apart), said on its own.
    """
    winds = dict(Wind.choices)
    teams = teams or {}
    pairs = [{"round": r, "a": names.get(a, a), "b": names.get(b, b)} for r, a, b in q.club_pairs]
    mates = [teams.get(a) is not None and teams.get(a) == teams.get(b) for _r, a, b in q.club_pairs]
    return {
        "teammates": [pair for pair, mate in zip(pairs, mates, strict=True) if mate],
        "repeated": [
            {"a": names.get(a, a), "b": names.get(b, b), "times": times}
            for a, b, times in q.repeated_pairs
        ],
        "clubs": [pair for pair, mate in zip(pairs, mates, strict=True) if not mate],
        "whole": [{"round": r, "table": t} for r, t in q.whole_group_at],
        "unbalanced": [
            {
                "name": names.get(p, p),
                "counts": " · ".join(
                    f"{winds[w]} {c}" for w, c in zip(WIND_ORDER, q.wind_counts[p], strict=True)
                ),
            }
            for p in q.wind_unbalanced
        ],
    }


@require_POST
@event_permission_required("manage")
def rounds_plan(request, event):
    """Seat (or seat again) every unpublished round up to the number of rounds planned."""
    played = event.rounds.public().values_list("number", flat=True)
    first = max(played, default=0) + 1  # the plan's first round, as the service counts it
    method = request.POST.get("method") or default_method(event, first, Round.Method.BALANCED)
    try:
        seated = services.plan_remaining_rounds(event, by=request.user, method=method)
    except EventError as error:
        messages.error(request, error.message)
        return redirect("manage:event", event.slug)
    first, last = seated[0].number, seated[-1].number
    messages.success(
        request,
        _("Rounds %(first)s to %(last)s are seated; publish each one when it is due.")
        % {"first": first, "last": last},
    )
    return redirect("seating:round", event.slug, first)


@require_POST
@event_permission_required("manage")
def round_publish(request, event, number):
    round_ = get_object_or_404(Round, event=event, number=number)
    with refusal_as_message(request) as published:
        services.publish_round(round_, by=request.user)
    if published.done:
        messages.success(request, _("Round %(number)s is published.") % {"number": number})
    return redirect("seating:round", event.slug, number)
