"""Celery tasks of the printing app: thin wrappers that take ids and return ids.

The work and its state machine live in :mod:`tournament.printing.jobs`; the
task only adds what Celery knows about: delivery and retries.

- ``acks_late`` + ``reject_on_worker_lost``: the message is acknowledged
  after the task, so a worker killed mid-PDF gives the message back to the
  broker and another worker gets it.
- That redelivered message finds the job ``running`` with a fresh
  heartbeat (the dead worker's last sign of life): it retries after
  ``PRINT_JOB_STALE_SECONDS``, when the job counts as abandoned and can be
  claimed again (or is failed after ``PRINT_JOB_MAX_ATTEMPTS``).
- Arguments and results are plain ids (JSON), never model instances.
"""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from tournament.printing import jobs

# Retries of one message: "busy elsewhere" and database hiccups.
MAX_RETRIES = 5


@shared_task(
    bind=True,
    name="printing.render_job",
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=MAX_RETRIES,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=True,
)
def render_job(self, job_id: int) -> int:
    """Make the PDF of print job ``job_id``; returns ``job_id``."""
    outcome = jobs.run_job(int(job_id))
    busy = outcome is jobs.Claim.BUSY
    if busy and not self.request.is_eager and self.request.retries < self.max_retries:
        # Another worker holds the job, or held it and died: look again once
        # its heartbeat would count as stale.
        countdown = jobs.stale_after().total_seconds() + 1
        raise self.retry(countdown=countdown)
    return job_id


@shared_task(name="printing.sweep_stale_jobs", ignore_result=True)
def sweep_stale_jobs() -> dict[str, int]:
    """The stale rule over every active job (celery beat, every minute: CELERY_BEAT_SCHEDULE)."""
    from tournament.printing.upkeep import sweep_stale

    return sweep_stale()
