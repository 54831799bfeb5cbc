"""A limit on failed logins: so many failures per username and address, then a wait.

Vocabulary: a **failure** is a login attempt with a wrong password (or an
unknown username); the **window** starts at a username's first failure from
an address and lasts ``LOGIN_FAILURE_WINDOW`` seconds; after
``LOGIN_FAILURE_LIMIT`` failures in it the username is **locked** for that
address until the window ends. A successful login clears the count.

The counts live in Django's cache: per process in memory by default, shared
by every web process when ``CACHE_URL`` points at Redis (otherwise each
process counts on its own). The address is the client's: ``REMOTE_ADDR``, or,
when that is a proxy named in ``TRUSTED_PROXIES``, the last address in
``X-Forwarded-For`` that is not one of those proxies (a client cannot forge
past a trusted proxy). So someone guessing elsewhere never locks a judge out
of their own phone. If the cache is down the limit steps aside (logged): a
login never fails because Redis did.

Every way in is covered: :class:`LoginLimitBackend` comes first in
``AUTHENTICATION_BACKENDS`` and refuses a locked username before any password
is checked (the admin's login too), failures are counted from Django's
``user_login_failed`` signal, and the staff login page says why it refuses
(:class:`LoginView`, answering 429).
"""

from __future__ import annotations

import hashlib
import logging
import math
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import ngettext


def limit() -> int:
    return int(getattr(settings, "LOGIN_FAILURE_LIMIT", 5))


def window() -> int:
    return int(getattr(settings, "LOGIN_FAILURE_WINDOW", 15 * 60))


log = logging.getLogger("tournament.accounts")


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


def _keys(request, username: str) -> tuple[str, str]:
    who = f"{(username or '').strip().casefold()}\n{client_address(request)}"
    digest = hashlib.sha256(who.encode()).hexdigest()
    return f"login-failures:{digest}", f"login-failures-since:{digest}"


def failures(request, username: str) -> int:
    count_key, _since = _keys(request, username)
    try:
        return int(cache.get(count_key) or 0)
    except Exception:  # the cache (Redis) is down: no limit rather than no login
        log.warning("login limit: the cache is unavailable, not checked", exc_info=True)
        return 0


def is_locked(request, username: str) -> bool:
    return bool(username) and failures(request, username) >= limit()


def seconds_left(request, username: str) -> int:
    """Seconds until the window of ``username`` at this address ends (0 if none)."""
    _count, since_key = _keys(request, username)
    try:
        since = cache.get(since_key)
    except Exception:
        log.warning("login limit: the cache is unavailable", exc_info=True)
        return 0
    if since is None:
        return 0
    return max(0, math.ceil(since + window() - time.time()))


def record_failure(request, username: str) -> int:
    """Count one failure; returns the count in the current window."""
    if not username:
        return 0
    count_key, since_key = _keys(request, username)
    try:
        # The window starts with the first failure and is not extended by later ones
        # (incr keeps an entry's expiry, in memory and in Redis).
        cache.add(since_key, time.time(), timeout=window())
        cache.add(count_key, 0, timeout=window())
        try:
            return cache.incr(count_key)
        except ValueError:  # expired between add and incr
            cache.set(count_key, 1, timeout=window())
            return 1
    except Exception:
        log.warning("login limit: the cache is unavailable, failure not counted", exc_info=True)
        return 0


def clear(request, username: str) -> None:
    try:
        cache.delete_many(list(_keys(request, username)))
    except Exception:
        log.warning("login limit: the cache is unavailable, count not cleared", exc_info=True)


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
