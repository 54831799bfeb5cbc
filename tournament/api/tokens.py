"""Making, checking and revoking API tokens.

The key is shown once, when made; the database keeps its SHA-256 only, so a
copy of the database gives nobody a working key.

Every token ends: its owner chooses how long it lasts when making it
(:data:`LIFETIME_DAYS`, :data:`DEFAULT_DAYS` unless chosen, never more than
:data:`MAX_DAYS`), so a key forgotten in a script or on a shared laptop stops
working on its own. A token may also be kept to one event (checked in
``tournament.api.permissions``).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, timedelta

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.core.numbers import is_int
from tournament.api.models import ApiToken
from tournament.events.errors import EventError
from tournament.events.permissions import has_event_permission

PREFIX = "mjt_"
# Writing last_used_at on every request would turn each read into a write.
_TOUCH_EVERY = timedelta(minutes=1)
# What the token page offers (days): a day's test, an event weekend, a month, a season, a year.
LIFETIME_DAYS = (1, 7, 30, 90, 365)
DEFAULT_DAYS = 30
MAX_DAYS = max(LIFETIME_DAYS)


class TokenRefused(Exception):
    """A key that does not let its bearer in; ``message`` says why, ``code`` for scripts."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.message = message
        self.code = code


def _refused(message, field: str) -> EventError:
    """A refusal naming the form field it is about (the API's handler reads ``field`` too)."""
    error = EventError(message)
    error.field = field
    return error


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def make_token(user, name: str, *, days: int = DEFAULT_DAYS, event=None) -> tuple[ApiToken, str]:
    """A new token for ``user``; returns it with the key, which is never shown again.

    It lasts ``days`` (1 to :data:`MAX_DAYS`) and, with ``event``, acts only
    there, an event where the user has a role.
    """
    name = (name or "").strip()
    if not name:
        raise _refused(_("Name the token (what will use it)."), "name")
    if len(name) > 100:
        raise _refused(_("The token's name is longer than 100 characters."), "name")
    if not is_int(days) or not 1 <= days <= MAX_DAYS:
        raise _refused(_("A token lasts from 1 to %(max)s days.") % {"max": MAX_DAYS}, "days")
    if event is not None and not has_event_permission(user, event, "view"):
        raise _refused(
            _("You have no role in this event, so a token for it could do nothing."), "event"
        )
    key = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user,
        name=name,
        prefix=key[:12],
        digest=_digest(key),
        expires_at=timezone.now() + timedelta(days=days),
        event=event,
    )
    return token, key


def revoke_token(token: ApiToken, *, by, reason: str = "") -> ApiToken:
    """Revoke ``token`` (its owner or a superuser); it stays listed, marked revoked."""
    if by is None or not (by.pk == token.user_id or by.is_superuser):
        raise EventError(_("You may revoke only your own tokens."))
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.revoked_by = by
        token.revoke_reason = (reason or "").strip()[:300]
        token.save(update_fields=["revoked_at", "revoked_by", "revoke_reason"])
    return token


def token_for_key(key: str) -> ApiToken:
    """The live token whose key is ``key``, its user active; else :class:`TokenRefused`."""
    token = None
    if key and key.startswith(PREFIX):
        token = (
            ApiToken.objects.select_related("user", "event")
            .filter(digest=_digest(key), revoked_at__isnull=True)
            .first()
        )
    if token is None or not token.user.is_active:
        raise TokenRefused(_("This token is not valid or was revoked."), "authentication_failed")
    now = timezone.now()
    if token.expires_at <= now:
        raise TokenRefused(
            _("This token expired on %(date)s. Make a new one on your account page: %(url)s")
            % {
                "date": token.expires_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC"),
                "url": reverse("apiaccount:account"),
            },
            "token_expired",
        )
    if token.last_used_at is None or now - token.last_used_at > _TOUCH_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token


def user_for_key(key: str):
    """The active user whose live token ``key`` is, or None."""
    try:
        return token_for_key(key).user
    except TokenRefused:
        return None
