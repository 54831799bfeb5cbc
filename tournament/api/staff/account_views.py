"""The user's own page: their API tokens, made and revoked here.

Any logged-in staff user may make tokens; a token acts as its user, with that
user's roles, so it needs no permission of its own. Its owner chooses how long
it lasts (``tokens.LIFETIME_DAYS``, a month unless chosen) and may keep it to
one of their events. The key is shown once, on the page answering the POST
that made it (never cached, never stored in clear: ``tournament.api.tokens``
keeps its SHA-256 only). Revoking is the
owner's alone here: another user's token answers 404, so its existence is
not confirmed either.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from tournament.api.models import ApiToken
from tournament.api.tokens import (
    DEFAULT_DAYS,
    LIFETIME_DAYS,
    MAX_DAYS,
    make_token,
    revoke_token,
)
from tournament.events.errors import EventError
from tournament.events.permissions import events_for


class MakeTokenForm(forms.Form):
    # Not required here: make_token says what is wrong, in one place, for pages and scripts.
    name = forms.CharField(
        label=gettext_lazy("Name"),
        required=False,
        max_length=100,
        help_text=gettext_lazy("What will use it, e.g. “stream overlay”."),
    )
    days = forms.TypedChoiceField(
        label=gettext_lazy("Valid for"),
        coerce=int,
        required=False,
        empty_value=DEFAULT_DAYS,
        initial=DEFAULT_DAYS,
        help_text=gettext_lazy("It stops working after that; make a new one then."),
    )
    event = forms.ModelChoiceField(
        label=gettext_lazy("Event"),
        queryset=None,
        required=False,
        empty_label=gettext_lazy("Every event where I have a role"),
        to_field_name="slug",
        help_text=gettext_lazy("Kept to one event, it cannot act in your other events."),
    )
    hide_optional = True

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["days"].choices = [
            (days, ngettext("%(count)d day", "%(count)d days", days) % {"count": days})
            for days in LIFETIME_DAYS
        ]
        self.fields["event"].queryset = events_for(user).order_by("name")


class RevokeTokenForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Why"), required=False, max_length=300)


def _page(request, form, status=200):
    tokens = ApiToken.objects.filter(user=request.user).select_related("revoked_by", "event")
    context = {
        "tokens": tokens,
        "form": form,
        "revoke_form": RevokeTokenForm(),
        "max_days": MAX_DAYS,
    }
    response = render(request, "api/account.html", context, status=status)
    add_never_cache_headers(response)
    return response


@login_required
def account(request):
    """The user's tokens, and the form to make one."""
    return _page(request, MakeTokenForm(request.user))


@require_POST
@login_required
def token_make(request):
    """Make a token and show its key, this once."""
    form = MakeTokenForm(request.user, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            token, key = make_token(
                request.user, data["name"], days=data["days"], event=data["event"]
            )
        except EventError as error:
            form.add_error(getattr(error, "field", None) or "name", error.message)
        else:
            response = render(request, "api/token_made.html", {"token": token, "key": key})
            add_never_cache_headers(response)
            return response
    return _page(request, form, status=400)


@require_POST
@login_required
def token_revoke(request, token_id: int):
    """Revoke one of the user's own tokens; it stays listed, marked revoked."""
    token = get_object_or_404(ApiToken, pk=token_id, user=request.user)
    form = RevokeTokenForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    try:
        revoke_token(token, by=request.user, reason=reason)
    except EventError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The token “%(name)s” is revoked.") % {"name": token.name})
    return redirect("apiaccount:account")
