"""Stage and StageEntrant.

Vocabulary:

- **stage**: consecutive rounds of an event with their own entrants,
  seating method and standings. Stage 1 takes every registration, as an
  event without stages does; stage 2 on takes the entrants of its cut.
  A stage's rounds follow the ones before: with 6 qualifying rounds and 2
  semifinal rounds, the semifinal plays rounds 7 and 8 (``first_round``).
- **cut**: the moment the entrants of a stage are fixed from the standings
  of the one before (``cut_at``); before it the stage has no entrants.
- **line**: between the last player through by rank (``cut_last_in``) and
  the first out (``cut_first_out``); how it was decided (``cut_method``):
  by rank, by the declared tiebreak (``cut_tiebreak``, a metric's code), or,
  at a tie on everything, by lot or by the director's choice with the
  reason they typed (``cut_reason``).
- **entrant**: a registration in a stage, with why (``reason``: by rank,
  a wild card, or chosen by the director at a tie) and the rank it had in
  the earlier stage. Withdrawing from the event keeps the entry (the
  stage's standings mark it, as the event's do).
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournament.events.model_fields import numbered_in, of_event, part_of
from tournament.events.models import Registration
from tournament.seating.models import Round


class Stage(models.Model):
    class Kind(models.TextChoices):
        QUALIFYING = "qualifying", _("Qualifying")
        QUARTERFINAL = "quarterfinal", _("Quarterfinal")
        SEMIFINAL = "semifinal", _("Semifinal")
        FINAL = "final", _("Final")

    class Carry(models.TextChoices):
        FULL = "full", _("In full")
        HALF = "half", _("Halved")
        NONE = "none", _("None")

    # A stage's rounds are seated by the methods a round knows.
    Method = Round.Method

    class Pattern(models.TextChoices):
        SNAKE = "snake", _("Spread: 1-4-5-8, 2-3-6-7")
        BLOCK = "block", _("Together: 1-2-3-4, 5-6-7-8")

    class CutMethod(models.TextChoices):
        """How the line of a cut was decided (words: ``tournament.glossary.cuts``)."""

        RANK = "rank", _("By rank")
        TIEBREAK = "tiebreak", _("By the declared tiebreak")
        LOT = "lot", _("By lot")
        CHOICE = "choice", _("By the director's choice")

    event = of_event("stages")
    number = models.PositiveSmallIntegerField(_("stage"))
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    method = models.CharField(
        _("seating method"), max_length=10, choices=Method.choices, default=Method.BALANCED
    )
    pattern = models.CharField(
        _("seating by rank"),
        max_length=5,
        choices=Pattern.choices,
        default=Pattern.SNAKE,
        help_text=_("How tables are filled from the standings when seating by rank."),
    )
    size = models.PositiveSmallIntegerField(
        _("entrants"),
        null=True,
        blank=True,
        help_text=_("How many players the cut takes into this stage; empty for the first stage."),
    )
    carry = models.CharField(
        _("points carried"), max_length=4, choices=Carry.choices, default=Carry.NONE
    )
    cut_at = models.DateTimeField(_("cut made"), null=True, blank=True)
    # How the line of the cut into this stage was decided, kept when the cut is made so the
    # public stage page can say it (issue #34); blank before the cut, and for a cut made
    # before these were kept and not at a tie (the pages then read the standings).
    cut_method = models.CharField(
        _("line decided"), max_length=8, choices=CutMethod.choices, blank=True, default=""
    )
    cut_tiebreak = models.CharField(_("deciding tiebreak"), max_length=40, blank=True, default="")
    cut_reason = models.CharField(_("reason for the choice"), max_length=80, blank=True, default="")
    cut_last_in = models.ForeignKey(
        Registration,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("last player through"),
    )
    cut_first_out = models.ForeignKey(
        Registration,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("first player out"),
    )

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        ordering = ["event", "number"]
        constraints = [
            *numbered_in("event", "stage"),
            models.CheckConstraint(condition=Q(rounds__gte=1), name="stage_has_rounds"),
            models.CheckConstraint(
                condition=Q(number=1) | Q(size__gte=4), name="later_stage_has_entrants"
            ),
            models.CheckConstraint(
                condition=Q(cut_method__in=["", "rank", "tiebreak", "lot", "choice"]),
                name="stage_cut_method_is_known",
            ),
        ]

    def __str__(self):
        return self.get_kind_display()

    @property
    def first_round(self) -> int:
        """The event-wide number of this stage's first round."""
        known = getattr(self, "known_first_round", None)  # set by services.stages_of
        if known is not None:
            return known
        earlier = [s.rounds for s in self.event.stages.all() if s.number < self.number]
        return sum(earlier) + 1

    @property
    def last_round(self) -> int:
        return self.first_round + self.rounds - 1

    @property
    def round_numbers(self) -> range:
        return range(self.first_round, self.last_round + 1)


class StageEntrant(models.Model):
    class Reason(models.TextChoices):
        RANK = "rank", _("By rank")
        WILD_CARD = "wild_card", _("Wild card")
        TIE = "tie", _("Chosen at a tie")

    stage = part_of(Stage, "entrants", _("stage"))
    registration = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        related_name="stage_entries",
        verbose_name=_("player"),
    )
    reason = models.CharField(_("why"), max_length=10, choices=Reason.choices)
    rank_before = models.PositiveSmallIntegerField(_("rank before the cut"), null=True, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("stage entrant")
        verbose_name_plural = _("stage entrants")
        ordering = ["stage", "rank_before", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "registration"], name="one_entry_per_player_and_stage"
            ),
            models.CheckConstraint(
                condition=Q(reason__in=["rank", "wild_card", "tie"]),
                name="stage_entry_reason_is_known",
            ),
        ]

    def __str__(self):
        return f"{self.registration.name} → {self.stage}"
