"""Print jobs on the production stack: Redis, PostgreSQL and real Celery workers.

The acceptance tests of the job machinery: a worker killed in the middle of
a PDF (its pool process, or the whole worker) never leaves the job
"running"; looking at the job as its page does (``job_state``, the JSON
status) brings it to an end: done on a second attempt. And the real round
pack, asked for on the page, made by a worker and downloaded.

Marked ``needs_worker``: skipped without a Redis broker and PostgreSQL,
required (a skip fails) in ``make test-stack``.
"""

from __future__ import annotations

import os
import signal
import time

import pytest
from django.contrib.auth import get_user_model

from tests.tournament.printing.slow_documents import pids_file
from tests.tournament.printing.worker import worker_logs
from tournament.events.models import StaffRole
from tournament.printing import jobs, recovery
from tournament.printing.models import PrintJob

pytestmark = [pytest.mark.needs_worker, pytest.mark.django_db(transaction=True)]

Status = PrintJob.Status
STALE_SECONDS = 3
SLOW = {
    "PRINT_DOCUMENTS_MODULE": "tests.tournament.printing.slow_documents",
    "PRINT_JOB_STALE_SECONDS": STALE_SECONDS,
    "SLOW_DOCUMENT_STEPS": 20,
    "SLOW_DOCUMENT_STEP_SECONDS": 0.2,  # four seconds a document
}


def wait_for(check, *, seconds, what, tmp_path):
    """Call ``check()`` every 0.2 s until it returns something true; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"not within {seconds} s: {what}\n{worker_logs(tmp_path)}")


def running_pids(job, settings):
    """The pool processes that ran the document so far, once the job runs and reports."""
    job = jobs.job_state(job)
    path = pids_file(settings.MEDIA_ROOT)
    if job.status != Status.RUNNING or not job.progress_done or not path.exists():
        return None
    return [int(line) for line in path.read_text().split()]


def ended(job):
    """The job as its page sees it, once done or failed."""
    job = jobs.job_state(job)
    return job if job.status in (Status.DONE, Status.FAILED) else None


def run_round_pack(director, settings, tmp_path):
    """The director asks for the round pack; once a worker runs it: the job, its pool processes."""
    round_, user = director
    job = jobs.request_job(round_.event, "round_pack", round_=round_, by=user)
    pids = wait_for(
        lambda: running_pids(job, settings), seconds=30, what="the job runs", tmp_path=tmp_path
    )
    return job, pids


def wait_until_ended(job, tmp_path):
    """The job once done or failed, as its page sees it; a worker has a minute to get there."""
    return wait_for(lambda: ended(job), seconds=60, what="the job ends", tmp_path=tmp_path)


@pytest.fixture
def director(seated_round):
    round_ = seated_round(ruleset="mcr", tables=2, slug="stack-cup")
    user = get_user_model().objects.create_user("stack-director")
    StaffRole.objects.create(event=round_.event, user=user, role="director")
    return round_, user


def test_a_killed_pool_process_gives_the_job_to_a_second_attempt(
    celery_worker, director, settings, tmp_path
):
    worker = celery_worker(**SLOW)
    job, pids = run_round_pack(director, settings, tmp_path)
    os.kill(pids[0], signal.SIGKILL)  # the pool process, in the middle of the PDF

    job = wait_until_ended(job, tmp_path)
    assert (job.status, job.attempts) == (Status.DONE, 2), job.error
    assert job.progress_done == job.progress_total
    assert job.file.storage.exists(job.file.name)
    second = [int(line) for line in pids_file(settings.MEDIA_ROOT).read_text().split()]
    assert len(second) == 2 and second[1] != pids[0]  # a new pool process made it
    assert worker.alive()  # the worker itself lived on


def test_a_killed_worker_leaves_the_job_to_the_next_worker(
    celery_worker, director, settings, tmp_path
):
    first = celery_worker(**SLOW)
    job, _ = run_round_pack(director, settings, tmp_path)

    first.kill_group()  # the whole worker: SIGKILL, its message stays unacknowledged
    assert jobs.job_state(job).status == Status.RUNNING  # until its heartbeat is stale
    celery_worker(**SLOW)  # a worker comes back (or another machine's was there)

    job = wait_until_ended(job, tmp_path)
    assert (job.status, job.attempts) == (Status.DONE, 2), job.error
    assert job.file.storage.exists(job.file.name)


def test_a_long_silent_step_never_loses_its_job_to_the_stale_rule(
    celery_worker, director, tmp_path
):
    """One step of 8 s without progress, a 3 s stale time: the worker's heartbeat keeps it."""
    celery_worker(**{**SLOW, "SLOW_DOCUMENT_STEPS": 1, "SLOW_DOCUMENT_STEP_SECONDS": 8})
    round_, user = director
    job = jobs.request_job(round_.event, "round_pack", round_=round_, by=user)
    seen = set()

    def ended_watching():
        state = jobs.job_state(job)  # as its page does, every 0.2 s
        seen.add((state.status, state.attempts))
        return state if state.status in (Status.DONE, Status.FAILED) else None

    job = wait_for(ended_watching, seconds=60, what="the job ends", tmp_path=tmp_path)
    assert (job.status, job.attempts) == (Status.DONE, 1), (job.error, seen)
    assert seen <= {(Status.QUEUED, 0), (Status.RUNNING, 1), (Status.DONE, 1)}


def test_a_cancel_stands_when_the_worker_finishes(celery_worker, director, settings, tmp_path):
    worker = celery_worker(**SLOW)
    round_, user = director
    job, _ = run_round_pack(director, settings, tmp_path)
    assert recovery.cancel_job(job, by=user)
    time.sleep(SLOW["SLOW_DOCUMENT_STEPS"] * SLOW["SLOW_DOCUMENT_STEP_SECONDS"] + 2)
    job.refresh_from_db()
    assert (job.status, job.attempts, job.file.name) == (Status.CANCELLED, 1, "")
    folder = settings.MEDIA_ROOT / "print" / round_.event.slug
    assert not folder.exists() or not any(folder.iterdir())
    assert worker.alive()


def test_the_real_round_pack_through_a_worker(celery_worker, director, client, pdf_text, tmp_path):
    celery_worker()
    from tournament.celery import ping

    assert ping.delay().get(timeout=30) == "pong"  # the broker, a worker, the result backend
    round_, user = director
    client.force_login(user)
    response = client.post(
        f"/manage/{round_.event.slug}/print/start/", {"kind": "round_pack", "round": "1"}
    )
    assert response.status_code == 302
    job = PrintJob.objects.get()
    status_url = f"/manage/{round_.event.slug}/print/{job.uuid}/status/"

    def finished():
        state = client.get(status_url).json()  # what the job page polls
        return state if state["status"] in ("done", "failed") else None

    state = wait_for(finished, seconds=120, what="the round pack is made", tmp_path=tmp_path)
    assert state["status"] == "done", state
    job.refresh_from_db()
    assert job.attempts == 1
    download = client.get(f"/manage/{round_.event.slug}/print/{job.uuid}/download/")
    pdf = b"".join(download.streaming_content)
    assert pdf.startswith(b"%PDF")
    text = "\n".join(pdf_text(pdf))
    assert "李娜" in text and "山田" in text
