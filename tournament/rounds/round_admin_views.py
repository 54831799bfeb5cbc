"""The director's round actions: unpublish, finish, delete (services in ``round_admin``).

Each is a POST guarded by ``event_permission_required("manage")``; a refusal
or a missing reason comes back as a message on the round page, never a 500.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.events.form_messages import add_form_errors
from tournament.events.forms import ReasonForm
from tournament.rounds import round_admin
from tournament.seating.models import Round


def _reason(request) -> str | None:
    """The reason typed, or None after putting the form's error in a message."""
    form = ReasonForm(request.POST)
    if form.is_valid():
        return form.cleaned_data["reason"]
    add_form_errors(request, form)
    return None


def _act(request, event, number, action, success: str, *, needs_reason=True):
    round_ = get_object_or_404(Round, event=event, number=number)
    kwargs = {"by": request.user}
    if needs_reason:
        reason = _reason(request)
        if reason is None:
            return redirect("seating:round", event.slug, number)
        kwargs["reason"] = reason
    try:
        action(round_, **kwargs)
    except EventError as error:
        messages.error(request, error.message)
        if not Round.objects.filter(pk=round_.pk).exists():
            return redirect("manage:event", event.slug)
        return redirect("seating:round", event.slug, number)
    messages.success(request, success % {"number": number})
    if action is round_admin.delete_round:
        return redirect("manage:event", event.slug)
    return redirect("seating:round", event.slug, number)


def _round_verb(action, success, **options):
    """The director's post of ``action`` on a round (``_act``), with its message when done."""

    @require_POST
    @event_permission_required("manage")
    def view(request, event, number):
        return _act(request, event, number, action, success, **options)

    return view


round_unpublish = _round_verb(
    round_admin.unpublish_round,
    gettext_lazy("The seating of round %(number)s is no longer public."),
)
round_unpublish_results = _round_verb(
    round_admin.unpublish_results,
    gettext_lazy("The results of round %(number)s are off the public standings."),
)
round_finish = _round_verb(
    round_admin.finish_round, gettext_lazy("Round %(number)s has finished."), needs_reason=False
)
round_delete = _round_verb(round_admin.delete_round, gettext_lazy("Round %(number)s is deleted."))
