"""Print jobs' upkeep, run on a schedule rather than when someone looks.

Why: the stale rule (:func:`tournament.printing.jobs.job_state`) moves a job
whose worker died, but only when its page or status is looked at; a director
who closed the page would find it "running" the next day. And every PDF stays
under ``MEDIA_ROOT`` for good, a round pack of a big event being a megabyte.

- :func:`sweep_stale` applies the stale rule to every active job (the
  ``printing.sweep_stale_jobs`` task, every minute under ``celery beat``, and
  ``manage.py print_jobs --sweep``); :func:`next_stale_in` says when the next
  running job would turn stale, so the task can look again then rather than a
  minute later (a dead worker's job is moved on within a minute, issue #16);
- :func:`prune_finished` deletes finished jobs older than a number of days,
  with their files (``manage.py print_jobs --prune DAYS``). A PDF can always be
  made again from the records; the records themselves are never touched.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from tournament.printing.jobs import job_state, overdue, stale_after
from tournament.printing.models import PrintJob

Status = PrintJob.Status
ACTIVE = [Status.QUEUED, Status.RUNNING]
FINISHED = [Status.DONE, Status.FAILED, Status.CANCELLED]


def sweep_stale() -> dict[str, int]:
    """Re-queue or fail every job without a sign of life; {status: count} of those it moved."""
    now = timezone.now()
    moved: dict[str, int] = {}
    for job in PrintJob.objects.filter(status__in=ACTIVE).order_by("pk"):
        if overdue(job, now):
            before = job.status
            job = job_state(job)
            if job.status != before:
                moved[job.status] = moved.get(job.status, 0) + 1
    return moved


def next_stale_in() -> float | None:
    """Seconds until the first running job would turn stale if its worker died now; None if none."""
    last = (
        PrintJob.objects.filter(status=Status.RUNNING, heartbeat_at__isnull=False)
        .order_by("heartbeat_at")
        .values_list("heartbeat_at", flat=True)
        .first()
    )
    if last is None:
        return None
    return max(0.0, (last + stale_after() - timezone.now()).total_seconds())


def prune_finished(days: float) -> int:
    """Delete ended jobs (done, failed, cancelled) older than ``days`` days, files too; how many."""
    if days < 0:
        raise ValueError("days must be 0 or more")
    before = timezone.now() - timedelta(days=days)
    old = PrintJob.objects.filter(status__in=FINISHED, finished_at__lt=before)
    count = 0
    for job in old.iterator():
        if job.file:
            job.file.delete(save=False)
        job.delete()
        count += 1
    return count
