"""What happens in the hall while a round is played: its clock, and players calling a judge.

Vocabulary:

- *round clock*: one per round. The director starts it; it runs for the
  round's ``duration_seconds`` plus every extension given to all tables,
  plus the time it spent paused. A table may have *extra time* of its own
  (it started late, a long ruling): its deadline is the round's plus the sum
  of its extra time.
- *clock event*: the log of every change to a clock (start, pause, resume,
  extend, a table's extra time, a stop), with who, when and why. The clock's
  fields are the current state; the events are the history, never edited.
- *stopped*: finishing the round or the event stops its clock for good
  (``stopped_at``); the time left is kept as it was, and nothing restarts it.
- *judge call*: a player at a table asks for a judge from the table's page,
  without logging in. A judge takes the call (on the way) and resolves it;
  the times of the three steps give a director the response times.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.events.model_fields import part_of, staff_user
from tournament.seating.model_fields import of_table


class RoundClock(models.Model):
    round = models.OneToOneField(
        "seating.Round", on_delete=models.CASCADE, related_name="clock", verbose_name=_("round")
    )
    duration_seconds = models.PositiveIntegerField(_("length (seconds)"))
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    paused_at = models.DateTimeField(_("paused"), null=True, blank=True)
    paused_seconds = models.PositiveIntegerField(_("time paused (seconds)"), default=0)
    extra_seconds = models.IntegerField(_("extension (seconds)"), default=0)
    stopped_at = models.DateTimeField(_("stopped"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("round clock")
        verbose_name_plural = _("round clocks")

    def __str__(self) -> str:
        return f"clock of {self.round}"


class ClockEvent(models.Model):
    class Kind(models.TextChoices):
        START = "start", _("Started")
        PAUSE = "pause", _("Paused")
        RESUME = "resume", _("Resumed")
        EXTEND = "extend", _("Extended")
        TABLE_EXTRA = "table_extra", _("Extra time for a table")
        RESET = "reset", _("Reset")
        # Why the clock stopped is its kind: the round finished, or the event did.
        STOP_ROUND = "stop_round", _("Stopped: the round finished")
        STOP_EVENT = "stop_event", _("Stopped: the event finished")

    clock = part_of(RoundClock, "events", _("clock"))
    kind = models.CharField(_("what"), max_length=12, choices=Kind.choices)
    table = of_table("clock_events", optional=True)
    seconds = models.IntegerField(_("seconds"), default=0)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    created_by = staff_user(_("by"))
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("clock event")
        verbose_name_plural = _("clock events")

    def __str__(self) -> str:
        return f"{self.kind} {self.seconds}s"


class JudgeCall(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for a judge")
        TAKEN = "taken", _("A judge is coming")
        RESOLVED = "resolved", _("Resolved")

    table = of_table("judge_calls")
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.OPEN
    )
    # A preset reason's code (tournament.hall.calls.services.REASONS), put into words when shown.
    reason_code = models.CharField(_("reason"), max_length=20, blank=True)
    reason = models.CharField(_("the player's words"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("called"), auto_now_add=True)
    taken_by = staff_user(_("taken by"))
    taken_at = models.DateTimeField(_("taken"), null=True, blank=True)
    resolved_by = staff_user(_("resolved by"))
    resolved_at = models.DateTimeField(_("resolved"), null=True, blank=True)
    note = models.CharField(_("judge's note"), max_length=200, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["table", "status"])]
        verbose_name = _("judge call")
        verbose_name_plural = _("judge calls")

    def __str__(self) -> str:
        return f"call at {self.table} ({self.status})"
