"""The director's stage pages: the stages of the event, and the cut into each.

Director-only (``event_permission_required("manage")``). Every change goes
through ``stages.services`` (define_stages, make_cut, undo_cut); a refusal
comes back as a message on the page, never a 500. Writes are POSTs that
redirect (POST-redirect-GET), so a reload never makes a cut twice.

The cut page previews the cut with the wild cards chosen so far (a GET
form: looking changes nothing), then "Make the cut" posts the same wild
cards with the players chosen at a tie.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.events.form_messages import add_form_errors
from tournament.stages import services
from tournament.stages.cut_table import cut_context, made_context
from tournament.stages.forms import CutForm, StageFormSet, UndoCutForm, initial_of
from tournament.stages.models import StageEntrant


@event_permission_required("manage")
def stages_page(request, event):
    """The stages as they are, and the form that sets them."""
    stages = services.stages_of(event)
    if request.method == "POST":
        formset = StageFormSet(request.POST, prefix="stage")
        if formset.is_valid():
            try:
                services.define_stages(event, formset.specs(), by=request.user)
            except EventError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("The stages are set."))
                return redirect("stages:list", event.slug)
        status = 400
    else:
        formset = StageFormSet(initial=initial_of(stages), prefix="stage")
        status = 200
    context = {
        "event": event,
        "stages": stages,
        "formset": formset,
        "cut_made": any(s.cut_at for s in stages),
    }
    return render(request, "stages/stages.html", context, status=status)


def _stage(event, number: int):
    stage = next((s for s in services.stages_of(event) if s.number == number), None)
    if stage is None:
        raise Http404
    return stage


def _ids(values) -> list[int]:
    return [int(v) for v in values if str(v).isdigit()]


@event_permission_required("manage")
def cut_page(request, event, number):
    """Before the cut: the preview and its form; after it: the entrants and "Undo"."""
    stage = _stage(event, number)
    context = {"event": event, "stage": stage, "stages": services.stages_of(event)}
    if stage.cut_at is not None:
        entrants = stage.entrants.select_related("registration__player").order_by(
            "rank_before", "pk"
        )
        context |= {"entrants": entrants, "undo_form": UndoCutForm(), "Reason": StageEntrant.Reason}
        context |= made_context(stage, list(entrants))
        return render(request, "stages/cut_made.html", context)
    wild_cards = _ids(request.GET.getlist("wild_cards"))
    kept = {name: request.GET.getlist(name) for name in KEPT if request.GET.get(name)}
    try:
        context |= cut_context(stage, wild_cards, kept)
    except EventError as error:
        context["refusal"] = error.message
    return render(request, "stages/cut.html", context)


# What the director chose at a tie, carried back to the page when the cut is refused,
# so nothing they entered is lost.
KEPT = ("chosen", "tie_method", "tie_reason")


def _back(event, number, wild_cards, post=None) -> str:
    url = reverse("stages:cut", args=[event.slug, number])
    query = {"wild_cards": wild_cards} if wild_cards else {}
    for name in KEPT if post is not None else ():
        if post.get(name):
            query[name] = post.getlist(name)
    if query:
        url += "?" + urlencode(query, doseq=True)
    return url


def _add_choice_refusal(request, stage, wild_cards, chosen) -> None:
    """With the form's errors, what is wrong with the players chosen, so all is said at once."""
    if not chosen:
        return
    try:
        services.cut_preview(stage, wild_cards=wild_cards, chosen=chosen)
    except EventError as error:
        messages.error(request, error.message)


@require_POST
@event_permission_required("manage")
def cut_make(request, event, number):
    stage = _stage(event, number)
    wild_cards = _ids(request.POST.getlist("wild_cards"))
    form = CutForm(request.POST)
    form.fields["wild_cards"].choices = [(str(p), str(p)) for p in wild_cards]
    form.fields["chosen"].choices = [(v, v) for v in request.POST.getlist("chosen")]
    if not form.is_valid():
        add_form_errors(request, form)
        _add_choice_refusal(request, stage, wild_cards, _ids(request.POST.getlist("chosen")))
        return redirect(_back(event, number, wild_cards, request.POST))
    try:
        made = services.make_cut(
            stage,
            wild_cards=wild_cards,
            chosen=form.registrations("chosen"),
            tie_method=form.cleaned_data["tie_method"],
            tie_reason=form.cleaned_data["tie_reason"],
            by=request.user,
            words=form.cleaned_data["reason"],
        )
    except EventError as error:
        messages.error(request, error.message)
        return redirect(_back(event, number, wild_cards, request.POST))
    messages.success(
        request,
        _("The cut to the %(stage)s is made: %(count)s players go through.")
        % {"stage": made, "count": made.entrants.count()},
    )
    return redirect("stages:cut", event.slug, number)


@require_POST
@event_permission_required("manage")
def cut_undo(request, event, number):
    stage = _stage(event, number)
    form = UndoCutForm(request.POST)
    if not form.is_valid():
        add_form_errors(request, form)
        return redirect("stages:cut", event.slug, number)
    try:
        services.undo_cut(stage, by=request.user, words=form.cleaned_data["reason"])
    except EventError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The cut to the %(stage)s is undone.") % {"stage": stage})
    return redirect("stages:cut", event.slug, number)
