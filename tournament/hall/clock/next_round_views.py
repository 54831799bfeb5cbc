"""The director's "next round starts at" form, next to the round's clock (issue #34).

A POST from the round page that redirects back to it with a message; a bad
time is refused as a message naming the field, and nothing is saved.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.events.decorators import event_permission_required
from tournament.hall.clock.next_round import set_next_round_time
from tournament.hall.clock.services import ClockError
from tournament.seating.models import Round

# What a datetime-local input sends ("2026-06-01T14:00"), and the same typed with a space.
TIME_INPUTS = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]


class NextRoundForm(forms.Form):
    next_round_at = forms.DateTimeField(
        label=gettext_lazy("Next round starts at"), required=False, input_formats=TIME_INPUTS
    )
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=200)


@require_POST
@event_permission_required("manage")
def next_round_time(request, event, number):
    """Set or clear when the round after round ``number`` starts."""
    round_ = get_object_or_404(Round, event=event, number=number)
    form = NextRoundForm(request.POST)
    if not form.is_valid():
        for name, errors in form.errors.items():
            messages.error(request, f"{form.fields[name].label}: {' '.join(errors)}")
        return redirect("seating:round", event.slug, number)
    when = form.cleaned_data["next_round_at"]
    try:
        set_next_round_time(round_, when, by=request.user, reason=form.cleaned_data["reason"])
    except ClockError as error:
        label = form.fields["next_round_at"].label
        messages.error(
            request, _("%(field)s: %(message)s") % {"field": label, "message": error.message}
        )
    else:
        messages.success(
            request,
            _("The next round's start time is saved.")
            if when
            else _("The next round's start time is cleared."),
        )
    return redirect("seating:round", event.slug, number)
