"""Deployment settings read from the environment.

Kept apart from ``settings.py`` as plain functions of plain data so that the
parsing rules (what DEBUG=off means, where the default SQLite file lives,
when Celery runs eagerly) can be tested without reloading Django settings.
"""

from collections.abc import Mapping
from pathlib import Path

import dj_database_url

# The SECRET_KEY of a development site (DEBUG on): public, so a site with DEBUG
# off refuses to serve with it (tournament.middleware.RequireSecretKeyMiddleware).
DEV_SECRET_KEY = "django-insecure-dev-only-do-not-use-in-production"

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    """Read a yes/no flag; a typo such as DEBUG=flase is an error, not a silent default."""
    raw = env.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ValueError(f"{name}={raw!r} is not a yes/no value (use 1/0, true/false, yes/no, on/off)")


def env_int(env: Mapping[str, str], name: str, default: int) -> int:
    """Read a whole number; anything else is an error naming the variable."""
    raw = env.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw.strip())
    except ValueError:
        raise ValueError(f"{name}={raw!r} is not a whole number") from None


def env_list(env: Mapping[str, str], name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list, ignoring blanks around and between items."""
    raw = env.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


# SQLite as a venue database (issue 16: a burst of judges' saves answered
# "database is locked"). WAL lets readers go on while one writer commits;
# IMMEDIATE takes the write lock when a transaction starts, so two saves queue
# for it instead of one failing when its read lock cannot be upgraded; and
# the busy timeout is how long a save waits in that queue before giving up.
SQLITE_VENUE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 30,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=30000",
}


def database_config(url: str | None, default_sqlite: Path) -> dict:
    """Turn DATABASE_URL into Django's DATABASES["default"].

    Without a URL the embedded default is a SQLite file, so a laptop at the
    venue needs no database server. The parent directory of a SQLite file is
    created here because SQLite refuses to create it and the error it gives
    ("unable to open database file") does not say why.
    """
    if not url:
        url = f"sqlite:///{default_sqlite.resolve()}"
    config = dj_database_url.parse(url)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        name = str(config.get("NAME") or "")
        if name and name != ":memory:":
            Path(name).parent.mkdir(parents=True, exist_ok=True)
        config["OPTIONS"] = {**SQLITE_VENUE_OPTIONS, **config.get("OPTIONS", {})}
    else:
        # Reuse server connections between requests, checking them first so a
        # restarted PostgreSQL does not surface as one failed request.
        config["CONN_MAX_AGE"] = 60
        config["CONN_HEALTH_CHECKS"] = True
    return config


def celery_settings(env: Mapping[str, str]) -> dict:
    """Celery settings (``CELERY_*`` names) for the broker given, or eager mode.

    With no CELERY_BROKER_URL tasks run inside the calling process: the
    embedded default, so nothing needs Redis to work. The in-memory broker URL
    stops an accidental connection attempt to Celery's default AMQP server.
    """
    broker = env.get("CELERY_BROKER_URL", "").strip()
    if not broker:
        return {
            "CELERY_BROKER_URL": "memory://",
            "CELERY_TASK_ALWAYS_EAGER": True,
            "CELERY_TASK_EAGER_PROPAGATES": True,
        }
    return {
        "CELERY_BROKER_URL": broker,
        "CELERY_RESULT_BACKEND": env.get("CELERY_RESULT_BACKEND", "").strip() or broker,
        "CELERY_TASK_ALWAYS_EAGER": False,
        "CELERY_TASK_EAGER_PROPAGATES": False,
    }


def cache_config(url: str | None) -> dict:
    """Turn CACHE_URL into Django's CACHES["default"].

    Without a URL each process keeps its own cache in memory: right for one
    process (a laptop at the venue). Several web processes share Redis
    (``redis://host:6379/1``), so a cached standings table is made once and the
    API's rate limit counts every process's requests (the login limit counts in
    the database: ``tournament.accounts.models``).
    """
    url = (url or "").strip()
    if not url:
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if url.startswith(("redis://", "rediss://", "unix://")):
        # Degrades to no cache while Redis is down (tournament.resilient_cache).
        return {"BACKEND": "tournament.resilient_cache.ResilientRedisCache", "LOCATION": url}
    raise ValueError(f"CACHE_URL={url!r}: only redis://, rediss:// and unix:// URLs are supported")


def https_settings(https: bool, hsts_seconds: int) -> dict:
    """What serving over HTTPS (``HTTPS=1``) turns on, or off for plain http.

    On: cookies only travel over HTTPS, plain-http requests are redirected
    (except ``/healthz`` for load balancers and ``/static/``, public files a
    page over HTTPS never asks for over http), and browsers are told to use
    HTTPS only for ``hsts_seconds`` (HSTS; ignored by browsers for bare IP
    addresses). Off: a site on ``http://192.168.x.x`` at a venue works.
    """
    return {
        "SESSION_COOKIE_SECURE": https,
        "CSRF_COOKIE_SECURE": https,
        "SECURE_SSL_REDIRECT": https,
        "SECURE_REDIRECT_EXEMPT": [r"^healthz$", r"^static/"],
        "SECURE_HSTS_SECONDS": max(0, hsts_seconds) if https else 0,
    }
