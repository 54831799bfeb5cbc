"""Scoresheets, hands, rulings and penalties: what was played at a table.

Vocabulary:

- **scoresheet version**: one table's record of its session at one moment.
  Every change a judge makes (a hand added or edited, a ruling, final scores)
  is a *new* version with its author and reason; content is never edited in
  place, so the sheet's whole story stays readable. The latest non-conflict
  version is the sheet's *head*.
- **status**: a version is a *draft* while hands are entered, *submitted* when
  a judge says the session is done, *confirmed* when a second person agrees,
  *superseded* when a confirmed correction replaces it. A *conflict* version
  keeps an entry that lost a race with another judge's save: nothing entered
  is ever dropped.
- **hand record**: one hand row of a version, with the judge's input as
  entered and what the rules engine made of it.
- **ruling**: a judge's decision (false win, chombo, penalty tiles, dead hand,
  timing …) with the rule it rests on; a **penalty** is its effect on points,
  with the ruleset's scope (inside the session, or off the overall total).

Players are named by their starting seat (E, S, W, N) inside a sheet, as the
pure ``scoring.sheets`` replay reads them; the table's seats say who that is.
"""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournament.events.model_fields import numbered_in, part_of, staff_user
from tournament.events.models import EntryLevel, Event, Registration
from tournament.seating.models import Table, Wind

# A player named by their starting seat: the winds of the table (seating.Wind).
SEAT_CHOICES = Wind.choices


class ScoreSheet(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Being entered")
        SUBMITTED = "submitted", _("Submitted")
        CONFIRMED = "confirmed", _("Confirmed")
        SUPERSEDED = "superseded", _("Superseded")
        CONFLICT = "conflict", _("Conflict (not applied)")

    class Kind(models.TextChoices):
        HANDS = "hands", _("Hand by hand")
        FINAL = "final", _("Final scores only")

    class ReasonCode(models.TextChoices):
        """Why the services wrote a version, when the judge gave no words of their own.

        Stored as a code with ``reason_params`` and put into words when shown
        (``tournament/results/reasons.py``), so it reads in the reader's language.
        """

        HAND_ENTERED = "hand_entered", _("Hand entered")  # {"number"}
        HAND_CORRECTED = "hand_corrected", _("Hand corrected")  # {"number"}
        HAND_REMOVED = "hand_removed", _("Hand removed")  # {"number"}
        FINAL_SCORES = "final_scores", _("Final scores entered")
        RULING_ADDED = "ruling_added", _("Ruling")  # {"kind", "seat"}
        RULING_VOIDED = "ruling_voided", _("Ruling cancelled")
        CONFLICT = "conflict", _("Not applied (conflict)")  # {"base", "head"}
        IMPORTED = "imported", _("Imported from a results file")
        # The seats changed under a sheet with results: confirm it again.
        SEATING_CORRECTED = "seating_corrected", _("Seating corrected")  # {"players"}
        # Issue #34: many tables at once, from the round's results grid or the staff API.
        RESULTS_GRID = "results_grid", _("Entered in the round's results grid")
        RESULTS_API = "results_api", _("Entered with the round's other tables (API)")
        # Issue #36: an online table's game, from its log (GameLogUse).
        GAME_LOG = "game_log", _("Entered from an online game's log")  # {"log_id", "file"}
        GAME_LOG_REMOVED = "game_log_removed", _("Online game's log taken off")  # same

    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, related_name="sheets", verbose_name=_("table")
    )
    version = models.PositiveIntegerField(_("version"))
    parent = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="children",
        verbose_name=_("based on"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    kind = models.CharField(_("kind"), max_length=5, choices=Kind.choices, default=Kind.HANDS)
    final_scores = models.JSONField(_("final scores"), null=True, blank=True)
    leftover_sticks = models.PositiveSmallIntegerField(_("riichi sticks left"), default=0)
    result = models.JSONField(_("result"), default=dict, blank=True)
    balanced = models.BooleanField(_("balanced"), default=True)
    complete = models.BooleanField(_("complete"), default=False)
    # Why this version was written: a code the services chose (with its
    # parameters), or the judge's own words as typed, never both.
    reason_code = models.CharField(
        _("reason code"), max_length=20, choices=ReasonCode.choices, blank=True
    )
    reason_params = models.JSONField(_("reason parameters"), default=dict, blank=True)
    reason = models.CharField(_("reason as typed"), max_length=300, blank=True)
    is_correction = models.BooleanField(_("correction"), default=False)
    # The one-time key of the form that wrote this version: the same post again
    # (a lost reply, a double tap) finds it and is not saved twice.
    entry_key = models.UUIDField(_("entry key"), null=True, blank=True, unique=True, editable=False)
    created_by = staff_user(_("entered by"), on_delete=models.PROTECT, blank=False)
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    submitted_by = staff_user(_("submitted by"), on_delete=models.PROTECT)
    submitted_at = models.DateTimeField(_("submitted at"), null=True, blank=True)
    confirmed_by = staff_user(_("confirmed by"), on_delete=models.PROTECT)
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("scoresheet version")
        verbose_name_plural = _("scoresheet versions")
        ordering = ["table", "version"]
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="one_sheet_per_version"),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(status="confirmed"),
                name="one_confirmed_sheet_per_table",
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="sheet_version_from_one"),
            # A version says why, in a code or in the judge's words, not both.
            models.CheckConstraint(
                condition=(Q(reason_code="") & ~Q(reason="")) | (~Q(reason_code="") & Q(reason="")),
                name="sheet_reason_is_a_code_or_words",
            ),
            models.CheckConstraint(
                condition=Q(
                    status__in=["draft", "submitted", "confirmed", "superseded", "conflict"]
                ),
                name="sheet_status_is_known",
            ),
            # Nobody confirms their own submission, whatever the page allowed.
            models.CheckConstraint(
                condition=Q(confirmed_by__isnull=True)
                | Q(submitted_by__isnull=True)
                | ~Q(confirmed_by=F("submitted_by")),
                name="sheet_not_confirmed_by_its_submitter",
            ),
            # A confirmed sheet was submitted (by a judge, or by a command-line
            # import, which has no user) and confirmed by a named person.
            models.CheckConstraint(
                condition=~Q(status__in=["confirmed", "superseded"])
                | (Q(confirmed_by__isnull=False) & Q(submitted_at__isnull=False)),
                name="confirmed_sheet_was_submitted_and_names_its_confirmer",
            ),
        ]

    def __str__(self):
        return _("%(table)s, version %(version)s") % {"table": self.table, "version": self.version}


class HandRecord(models.Model):
    sheet = part_of(ScoreSheet, "hands", _("scoresheet"))
    number = models.PositiveSmallIntegerField(_("hand"))
    level = models.CharField(_("entry level"), max_length=5, choices=EntryLevel.choices[:2])
    outcome = models.CharField(_("outcome"), max_length=20)
    entry = models.JSONField(_("as entered"))
    label = models.CharField(_("label"), max_length=12, blank=True)
    winners = models.CharField(_("winners"), max_length=8, blank=True)
    discarder = models.CharField(_("discarder"), max_length=1, blank=True)
    value_text = models.CharField(_("value"), max_length=60, blank=True)
    score = models.JSONField(_("engine result"), null=True, blank=True)
    deltas = models.JSONField(_("deltas"), default=dict)
    totals = models.JSONField(_("running totals"), default=dict)
    pool_after = models.PositiveSmallIntegerField(_("sticks on the table"), default=0)
    entered_by = staff_user(_("entered by"), on_delete=models.PROTECT, blank=False)
    entered_at = models.DateTimeField(_("entered at"))

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["sheet", "number"]
        constraints = [
            *numbered_in("sheet", "hand"),
        ]

    def __str__(self):
        return f"{self.sheet} #{self.number} {self.label}"


class Ruling(models.Model):
    class Kind(models.TextChoices):
        FALSE_WIN = "false_win", _("False win")
        CHOMBO = "chombo", _("Chombo")
        PENALTY_TILES = "penalty_tiles", _("Penalty tiles")
        DEAD_HAND = "dead_hand", _("Dead hand")
        TIMING = "timing", _("Timing penalty")
        CONDUCT = "conduct", _("Conduct")
        OTHER = "other", _("Other")

    sheet = part_of(ScoreSheet, "rulings", _("scoresheet"))
    key = models.UUIDField(_("ruling id"), help_text=_("The same ruling in every later version."))
    kind = models.CharField(_("ruling"), max_length=20, choices=Kind.choices)
    player = models.CharField(_("player"), max_length=1, choices=SEAT_CHOICES)
    after_hand = models.PositiveSmallIntegerField(_("during hand"), null=True, blank=True)
    rule_reference = models.CharField(_("rule"), max_length=100, blank=True)
    decision = models.TextField(_("decision"))
    tiles = models.CharField(_("penalty tiles"), max_length=60, blank=True)
    decided_by = staff_user(_("judge"), on_delete=models.PROTECT, blank=False)
    decided_at = models.DateTimeField(_("decided at"))
    voided_by = staff_user(_("voided by"), on_delete=models.PROTECT)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    void_reason = models.CharField(_("why voided"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        ordering = ["sheet", "decided_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "key"], name="one_copy_of_a_ruling_per_sheet"),
            models.CheckConstraint(
                condition=Q(voided_at__isnull=True) | ~Q(void_reason=""),
                name="voided_ruling_says_why",
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} – {self.player}"


class Penalty(models.Model):
    class Scope(models.TextChoices):
        TABLE_SCORE = "table_score", _("In the session score, before ranking")
        SESSION_AFTER_UMA = "session_after_uma", _("In the session score, after uma")
        OVERALL_SCORE = "overall_score", _("Off the overall total")

    class Distribution(models.TextChoices):
        NONE = "none", _("Nobody receives it")
        EQUAL_TO_OTHERS = "equal_to_others", _("Shared by the other three")

    ruling = part_of(Ruling, "penalties", _("ruling"))
    player = models.CharField(_("player"), max_length=1, choices=SEAT_CHOICES)
    points = models.IntegerField(_("points"))
    scope = models.CharField(_("scope"), max_length=20, choices=Scope.choices)
    distribution = models.CharField(
        _("distribution"), max_length=20, choices=Distribution.choices, default="none"
    )

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        ordering = ["ruling", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(points__lte=0), name="penalty_takes_points"),
        ]

    def __str__(self):
        return f"{self.player} {self.points}"


class GameLogUse(models.Model):
    """An online game's log filed on a table's sheet (issue #36): which game, where, by whom.

    A game is known by its ``fingerprint`` (the play hashed, whatever the file
    is called or however it is packed) and, where the file or the director
    gives it, Tenhou's log id. A game stands on one table at a time: a second
    upload of it is refused, naming the table it is on. Taking it off the
    table (``released_at``, with who and why) frees it, and the row stays as
    the record that it was there.
    """

    # The event, beside its table: a game stands once per event in the database (the
    # constraints below; a restored copy of an event is another event), and the
    # preview refuses it on any table of any event (``online.reading.used_elsewhere``).
    event = models.ForeignKey(
        Event, on_delete=models.PROTECT, related_name="game_logs", verbose_name=_("event")
    )
    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, related_name="game_logs", verbose_name=_("table")
    )
    # The version the log wrote; empty only inside the save that claims the game first.
    sheet = models.ForeignKey(
        ScoreSheet,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("version written"),
    )
    fingerprint = models.CharField(_("game fingerprint"), max_length=64)
    log_id = models.CharField(_("log id"), max_length=60, blank=True)
    file_name = models.CharField(_("file"), max_length=200, blank=True)
    names = models.JSONField(_("names in the log"), default=list)
    lobby_type = models.PositiveIntegerField(_("lobby rules (GO type)"), default=0)
    differs = models.JSONField(_("differences from the log"), default=list)
    uploaded_by = staff_user(_("attached by"), on_delete=models.PROTECT, blank=False)
    uploaded_at = models.DateTimeField(_("attached at"), auto_now_add=True)
    released_by = staff_user(_("taken off by"), on_delete=models.PROTECT)
    released_at = models.DateTimeField(_("taken off at"), null=True, blank=True)
    release_reason = models.CharField(_("why taken off"), max_length=300, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("online game log")
        verbose_name_plural = _("online game logs")
        ordering = ["table", "uploaded_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "fingerprint"],
                condition=Q(released_at__isnull=True),
                name="a_game_log_on_one_table",
            ),
            models.UniqueConstraint(
                fields=["event", "log_id"],
                condition=Q(released_at__isnull=True) & ~Q(log_id=""),
                name="a_log_id_on_one_table",
            ),
            models.CheckConstraint(
                condition=Q(released_at__isnull=True) | ~Q(release_reason=""),
                name="game_log_taken_off_says_why",
            ),
        ]

    def __str__(self):
        return self.log_id or self.file_name or self.fingerprint[:12]


class OnlineName(models.Model):
    """A player's name in an online client, as a director matched it, kept for the event."""

    event = part_of(Event, "online_names", _("event"))
    name = models.CharField(_("online name"), max_length=40)
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("online name")
        verbose_name_plural = _("online names")
        ordering = ["event", "name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="one_player_per_online_name"),
        ]

    def __str__(self):
        return self.name
