"""Helpers of the recovery tests: real documents, a real broker, a running job.

- ``_documents`` (autouse where imported): ``slow_documents`` made fast, the
  settings hook a worker uses (not a patch), and a 30 s stale time.
- ``Broker``, behind the ``broker`` fixture (``conftest.py``): Celery not eager,
  sending for real to kombu's in-process ``memory://`` transport, whose queue the test reads back
  (``broker.sent()``, ``broker.renders()``); ``broker.use(url)`` points it
  elsewhere, say a closed port for an outage.
- ``running_job(cup)``, ``print_again(client, user, job)``, ``closed_port()``.
"""

from __future__ import annotations

import socket

import pytest

from tournament.printing import jobs
from tournament.printing.models import PrintJob

Status = PrintJob.Status


@pytest.fixture(autouse=True)
def _documents(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.PRINT_DOCUMENTS_MODULE = "tests.tournament.printing.slow_documents"
    settings.SLOW_DOCUMENT_STEPS = 2
    settings.SLOW_DOCUMENT_STEP_SECONDS = 0
    settings.PRINT_JOB_STALE_SECONDS = 30
    settings.PRINT_JOB_PROGRESS_SECONDS = 0
    settings.PRINT_JOB_MAX_ATTEMPTS = 3


class Broker:
    """The Celery app, not eager, sending to ``url`` (see the module docstring)."""

    def __init__(self, app):
        self.app = app

    def use(self, url: str | None, *, eager: bool = False) -> None:
        # The write URL: Celery reads CELERY_BROKER_URL from the environment before
        # its own setting (the stack run sets it), but a write URL it takes as given.
        self.app.conf.broker_write_url = url
        self.app.conf.task_always_eager = eager
        # Celery keeps its connection pools from the first send: forget them (as a
        # forked worker does) so that the next send connects to this URL.
        self.app._pool = self.app.amqp._producer_pool = None

    def sent(self) -> list[tuple[str, list, dict]]:
        """(task name, args, headers) of each message sent since the last call, taken off."""
        out = []
        with self.app.connection_for_write() as connection:
            queue = connection.SimpleQueue(self.app.conf.task_default_queue)
            try:
                while True:
                    try:
                        message = queue.get_nowait()
                    except queue.Empty:
                        break
                    out.append((message.headers["task"], message.payload[0], message.headers))
                    message.ack()
            finally:
                queue.close()
        return out

    def renders(self) -> list[int]:
        return [args[0] for name, args, _headers in self.sent() if name == "printing.render_job"]


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # free once closed: nothing listens there


def print_again(client, user, job):
    client.force_login(user)
    fields = {"kind": job.kind, **({"round": str(job.round.number)} if job.round_id else {})}
    return client.post("/manage/cup/print/start/", fields)


def running_job(world, *, attempts=1):
    """A round pack of ``world`` (the cup) claimed ``attempts`` times, the last still running."""
    director = world.users["director"]
    job = jobs.request_job(world.event, "round_pack", round_=world.round, by=director)
    for _n in range(attempts):
        PrintJob.objects.filter(pk=job.pk).update(status=Status.QUEUED)
        attempt = jobs.claim_job(job.pk)
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Status.RUNNING, attempts)
    return job, attempt
