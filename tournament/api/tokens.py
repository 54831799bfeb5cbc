"""Making, checking and revoking API tokens.

The key is shown once, when made; the database keeps its SHA-256 only, so a
copy of the database gives nobody a working key.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.api.models import ApiToken
from tournament.events.errors import EventError

PREFIX = "mjt_"
# Writing last_used_at on every request would turn each read into a write.
_TOUCH_EVERY = timedelta(minutes=1)


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def make_token(user, name: str) -> tuple[ApiToken, str]:
    """A new token for ``user``; returns it with the key, which is never shown again."""
    name = (name or "").strip()
    if not name:
        raise EventError(_("Name the token (what will use it)."))
    if len(name) > 100:
        raise EventError(_("The token's name is longer than 100 characters."))
    key = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(user=user, name=name, prefix=key[:12], digest=_digest(key))
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


def user_for_key(key: str):
    """The active user whose live token ``key`` is, or None."""
    if not key or not key.startswith(PREFIX):
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=_digest(key), revoked_at__isnull=True)
        .first()
    )
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > _TOUCH_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user
