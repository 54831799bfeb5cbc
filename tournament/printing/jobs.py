"""Print jobs as services: ask for a PDF, run it, and look at it.

The state machine (see ``models.py``)::

    queued --claim--> running --finish--> done
       ^                 |  \\--fail----> failed
       |                 |
       +----stale--------+  (attempts < PRINT_JOB_MAX_ATTEMPTS, worker mode)
                         +--stale-------> failed (otherwise)
    queued --no worker came-------------> failed (PRINT_JOB_QUEUED_SECONDS)
    queued | running --director's Stop--> cancelled

Every transition is a compare-and-set ``UPDATE`` (status, and the attempt
number for a running job), so a worker that comes back after its job was
taken over changes nothing: its result is thrown away.

Who moves a job:

- :func:`request_job` (a director's POST) creates it ``queued`` and sends
  ``render_job(id)`` once the transaction commits, so a worker never looks
  for a row that is not there yet; the same job again, while it is stale,
  is sent again instead of being returned stuck;
- :func:`run_job` (the Celery task) claims it, renders, and stores the file;
- :func:`job_state` (every look at the job: its page, the JSON status) applies
  the stale rule, so a job whose worker died is never left "running";
- :mod:`tournament.printing.recovery`: the heartbeat thread of a rendering
  worker, sending (a broker outage fails the job with a message), cancelling.

What can be printed is the registry's (:mod:`tournament.printing.registry`):
a kind, whether it is made of a round or of the event, the options its
button may post, and its build function. The stale rule and the writes that
never overwrite another's are :mod:`tournament.printing.recovery`'s.

Settings: ``PRINT_JOB_STALE_SECONDS`` (30; why, in ``recovery``),
``PRINT_JOB_QUEUED_SECONDS`` (300), ``PRINT_JOB_MAX_ATTEMPTS`` (3),
``PRINT_JOB_PROGRESS_SECONDS`` (0.5, the least time between two progress
writes) and ``PRINT_DOCUMENTS_MODULE`` (a module whose functions stand in for
the registered ones, by the same names: a test worker points it at slow fakes).
"""

from __future__ import annotations

import enum
import importlib
import logging
import time
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament.celery import app as celery_app
from tournament.events.errors import EventError
from tournament.events.permissions import has_event_permission
from tournament.printing import recovery, registry
from tournament.printing.models import PrintJob
from tournament.printing.recovery import (
    ERROR_MAX,
    Heartbeat,
    cas,
    cas_fail,
    is_stale,
    max_attempts,
    stale_after,
    stale_message,
)
from tournament.printing.seating_print import current_print

logger = logging.getLogger(__name__)

Status = PrintJob.Status


def progress_interval() -> float:
    return float(getattr(settings, "PRINT_JOB_PROGRESS_SECONDS", 0.5))


def eager() -> bool:
    """True when tasks run inside the calling process (no broker configured)."""
    return bool(celery_app.conf.task_always_eager)


def document_for(kind: str):
    """The function that makes ``kind``'s file: the registered one, or its stand-in.

    ``PRINT_DOCUMENTS_MODULE`` names a module of stand-ins with the registered
    functions' names (a test worker's slow fakes); it is loaded by that name.
    """
    document = registry.find(kind)
    if document is None:
        raise EventError(_("There is no document called %(kind)s.") % {"kind": kind})
    stand_ins = getattr(settings, "PRINT_DOCUMENTS_MODULE", None)
    if stand_ins:
        return getattr(importlib.import_module(stand_ins), document.build.__name__)
    return document.build


# --- asking -------------------------------------------------------------------


def request_job(event, kind: str, *, round_=None, by, params=None, language=None) -> PrintJob:
    """Queue a PDF of ``kind`` for ``event`` (or its round ``round_``) and send it to a worker.

    Printing is a director's action (``manage``). The PDF is in ``language``,
    by default the requester's active one (a worker has no request to ask).
    The same document already waiting or being made is returned instead of a
    second job (a double click); if that one shows no sign of life, it is sent
    again (:func:`recovery.restart`). In eager mode the PDF is made before this returns.
    """
    if not has_event_permission(by, event, "manage"):
        raise EventError(_("Only the event's director can print."))
    params = _clean_params(kind, round_, event, params)
    params["language"] = _language(language)
    with transaction.atomic():
        existing = recovery.active_twin(event, kind, round_, params)
        if existing is not None:
            return existing
        job = PrintJob.objects.create(
            event=event,
            round=round_,
            kind=kind,
            params=params,
            requested_by=by if getattr(by, "is_authenticated", False) else None,
            heartbeat_at=timezone.now(),
        )
        logger.info("print job %s queued: %s for %s by %s", job.pk, kind, event.slug, by)
        recovery.send_on_commit(job.pk)
    job.refresh_from_db()
    return job


def _clean_params(kind, round_, event, params) -> dict:
    """The job's params: what the document's ``options`` keep of those posted."""
    document = registry.find(kind)
    if document is None:
        raise EventError(_("There is no document called %(kind)s.") % {"kind": kind})
    if document.per == registry.ROUND and round_ is None:
        raise EventError(_("Choose the round to print."))
    if document.per == registry.EVENT and round_ is not None:
        raise EventError(_("This document is for the whole event, not one round."))
    if round_ is not None and round_.event_id != event.pk:
        raise EventError(_("That round belongs to another event."))
    return document.options(event, dict(params or {}))


def _language(language: str | None) -> str:
    known = [code for code, _name in settings.LANGUAGES]
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    if language in known:
        return language
    base = language.split("-")[0]
    return next((code for code in known if code.split("-")[0] == base), settings.LANGUAGE_CODE)


# --- looking ------------------------------------------------------------------


def overdue(job: PrintJob, now) -> bool:
    """Due to be moved on by :func:`job_state`: stale if running, queued too long if waiting."""
    if job.status == Status.QUEUED:
        waited = timedelta(seconds=recovery.queued_seconds())
        return job.heartbeat_at is None or job.heartbeat_at < now - waited
    return is_stale(job, now)


def job_state(job: PrintJob) -> PrintJob:
    """The job as it is now, after the stale rule: a quiet worker loses its job.

    A running job without a heartbeat for ``PRINT_JOB_STALE_SECONDS`` is
    queued again (worker mode, fewer than ``PRINT_JOB_MAX_ATTEMPTS``
    attempts) or failed; a queued job that no worker took within
    ``PRINT_JOB_QUEUED_SECONDS`` is failed. In eager mode nothing is
    re-queued: that would make the PDF inside the request that only looked.
    """
    job.refresh_from_db()
    now = timezone.now()
    if not overdue(job, now):
        return job
    if job.status == Status.RUNNING and job.attempts < max_attempts() and not eager():
        if cas(job, status=Status.QUEUED, heartbeat_at=now):
            logger.warning("print job %s: worker silent, queued again", job.pk)
            recovery.send_on_commit(job.pk)
    else:
        cas_fail(job, stale_message(job), now)
    job.refresh_from_db()
    return job


# --- running (the worker's side) ----------------------------------------------


class Claim(enum.Enum):
    GONE = "gone"  # done, failed or deleted: nothing to do
    BUSY = "busy"  # another worker is on it and alive: look again later


class JobLost(Exception):
    """This worker's attempt was taken over or failed meanwhile: stop rendering."""


@dataclass
class Attempt:
    job: PrintJob
    number: int

    def mine(self):
        return PrintJob.objects.filter(pk=self.job.pk, status=Status.RUNNING, attempts=self.number)


def claim_job(job_id: int) -> Attempt | Claim:
    """Take a queued job (or a running one whose worker went silent) for this worker."""
    for _try in range(3):  # another process may move the job between our read and our write
        job = PrintJob.objects.select_related("event", "round").filter(pk=job_id).first()
        if job is None or not job.is_active:
            return Claim.GONE
        now = timezone.now()
        if job.status == Status.RUNNING and not is_stale(job, now):
            return Claim.BUSY
        if job.attempts >= max_attempts():  # a stale last attempt: give up
            cas_fail(job, stale_message(job), now)
            return Claim.GONE
        number = job.attempts + 1
        if cas(
            job,
            status=Status.RUNNING,
            attempts=number,
            started_at=now,
            heartbeat_at=now,
            progress_done=0,
            progress_total=0,
            error="",
            # Read before the render: a change of seats during it flags the paper, never hides.
            seating_print=current_print(job),
        ):
            job.refresh_from_db()
            logger.info("print job %s: attempt %s started", job.pk, number)
            return Attempt(job, number)
    return Claim.BUSY


def progress_reporter(attempt: Attempt):
    """``progress(done, total)`` for a document: writes progress and heartbeat, throttled.

    The first step, then at most one write per ``PRINT_JOB_PROGRESS_SECONDS``,
    and the last step.
    A write that finds the job no longer ours raises :class:`JobLost`.
    """
    last: float | None = None  # when the last write happened; the first step is always written

    def progress(done: int, total: int) -> None:
        nonlocal last
        clock = time.monotonic()
        total = max(0, int(total))
        done = min(max(0, int(done)), total)
        if done < total and last is not None and clock - last < progress_interval():
            return
        last = clock
        updated = attempt.mine().update(
            progress_done=done, progress_total=total, heartbeat_at=timezone.now()
        )
        if not updated:
            raise JobLost

    return progress


def render(attempt: Attempt) -> bytes:
    """Call the document function of the job with its params and its progress callback."""
    job = attempt.job
    make = document_for(job.kind)
    options = {key: value for key, value in job.params.items() if key != "language"}
    options |= {"progress": progress_reporter(attempt), "language": job.params.get("language")}
    subject = job.round if registry.find(job.kind).per == registry.ROUND else job.event
    return make(subject, **options)


def finish_job(attempt: Attempt, pdf: bytes) -> bool:
    """Store the file and mark the attempt done; False (file removed) if it is no longer ours."""
    job = attempt.job
    name = job.file.storage.save(job.file.field.generate_filename(job, ""), ContentFile(pdf))
    now = timezone.now()
    done = attempt.mine().update(
        status=Status.DONE,
        file=name,
        finished_at=now,
        heartbeat_at=now,
        progress_done=F("progress_total"),
        error="",
    )
    if not done:
        job.file.storage.delete(name)
        logger.warning(
            "print job %s: attempt %s lost the job; file dropped", job.pk, attempt.number
        )
        return False
    logger.info("print job %s done (%s bytes)", job.pk, len(pdf))
    return True


def fail_job(attempt: Attempt, error: BaseException) -> bool:
    """Mark the attempt failed with a message for the director."""
    if isinstance(error, EventError):
        message = str(error.message)
    else:
        detail = str(error) or type(error).__name__
        message = _("The PDF could not be made: %(detail)s") % {"detail": detail}
    now = timezone.now()
    return bool(
        attempt.mine().update(
            status=Status.FAILED, error=message[:ERROR_MAX], finished_at=now, heartbeat_at=now
        )
    )


def run_job(job_id: int) -> Claim | None:
    """The whole of one attempt; ``Claim.BUSY`` asks the caller to look again later.

    A document that raises fails the job (with its message) and is not raised
    further: the job row is the record, and a web request in eager mode shows
    a failed job rather than an error page.
    """
    attempt = claim_job(job_id)
    if isinstance(attempt, Claim):
        return attempt
    try:
        with Heartbeat(attempt):  # a live worker is never taken for dead
            pdf = render(attempt)
        if not isinstance(pdf, bytes | bytearray) or not pdf:
            raise ValueError(_("the document came back empty"))
    except JobLost:
        logger.warning("print job %s: attempt %s was taken over", job_id, attempt.number)
        return None
    except Exception as error:
        logger.exception("print job %s failed", job_id)
        fail_job(attempt, error)
        return None
    finish_job(attempt, bytes(pdf))
    return None


def recent_jobs(event, limit: int = 20):
    return (
        PrintJob.objects.filter(event=event)
        .select_related("round", "requested_by")
        .order_by("-created_at", "-pk")[:limit]
    )


# The print jobs' services; ``stale_after`` is the stale rule's (``recovery``), offered here
# with the rest because the tasks and the upkeep ask the jobs for it.
__all__ = [
    "Attempt",
    "Claim",
    "JobLost",
    "claim_job",
    "document_for",
    "eager",
    "fail_job",
    "finish_job",
    "job_state",
    "overdue",
    "progress_interval",
    "progress_reporter",
    "recent_jobs",
    "render",
    "request_job",
    "run_job",
    "stale_after",
]
