"""The site's settings for the test runs, each pytest-xdist worker on Redis databases of its own.

Why: under ``pytest -n 2`` on the production stack (``make test-stack``) the
workers share one Redis server. Each test starts with ``cache.clear()``, which
is Redis's FLUSHDB: it would wipe the keys of the test the other worker is
running (a login limit, a cached standings table). And a Celery worker that
one of them starts would take the other's tasks from a shared queue.

So worker ``gwN`` moves the Redis database of ``CACHE_URL``,
``CELERY_BROKER_URL`` and ``CELERY_RESULT_BACKEND`` up by ``2 × N``
(``redis://host:port/1`` becomes ``/3`` for ``gw1``): the stack's broker 0 and
cache 1 become 2 and 3, and so on, up to the 16 databases a Redis server has
(8 workers). PostgreSQL needs nothing: pytest-django gives each worker its own
test database. The environment itself is changed, before the site's settings
read it, so that the processes a test starts (Celery workers, ``manage.py``)
use the same databases; a marker keeps a child process from moving them twice.
"""

from __future__ import annotations

import os
import re

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
REDIS_DATABASES = 16
DATABASES_PER_WORKER = 2  # the broker's (results share it) and the cache's
SHIFTED = "TEST_REDIS_SHIFTED_FOR"  # the worker whose databases the environment holds


def shifted(url: str, by: int) -> str:
    """``url`` with its Redis database number raised by ``by`` (no number is database 0)."""
    match = re.fullmatch(r"(rediss?://[^/?#]*)(?:/(\d*))?([?#].*)?", url.strip())
    if not match or by == 0:
        return url
    base, number, rest = match.groups()
    database = int(number or 0) + by
    if database >= REDIS_DATABASES:
        raise RuntimeError(
            f"{url}: pytest-xdist worker {WORKER} would need Redis database {database}; a "
            f"server has {REDIS_DATABASES}, so run at most {REDIS_DATABASES // 2} workers"
        )
    return f"{base}/{database}{rest or ''}"


def _own_redis_databases() -> None:
    if not WORKER.startswith("gw") or os.environ.get(SHIFTED) == WORKER:
        return
    by = int(WORKER[2:]) * DATABASES_PER_WORKER
    for name in ("CACHE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
        if os.environ.get(name, "").strip():
            os.environ[name] = shifted(os.environ[name], by)
    os.environ[SHIFTED] = WORKER


_own_redis_databases()

from tournament.settings import *  # noqa: E402, F403
