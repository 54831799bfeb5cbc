"""Print jobs get over a dead worker within a minute, and Print again restarts a stuck one.

Issue #16. Real objects throughout (``broker.py``): the documents are
``slow_documents`` through the settings hook a worker uses, and Celery really
sends, to kombu's in-process ``memory://`` transport, read back by the test.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from tests.tournament.printing.broker import (  # noqa: F401 (a fixture)
    _documents,
    print_again,
    running_job,
)
from tests.tournament.printing.test_jobs import make_stale
from tournament.printing import jobs, recovery, tasks
from tournament.printing.models import PrintJob

Status = PrintJob.Status


# --- the numbers --------------------------------------------------------------


def test_the_numbers_move_a_dead_workers_job_on_within_a_minute():
    """At 30 s stale (the default: next test) a beat every 5 s, and a takeover well within 60 s."""
    assert recovery.stale_seconds() == 30 and recovery.heartbeat_seconds() == 5
    # Five beats in a row must go missing before a live worker's job looks dead.
    assert recovery.BEATS_PER_STALE >= 6
    # The redelivered message of a killed pool process retries when the job is stale.
    assert jobs.stale_after().total_seconds() + 1 < 60
    assert recovery.queued_seconds() == 300  # a queue behind a busy worker is not a dead one


@pytest.mark.parametrize(("value", "answer"), [(None, "30"), ("45", "45"), ("0", "must be 1")])
def test_the_stale_time_comes_from_the_environment(value, answer):
    env = {k: v for k, v in os.environ.items() if k != "PRINT_JOB_STALE_SECONDS"}
    if value is not None:
        env["PRINT_JOB_STALE_SECONDS"] = value
    code = "import django; django.setup(); from django.conf import settings; "
    code += "print(settings.PRINT_JOB_STALE_SECONDS)"
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**env, "DJANGO_SETTINGS_MODULE": "tournament.settings"},
        cwd=django_settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert answer in result.stdout + result.stderr


# --- the stale rule at 30 s -----------------------------------------------------


def test_a_job_silent_past_the_stale_time_is_taken_over_and_not_before(
    cup, broker, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job, _first = running_job(cup)
    assert broker.renders() == [job.pk]

    make_stale(job, seconds=29)
    with django_capture_on_commit_callbacks(execute=True):
        assert jobs.job_state(job).status == Status.RUNNING
    assert broker.renders() == []  # a worker 29 s quiet is still its job's worker

    make_stale(job, seconds=31)
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.job_state(job)
    assert (job.status, job.attempts) == (Status.QUEUED, 1)
    assert broker.renders() == [job.pk]  # sent to another worker

    assert jobs.run_job(job.pk) is None  # that worker
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Status.DONE, 2)


@pytest.mark.django_db(transaction=True)
def test_a_live_worker_is_never_taken_over_during_a_long_silent_step(cup, broker, settings):
    """One step far longer than the stale time, no progress: the heartbeat thread keeps the job."""
    settings.PRINT_JOB_STALE_SECONDS = 1.2  # a beat every 0.2 s
    settings.SLOW_DOCUMENT_STEPS = 1  # progress at 0, then 3.5 s of silence
    settings.SLOW_DOCUMENT_STEP_SECONDS = 3.5
    job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    assert broker.renders() == [job.pk]
    worker = threading.Thread(target=jobs.run_job, args=[job.pk])
    worker.start()
    seen = []
    while worker.is_alive():
        state = jobs.job_state(PrintJob.objects.get(pk=job.pk))  # as its page does
        seen.append((state.status, state.attempts))
        if state.status == Status.RUNNING:
            age = (timezone.now() - state.heartbeat_at).total_seconds()
            assert age < 1.2, f"a heartbeat {age:.1f} s old"
        time.sleep(0.1)
    worker.join()
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Status.DONE, 1)
    assert (Status.RUNNING, 1) in seen
    assert {status for status, _n in seen} <= {Status.QUEUED, Status.RUNNING, Status.DONE}
    assert broker.renders() == []  # never sent again


# --- Print again ----------------------------------------------------------------


def test_print_again_gives_the_live_job_back(
    client, cup, broker, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job, _attempt = running_job(cup)
        make_stale(job, seconds=20)
        response = print_again(client, cup.users["director"], job)
    assert response["Location"] == f"/manage/cup/print/{job.uuid}/"
    assert PrintJob.objects.count() == 1
    assert broker.renders() == [job.pk]  # the first send only: no duplicate work
    job.refresh_from_db()
    assert job.status == Status.RUNNING


def test_print_again_restarts_a_stale_job(client, cup, broker, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job, first = running_job(cup)
    broker.sent()
    make_stale(job, seconds=31)
    with django_capture_on_commit_callbacks(execute=True):
        response = print_again(client, cup.users["director"], job)
    assert response["Location"] == f"/manage/cup/print/{job.uuid}/"  # the same job, started again
    assert PrintJob.objects.count() == 1
    assert broker.renders() == [job.pk]
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Status.QUEUED, 1)
    assert (timezone.now() - job.heartbeat_at).total_seconds() < 5

    assert jobs.run_job(job.pk) is None
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Status.DONE, 2)  # the attempt counted
    assert not jobs.finish_job(first, b"%PDF late")  # the silent worker's file is not kept


def test_print_again_sends_a_waiting_job_whose_message_was_lost(
    client, cup, broker, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.request_job(cup.event, "score_cards", by=cup.users["director"])
    broker.sent()  # a Redis restart lost the message: nobody will ever start it
    make_stale(job, seconds=31)
    assert jobs.job_state(job).status == Status.QUEUED  # waiting is not failing yet
    with django_capture_on_commit_callbacks(execute=True):
        response = print_again(client, cup.users["director"], job)
    assert response["Location"] == f"/manage/cup/print/{job.uuid}/"
    assert broker.renders() == [job.pk]
    assert jobs.run_job(job.pk) is None
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Status.DONE, 1)

    # Past PRINT_JOB_QUEUED_SECONDS a waiting job fails, with the old message.
    waiting = jobs.request_job(cup.event, "standings", by=cup.users["director"])
    make_stale(waiting, seconds=301)
    waiting = jobs.job_state(waiting)
    assert waiting.status == Status.FAILED and "Is the Celery worker running?" in waiting.error


def test_print_again_on_a_spent_stale_job_starts_a_new_one(
    client, cup, broker, django_capture_on_commit_callbacks
):
    job, _attempt = running_job(cup, attempts=3)
    make_stale(job, seconds=31)
    with django_capture_on_commit_callbacks(execute=True):
        response = print_again(client, cup.users["director"], job)
    job.refresh_from_db()
    assert job.status == Status.FAILED and "attempt 3 of 3" in job.error
    assert "30 seconds" in job.error
    new = PrintJob.objects.exclude(pk=job.pk).get()
    assert response["Location"] == f"/manage/cup/print/{new.uuid}/"
    assert (new.status, new.attempts) == (Status.QUEUED, 0)
    assert broker.renders() == [new.pk]


# --- the sweep comes back when a job would turn stale ----------------------------


def test_the_sweep_looks_again_when_a_running_job_would_turn_stale(cup, broker):
    job, _attempt = running_job(cup)
    broker.sent()
    make_stale(job, seconds=10)
    assert tasks.sweep_stale_jobs() == {}
    (name, _args, headers), *rest = broker.sent()
    assert (name, rest) == ("printing.sweep_stale_jobs", [])
    wait = datetime.fromisoformat(headers["eta"]) - timezone.now()
    assert timedelta(seconds=15) < wait <= timedelta(seconds=21)  # 30 - 10 + 1
    assert tasks.sweep_stale_jobs(follow_up=True) == {}  # a follow-up sends no other
    assert broker.sent() == []
