"""The user's own page: their API tokens, made and revoked here.

Any logged-in staff user may make tokens; a token acts as its user, with that
user's roles, so it needs no permission of its own. The key is shown once,
on the page answering the POST that made it (never cached, never stored in
clear: ``tournament.api.tokens`` keeps its SHA-256 only). Revoking is the
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
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.api.models import ApiToken
from tournament.api.tokens import make_token, revoke_token
from tournament.events.errors import EventError


class MakeTokenForm(forms.Form):
    # Not required here: make_token says what is wrong, in one place, for pages and scripts.
    name = forms.CharField(
        label=gettext_lazy("Name"),
        required=False,
        max_length=100,
        help_text=gettext_lazy("What will use it, e.g. “stream overlay”."),
    )
    hide_optional = True


class RevokeTokenForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Why"), required=False, max_length=300)


def _page(request, form, status=200):
    tokens = ApiToken.objects.filter(user=request.user).select_related("revoked_by")
    context = {"tokens": tokens, "form": form, "revoke_form": RevokeTokenForm()}
    response = render(request, "api/account.html", context, status=status)
    add_never_cache_headers(response)
    return response


@login_required
def account(request):
    """The user's tokens, and the form to make one."""
    return _page(request, MakeTokenForm())


@require_POST
@login_required
def token_make(request):
    """Make a token and show its key, this once."""
    form = MakeTokenForm(request.POST)
    if form.is_valid():
        try:
            token, key = make_token(request.user, form.cleaned_data["name"])
        except EventError as error:
            form.add_error("name", error.message)
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
