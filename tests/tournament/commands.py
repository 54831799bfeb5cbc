"""Management commands run as separate processes, as a director's script runs them.

From the project's root with this Python; what the process printed comes back
as text (``subprocess.CompletedProcess``), its exit status is the test's to check.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(*args, stdin=None, **options) -> subprocess.CompletedProcess:
    """``manage.py *args``; ``stdin`` is the text piped in, ``options`` are
    ``subprocess.run``'s (``env`` to replace the environment, ``timeout``)."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        **options,
    )


def on_database(database_url: str) -> dict:
    """The environment of a command on ``database_url``, with a quick planner (half a second)."""
    return {**os.environ, "DATABASE_URL": database_url, "SEATING_TIME_BUDGET": "0.5"}


def without_database(tmp_path) -> dict:
    """The environment of a command that must not need a database: an unused SQLite file."""
    return {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}"}
