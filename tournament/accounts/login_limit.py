"""A limit on failed logins: so many failures per username and address, then a wait.

Vocabulary: a **failure** is a login attempt with a wrong password (or an
unknown username); the **window** starts at a username's first failure from
an address and lasts ``LOGIN_FAILURE_WINDOW`` seconds; after
``LOGIN_FAILURE_LIMIT`` failures in it the username is **locked** for that
address until the window ends. A successful login clears the count.

The counts live in the database (:class:`tournament.accounts.models.LoginFailures`,
one row per username and address), shared by every web process and kept
through a Redis outage: they were in the cache, and with Redis down the limit
was off (issue #32, L3; why not both, in the model's docstring). The address
is the client's: ``REMOTE_ADDR``, or, when that is a proxy named in
``TRUSTED_PROXIES``, the last address in
``X-Forwarded-For`` that is not one of those proxies (a client cannot forge
past a trusted proxy). So someone guessing elsewhere never locks a judge out
of their own phone.

Every way in is covered: :class:`LoginLimitBackend` comes first in
``AUTHENTICATION_BACKENDS`` and refuses a locked username before any password
is checked (the admin's login too), failures are counted from Django's
``user_login_failed`` signal, and the staff login page says why it refuses
(:class:`LoginView`, answering 429).
"""

from __future__ import annotations

import hashlib
import math
from datetime import timedelta

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import ngettext

from tournament.accounts.models import LoginFailures


def limit() -> int:
    return int(getattr(settings, "LOGIN_FAILURE_LIMIT", 5))


def window() -> int:
    return int(getattr(settings, "LOGIN_FAILURE_WINDOW", 15 * 60))


def client_address(request) -> str:
    """The client's address; through a trusted proxy, the one it forwarded for."""
    meta = getattr(request, "META", {}) or {}
    remote = meta.get("REMOTE_ADDR") or "unknown"
    trusted = set(getattr(settings, "TRUSTED_PROXIES", ()))
    if remote not in trusted:
        return remote
    forwarded = [a.strip() for a in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    for address in reversed(forwarded):
        if address not in trusted:
            return address
    return remote


def _key(request, username: str) -> str:
    who = f"{(username or '').strip().casefold()}\n{client_address(request)}"
    return hashlib.sha256(who.encode()).hexdigest()


def _window_start():
    return timezone.now() - timedelta(seconds=window())


def _current(request, username: str) -> LoginFailures | None:
    """The row of ``username`` at this address, if its window is still open."""
    return LoginFailures.objects.filter(
        key=_key(request, username), since__gte=_window_start()
    ).first()


def failures(request, username: str) -> int:
    row = _current(request, username)
    return row.count if row else 0


def is_locked(request, username: str) -> bool:
    return bool(username) and failures(request, username) >= limit()


def seconds_left(request, username: str) -> int:
    """Seconds until the window of ``username`` at this address ends (0 if none)."""
    row = _current(request, username)
    if row is None:
        return 0
    ends = row.since + timedelta(seconds=window())
    return max(0, math.ceil((ends - timezone.now()).total_seconds()))


def record_failure(request, username: str) -> int:
    """Count one failure; returns the count in the current window.

    The window starts with the first failure and is not extended by later
    ones. Each count is one ``UPDATE ... count + 1``, so failures arriving at
    once in several processes are all counted; expired windows (this one's
    too) are deleted first.
    """
    if not username:
        return 0
    key = _key(request, username)
    with transaction.atomic():
        LoginFailures.objects.filter(since__lt=_window_start()).delete()
        mine = LoginFailures.objects.filter(key=key)
        if not mine.update(count=F("count") + 1):
            try:
                with transaction.atomic():  # another process may create it first
                    LoginFailures.objects.create(key=key, count=1, since=timezone.now())
            except IntegrityError:
                mine.update(count=F("count") + 1)
        return mine.values_list("count", flat=True).first() or 0


def clear(request, username: str) -> None:
    LoginFailures.objects.filter(key=_key(request, username)).delete()


def _username(credentials: dict) -> str:
    field = get_user_model().USERNAME_FIELD
    return str(credentials.get("username") or credentials.get(field) or "")


class LoginLimitBackend:
    """First authentication backend: refuses a locked username, else lets the next one try.

    It authenticates nobody (``None``) and has no ``get_user``, so sessions
    and ``force_login`` go to the backends after it. Raising PermissionDenied
    stops Django's ``authenticate`` before any password is checked.
    """

    def authenticate(self, request, username=None, **credentials):
        username = username or _username(credentials)
        if request is not None and is_locked(request, username):
            raise PermissionDenied
        return None

    async def aauthenticate(self, request, username=None, **credentials):
        return await sync_to_async(self.authenticate)(request, username, **credentials)


def _on_login_failed(sender, credentials, request=None, **kwargs):
    if request is not None:
        record_failure(request, _username(credentials))


def _on_logged_in(sender, request, user, **kwargs):
    if request is not None:
        clear(request, user.get_username())


def connect_signals() -> None:
    user_login_failed.connect(_on_login_failed, dispatch_uid="login_limit_failed")
    user_logged_in.connect(_on_logged_in, dispatch_uid="login_limit_logged_in")


class LimitedAuthenticationForm(AuthenticationForm):
    """Django's login form, which says so when the username is locked for this address."""

    def clean(self):
        username = self.cleaned_data.get("username")
        if username is not None and is_locked(self.request, username):
            minutes = max(1, math.ceil(seconds_left(self.request, username) / 60))
            raise ValidationError(
                ngettext(
                    "Too many failed logins for this username from your device. "
                    "Wait %(minutes)s minute and try again, or ask the tournament director.",
                    "Too many failed logins for this username from your device. "
                    "Wait %(minutes)s minutes and try again, or ask the tournament director.",
                    minutes,
                ),
                code="too_many_attempts",
                params={"minutes": minutes},
            )
        return super().clean()


class LoginView(auth_views.LoginView):
    """The staff login page (``/accounts/login/``) with the limit; a locked username gets 429."""

    form_class = LimitedAuthenticationForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if any(error.code == "too_many_attempts" for error in form.non_field_errors().data):
            response.status_code = 429
        return response
