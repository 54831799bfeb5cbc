"""Print with Redis down answers at once, fails the job; Try again works after (issue #32, M5).

The production stack in small: a real ``redis-server`` of the test's own is
the broker, the result store and the cache, as ``CELERY_BROKER_URL`` (the
result store defaults to it) and ``CACHE_URL`` make it. The director has
printed before (the web process is connected), then Redis stops and the
director presses Print. Before: the result store's reconnect loop (20 tries,
a second apart) held the request for 19 s, then a 500, with the job left
"waiting" for five minutes. Now: the page says the print queue is
unavailable, the job is failed with that reason, and once Redis is back
*Try again* queues a job whose message is in Redis; run as a worker runs it,
the PDF is made. A closed port (never connected) is
``test_cancel_and_outage.py``'s case; a real worker on the whole stack is
the fault drill's (``bench/drill.py``).
"""

from __future__ import annotations

import shutil

import pytest
from django.test import override_settings

from tests.tournament.printing.broker import _documents  # noqa: F401 (a fixture)
from tests.tournament.test_resilient_cache import Redis
from tournament.printing.models import PrintJob
from tournament.printing.tasks import render_job

pytestmark = pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")
Status = PrintJob.Status
UNAVAILABLE = {
    "en": "The print queue is unavailable, so this PDF was not started. "
    "Press Try again in a minute.",
    "ja": "印刷キューが利用できないため、このPDFは作成されていません。"
    "1分ほどしてから「再試行」を押してください。",
    "zh-hans": "打印队列不可用，此 PDF 尚未开始生成。请一分钟后点击“重试”。",
}


@pytest.fixture
def redis_stack(broker):
    """A redis-server as the broker, the result store and the cache; stopped by the test."""
    server = Redis()
    server.start()
    url = f"redis://127.0.0.1:{server.port}"
    app = broker.app
    saved_backend = app.conf.result_backend
    app.conf.result_backend = f"{url}/0"
    app._backend_cache = None  # the result store is made again from the URL
    app._local.__dict__.pop("backend", None)
    broker.use(f"{url}/0")
    cache = {"BACKEND": "tournament.resilient_cache.ResilientRedisCache", "LOCATION": f"{url}/1"}
    try:
        with override_settings(CACHES={"default": cache}):
            yield server
    finally:
        if server.process.poll() is None:
            server.stop()
        app.conf.result_backend = saved_backend
        app._backend_cache = None
        app._local.__dict__.pop("backend", None)


def _print(client, kind="round_pack", round_number="1", **extra):
    fields = {"kind": kind, **({"round": round_number} if round_number else {})}
    return client.post("/manage/cup/print/start/", fields, follow=True, **extra)


@pytest.mark.django_db(transaction=True)  # on_commit sends the task inside the request, as live
def test_print_while_redis_is_down_says_so_fails_the_job_and_try_again_works(
    client, cup, broker, redis_stack
):
    client.force_login(cup.users["director"])
    earlier = _print(client, "score_cards", None)  # printed before: connected to Redis
    assert earlier.status_code == 200
    assert broker.renders() == [PrintJob.objects.get().pk]  # the message went to Redis

    redis_stack.stop()
    # The round's scoresheets, then two more documents in the other languages: the
    # first send after the stop may still be written into the dead socket; the next
    # ones find it closed (before: 19 s of reconnecting, then a 500).
    presses = (("en", "round_pack"), ("ja", "seating_list"), ("zh-hans", "table_signs"))
    pages = {}
    for language, kind in presses:
        response = _print(client, kind, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200  # an answer, not a 500
        job = PrintJob.objects.get(kind=kind)
        assert response.redirect_chain[-1][0] == f"/manage/cup/print/{job.uuid}/"
        assert job.status == Status.FAILED
        assert job.finished_at is not None  # failed at once, not left waiting for five minutes
        pages[language] = response.content.decode()
    for language, page in pages.items():  # in the director's language, as an alert
        assert UNAVAILABLE[language] in page and 'role="alert"' in page
    job = PrintJob.objects.get(kind="round_pack")
    assert job.error == UNAVAILABLE["en"]  # the reason is kept with the job
    assert "Try again" in client.get(f"/manage/cup/print/{job.uuid}/").content.decode()
    # The rest of the site still answers: the round page, the job list.
    assert client.get("/manage/cup/round/1/").status_code == 200
    assert client.get("/manage/cup/print/").status_code == 200

    redis_stack.start()  # Redis is back (empty: nothing was kept)
    again = _print(client)  # the page's Try again: the same form fields
    assert again.status_code == 200
    new = PrintJob.objects.filter(kind="round_pack").exclude(pk=job.pk).get()
    assert again.redirect_chain[-1][0] == f"/manage/cup/print/{new.uuid}/"
    assert new.status == Status.QUEUED
    assert broker.renders() == [new.pk]  # its message is in Redis for a worker
    render_job.apply(args=[new.pk])  # what the worker does with it
    new.refresh_from_db()
    assert new.status == Status.DONE and new.file
    download = client.get(f"/manage/cup/print/{new.uuid}/download/")
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
