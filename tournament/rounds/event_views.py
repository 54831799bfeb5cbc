"""The event's dashboard and its end: the director's pages that show or close every round.

Why here and not with the events: the dashboard offers to seat the next round
(the stage it belongs to, the plan's drift, who plays) and finishing the event
needs every round's sheets; both need the apps above the events. The other
event pages stay in ``tournament.events.views``; their URLs and these share
the ``manage`` namespace (``tournament.urls``).
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.events.forms import DropForm, RoleForm, StaffAccountForm
from tournament.events.models import Registration
from tournament.events.permissions import has_event_permission
from tournament.rounds.forms import SeatRoundForm
from tournament.rounds.plan_drift import drifted_rounds
from tournament.rounds.round_admin import finish_event
from tournament.seating.field import playing_registrations
from tournament.seating.models import Round
from tournament.stages.rounds import default_method, players_to_seat


@event_permission_required("view")
def event_dashboard(request, event):
    registrations = list(event.registrations.select_related("player").order_by("pk"))
    counts = {status: 0 for status in Registration.Status.values}
    for registration in registrations:
        counts[registration.status] += 1
    rounds = event.rounds.annotate(
        table_count=Count("tables", distinct=True), seat_count=Count("seats", distinct=True)
    ).order_by("number")
    can_manage = has_event_permission(request.user, event, "manage")
    next_round = (rounds.last().number + 1) if rounds else 1
    field = playing_registrations(event)
    return render(
        request,
        "staff/event_dashboard.html",
        {
            "event": event,
            "registrations": registrations,
            "counts": counts,
            "playing": players_to_seat(event, next_round, field),
            # The heading's count: the event's players, whatever the next round seats
            # (nobody before a cut or after the last stage: it said "Players 0").
            "field_size": len(field),
            "rounds": rounds,
            "roles": event.staff_roles.select_related("user").order_by("role", "user__username"),
            "can_manage": can_manage,
            "seat_form": SeatRoundForm(
                initial={
                    "number": next_round,
                    "method": default_method(event, next_round, Round.Method.BALANCED),
                }
            ),
            "drifts": drifted_rounds(event),
            "has_unpublished": any(r.status == Round.Status.SEATED for r in rounds),
            "role_form": RoleForm(),
            "account_form": StaffAccountForm(auto_id="id_account-%s"),
            "drop_form": DropForm(),
            **round_progress(rounds, event.rounds_planned),
        },
    )


def round_progress(rounds, planned: int | None) -> dict:
    """Where the event stands: the round being played, the next to publish, all seated.

    Why not the last round seated: after *Plan all rounds* every round is
    seated while round 1 is played, and the dashboard said "Round 6 of 6"
    and offered "Next: round 7 of 6".
    """
    public = [r.number for r in rounds if r.is_public]
    waiting = [r.number for r in rounds if r.status == Round.Status.SEATED]
    last = max((r.number for r in rounds), default=0)
    return {
        "current_round": max(public, default=None),
        "next_to_publish": min(waiting, default=None),
        # The seat form offers the round after the last seated, never one past the plan.
        "all_seated": bool(planned) and last >= planned,
    }


@require_POST
@event_permission_required("manage")
def event_finish(request, event):
    if not request.POST.get("confirm"):
        messages.error(request, _("Tick the box to confirm that the event is over."))
        return redirect("manage:event", event.slug)
    try:
        finish_event(event, by=request.user)
    except EventError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The event has finished; its results are locked."))
    return redirect("manage:event", event.slug)
