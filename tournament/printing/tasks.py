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
- ``render_job`` keeps no result (``ignore_result``): nobody reads it, the job
  row is the record, and sending a task that keeps one subscribes the web
  process to the result store, whose reconnect loop held Print for 19 s and
  then answered 500 while Redis was down (issue #32).
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError

from tournament.printing import jobs
from tournament.printing.recovery import RENDER_TASK
from tournament.printing.upkeep import next_stale_in, sweep_stale

logger = logging.getLogger(__name__)

# Retries of one message: "busy elsewhere" and database hiccups.
MAX_RETRIES = 5


@shared_task(
    bind=True,
    name=RENDER_TASK,  # recovery.send sends it by this name
    ignore_result=True,
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
def sweep_stale_jobs(follow_up: bool = False) -> dict[str, int]:
    """The stale rule over every active job (celery beat, every minute: CELERY_BEAT_SCHEDULE).

    A job whose worker dies just after a sweep would turn stale about 30 s
    later, and the next sweep would move it on a minute after the first: too
    late for issue #16's "within a minute". So a sweep that sees a running job
    sends one follow-up for the moment that job would turn stale; a follow-up
    sends none (no chain of sweeps).
    """
    moved = sweep_stale()
    due = None if follow_up or jobs.eager() else next_stale_in()
    if due is not None and due + 1 < _sweep_period():
        try:
            sweep_stale_jobs.apply_async(kwargs={"follow_up": True}, countdown=due + 1)
        except BrokerError:  # the next sweep under beat will do
            logger.warning("the follow-up sweep of print jobs was not sent", exc_info=True)
    return moved


def _sweep_period() -> float:
    entry = getattr(settings, "CELERY_BEAT_SCHEDULE", {}).get("sweep-stale-print-jobs", {})
    return float(entry.get("schedule", 60))
