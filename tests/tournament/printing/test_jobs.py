"""Print jobs: a PDF made in the background, its progress, its file, and who may see it.

Most tests run in eager mode (the embedded default: no broker) with a fake
document function, so they check the job machinery, not the PDF layout; one
end-to-end test uses the real round pack. "Worker mode" is simulated by
turning eager off in ``jobs`` and catching what would be sent to the broker.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from celery.exceptions import Retry
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.tournament.printing.conftest import FAKE_PDF
from tournament.events.errors import EventError
from tournament.events.models import StaffRole
from tournament.printing import jobs, tasks
from tournament.printing.models import PrintJob

Status = PrintJob.Status


@pytest.fixture(autouse=True)
def _print_settings(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.PRINT_JOB_PROGRESS_SECONDS = 0  # every progress step is written
    settings.PRINT_JOB_STALE_SECONDS = 300
    settings.PRINT_JOB_MAX_ATTEMPTS = 3


def start(client, user, kind, **fields):
    client.force_login(user)
    return client.post("/manage/cup/print/start/", {"kind": kind, **fields})


def make_stale(job, seconds=301):
    PrintJob.objects.filter(pk=job.pk).update(
        heartbeat_at=timezone.now() - timedelta(seconds=seconds)
    )
    job.refresh_from_db()


# --- eager mode, end to end ---------------------------------------------------


def test_round_pack_end_to_end_in_eager_mode(
    client, cup, documents, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = start(client, cup.users["director"], "round_pack", round="1")
    job = PrintJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/manage/cup/print/{job.uuid}/"
    assert (job.status, job.attempts, job.round, job.requested_by) == (
        Status.DONE,
        1,
        cup.round,
        cup.users["director"],
    )
    assert documents.calls == [("round_pack", cup.round, {"language": "en"})]
    assert job.file.name == f"print/cup/{job.uuid}.pdf"
    assert job.started_at <= job.finished_at

    page = client.get(response["Location"])
    assert page.status_code == 200
    assert 'id="download-pdf"' in page.content.decode()
    assert "print-job.js" not in page.content.decode()  # nothing left to poll

    download = client.get(f"/manage/cup/print/{job.uuid}/download/")
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert download["Content-Disposition"] == 'attachment; filename="cup-round-1-round-pack.pdf"'
    assert b"".join(download.streaming_content).startswith(b"%PDF")


def test_event_documents_get_the_event(client, cup, documents, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        start(client, cup.users["director"], "standings", scope="staff")
        start(client, cup.users["director"], "score_cards")
    assert documents.calls == [
        ("standings", cup.event, {"scope": "staff", "language": "en"}),
        ("score_cards", cup.event, {"language": "en"}),
    ]
    assert set(PrintJob.objects.values_list("status", flat=True)) == {Status.DONE}


def test_the_pdf_is_in_the_requesters_language(
    client, cup, documents, django_capture_on_commit_callbacks
):
    client.force_login(cup.users["director"])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            "/manage/cup/print/start/",
            {"kind": "seating_list", "round": "1"},
            HTTP_ACCEPT_LANGUAGE="ja",
        )
    assert documents.calls == [("seating_list", cup.round, {"language": "ja"})]
    assert PrintJob.objects.get().params == {"language": "ja"}
    director = cup.users["director"]
    job = jobs.request_job(cup.event, "score_cards", by=director, language="zh-Hans")
    assert job.params == {"language": "zh-hans"}
    job = jobs.request_job(cup.event, "standings", by=director, language="fr")
    assert job.params == {"scope": "public", "language": "en"}


def test_progress_is_written_with_a_heartbeat(cup, documents, django_capture_on_commit_callbacks):
    documents.steps = 4
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.request_job(
            cup.event, "blank_scoresheets", round_=cup.round, by=cup.users["director"]
        )
    assert documents.seen == [("running", n, 4) for n in range(1, 5)]
    job.refresh_from_db()
    assert (job.status, job.progress_done, job.progress_total, job.percent) == ("done", 4, 4, 100)
    assert job.heartbeat_at >= job.started_at


def test_progress_writes_are_throttled(
    cup, documents, settings, django_capture_on_commit_callbacks
):
    settings.PRINT_JOB_PROGRESS_SECONDS = 3600
    documents.steps = 5
    with django_capture_on_commit_callbacks(execute=True):
        jobs.request_job(cup.event, "filled_sheets", round_=cup.round, by=cup.users["director"])
    # The first step is written, the next three wait for the interval, the last always counts.
    assert [done for _status, done, _total in documents.seen] == [1, 1, 1, 1, 5]


def test_status_json_follows_a_running_job(client, cup, worker_mode):
    job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    client.force_login(cup.users["viewer"])
    state = client.get(f"/manage/cup/print/{job.uuid}/status/").json()
    assert (state["status"], state["active"], state["percent"], state["download_url"]) == (
        "queued",
        True,
        None,
        None,
    )
    attempt = jobs.claim_job(job.pk)
    jobs.progress_reporter(attempt)(3, 8)
    response = client.get(f"/manage/cup/print/{job.uuid}/status/")
    assert "no-cache" in response["Cache-Control"]
    state = response.json()
    assert (state["status"], state["done"], state["total"], state["percent"]) == (
        "running",
        3,
        8,
        37,
    )
    page = client.get(f"/manage/cup/print/{job.uuid}/").content.decode()
    assert 'value="37"' in page
    assert "3 of 8" in page
    assert "print-job.js" in page
    assert '<meta http-equiv="refresh"' in page  # inside <noscript>

    assert jobs.finish_job(attempt, FAKE_PDF)
    state = client.get(f"/manage/cup/print/{job.uuid}/status/").json()
    assert state["status"] == "done"
    assert state["download_url"] == f"/manage/cup/print/{job.uuid}/download/"


# --- failures -----------------------------------------------------------------


def test_a_failing_document_fails_the_job_with_its_message(
    client, cup, documents, django_capture_on_commit_callbacks
):
    documents.error = EventError("Round 1 has a table without four players.")
    with django_capture_on_commit_callbacks(execute=True):
        response = start(client, cup.users["director"], "round_pack", round="1")
    assert response.status_code == 302  # a failed job, not an error page
    job = PrintJob.objects.get()
    assert (job.status, job.error) == ("failed", "Round 1 has a table without four players.")
    assert job.finished_at is not None and not job.file
    page = client.get(response["Location"]).content.decode()
    assert "Round 1 has a table without four players." in page
    assert "Try again" in page
    assert client.get(f"/manage/cup/print/{job.uuid}/download/").status_code == 404


def test_an_unexpected_error_is_reported_too(cup, documents, django_capture_on_commit_callbacks):
    documents.error = ValueError("font not found")
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.request_job(
            cup.event, "seating_list", round_=cup.round, by=cup.users["director"]
        )
    job.refresh_from_db()
    assert job.status == "failed"
    assert job.error == "The PDF could not be made: font not found"


def test_refusals_are_messages(client, cup, documents):
    client.force_login(cup.users["director"])
    response = client.post("/manage/cup/print/start/", {"kind": "round_pack"}, follow=True)
    assert "Choose the round to print." in response.content.decode()
    response = client.post("/manage/cup/print/start/", {"kind": "poster", "round": "1"})
    assert response["Location"] == "/manage/cup/round/1/"
    assert client.post("/manage/cup/print/start/", {"kind": "x", "round": "9"}).status_code == 404
    assert not PrintJob.objects.exists()
    with pytest.raises(EventError):
        jobs.request_job(cup.event, "standings", by=cup.users["director"], params={"scope": "x"})
    with pytest.raises(EventError):
        jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["judge"])


def test_a_double_click_gives_the_same_job(cup, worker_mode):
    director = cup.users["director"]
    first = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=director)
    again = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=director)
    other = jobs.request_job(cup.event, "seating_list", round_=cup.round, by=director)
    assert again.pk == first.pk and other.pk != first.pk
    assert PrintJob.objects.count() == 2


# --- permissions --------------------------------------------------------------


def _status(response) -> int | str:
    if response.status_code == 302 and "/accounts/login/" in response["Location"]:
        return "login"
    return response.status_code


@pytest.mark.parametrize(
    ("who", "starts", "reads"),
    [
        ("anonymous", "login", "login"),
        ("viewer", 403, 200),
        ("judge", 403, 200),
        ("outsider", 403, 403),
        ("director", 302, 200),
    ],
)
def test_permissions(
    client, cup, documents, django_capture_on_commit_callbacks, who, starts, reads
):
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    if who != "anonymous":
        client.force_login(cup.users[who])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/manage/cup/print/start/", {"kind": "seating_list", "round": "1"})
    assert _status(response) == starts
    assert PrintJob.objects.count() == (2 if starts == 302 else 1)
    base = f"/manage/cup/print/{job.uuid}/"
    for url in ("/manage/cup/print/", base, base + "status/", base + "download/"):
        assert _status(client.get(url)) == reads, url


def test_a_job_is_only_found_under_its_own_event(client, cup, documents):
    job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    client.force_login(cup.users["outsider"])  # director of "other"
    for suffix in ("", "status/", "download/"):
        assert client.get(f"/manage/other/print/{job.uuid}/{suffix}").status_code == 404


def test_print_buttons_for_the_director_only(client, cup, documents):
    client.force_login(cup.users["director"])
    html = client.get("/manage/cup/round/1/").content.decode()
    assert 'id="print-round-pack"' in html and 'value="seating_list"' in html
    html = client.get("/manage/cup/").content.decode()
    assert 'id="print-standings"' in html and 'id="print-score-cards"' in html
    client.force_login(cup.users["viewer"])
    assert 'id="print-round-pack"' not in client.get("/manage/cup/round/1/").content.decode()
    html = client.get("/manage/cup/").content.decode()
    assert 'id="print-standings"' not in html
    assert "/manage/cup/print/" in html  # the list of print jobs is there to read


def test_the_list_shows_recent_jobs(client, cup, documents, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        done = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    documents.error = ValueError("boom")
    with django_capture_on_commit_callbacks(execute=True):
        jobs.request_job(cup.event, "score_cards", by=cup.users["director"])
    client.force_login(cup.users["judge"])
    html = client.get("/manage/cup/print/").content.decode()
    assert "Round pack, round 1" in html and "Score cards" in html
    assert f"/manage/cup/print/{done.uuid}/download/" in html
    assert "badge-failed" in html


# --- the stale rule -----------------------------------------------------------


def test_a_fresh_running_job_is_left_alone(cup, worker_mode):
    job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    jobs.claim_job(job.pk)
    make_stale(job, seconds=299)
    assert jobs.job_state(job).status == "running"


def test_a_silent_worker_loses_its_job_to_the_queue(
    cup, worker_mode, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    assert worker_mode == [(job.pk,)]
    first = jobs.claim_job(job.pk)
    make_stale(job)
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.job_state(job)
    assert (job.status, job.attempts) == ("queued", 1)
    assert worker_mode == [(job.pk,), (job.pk,)]  # sent again

    second = jobs.claim_job(job.pk)
    assert second.number == 2
    # The first worker wakes up: its progress stops it, its file is thrown away.
    with pytest.raises(jobs.JobLost):
        jobs.progress_reporter(first)(1, 2)
    assert not jobs.finish_job(first, FAKE_PDF)
    assert jobs.finish_job(second, FAKE_PDF)
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 2)
    folder = job.file.storage.path(f"print/{cup.event.slug}")
    assert [p.name for p in Path(folder).iterdir()] == [f"{job.uuid}.pdf"]


def test_the_last_attempt_fails_when_stale(cup, worker_mode, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
        for _attempt in range(3):
            assert isinstance(jobs.claim_job(job.pk), jobs.Attempt)
            make_stale(job)
            job = jobs.job_state(job)
    assert (job.status, job.attempts) == ("failed", 3)
    assert "attempt 3 of 3" in job.error
    assert job.finished_at is not None
    assert len(worker_mode) == 3  # the request and two re-queues


def test_in_eager_mode_a_stale_job_fails_at_once(cup, documents):
    job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    jobs.claim_job(job.pk)  # the web process died while rendering
    make_stale(job)
    job = jobs.job_state(job)
    assert (job.status, job.attempts) == ("failed", 1)
    assert documents.calls == []  # looking at the job did not render it


def test_a_job_no_worker_takes_fails(client, cup, worker_mode):
    job = jobs.request_job(cup.event, "score_cards", by=cup.users["director"])
    make_stale(job)
    client.force_login(cup.users["director"])
    state = client.get(f"/manage/cup/print/{job.uuid}/status/").json()
    assert state["status"] == "failed"
    assert "Is the Celery worker running?" in state["error"]
    # A message that arrives after all finds nothing to do.
    assert jobs.run_job(job.pk) is jobs.Claim.GONE


# --- the task -----------------------------------------------------------------


def test_the_task_takes_and_returns_ids(cup, documents, worker_mode):
    job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    assert worker_mode == []  # not before the transaction commits
    result = tasks.render_job.apply(args=[job.pk])
    assert result.get() == job.pk
    job.refresh_from_db()
    assert job.status == "done"
    # Running it again (a duplicate message) changes nothing.
    assert tasks.render_job.apply(args=[job.pk]).get() == job.pk
    assert len(documents.calls) == 1


def test_the_task_is_sent_with_json_arguments(cup, worker_mode, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    assert worker_mode == [(job.pk,)]
    assert json.loads(json.dumps(worker_mode[0])) == [job.pk]
    task = tasks.render_job
    assert (task.name, task.acks_late, task.reject_on_worker_lost) == (
        "printing.render_job",
        True,
        True,
    )
    assert task.max_retries >= 1
    from tournament.celery import app

    assert app.tasks["printing.render_job"].name == task.name


def test_a_redelivered_message_waits_for_the_live_worker(cup, documents, worker_mode):
    job = jobs.request_job(cup.event, "round_pack", round_=cup.round, by=cup.users["director"])
    jobs.claim_job(job.pk)
    assert jobs.run_job(job.pk) is jobs.Claim.BUSY
    with pytest.raises(Retry):  # on a worker: look again once the heartbeat would be stale
        tasks.render_job(job.pk)
    assert tasks.render_job.apply(args=[job.pk]).get() == job.pk  # eager: no retry loop
    make_stale(job)
    assert tasks.render_job.apply(args=[job.pk]).get() == job.pk  # the dead worker's job taken
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 2)


# --- the real documents -------------------------------------------------------


def test_the_real_round_pack(client, request, django_capture_on_commit_callbacks):
    """The real documents: a round pack with CJK names, made by the task, downloaded."""
    pytest.importorskip("tournament.printing.documents")
    # The printing conftest's fixtures, asked for once the documents exist.
    seated_round, pdf_text = map(request.getfixturevalue, ("seated_round", "pdf_text"))
    round_ = seated_round(ruleset="mcr", tables=2, slug="cup")
    director = get_user_model().objects.create_user("director")
    StaffRole.objects.create(event=round_.event, user=director, role="director")
    with django_capture_on_commit_callbacks(execute=True):
        response = start(client, director, "round_pack", round="1")
    job = PrintJob.objects.get()
    assert response["Location"] == f"/manage/cup/print/{job.uuid}/"
    assert job.status == "done", job.error
    assert job.progress_total > 1 and job.progress_done == job.progress_total
    download = client.get(f"/manage/cup/print/{job.uuid}/download/")
    pdf = b"".join(download.streaming_content)
    assert pdf.startswith(b"%PDF")
    text = "\n".join(pdf_text(pdf))
    assert "李娜" in text and "山田" in text
