"""The round clock's pages: the director's buttons, the JSON that pages poll, the projector.

The director's actions are POSTs that redirect back to the round page with a
message (a refusal is a message too, never a 500). The JSON is
:func:`tournament.hall.clock.services.clock_state`, never stored by any cache: a
phone polls it every two seconds to see a pause or an extension.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournament.events.decorators import event_permission_required
from tournament.events.models import Event
from tournament.hall.clock import services as clock
from tournament.hall.clock.services import ClockError
from tournament.hall.templatetags.hall_clock import clock_context
from tournament.seating.models import Round


class ClockForm(forms.Form):
    """What any clock button may send; the services check what each action needs."""

    minutes = forms.IntegerField(label=gettext_lazy("Minutes"), required=False)
    table = forms.IntegerField(label=gettext_lazy("Table"), required=False)
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=200)


ACTIONS = {
    "start": (
        clock.start_clock,
        ("minutes", "reason"),
        gettext_lazy("The clock is started."),
    ),
    "pause": (clock.pause_clock, ("reason",), gettext_lazy("The clock is paused.")),
    "resume": (clock.resume_clock, ("reason",), gettext_lazy("The clock runs again.")),
    "extend": (
        clock.extend_clock,
        ("minutes", "reason"),
        gettext_lazy("Extended by %(minutes)s min for every table."),
    ),
    "table_extra": (
        clock.give_table_extra,
        ("table", "minutes", "reason"),
        gettext_lazy("%(table)s: %(minutes)s min of extra time."),
    ),
    "reset": (clock.reset_clock, ("reason",), gettext_lazy("The clock is reset.")),
}


def _act(request, event, number, action):
    round_ = get_object_or_404(Round, event=event, number=number)
    service, fields, done = ACTIONS[action]
    form = ClockForm(request.POST)
    if not form.is_valid():
        for name, errors in form.errors.items():
            messages.error(request, f"{form.fields[name].label}: {' '.join(errors)}")
        return redirect("seating:round", event.slug, number)
    data = form.cleaned_data
    kwargs = {name: data[name] for name in fields if name != "table"}
    if "table" in fields:
        kwargs["table_number"] = data["table"]
    try:
        service(round_, by=request.user, **kwargs)
    except ClockError as error:
        messages.error(request, _("%(field)s: %(message)s") % _field_and(error, form))
    else:
        table = round_.tables.filter(number=data.get("table") or 0).first()
        minutes = data.get("minutes")
        messages.success(
            request,
            str(done) % {"minutes": f"{minutes:+d}" if minutes else "", "table": table or ""},
        )
    return redirect("seating:round", event.slug, number)


def _field_and(error: ClockError, form: ClockForm) -> dict:
    field = form.fields.get(error.field)
    label = field.label if field is not None else _("Clock")
    return {"field": label, "message": error.message}


def _action_view(action):
    @require_POST
    @event_permission_required("manage")
    def view(request, event, number):
        return _act(request, event, number, action)

    view.__name__ = f"clock_{action}"
    view.__doc__ = f"The director's {action.replace('_', ' ')} of a round's clock."
    return view


clock_start = _action_view("start")
clock_pause = _action_view("pause")
clock_resume = _action_view("resume")
clock_extend = _action_view("extend")
clock_table_extra = _action_view("table_extra")
clock_reset = _action_view("reset")


def _table_number(request) -> int | None:
    value = request.GET.get("table", "")
    return int(value) if value.isdigit() else None


def _json(round_, request, *, public: bool):
    state = clock.clock_state(round_, table_number=_table_number(request))
    if public:
        latest = clock.current_round(round_.event)
        state["latest_round"] = latest.number if latest else None
    return JsonResponse(state)


@never_cache
@require_GET
def clock_json(request, slug, number):
    """A published round's clock for anyone (the projector, the public page, judges' phones)."""
    event = get_object_or_404(Event.objects.public(), slug=slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    if not round_.is_public:
        raise Http404
    round_.event = event  # one query fewer on every poll
    return _json(round_, request, public=True)


@never_cache
@require_GET
@event_permission_required("view")
def clock_json_staff(request, event, number):
    """Any round's clock for its staff (a round not published yet, a judge's table page)."""
    round_ = get_object_or_404(Round, event=event, number=number)
    return _json(round_, request, public=False)


@never_cache
@require_GET
def projector_clock(request, slug):
    """Full screen for the hall: the round being played (``?round=N`` for another)."""
    event = get_object_or_404(Event.objects.public(), slug=slug)
    public = event.rounds.public()
    asked = request.GET.get("round", "")
    if asked.isdigit():
        round_ = get_object_or_404(public, number=int(asked))
    else:
        round_ = clock.current_round(event) or event.rounds.latest_public()
    return render(
        request,
        "hall/projector_clock.html",
        {
            "event": event,
            "round": round_,
            "clock": clock_context(round_, mode="projector") if round_ else None,
            "follow": not asked.isdigit(),
        },
    )
