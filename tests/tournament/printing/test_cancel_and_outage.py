"""A director cancels a print job, and a broker outage at Print says so (issue #16).

Real objects (``broker.py``): a cancelled job stays cancelled whatever its
worker does later; with Redis unreachable (a closed local port) Print answers
with a message and leaves no job waiting for a message that was never sent.
"""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings

from tests.tournament.printing.broker import (  # noqa: F401 (a fixture)
    _documents,
    closed_port,
    print_again,
    running_job,
)
from tests.tournament.printing.test_jobs import make_stale
from tournament.printing import jobs
from tournament.printing.models import PrintJob
from tournament.printing.upkeep import prune_finished

Status = PrintJob.Status
UNREACHABLE = (
    "The print queue is unavailable, so this PDF was not started. Press Try again in a minute."
)


# --- cancelling -------------------------------------------------------------------


def test_the_director_cancels_from_the_list_and_prints_afresh(
    client, cup, broker, django_capture_on_commit_callbacks
):
    director = cup.users["director"]
    job, _attempt = running_job(cup)
    ended = jobs.request_job(cup.event, "score_cards", by=director)
    jobs.run_job(ended.pk)
    client.force_login(cup.users["judge"])
    assert "data-cancel-job" not in client.get("/manage/cup/print/").content.decode()
    assert client.post(f"/manage/cup/print/{job.uuid}/cancel/").status_code == 403
    job.refresh_from_db()
    assert job.status == Status.RUNNING

    client.force_login(director)
    page = client.get("/manage/cup/print/").content.decode()
    assert page.count("data-cancel-job") == 1  # the running job only, not the finished one
    assert f'action="/manage/cup/print/{job.uuid}/cancel/"' in page
    assert "Cancel printing" in page
    response = client.post(f"/manage/cup/print/{job.uuid}/cancel/", follow=True)
    assert response.redirect_chain[-1][0] == "/manage/cup/print/"
    assert "Round pack, round 1: cancelled." in response.content.decode()
    job.refresh_from_db()
    assert (job.status, job.error) == (Status.CANCELLED, "Cancelled by director.")
    assert job.finished_at is not None and not job.file

    page = client.get(f"/manage/cup/print/{job.uuid}/").content.decode()
    assert "Cancelled by director." in page and "Print again" in page
    assert 'id="cancel-job"' not in page
    with django_capture_on_commit_callbacks(execute=True):
        response = print_again(client, director, job)
    new = PrintJob.objects.exclude(pk__in=[job.pk, ended.pk]).get()
    assert response["Location"] == f"/manage/cup/print/{new.uuid}/"
    assert broker.renders() == [new.pk]

    # Cancelling what has ended changes nothing, and says so.
    response = client.post(f"/manage/cup/print/{ended.uuid}/cancel/", {"next": "job"}, follow=True)
    assert response.redirect_chain[-1][0] == f"/manage/cup/print/{ended.uuid}/"
    assert "had already ended; nothing to cancel" in response.content.decode()
    ended.refresh_from_db()
    assert ended.status == Status.DONE


def test_a_late_worker_cannot_overwrite_the_cancel(client, cup, broker):
    job, attempt = running_job(cup)
    client.force_login(cup.users["director"])
    page = client.get(f"/manage/cup/print/{job.uuid}/").content.decode()
    assert 'id="cancel-job"' in page
    client.post(f"/manage/cup/print/{job.uuid}/cancel/", {"next": "job"})

    with pytest.raises(jobs.JobLost):  # its next progress write stops the render
        jobs.progress_reporter(attempt)(1, 2)
    assert not jobs.finish_job(attempt, b"%PDF-1.7 too late")
    assert not jobs.fail_job(attempt, ValueError("too late"))
    assert jobs.run_job(job.pk) is jobs.Claim.GONE  # a redelivered message finds nothing to do
    make_stale(job, seconds=3600)
    job = jobs.job_state(job)
    assert (job.status, job.error) == (Status.CANCELLED, "Cancelled by director.")
    folder = django_settings.MEDIA_ROOT / "print" / "cup"
    assert not folder.exists() or not any(folder.iterdir())  # the late file was dropped
    assert prune_finished(0) == 1  # an ended job like the others


# --- a broker outage at Print -----------------------------------------------------


@pytest.mark.django_db(transaction=True)  # on_commit runs inside the request, as it does live
def test_print_with_the_broker_down_says_so_and_leaves_no_waiting_job(client, cup, broker):
    broker.use(f"redis://127.0.0.1:{closed_port()}/0")
    client.force_login(cup.users["director"])
    response = client.post("/manage/cup/print/start/", {"kind": "score_cards"}, follow=True)
    assert response.status_code == 200  # an answer, not a 500
    job = PrintJob.objects.get()
    assert response.redirect_chain[-1][0] == f"/manage/cup/print/{job.uuid}/"
    page = response.content.decode()
    assert UNREACHABLE in page and 'role="alert"' in page and "Try again" in page
    assert (job.status, job.error) == (Status.FAILED, UNREACHABLE)
    assert job.finished_at is not None
    assert not PrintJob.objects.filter(status__in=[Status.QUEUED, Status.RUNNING]).exists()

    response = client.post(
        "/manage/cup/print/start/", {"kind": "standings"}, HTTP_ACCEPT_LANGUAGE="ja", follow=True
    )
    assert "印刷キューが利用できない" in response.content.decode()

    broker.use("memory://")  # Redis is back: Try again works
    response = client.post("/manage/cup/print/start/", {"kind": "score_cards"})
    new = PrintJob.objects.filter(status=Status.QUEUED).get()
    assert response["Location"] == f"/manage/cup/print/{new.uuid}/"
    assert broker.renders() == [new.pk]


@pytest.mark.django_db(transaction=True)
def test_a_takeover_with_the_broker_down_fails_the_job_instead(cup, broker):
    job, _attempt = running_job(cup)
    broker.use(f"redis://127.0.0.1:{closed_port()}/0")
    make_stale(job, seconds=31)
    job = jobs.job_state(job)
    assert (job.status, job.error) == (Status.FAILED, UNREACHABLE)
