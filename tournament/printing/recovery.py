"""How a print job gets over a dead worker, a broker outage or a change of mind.

Why (issue #16, "Venue-proof"): after a worker crash or a Redis blip a job
stayed "running" for five minutes, pressing Print again returned the stuck
job, and a broker down at Print answered an error page and left a job
"waiting" for nobody. The numbers:

- ``PRINT_JOB_STALE_SECONDS`` (30, from the environment): a job with no sign
  of life for that long lost its worker. Whoever looks next moves it on: its
  page (which polls every second), Print again, a redelivered message (the
  task retries after the stale time), the sweep under ``celery beat``. So a
  dead worker's job is taken over about 30 s after its last beat.
- A live worker is never taken over: while it renders, :class:`Heartbeat`
  (a thread of its own, so a long WeasyPrint step that reports no progress
  still beats) writes ``heartbeat_at`` every sixth of the stale time (5 s).
  Five beats in a row must go missing before a job looks dead.
- A queued job has no worker to beat for it, and may rightly wait behind
  other PDFs on a busy worker: it fails only after ``PRINT_JOB_QUEUED_SECONDS``
  (300, never less than the stale time). Print again on a job that waited
  past the stale time sends it once more (its message may have been lost).

:func:`send_on_commit` sends the task once the job's row is committed; if the
broker cannot be reached the job is failed at once with a message that says
so, instead of a 500 after the job was saved and a "waiting" job forever.
Issue #32 found the 500 still, after 19 s: a web process that had printed
before kept a subscription to Celery's result store (Redis too), whose
reconnect loop (20 tries a second apart) ended in a ``RuntimeError``. So the
task keeps no result (``ignore_result``: the job row is the record), the
connect and publish timeouts are short (``CELERY_BROKER_*`` settings), and
any failure to hand the message over fails the job ("the print queue is
unavailable"); *Try again* makes a new job once Redis is back.

:func:`cancel_job` is the director's Stop: a compare-and-set from queued or
running, so a worker that finishes later finds the job no longer its own and
its file is dropped (``jobs.finish_job``); the cancel stands.

The stale rule itself (:func:`is_stale`) and the compare-and-set writes
(:func:`cas`, :func:`cas_fail`) are here too, below ``jobs``: ``jobs`` uses
this module, never the other way round (the print jobs' modules in a line:
``recovery`` < ``jobs`` < ``upkeep`` < ``tasks``). The render task is sent by
its name (:data:`RENDER_TASK`) through Celery's registry of tasks, as Celery
itself sends a task to a worker; the app loads ``tasks`` when it is ready, so
the name is known in every process.
"""

from __future__ import annotations

import logging
import threading
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, connection, connections, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as BrokerError

from tournament.celery import app as celery_app
from tournament.events.errors import EventError
from tournament.events.permissions import has_event_permission
from tournament.printing.models import PrintJob

logger = logging.getLogger(__name__)

Status = PrintJob.Status
ACTIVE = (Status.QUEUED, Status.RUNNING)
BEATS_PER_STALE = 6  # heartbeats in one stale period: five may be lost in a row
JOIN_SECONDS = 10  # the longest the end of a render waits for a beat being written
ERROR_MAX = 2000  # characters of an error kept for the page
RENDER_TASK = "printing.render_job"  # tasks.render_job's name


def stale_seconds() -> float:
    return float(getattr(settings, "PRINT_JOB_STALE_SECONDS", 30))


def heartbeat_seconds() -> float:
    return stale_seconds() / BEATS_PER_STALE


def queued_seconds() -> float:
    return max(stale_seconds(), float(getattr(settings, "PRINT_JOB_QUEUED_SECONDS", 300)))


def stale_after() -> timedelta:
    return timedelta(seconds=stale_seconds())


def max_attempts() -> int:
    return int(getattr(settings, "PRINT_JOB_MAX_ATTEMPTS", 3))


# --- the stale rule, and writes that never overwrite another's -----------------


def is_stale(job: PrintJob, now) -> bool:
    """No sign of life for the stale time: a running job's worker is presumed dead."""
    return job.is_active and (job.heartbeat_at is None or job.heartbeat_at < now - stale_after())


def stale_message(job: PrintJob) -> str:
    if job.status == Status.QUEUED:
        minutes = max(1, round(queued_seconds() / 60))
        return _(
            "No worker started this job within %(minutes)s minutes. "
            "Is the Celery worker running? Print it again."
        ) % {"minutes": minutes}
    return _(
        "The work stopped without a sign of life for %(seconds)s seconds "
        "(attempt %(attempt)s of %(max)s). Print it again."
    ) % {
        "seconds": round(stale_after().total_seconds()),
        "attempt": job.attempts,
        "max": max_attempts(),
    }


def cas(job: PrintJob, **changes) -> bool:
    """Change ``job`` only if nobody moved it since we read it."""
    return bool(
        PrintJob.objects.filter(
            pk=job.pk, status=job.status, attempts=job.attempts, heartbeat_at=job.heartbeat_at
        ).update(**changes)
    )


def cas_fail(job: PrintJob, message: str, now) -> bool:
    failed = cas(job, status=Status.FAILED, error=message[:ERROR_MAX], finished_at=now)
    if failed:
        logger.warning("print job %s failed: %s", job.pk, message)
    return failed


# --- a live worker says so ----------------------------------------------------


class Heartbeat:
    """``with Heartbeat(attempt):`` writes the attempt's heartbeat in a thread until the block ends.

    The document's progress calls beat too, but they can be far apart (one
    WeasyPrint layout or font subsetting step of a big round pack); this
    thread beats every :func:`heartbeat_seconds` whatever the render does,
    and dies with the process, which is the point. It stops when its write
    finds the job no longer this attempt's (taken over, cancelled); the render
    learns it at its next progress write or when it tries to finish.

    Inside a transaction (a test's) the claimed row is not committed: another
    connection could not see it, and on PostgreSQL would wait for its lock,
    so no thread is started and the progress writes alone beat.
    """

    def __init__(self, attempt, seconds: float | None = None):
        self.attempt = attempt
        self.seconds = heartbeat_seconds() if seconds is None else seconds
        self.beats = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Heartbeat:
        if not connection.in_atomic_block:
            self._thread = threading.Thread(
                target=self._run, name=f"print-job-{self.attempt.job.pk}-heartbeat", daemon=True
            )
            self._thread.start()
        return self

    def __exit__(self, *exc_info) -> bool:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=JOIN_SECONDS)
        return False

    def _run(self) -> None:
        try:
            while not self._stop.wait(self.seconds):
                try:
                    ours = self.attempt.mine().update(heartbeat_at=timezone.now())
                except DatabaseError:  # a database blip: the next beat tries again
                    logger.warning("print job %s: heartbeat not written", self.attempt.job.pk)
                    continue
                if not ours:
                    return
                self.beats += 1
        finally:
            connections.close_all()  # this thread's own connections


# --- sending to a worker ------------------------------------------------------


def unreachable_message() -> str:
    return _(
        "The print queue is unavailable, so this PDF was not started. Press Try again in a minute."
    )


def send_on_commit(job_id: int) -> None:
    """Send ``render_job(job_id)`` once the transaction commits (a worker must find the row)."""
    transaction.on_commit(lambda: send(job_id))


def send(job_id: int) -> bool:
    """Send the task; when the broker is down, fail the waiting job with a message that says so.

    This runs after the commit, when a raised error could only become a 500
    over a job already saved, and a job left "waiting" that no message will
    ever start. With a broker, whatever stops the message (the broker's error,
    redis-py's, Celery's own ``RuntimeError`` when it gives up reconnecting)
    means no worker will start the job. In eager mode the task runs here: only
    the broker's error is caught, the task's other errors are its own.
    """
    render_job = celery_app.tasks[RENDER_TASK]  # tasks.render_job, by its name (see above)
    try:
        render_job.delay(job_id)
    except Exception as error:
        if render_job.app.conf.task_always_eager and not isinstance(error, BrokerError):
            raise
        logger.error("print job %s not sent, the print queue is unavailable: %r", job_id, error)
        PrintJob.objects.filter(pk=job_id, status=Status.QUEUED).update(
            status=Status.FAILED, error=unreachable_message(), finished_at=timezone.now()
        )
        return False
    return True


# --- Print again --------------------------------------------------------------


def active_twin(event, kind, round_, params) -> PrintJob | None:
    """The same document already waiting or being made (a double click, or Print again).

    A live twin is returned as it is (no duplicate work). A stale one is
    restarted (:func:`restart`) rather than returned stuck; None when there is
    none, or none that could be restarted: the caller makes a new job.
    """
    candidates = PrintJob.objects.filter(
        event=event, kind=kind, round=round_, status__in=ACTIVE
    ).order_by("-pk")
    twins = [job for job in candidates if job.params == params]
    now = timezone.now()
    for job in twins:
        if not is_stale(job, now):
            return job
    for job in twins:
        if restart(job, now):
            return job
    return None


def restart(job: PrintJob, now) -> bool:
    """Queue a stale job and send it again; False when the caller should make a new job.

    A running one whose worker went silent is taken over (the next claim
    counts the attempt); a queued one nobody took within the stale time may
    have lost its message in a broker blip, and a second message is harmless
    (a claim is a compare-and-set). One out of attempts is failed instead.
    """
    if job.status == Status.RUNNING and job.attempts >= max_attempts():
        cas_fail(job, stale_message(job), now)
        return False
    if not cas(job, status=Status.QUEUED, heartbeat_at=now):
        job.refresh_from_db()  # moved meanwhile: alive again is as good as restarted
        return job.is_active and not is_stale(job, now)
    logger.warning("print job %s: no sign of life, sent again at Print", job.pk)
    send_on_commit(job.pk)
    return True


# --- the director's Stop ------------------------------------------------------


def cancel_job(job: PrintJob, *, by) -> bool:
    """Cancel ``job`` if it is still waiting or being made; False if it had already ended.

    A director's action, like Print. Nothing else is needed to stop the
    worker: every write of its attempt is conditional on the job still being
    its own, so its next progress write stops the render and a finished file
    is thrown away.
    """
    if not has_event_permission(by, job.event, "manage"):
        raise EventError(_("Only the event's director can cancel printing."))
    message = _("Cancelled by %(user)s.") % {"user": by.get_username()}
    cancelled = PrintJob.objects.filter(pk=job.pk, status__in=ACTIVE).update(
        status=Status.CANCELLED, error=message, finished_at=timezone.now()
    )
    if cancelled:
        logger.info("print job %s cancelled by %s", job.pk, by)
    job.refresh_from_db()
    return bool(cancelled)
