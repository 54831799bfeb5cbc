"""Print jobs' upkeep: the stale sweep nobody has to look for, and pruning old PDFs.

Fixtures and helpers are those of ``test_jobs.py`` (fake documents, worker mode
simulated by catching what would go to the broker).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from tests.tournament.printing.test_jobs import _print_settings, make_stale  # noqa: F401
from tournament.printing import jobs, tasks
from tournament.printing.models import PrintJob
from tournament.printing.upkeep import prune_finished, sweep_stale


def test_the_sweep_moves_silent_jobs_without_anyone_looking(
    cup, worker_mode, django_capture_on_commit_callbacks
):
    director = cup.users["director"]
    with django_capture_on_commit_callbacks(execute=True):
        running = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=director)
        never_taken = jobs.request_job(cup.event, "score_cards", by=director)
        fresh = jobs.request_job(cup.event, "standings", by=director)
    assert len(worker_mode) == 3
    jobs.claim_job(running.pk)
    make_stale(running)
    make_stale(never_taken)
    with django_capture_on_commit_callbacks(execute=True):
        moved = tasks.sweep_stale_jobs()
    assert moved == {"queued": 1, "failed": 1}
    running.refresh_from_db()
    never_taken.refresh_from_db()
    fresh.refresh_from_db()
    assert (running.status, running.attempts) == ("queued", 1)
    assert never_taken.status == "failed" and "Is the Celery worker running?" in never_taken.error
    assert fresh.status == "queued"  # it has a recent sign of life: left alone
    assert worker_mode[-1] == (running.pk,)  # sent to a worker again
    assert sweep_stale() == {}  # nothing left to move


def test_the_sweep_runs_every_minute_under_beat(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["sweep-stale-print-jobs"]
    assert entry["task"] == tasks.sweep_stale_jobs.name
    assert entry["schedule"] == 60.0


def _finished(job, days_ago):
    PrintJob.objects.filter(pk=job.pk).update(finished_at=timezone.now() - timedelta(days=days_ago))


def test_prune_deletes_old_finished_jobs_and_their_files(
    cup, documents, django_capture_on_commit_callbacks
):
    director = cup.users["director"]
    with django_capture_on_commit_callbacks(execute=True):
        old = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=director)
        recent = jobs.request_job(cup.event, "score_cards", by=director)
    documents.error = RuntimeError("printer on fire")
    with django_capture_on_commit_callbacks(execute=True):
        failed_old = jobs.request_job(cup.event, "standings", by=director)
    for job in (old, recent, failed_old):
        job.refresh_from_db()
    assert (old.status, recent.status, failed_old.status) == ("done", "done", "failed")
    old_file = Path(old.file.path)
    assert old_file.exists()
    _finished(old, 31)
    _finished(failed_old, 40)
    _finished(recent, 2)

    assert prune_finished(30) == 2
    assert not old_file.exists()
    assert list(PrintJob.objects.values_list("pk", flat=True)) == [recent.pk]
    assert Path(PrintJob.objects.get().file.path).exists()


def test_prune_leaves_active_jobs(cup, worker_mode):
    job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    make_stale(job, seconds=90 * 86400)
    assert prune_finished(0) == 0
    assert PrintJob.objects.filter(pk=job.pk).exists()


def test_the_command(cup, documents, capsys, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.request_job(cup.event, "score_cards", by=cup.users["director"])
    _finished(job, 10)
    call_command("print_jobs", "--sweep", "--prune", "7")
    out = capsys.readouterr().out
    assert "stale jobs: none" in out
    assert "deleted 1 finished jobs" in out
    with pytest.raises(CommandError, match="--sweep, --prune DAYS"):
        call_command("print_jobs")
    with pytest.raises(CommandError, match="--prune: -1.0 is not a number of days"):
        call_command("print_jobs", "--prune", "-1")
