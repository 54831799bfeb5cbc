"""Real Celery workers for the ``needs_worker`` tests.

``celery_worker(**overrides)`` (a fixture of ``conftest.py``, over ``Worker``)
starts ``celery -A tournament worker`` (prefork pool, one child) in a process
group of its own, against the test database and the broker of
CELERY_BROKER_URL, and waits until it is ready. ``overrides`` are Django
settings for the test *and* the worker (the worker reads them through
``worker_settings``), say
``PRINT_JOB_STALE_SECONDS=3``. Workers are stopped at the end of the test,
before pytest-django empties the database.

They need a Redis broker and PostgreSQL: the worker is another process, so it
sees only committed rows of a database it can reach (the tests use
``transactional_db``; a SQLite test database lives in the test's memory).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

from django.conf import settings as django_settings
from django.db import connection

READY_SECONDS = 60


def test_database_url() -> str:
    """The URL of the database the tests use now (``test_<name>``), for another process."""
    db = connection.settings_dict
    if connection.vendor != "postgresql":
        raise RuntimeError(f"a worker cannot share a {connection.vendor} test database")
    user = quote(db.get("USER") or "", safe="")
    password = quote(db.get("PASSWORD") or "", safe="")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = db.get("HOST") or "127.0.0.1"
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgres://{credentials}{host}{port}/{quote(db['NAME'], safe='')}"


class Worker:
    """One ``celery worker`` process group; its log is kept in ``log_path``."""

    def __init__(self, log_path: Path, overrides: dict):
        self.log_path = log_path
        self.overrides = overrides
        self.name = f"test-{uuid.uuid4().hex[:8]}@%h"
        self.process: subprocess.Popen | None = None

    def start(self) -> Worker:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.tournament.printing.worker_settings",
            "PYTHONPATH": os.pathsep.join(
                [str(django_settings.BASE_DIR), os.environ.get("PYTHONPATH", "")]
            ).rstrip(os.pathsep),
            "DATABASE_URL": test_database_url(),
            "TEST_WORKER_SETTINGS": json.dumps(self.overrides, default=str),
        }
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "tournament",
            "worker",
            "--loglevel=INFO",
            "--pool=prefork",
            "--concurrency=1",
            "--prefetch-multiplier=1",
            "--without-gossip",
            "--without-mingle",
            f"--hostname={self.name}",
        ]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                cwd=django_settings.BASE_DIR,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: killed as a whole
            )
        deadline = time.monotonic() + READY_SECONDS
        while not self.ready():
            if self.process.poll() is not None:
                raise RuntimeError(f"the worker exited ({self.process.returncode}):\n{self.log()}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the worker was not ready in {READY_SECONDS} s:\n{self.log()}")
            time.sleep(0.1)
        return self

    def ready(self) -> bool:
        """Its "ready." log line, or its answer to a ping through the broker.

        The ping because the site's logging (``tournament.logs``) keeps
        Celery's INFO lines, "ready." among them, out of the worker's output.
        """
        if " ready." in self.log():
            return True
        from tournament.celery import app

        hostname = self.name.replace("%h", socket.gethostname())
        return bool(app.control.ping(destination=[hostname], timeout=0.5))

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def kill_group(self) -> None:
        """SIGKILL the main process and its pool: no warm shutdown, no message given back."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self._wait_group_gone()

    def _wait_group_gone(self, seconds: float = 30) -> None:
        """Wait until no process of the group is left, the pool's children too.

        A pool child still dying holds its connection to the test database;
        pytest-django could not drop the database at the end of the run.
        """
        deadline = time.monotonic() + seconds
        while self._group_alive():
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"worker process group {self.pid} alive {seconds} s after SIGKILL"
                )
            time.sleep(0.05)

    def _group_alive(self) -> bool:
        """Whether a process of the group still runs (a zombie has closed its connections)."""
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()  # after "pid (name)"
            except (OSError, IndexError):
                continue  # gone meanwhile
            if int(fields[2]) == self.pid and fields[0] not in ("Z", "X"):
                return True
        return False

    def stop(self) -> None:
        """A warm shutdown (messages given back to the broker), SIGKILL after 15 seconds."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(self.pid, signal.SIGTERM)
            self.process.wait(timeout=15)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)  # the pool children too, whatever happened
        self.process.wait(timeout=30)
        self._wait_group_gone()


def worker_possible() -> bool:
    broker = str(django_settings.CELERY_BROKER_URL or "")
    return broker.startswith(("redis://", "rediss://")) and connection.vendor == "postgresql"


def worker_logs(tmp_path: Path) -> str:
    """Every worker log of a test, for a failure message."""
    return "\n".join(
        f"--- {path.name}\n{path.read_text(errors='replace')}"
        for path in sorted(tmp_path.glob("worker-*.log"))
    )
