"""A Redis cache that steps aside when Redis is gone, instead of failing the request.

Why: the cache here only ever saves work (stored pages, their generation,
standings fragments, the API's rate-limit counts; the login limit counts in
the database, issue #32). With Django's Redis backend a
stopped Redis raised inside the request: a judge's hand was committed, then
the page cache's generation bump after the commit answered 500, and a judge
who typed it again made a duplicate (issue 16). Here every read is a miss and
every write a no-op while Redis is unreachable, each logged as a warning;
``check`` (for ``/healthz``) still raises, so the outage is visible.
"""

from __future__ import annotations

import logging

from django.core.cache.backends.redis import RedisCache

log = logging.getLogger("tournament.cache")

# What a Redis outage raises: redis-py's connection and timeout errors, and the OS's.
try:
    from redis.exceptions import RedisError as _RedisError
except ImportError:  # pragma: no cover - redis is a requirement with CACHE_URL
    _RedisError = OSError
OUTAGE = (_RedisError, OSError)


def _degraded(default):
    def wrap(method):
        def safe(self, *args, **kwargs):
            try:
                return method(self, *args, **kwargs)
            except OUTAGE as problem:
                log.warning(
                    "cache unavailable (%s): %s skipped",
                    problem.__class__.__name__,
                    method.__name__,
                )
                return default() if callable(default) else default

        safe.__name__ = method.__name__
        safe.__doc__ = method.__doc__
        return safe

    return wrap


class ResilientRedisCache(RedisCache):
    """Django's Redis cache; during an outage reads miss and writes are skipped."""

    def __init__(self, server, params):
        options = dict(params.get("OPTIONS") or {})
        # Fail fast: a stopped Redis must cost a request milliseconds, not the OS's timeouts.
        options.setdefault("socket_connect_timeout", 0.5)
        options.setdefault("socket_timeout", 0.5)
        super().__init__(server, {**params, "OPTIONS": options})

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except OUTAGE as problem:
            log.warning("cache unavailable (%s): get skipped", problem.__class__.__name__)
            return default

    set = _degraded(None)(RedisCache.set)
    add = _degraded(False)(RedisCache.add)
    touch = _degraded(False)(RedisCache.touch)
    delete = _degraded(False)(RedisCache.delete)
    get_many = _degraded(dict)(RedisCache.get_many)
    set_many = _degraded(list)(RedisCache.set_many)
    delete_many = _degraded(None)(RedisCache.delete_many)
    has_key = _degraded(False)(RedisCache.has_key)
    incr = _degraded(0)(RedisCache.incr)
    clear = _degraded(False)(RedisCache.clear)

    def check(self) -> None:
        """Raise if Redis does not answer (``/healthz``); nothing is swallowed here."""
        self._cache.get_client(write=True).ping()
