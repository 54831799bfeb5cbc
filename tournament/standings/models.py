"""StandingSnapshot: a cache of an event's standings, never a source of truth.

Standings are a pure function of the confirmed sheets (``scoring.standings``).
Working them out for hundreds of players on every page view is wasteful, so
the last answer is kept with a *fingerprint* of everything it was computed
from (confirmed sheets, published rounds, registrations). A page compares the
fingerprint, a few cheap aggregate queries, and recomputes only when it
changed. Deleting every snapshot loses nothing.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.events.model_fields import of_event


class StandingSnapshot(models.Model):
    class Scope(models.TextChoices):
        PUBLIC = "public", _("Published rounds only")
        STAFF = "staff", _("Every confirmed sheet")

    event = of_event("standing_snapshots")
    scope = models.CharField(_("scope"), max_length=6, choices=Scope.choices)
    fingerprint = models.CharField(_("fingerprint"), max_length=200)
    rounds = models.JSONField(_("rounds counted"), default=list)
    rows = models.JSONField(_("rows"), default=list)
    computed_at = models.DateTimeField(_("computed"), auto_now=True)

    class Meta:
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")
        constraints = [
            models.UniqueConstraint(fields=["event", "scope"], name="one_snapshot_per_scope"),
        ]

    def __str__(self):
        return f"{self.event} ({self.scope})"
