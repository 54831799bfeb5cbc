"""Per-user API tokens: several per user, each named, revocable, and stored only as a hash.

Why a model of our own rather than DRF's ``authtoken``: that keeps one
unhashed token per user; a director needs one per script (a stream overlay,
a rating site's import) and must be able to revoke one without the others.

Each token ends (``expires_at``, chosen when it is made) and may be kept to
one event (``event``): a key copied into a forgotten script, or left on a
shared laptop, stops working on its own and cannot act in the user's other
events (issue #32, L6).
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.events.model_fields import part_of, staff_user


class ApiToken(models.Model):
    user = part_of(settings.AUTH_USER_MODEL, "api_tokens", _("user"))
    name = models.CharField(_("name"), max_length=100)
    # The first characters of the key, shown so that a user can tell tokens apart.
    prefix = models.CharField(_("starts with"), max_length=12)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(_("made at"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    revoked_by = staff_user(_("revoked by"))
    revoke_reason = models.CharField(_("why revoked"), max_length=300, blank=True)
    expires_at = models.DateTimeField(_("expires at"))
    # Only this event, when set (the user's roles there still apply); CASCADE: a token
    # must never outlive its event and so, unscoped, reach the user's other events.
    event = part_of("events.Event", "+", _("only for the event"), optional=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self):
        return f"{self.user} · {self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        """Neither revoked nor expired: the key works."""
        return self.revoked_at is None and not self.expired

    @property
    def expired(self) -> bool:
        return self.expires_at <= timezone.now()
