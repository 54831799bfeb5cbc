"""Logs as one JSON object per line on stderr, and the slow-request log.

Why: without a ``LOGGING`` setting a production 500 left no trace at all (issue
16). A venue laptop or a server's journal keeps stderr; one JSON line per event
(with the traceback inside it) can be read by a person and grepped or loaded
by a tool without a parser for Python's multi-line tracebacks.
"""

from __future__ import annotations

import json
import logging
import os
import time

# Requests slower than this are logged (WARNING, logger "tournament.slow").
SLOW_REQUEST_MS = float(os.environ.get("SLOW_REQUEST_MS", "2000"))


class JSONFormatter(logging.Formatter):
    """time, level, logger, message; the request's method, path and status; the traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        request = getattr(record, "request", None)
        if request is not None and hasattr(request, "path"):
            line["method"], line["path"] = request.method, request.path
        for name in ("status_code", "duration_ms", "user"):
            if hasattr(record, name):
                line[name] = getattr(record, name)
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def logging_config(level: str = "INFO") -> dict:
    """Django's ``LOGGING``: everything to stderr as JSON lines; 500s with their traceback."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": "tournament.logs.JSONFormatter"}},
        "handlers": {
            # The process's own stderr: a Celery worker swaps sys.stderr for a logging
            # proxy, and a handler writing there would feed its own records back.
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.__stderr__",
            }
        },
        "root": {"handlers": ["stderr"], "level": "WARNING"},
        "loggers": {
            # Request errors (500 with the traceback, 4xx as warnings), security events.
            "django.request": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
            "django.security": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
            "tournament": {"handlers": ["stderr"], "level": level, "propagate": False},
            # INFO: the worker's own --loglevel then decides (its "ready." line, tasks).
            "celery": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        },
    }


class SlowRequestMiddleware:
    """Log a request that took longer than :data:`SLOW_REQUEST_MS` (what, how long, answer)."""

    log = logging.getLogger("tournament.slow")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        start = time.perf_counter()
        response = self.get_response(request)
        took = (time.perf_counter() - start) * 1000
        if took >= SLOW_REQUEST_MS:
            self.log.warning(
                "slow request",
                extra={
                    "request": request,
                    "status_code": response.status_code,
                    "duration_ms": round(took),
                },
            )
        return response
