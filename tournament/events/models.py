"""Events, players and registrations.

Vocabulary:

- **event**: one tournament, played under one ruleset preset plus the
  director's overrides. When it starts, the resolved ruleset config is frozen
  into ``ruleset_config`` so a later code change never rescores it silently.
- **player**: a person, independent of any event: the EMA id that finds
  them again in the next tournament, and their name in Latin letters.
- **registration**: a player's place in one event, with what belongs to that
  event: the name as entered, club, country, team. Withdrawn players and
  substitutes keep their registration; "left after round 5" is a normal case.
  Active players are seated every round and ranked. A *reserve* is a real
  entrant who waits and is seated only when the tables need filling; once
  they have played they are ranked like anyone else. A *house substitute*
  fills a table when nobody else can, plays, and is never ranked (their
  opponents' results count). A *withdrawn* player ("dropped" in the data)
  keeps the rounds played and stays in the standings, marked.
- **team**: who a player scores for in the team standings (issue #21); a
  team is also what seating keeps apart first.
- **group**: the club or country that seating keeps apart at a table.
- **staff role**: what a user may do in one event (director, judge, viewer);
  see ``permissions.py``.

Every model keeps a full history (django-simple-history): who changed what
and when is part of a referee's record.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Count, Exists, F, OuterRef, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournament.events.model_fields import of_event, optional_count, part_of
from tournament.events.rules import ruleset_choices


class EntryLevel(models.TextChoices):
    """How much a judge types in for a hand (an event default, switchable per hand)."""

    TILES = "tiles", _("Full tiles")
    VALUE = "value", _("Value only")
    FINAL = "final", _("Final scores only")


class TimeLimitPolicy(models.TextChoices):
    """What happens at time where the ruleset does not say (tournament.hall.policy)."""

    FINISH_CURRENT = "finish_current", _("The hand in progress is finished, and is the last")
    ABANDON_CURRENT = "abandon_current", _("The hand in progress is void")


class EventQuerySet(models.QuerySet):
    def public(self):
        """Events the director has published."""
        return self.filter(is_public=True)

    def with_stage_flag(self):
        """Annotate ``staged``: played in stages (issue #21), known without another query.

        Through the ``stages`` relation: the stages sit above the events (README "Layout").
        """
        with_stages = Event.objects.filter(pk=OuterRef("pk"), stages__isnull=False)
        return self.annotate(staged=Exists(with_stages))

    def with_player_count(self):
        """Annotate ``player_count``: registrations still in the event (not dropped)."""
        return self.annotate(
            player_count=Count(
                "registrations",
                filter=~Q(registrations__status=Registration.Status.DROPPED),
                # distinct: another annotation's join (rounds) would count each one again
                distinct=True,
            )
        )


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    slug = models.SlugField(_("slug"), max_length=64, unique=True)
    name = models.CharField(_("name"), max_length=200)
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"))
    ruleset = models.CharField(_("ruleset"), max_length=20, choices=ruleset_choices)
    ruleset_overrides = models.JSONField(
        _("ruleset overrides"),
        default=dict,
        blank=True,
        help_text=_('Values that differ from the ruleset preset, e.g. {"uma": [15, 5, -5, -15]}.'),
    )
    ruleset_config = models.JSONField(
        _("frozen ruleset config"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("The preset plus overrides, resolved and frozen when the event starts."),
    )
    hands_per_session = optional_count(
        _("hands per session"), _("Leave empty to play the ruleset's usual session length.")
    )
    time_limit_minutes = optional_count(
        _("time limit (minutes)"), _("Leave empty for sessions without a time limit.")
    )
    # What happens at time where the ruleset does not say (tournament.hall.policy).
    time_limit_policy = models.CharField(
        _("at time"),
        max_length=16,
        choices=TimeLimitPolicy.choices,
        default=TimeLimitPolicy.FINISH_CURRENT,
    )
    entry_level = models.CharField(
        _("result entry"),
        max_length=5,
        choices=EntryLevel.choices,
        default=EntryLevel.VALUE,
        help_text=_("What judges enter by default; tiles and value can be switched per hand."),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    is_public = models.BooleanField(
        _("public"), default=False, help_text=_("Shown on the public pages without login.")
    )
    # Issue #19: for events with few judges (tournament/playerentry).
    player_entry = models.BooleanField(
        _("players enter results"),
        default=False,
        help_text=_(
            "One phone per table enters the hands (QR code and table PIN on the sheet); "
            "a second player accepts each hand, and a judge confirms the sheet."
        ),
    )
    rounds_planned = optional_count(
        _("number of rounds"),
        _("How many rounds the event plays; seating plans them all together."),
    )

    # Issue #21: the team rankings the event publishes (scoring/standings/teams.py);
    # either, both (the first is the main one) or neither.
    team_sum_all = models.BooleanField(
        _("rank teams by all members"),
        default=False,
        help_text=_("Team points are the sum of every member's sessions."),
    )
    team_best_n = optional_count(
        _("rank teams by their best members"),
        _("Count the best N members of each team in each round; empty: no such ranking."),
    )

    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    history = HistoricalRecords()
    objects = EventQuerySet.as_manager()

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=F("start_date")), name="event_ends_after_it_starts"
            ),
        ]

    def __str__(self):
        return self.name

    def rules_title(self) -> str:
        """The ruleset with its edition, for pages and printouts (see events.rules)."""
        from tournament.events.rules import rules_title

        return rules_title(self)

    def clean(self):
        errors = {}
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors["end_date"] = _("The event cannot end before it starts.")
        if self.team_best_n is not None and self.team_best_n < 1:
            errors["team_best_n"] = _("Count at least one member per round.")
        if not isinstance(self.ruleset_overrides, dict):
            errors["ruleset_overrides"] = _("Overrides must be a JSON object of setting: value.")
        if errors:
            raise ValidationError(errors)


COUNTRY_CODE = RegexValidator(r"^[A-Z]{2}$", _("Use a two-letter ISO code, e.g. JP."))


class Player(models.Model):
    """A person, known across events by what stays the same everywhere.

    Only the EMA id (how a later event finds the same person: ``add_player``
    and the CSV import match on it) and the name in Latin letters, as the EMA
    and rating lists need it. The name as entered, the club and the country
    belong to each :class:`Registration` (issue #32): a later event writes its
    own and never rewrites a finished one's standings or exports. There is no
    name here on purpose: nothing identifies a person across events but the
    EMA id, and a name kept here would be one more copy for a page to read.
    """

    class NameOrder(models.TextChoices):
        """Which part of a name comes first, for splitting it (``events.name_order``)."""

        COUNTRY = "country", _("As the country says")
        FAMILY_FIRST = "family_first", _("Family name first")
        GIVEN_FIRST = "given_first", _("Given name first")

    ema_id = models.CharField(_("EMA id"), max_length=20, blank=True)
    # The name in Latin letters, split as the EMA and rating lists need it; the
    # registration's ``name`` stays as the player writes it (kanji, hanzi, accents).
    latin_first_name = models.CharField(_("first name (Latin letters)"), max_length=100, blank=True)
    latin_last_name = models.CharField(_("last name (Latin letters)"), max_length=100, blank=True)
    # Issue #34: how a name in Latin letters splits into family and given names.
    name_order = models.CharField(
        _("name order"),
        max_length=12,
        choices=NameOrder.choices,
        default=NameOrder.COUNTRY,
        help_text=_("Which name comes first, when a name is split into family and given names."),
    )

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["pk"]

    def __str__(self):
        return self.known_as() or (f"EMA {self.ema_id}" if self.ema_id else f"#{self.pk}")

    def known_as(self) -> str:
        """Who this is, for the admin and a director's message ("this EMA id belongs to …").

        The name of their latest registration, else their Latin name. Never for an
        event's pages or files: those read the event's own registration.
        """
        latest = self.registrations.order_by("-pk").values_list("name", flat=True).first()
        latin = " ".join(n for n in (self.latin_first_name, self.latin_last_name) if n)
        return latest or latin


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        RESERVE = "reserve", _("Reserve")
        SUBSTITUTE = "substitute", _("House substitute")
        DROPPED = "dropped", _("Withdrawn")

    event = of_event("registrations")
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="registrations", verbose_name=_("player")
    )
    # What belongs to this event (issue #32): the name as entered, club and country. A later
    # event registers its own; a finished event's standings and exports keep these.
    name = models.CharField(_("name"), max_length=200, help_text=_("In any script."))
    club = models.CharField(_("club"), max_length=200, blank=True)
    country = models.CharField(
        _("country"),
        max_length=2,
        blank=True,
        validators=[COUNTRY_CODE],
        help_text=_("ISO 3166-1 two-letter code, e.g. JP, CN, DE."),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    team = models.CharField(
        _("team"),
        max_length=200,
        blank=True,
        help_text=_("The team the player scores for; teammates are also kept apart when seating."),
    )
    group = models.CharField(
        _("group"),
        max_length=200,
        blank=True,
        help_text=_("Team or club kept apart when seating; empty means the player's club."),
    )

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player"),
            models.CheckConstraint(
                condition=Q(status__in=["active", "reserve", "substitute", "dropped"]),
                name="registration_status_is_known",
            ),
        ]

    def __str__(self):
        return f"{self.name} @ {self.event}"

    @property
    def is_playing(self):
        """Everyone but withdrawn players may take a seat (reserves and substitutes when needed)."""
        return self.status != self.Status.DROPPED

    def seating_group(self):
        """What seating keeps apart: the team, else the group, else club, else country."""
        return self.team or self.group or self.club or self.country or None


class StaffRole(models.Model):
    """What one user may do in one event; the rights of each role are in ``permissions``."""

    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        JUDGE = "judge", _("Judge")
        VIEWER = "viewer", _("Viewer")

    event = of_event("staff_roles")
    user = part_of(settings.AUTH_USER_MODEL, "event_roles", _("user"))
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("staff role")
        verbose_name_plural = _("staff roles")
        ordering = ["event", "role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_role_per_user_and_event"),
            models.CheckConstraint(
                condition=Q(role__in=["director", "judge", "viewer"]), name="staff_role_is_known"
            ),
        ]

    def __str__(self):
        return f"{self.user} – {self.get_role_display()} @ {self.event}"
