"""The director's pages for events and players (under ``/manage/``).

Every view is guarded on the server: ``event_permission_required`` for one
event's pages, ``can_create_events`` for a new event. Views read forms and
call services; a service's refusal is shown as a message, nothing half-done.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.events import csv_encoding, csv_import, editing, services, upload_bounds
from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.events.form_messages import add_form_errors
from tournament.events.forms import (
    DropForm,
    EventEditForm,
    EventForm,
    ImportForm,
    PlayerEditForm,
    PlayerForm,
    RoleForm,
)
from tournament.events.lookalikes import registration_warnings
from tournament.events.models import Registration
from tournament.events.permissions import can_create_events, events_for
from tournament.events.teams import team_kinds


@login_required
def event_list(request):
    # distinct: the two counts join registrations and rounds, which multiplies rows.
    events = (
        events_for(request.user)
        .with_player_count()
        .annotate(round_count=Count("rounds", distinct=True))
    )
    return render(
        request,
        "staff/event_list.html",
        {"events": events, "can_create": can_create_events(request.user)},
    )


@login_required
def event_create(request):
    if not can_create_events(request.user):
        raise PermissionDenied
    today = timezone.localdate()
    form = EventForm(*_bound(request)[:1], initial={"start_date": today, "end_date": today})
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(**form.cleaned_data, by=request.user)
        except EventError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Event created. Now register its players."))
            return redirect("manage:event", event.slug)
    return render(request, "staff/event_form.html", {"form": form})


@event_permission_required("manage")
def event_edit(request, event):
    """Name, dates, public flag, session length, entry level, number of rounds; rules in draft."""
    form = EventEditForm(*_bound(request)[:1], event=event)
    if request.method == "POST" and form.is_valid():
        data = {k: v for k, v in form.cleaned_data.items()}
        try:
            editing.edit_event(event, **data, by=request.user)
        except EventError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("The event's settings are saved."))
            _warn_no_teams(request, event)
            return redirect("manage:event", event.slug)
    status = 400 if form.errors else 200
    return render(request, "staff/event_edit.html", {"event": event, "form": form}, status=status)


def _warn_no_teams(request, event) -> None:
    """Team rankings asked for before any player has a team: allowed, but said."""
    event.refresh_from_db()
    if team_kinds(event) and not event.registrations.exclude(team="").exists():
        messages.warning(
            request,
            _(
                "No player has a team yet: the team standings stay empty until teams are "
                "given (the CSV's team column, or each player's Edit page)."
            ),
        )


@event_permission_required("manage")
def player_edit(request, event, registration_id):
    registration = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event=event
    )
    form = PlayerEditForm(*_bound(request)[:1], initial=editing.player_fields(registration))
    if request.method == "POST" and form.is_valid():
        try:
            saved = editing.edit_player(registration, **form.cleaned_data, by=request.user)
        except EventError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("%(name)s is saved.") % {"name": saved.name})
            _warn_lookalikes(request, event, [saved])
            return redirect("manage:event", event.slug)
    status = 400 if form.errors else 200
    context = {"event": event, "registration": registration, "form": form}
    return render(request, "staff/player_edit.html", context, status=status)


def _warn_lookalikes(request, event, registrations) -> None:
    """Names or teams just saved that look like others of the event: said, not refused."""
    for warning in registration_warnings(event, registrations):
        messages.warning(request, warning)


def _form_error(form, error: EventError) -> None:
    """A service's refusal on the form: next to its field when it names one."""
    field = getattr(error, "field", None)
    form.add_error(field if field in form.fields else None, error.message)


@require_POST
@event_permission_required("manage")
def event_start(request, event):
    try:
        services.start_event(event, by=request.user)
    except EventError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The event has started; its ruleset is now fixed."))
    return redirect("manage:event", event.slug)


@event_permission_required("manage")
def players_import(request, event):
    """Upload or paste a CSV; the preview lists every bad row before anything is saved."""
    form = ImportForm(*_bound(request))
    if request.method == "POST" and form.is_valid():
        try:
            text, encoding = _csv_text(form.cleaned_data)
        except EventError as error:
            form.add_error("file" if form.cleaned_data.get("file") else "text", error.message)
        else:
            preview = csv_import.import_players_preview(event, text)
            context = {"event": event, "preview": preview, "csv_text": text}
            # A file read in another encoding than UTF-8 says so: the director checks the names.
            context["read_as"] = None if encoding == csv_encoding.UTF8 else encoding
            return render(request, "staff/import_preview.html", context)
    return render(request, "staff/import_form.html", {"event": event, "form": form})


def _csv_text(data) -> tuple[str, str]:
    """The CSV's text and the encoding it was read in; past the size limit it is refused unread."""
    if data.get("file"):
        return csv_encoding.decode_csv(upload_bounds.read_upload(data["file"]))
    upload_bounds.check_text(data["text"])
    return data["text"], csv_encoding.UTF8


@require_POST
@event_permission_required("manage")
def players_import_confirm(request, event):
    text = request.POST.get("csv_text", "")
    try:
        registrations = csv_import.import_players(event, text, by=request.user)
    except EventError as error:
        preview = csv_import.import_players_preview(event, text)
        messages.error(request, error.message)
        return render(
            request,
            "staff/import_preview.html",
            {"event": event, "preview": preview, "csv_text": text},
            status=400,
        )
    messages.success(
        request,
        _("%(count)s players registered.") % {"count": len(registrations)},
    )
    _warn_lookalikes(request, event, registrations)
    return redirect("manage:event", event.slug)


@event_permission_required("manage")
def player_add(request, event):
    form = PlayerForm(*_bound(request)[:1])
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            registration = services.add_player(event, **data, by=request.user)
        except EventError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("%(name)s registered (%(status)s).")
                % {
                    "name": registration.name,
                    "status": registration.get_status_display(),
                },
            )
            _warn_lookalikes(request, event, [registration])
            return redirect("manage:event", event.slug)
    return render(request, "staff/player_form.html", {"event": event, "form": form})


@require_GET
@event_permission_required("manage")
def player_withdraw(request, event, registration_id):
    """Withdrawing asks first (issue #34): what it does, and why; it posts to ``player_drop``."""
    registration = get_object_or_404(Registration, pk=registration_id, event=event)
    return _withdraw_page(request, event, registration, DropForm())


def _withdraw_page(request, event, registration, form, status=200):
    context = {"event": event, "registration": registration, "form": form}
    return render(request, "staff/player_drop.html", context, status=status)


@require_POST
@event_permission_required("manage")
def player_drop(request, event, registration_id):
    """Withdraw a player, with the reason typed on the Withdraw page; without it, nobody leaves.

    Issue #34: one click withdrew, with no confirmation and no reason. A POST
    without the reason comes back to the page, refused, the field named.
    """
    registration = get_object_or_404(Registration, pk=registration_id, event=event)
    form = DropForm(request.POST)
    if not form.is_valid():
        return _withdraw_page(request, event, registration, form, status=400)
    try:
        services.drop_player(registration, by=request.user, reason=form.cleaned_data["reason"])
    except EventError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(name)s has left the event; seats already given stay.")
            % {"name": registration.name},
        )
    return redirect("manage:event", event.slug)


@require_POST
@event_permission_required("manage")
def player_status(request, event, registration_id):
    registration = get_object_or_404(Registration, pk=registration_id, event=event)
    if request.POST.get("status") == Registration.Status.DROPPED:
        # Withdrawing asks for a reason on its own page, never from the status menu.
        return redirect("manage:player_withdraw", event.slug, registration.pk)
    try:
        services.reinstate_player(registration, request.POST.get("status", ""), by=request.user)
    except EventError as error:
        messages.error(request, error.message)
    return redirect("manage:event", event.slug)


@require_POST
@event_permission_required("manage")
def role_grant(request, event):
    form = RoleForm(request.POST)
    if form.is_valid():
        user, role = form.cleaned_data["user"], form.cleaned_data["role"]
        try:
            services.grant_role(event, user, role, by=request.user)
        except EventError as error:
            messages.error(request, error.message)
            return redirect("manage:event", event.slug)
        messages.success(
            request,
            _("%(user)s is now %(role)s.")
            % {
                "user": user.get_username(),
                "role": dict(form.fields["role"].choices)[role],
            },
        )
    else:
        add_form_errors(request, form)
    return redirect("manage:event", event.slug)


def _bound(request):
    """Form data for a POST (even an empty one), nothing for a GET."""
    if request.method == "POST":
        return (request.POST, request.FILES)
    return ()
