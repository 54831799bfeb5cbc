"""Rounds, tables and seats.

Vocabulary:

- **round**: one seating of the event's players; every table plays one
  session in it. It is a *draft* until seated, *seated* once every player has
  a seat, *published* when players may see it, *finished* when its results
  are in.
- **table**: four seats in a round, numbered from 1; ``label`` is what the
  venue calls it ("A3", "by the window") when that differs.
- **seat**: a registration at a table with its starting wind, E, S, W or N;
  East is the first dealer.

A registration sits once per round and a wind is taken once per table: both
are database constraints. ``Seat.round`` repeats ``Seat.table.round`` so the
first can be one (a constraint cannot look through a foreign key); ``save``
keeps the two in step.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournament.events.model_fields import numbered_in, of_event, part_of
from tournament.events.models import Registration
from tournament.seating.model_fields import of_table


class Wind(models.TextChoices):
    EAST = "E", _("East")
    SOUTH = "S", _("South")
    WEST = "W", _("West")
    NORTH = "N", _("North")


WIND_ORDER = [Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH]


class RoundQuerySet(models.QuerySet):
    def public(self):
        """Rounds players may see: published, and still so once finished (``PUBLIC_STATUSES``).

        Also as ``event.rounds.public()``, for the apps below seating that read an event's rounds.
        """
        return self.filter(status__in=PUBLIC_STATUSES)

    def latest_public(self):
        """The highest-numbered public round, or None: what the hall and "where do I sit" follow."""
        return self.public().order_by("-number").first()


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        SEATED = "seated", _("Seated")
        PUBLISHED = "published", _("Published")
        FINISHED = "finished", _("Finished")

    class Method(models.TextChoices):
        BALANCED = "balanced", _("Balanced")
        RANDOM = "random", _("Random")
        SWISS = "swiss", _("Swiss")
        RANK = "rank", _("By rank")

    event = of_event("rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    method = models.CharField(
        _("seating method"), max_length=10, choices=Method.choices, blank=True
    )
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True)
    published_at = models.DateTimeField(_("published"), null=True, blank=True)
    # The round's confirmed results join the public standings from this moment.
    results_published_at = models.DateTimeField(_("results published"), null=True, blank=True)
    # When the round after this one starts, as the director announced it (issue #34): the
    # projector shows it until then. Set next to this round's clock, while it is played.
    next_round_at = models.DateTimeField(_("next round starts"), null=True, blank=True)

    history = HistoricalRecords()

    objects = RoundQuerySet.as_manager()

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [
            *numbered_in("event", "round"),
            models.CheckConstraint(
                condition=Q(status__in=["draft", "seated", "published", "finished"]),
                name="round_status_is_known",
            ),
            models.CheckConstraint(
                condition=Q(published_at__isnull=True) | ~Q(status__in=["draft", "seated"]),
                name="only_published_rounds_have_a_publication_time",
            ),
        ]

    def __str__(self):
        return _("%(event)s, round %(number)s") % {"event": self.event, "number": self.number}

    @property
    def is_public(self):
        """Published by the director (or finished since); the event's own flag is apart."""
        return self.status in PUBLIC_STATUSES


# A round players may see: published, and still so once finished. The whole rule for
# the anonymous (the event public too) is tournament.seating.visibility's.
PUBLIC_STATUSES = (Round.Status.PUBLISHED, Round.Status.FINISHED)


class Table(models.Model):
    round = part_of(Round, "tables", _("round"))
    number = models.PositiveSmallIntegerField(_("table"))
    label = models.CharField(_("label"), max_length=40, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["round", "number"]
        constraints = [
            *numbered_in("round", "table"),
        ]

    def __str__(self):
        return self.label or _("Table %(number)s") % {"number": self.number}


class Seat(models.Model):
    round = part_of(Round, "seats", _("round"))
    table = of_table("seats")
    wind = models.CharField(_("wind"), max_length=1, choices=Wind.choices)
    registration = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        # Tables in number order, each one's seats East, South, West, North.
        ordering = [
            "table__number",
            "table",
            models.Case(
                *(models.When(wind=w, then=models.Value(i)) for i, w in enumerate("ESWN")),
                output_field=models.IntegerField(),
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "registration"], name="one_seat_per_player_and_round"
            ),
            models.UniqueConstraint(fields=["table", "wind"], name="one_player_per_wind"),
            models.CheckConstraint(
                condition=Q(wind__in=["E", "S", "W", "N"]), name="seat_wind_is_known"
            ),
        ]

    def __str__(self):
        return f"{self.table} {self.wind}: {self.registration.name}"

    def save(self, *args, **kwargs):
        # Keep the denormalised round in step with the table's.
        if self.round_id is None:
            self.round_id = self.table.round_id
        elif self.table.round_id != self.round_id:
            raise ValueError("a seat's round must be its table's round")
        super().save(*args, **kwargs)

    @property
    def wind_order(self):
        return WIND_ORDER.index(self.wind)


class KeptPlan(models.Model):
    """The rounds planned ahead when a round was seated, kept for the rounds after it.

    Why: seating one round at a time as good as planning them all at once
    (issue #34). Seating a round plans every round to the end of its stage
    (the horizon), seats the first and keeps the lot here; the next round
    follows this plan while the field and the rounds seated since are what
    the plan was made for, and is planned again when they are not. Plain
    registration ids, as the planner reads them (``tournament.rounds.kept_plan``).
    """

    event = models.OneToOneField(
        "events.Event",
        on_delete=models.CASCADE,
        related_name="kept_plan",
        verbose_name=_("event"),
    )
    method = models.CharField(_("seating method"), max_length=10, choices=Round.Method.choices)
    seed = models.PositiveIntegerField(_("seed"))
    # The plan read rounds since_round .. first_round - 1 as its history (``basis``)
    # and planned first_round .. last_round (``rounds``; the first of them is seated).
    since_round = models.PositiveSmallIntegerField(_("history from round"))
    first_round = models.PositiveSmallIntegerField(_("first round planned"))
    last_round = models.PositiveSmallIntegerField(_("last round planned"))
    # [[registration id, seating group or null], ...] by id: who the plan seats.
    field = models.JSONField(_("players planned for"))
    # round -> table -> [E, S, W, N] registration ids.
    basis = models.JSONField(_("rounds read"))
    rounds = models.JSONField(_("rounds planned"))

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("kept seating plan")
        verbose_name_plural = _("kept seating plans")
        constraints = [
            models.CheckConstraint(
                condition=Q(since_round__lte=models.F("first_round"))
                & Q(first_round__lte=models.F("last_round")),
                name="kept_plan_rounds_in_order",
            ),
        ]

    def __str__(self):
        return _("%(event)s, rounds %(first)s to %(last)s planned") % {
            "event": self.event,
            "first": self.first_round,
            "last": self.last_round,
        }
