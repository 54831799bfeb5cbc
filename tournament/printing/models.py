"""A print job: one PDF made in the background, its progress, and the file.

Vocabulary:

- **kind**: which document (a round pack, blank scoresheets, ...); round kinds
  belong to one round, event kinds to the whole event. The documents are a
  registry (:mod:`tournament.printing.registry`): the field's choices are
  read from it when asked (a callable, so a new document needs no
  migration), and the print service refuses a kind it does not hold. The
  database keeps its check on the built-in kinds (:data:`ROUND_KINDS`,
  :data:`EVENT_KINDS`: a round kind has a round, an event kind has none) and
  leaves any other kind to the registry, which the database cannot know.
- **state machine**: ``queued -> running -> done | failed``, and ``cancelled``
  from either active state when the director stops it. A worker *claims*
  a queued job (``attempts`` + 1); a running job whose ``heartbeat_at`` is
  older than ``PRINT_JOB_STALE_SECONDS`` lost its worker and is re-queued
  (``running -> queued``) or failed by whoever looks at it next
  (:func:`tournament.printing.jobs.job_state`).
- **heartbeat**: the last sign of life of the worker (claim, progress, and a
  beat every sixth of the stale time while it renders: ``recovery.Heartbeat``);
  for a queued job, the moment it was (last) queued.

Every change of state is a conditional ``UPDATE`` in ``jobs.py`` and
``recovery.py`` (compare and set on status and attempt), never ``save()``, so
two workers, or a worker and a page looking at the job, cannot overwrite each
other. For the same reason there is no history table: the row itself says who
asked, when, and how it went.
"""

from __future__ import annotations

import uuid

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournament.events.model_fields import of_event, part_of, staff_user
from tournament.printing.registry import KIND_MAX_LENGTH, PDF, find, kind_choices
from tournament.printing.seating_print import SEATING_PRINT_LENGTH
from tournament.seating.models import Round


class Kind(models.TextChoices):
    """The built-in documents' stored codes and names (``installed`` registers them)."""

    ROUND_PACK = "round_pack", _("Round pack")
    BLANK_SCORESHEETS = "blank_scoresheets", _("Blank scoresheets")
    FILLED_SHEETS = "filled_sheets", _("Result sheets")
    SEATING_LIST = "seating_list", _("Seating list")
    STANDINGS = "standings", _("Standings")
    SCORE_CARDS = "score_cards", _("Score cards")
    TABLE_SIGNS = "table_signs", _("Table signs")
    SEAT_CARDS = "seat_cards", _("Seat cards")
    ROUND_RESULTS = "round_results", _("Round results")
    TEAM_STANDINGS = "team_standings", _("Team standings")


ROUND_KINDS = frozenset(
    {
        Kind.ROUND_PACK,
        Kind.BLANK_SCORESHEETS,
        Kind.FILLED_SHEETS,
        Kind.SEATING_LIST,
        Kind.TABLE_SIGNS,
        Kind.ROUND_RESULTS,
    }
)
EVENT_KINDS = frozenset({Kind.STANDINGS, Kind.SCORE_CARDS, Kind.SEAT_CARDS, Kind.TEAM_STANDINGS})
BUILTIN_KINDS = sorted(k.value for k in ROUND_KINDS | EVENT_KINDS)


def job_file_name(job: PrintJob, filename: str) -> str:
    """``print/<event slug>/<job uuid>.pdf`` (the document's suffix) in MEDIA_ROOT, not served."""
    return f"print/{job.event.slug}/{job.uuid}{job.file_suffix}"


class PrintJob(models.Model):
    Kind = Kind

    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting")
        RUNNING = "running", _("Making the PDF")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")
        # A director stopped it; the worker's late result is thrown away (compare and set).
        CANCELLED = "cancelled", _("Cancelled")

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    event = of_event("print_jobs")
    round = part_of(Round, "print_jobs", _("round"), optional=True)
    kind = models.CharField(_("document"), max_length=KIND_MAX_LENGTH, choices=kind_choices)
    params = models.JSONField(_("options"), default=dict, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    progress_done = models.PositiveIntegerField(_("done"), default=0)
    progress_total = models.PositiveIntegerField(_("in all"), default=0)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    error = models.TextField(_("error"), blank=True)
    file = models.FileField(_("file"), upload_to=job_file_name, blank=True, max_length=255)
    requested_by = staff_user(_("requested by"))
    created_at = models.DateTimeField(_("requested"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    # What a document made of the seating was made from (``seating_print``): "" for the others.
    seating_print = models.CharField(
        _("seating printed"), max_length=SEATING_PRINT_LENGTH, blank=True, default=""
    )

    class Meta:
        verbose_name = _("print job")
        verbose_name_plural = _("print jobs")
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["event", "-created_at"], name="printjob_event_recent")]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["queued", "running", "done", "failed", "cancelled"]),
                name="printjob_status_is_known",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=sorted(k.value for k in ROUND_KINDS), round__isnull=False)
                | Q(kind__in=sorted(k.value for k in EVENT_KINDS), round__isnull=True)
                | ~Q(kind__in=BUILTIN_KINDS),  # a registered one: jobs.request_job checks it
                name="printjob_round_kinds_have_a_round",
            ),
            models.CheckConstraint(
                condition=Q(progress_done__lte=F("progress_total")),
                name="printjob_progress_within_total",
            ),
            models.CheckConstraint(
                condition=~Q(status="done") | (Q(finished_at__isnull=False) & ~Q(file="")),
                name="printjob_done_has_a_file",
            ),
            models.CheckConstraint(
                condition=~Q(status="failed") | Q(finished_at__isnull=False),
                name="printjob_failed_has_an_end",
            ),
            models.CheckConstraint(
                condition=~Q(status="cancelled") | Q(finished_at__isnull=False),
                name="printjob_cancelled_has_an_end",
            ),
        ]

    def __str__(self):
        if self.round_id:
            return _("%(kind)s, round %(number)s") % {
                "kind": self.get_kind_display(),
                "number": self.round.number,
            }
        stage = (self.params or {}).get("stage")  # a staged event's standings (issue #21)
        if stage == "overall":
            return _("%(kind)s, overall") % {"kind": self.get_kind_display()}
        if stage is not None:
            return _("%(kind)s, stage %(number)s") % {
                "kind": self.get_kind_display(),
                "number": stage,
            }
        return str(self.get_kind_display())

    @property
    def is_active(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

    @property
    def percent(self) -> int | None:
        """Done as a whole percentage, or None while the total is not known."""
        if self.status == self.Status.DONE:
            return 100
        if not self.progress_total:
            return None
        return min(100, self.progress_done * 100 // self.progress_total)

    @property
    def file_suffix(self) -> str:
        """The document's file suffix (``.pdf``); a kind no longer registered keeps ``.pdf``."""
        document = find(self.kind)
        return ".pdf" if document is None else document.suffix

    @property
    def content_type(self) -> str:
        document = find(self.kind)
        return PDF if document is None else document.content_type

    def download_name(self) -> str:
        """The file name a browser saves: ``<slug>-round-3-round-pack.pdf``."""
        middle = f"-round-{self.round.number}" if self.round_id else ""
        stage = (self.params or {}).get("stage")
        end = "" if stage is None else f"-{stage}" if stage == "overall" else f"-stage-{stage}"
        return f"{self.event.slug}{middle}-{self.kind.replace('_', '-')}{end}{self.file_suffix}"
