"""What player entry keeps: the table PINs, the entering phone, and each hand's acceptance.

Vocabulary:

- **table PIN**: a short number printed on the table's scoresheet (when the
  event's *player entry* option is on). A phone that knows it may open the
  table's players' page. Its *generation* grows when the director makes a new
  PIN, so every phone opened with the old one is shut out.
- **phone**: a browser known by a random token in its signed cookie
  (``cookies.py``). It holds one seat at the table, chosen when it first opens
  the table; it cannot claim a second seat there.
- **entering phone**: the first phone that opened the table with the PIN; only
  it enters hands. A judge may release it so that another phone can take over.
- **PIN lock**: too many wrong PINs lately from one phone (or from one address,
  for phones that throw their cookie away) refuse that phone, not the table.
  A director lifts the locks of a table, and a new PIN lifts them too.
- **hand check**: a hand the players entered waits for a player of *another*
  seat, on another phone, to accept it (or reject it, with words, for a judge
  to settle). A hand a judge entered again is settled: the judge's word.
- **player action**: one line of the table's log, for the staff: who (a seat
  of the table, or a staff user), what (a code), when and why.
"""

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.events.model_fields import staff_user
from tournament.results.models import SEAT_CHOICES
from tournament.seating.model_fields import of_table
from tournament.seating.models import Table


class TablePin(models.Model):
    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, related_name="player_pin", verbose_name=_("table")
    )
    pin = models.CharField(_("PIN"), max_length=8)
    generation = models.PositiveIntegerField(_("generation"), default=1)
    # The entering phone's random token (its signed cookie carries the same).
    entry_device = models.CharField(_("entering phone"), max_length=32, blank=True)
    entry_seat = models.CharField(_("entering seat"), max_length=1, blank=True)
    # Wrong PINs before this moment no longer count (a director lifted the locks, or a new PIN).
    locks_lifted_at = models.DateTimeField(_("PIN locks lifted"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("table PIN")
        verbose_name_plural = _("table PINs")

    def __str__(self):
        return f"{self.table} PIN"


class PinAttempt(models.Model):
    """A PIN tried at a table; wrong ones are counted to stop guessing (in the database).

    Counted per phone (its token) and, as a ceiling for phones that drop their
    cookie, per address (a hash of it, never the address itself).
    """

    table = of_table("pin_attempts")
    at = models.DateTimeField(_("at"), default=timezone.now, db_index=True)
    ok = models.BooleanField(_("right PIN"), default=False)
    device = models.CharField(_("phone"), max_length=32, blank=True, db_index=True)
    address = models.CharField(_("address (hashed)"), max_length=64, blank=True)

    class Meta:
        verbose_name = _("PIN attempt")
        verbose_name_plural = _("PIN attempts")

    def __str__(self):
        return f"{self.table} {self.at:%H:%M} {'ok' if self.ok else 'wrong'}"


class HandCheck(models.Model):
    class State(models.TextChoices):
        PENDING = "pending", _("Waiting for a second player")
        ACCEPTED = "accepted", _("Accepted")
        REJECTED = "rejected", _("Disputed")

    table = of_table("hand_checks")
    number = models.PositiveSmallIntegerField(_("hand"))
    version = models.PositiveIntegerField(_("version"))
    entered_seat = models.CharField(_("entered by seat"), max_length=1, choices=SEAT_CHOICES)
    # The phone that entered it never accepts it, whatever seat it names.
    entered_device = models.CharField(_("entered by phone"), max_length=32, blank=True)
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.PENDING
    )
    decided_seat = models.CharField(
        _("decided by seat"), max_length=1, choices=SEAT_CHOICES, blank=True
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    words = models.CharField(_("why"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("hand check")
        verbose_name_plural = _("hand checks")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_check_per_hand"),
            # Nobody accepts their own entry, whatever the page allowed.
            models.CheckConstraint(
                condition=Q(decided_seat="") | ~Q(decided_seat=models.F("entered_seat")),
                name="hand_checked_by_another_seat",
            ),
        ]

    def __str__(self):
        return f"{self.table} #{self.number} {self.state}"


class PlayerAction(models.Model):
    class Action(models.TextChoices):
        PIN_OPENED = "pin_opened", _("opened the table with the PIN")
        PHONE_BOUND = "phone_bound", _("became the entering phone")
        PHONE_RELEASED = "phone_released", _("released the entering phone")
        HAND_ENTERED = "hand_entered", _("entered a hand")
        HAND_ACCEPTED = "hand_accepted", _("accepted a hand")
        HAND_REJECTED = "hand_rejected", _("rejected a hand")
        SUBMITTED = "submitted", _("submitted the sheet")
        PIN_REGENERATED = "pin_regenerated", _("made a new PIN")
        LOCK_LIFTED = "lock_lifted", _("lifted the PIN locks")

    table = of_table("player_actions")
    at = models.DateTimeField(_("at"), auto_now_add=True)
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    seat = models.CharField(_("seat"), max_length=1, choices=SEAT_CHOICES, blank=True)
    by = staff_user(_("staff"), on_delete=models.PROTECT)
    number = models.PositiveSmallIntegerField(_("hand"), null=True, blank=True)
    version = models.PositiveIntegerField(_("version"), null=True, blank=True)
    words = models.CharField(_("why"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("player entry action")
        verbose_name_plural = _("player entry actions")
        ordering = ["table", "at", "pk"]

    def __str__(self):
        return f"{self.table} {self.action} {self.seat}"
