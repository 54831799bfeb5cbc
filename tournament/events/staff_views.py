"""The director's staff pages: new logins, roles removed, and the one-time link page.

Creating and removing are guarded by ``event_permission_required("manage")``
and POST-only. The one-time link page (``welcome``, at /accounts/welcome/…
beside the login) needs no login: the token in its address is the proof,
checked with Django's ``default_token_generator`` exactly as a password reset
is, so a used or expired link opens nothing.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import SetPasswordForm
from django.contrib.auth.tokens import default_token_generator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.encoding import force_str
from django.utils.http import urlsafe_base64_decode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.events import staff_accounts
from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.events.forms import RemoveRoleForm, StaffAccountForm
from tournament.events.models import StaffRole
from tournament.events.permissions import has_event_permission
from tournament.events.refusals import refusal_as_message
from tournament.events.site_url import site_url_is_loopback


@require_POST
@event_permission_required("manage")
def staff_create(request, event):
    """Make the login; with no password typed, show its one-time link, this once."""
    form = StaffAccountForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            user, path = staff_accounts.create_staff_account(
                event,
                username=data["username"],
                role=data["role"],
                password=data["password"] or None,
                by=request.user,
            )
        except EventError as error:
            form.add_error(None, error.message)
        else:
            role = StaffRole.Role(data["role"]).label
            if path is None:
                messages.success(
                    request,
                    _("%(user)s can now log in as %(role)s.")
                    % {"user": user.get_username(), "role": role},
                )
                return redirect("manage:event", event.slug)
            return _show_link(request, event, user, role, path)
    response = render(
        request, "staff/staff_account_form.html", {"event": event, "form": form}, status=400
    )
    add_never_cache_headers(response)
    return response


def _show_link(request, event, user, role, path):
    # The phones reach the site at SITE_URL; at its default the director's own address is better.
    base = request.build_absolute_uri("/").rstrip("/")
    if not site_url_is_loopback():
        base = settings.SITE_URL
    context = {
        "event": event,
        "account": user,
        "role": role,
        "link": base + path,
        "lifetime": staff_accounts.link_lifetime(),
    }
    response = render(request, "staff/staff_link.html", context)
    add_never_cache_headers(response)  # shown once: not kept by the browser's cache
    return response


@require_POST
@event_permission_required("manage")
def role_remove(request, event, role_id):
    staff_role = get_object_or_404(
        StaffRole.objects.select_related("user"), pk=role_id, event=event
    )
    if not RemoveRoleForm(request.POST).is_valid():
        messages.error(request, _("Tick the box to confirm that the role is removed."))
        return redirect("manage:event", event.slug)
    with refusal_as_message(request) as removed:
        staff_accounts.remove_role(staff_role, by=request.user)
    if removed.done:
        messages.success(
            request,
            _("%(user)s no longer has a role in this event.")
            % {"user": staff_role.user.get_username()},
        )
        if not has_event_permission(request.user, event, "view"):
            return redirect("manage:events")  # they removed their own role
    return redirect("manage:event", event.slug)


def welcome(request, uidb64, token):
    """Where a new staff member chooses a password, once, from the director's link."""
    user = _user_of(uidb64)
    if user is None or not default_token_generator.check_token(user, token):
        response = render(request, "registration/welcome.html", {"valid": False}, status=400)
        add_never_cache_headers(response)
        return response
    form = SetPasswordForm(user, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your password is set. Log in with it now."))
        return redirect("login")
    status = 400 if form.errors else 200
    context = {"valid": True, "form": form, "account": user}
    response = render(request, "registration/welcome.html", context, status=status)
    add_never_cache_headers(response)
    return response


def _user_of(uidb64: str):
    User = get_user_model()
    try:
        pk = force_str(urlsafe_base64_decode(uidb64))
        return User._default_manager.filter(pk=int(pk), is_active=True).first()
    except (TypeError, ValueError, OverflowError):
        return None
