"""Benchmarks that set Django up: a child process, a fresh SQLite file in a temporary folder.

Why: Django is set up once per process (``bench.standings._setup_django``
refuses a second time), and ``python -m bench`` may have set it up already.
So ``bench.printing`` and ``bench.seating`` run their database rows as
``python -m bench.<module>``, which prints them as JSON on its last line.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from django.db import connections

from bench.standings import _setup_django

ROOT = Path(__file__).resolve().parent.parent


def on_fresh_database(prefix: str, run) -> list[dict]:
    """``run()`` in this process, on a new migrated SQLite file (Django not set up yet)."""
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        _setup_django(Path(folder) / "bench.sqlite3")
        rows = run()
        connections.close_all()
    return rows


def rows_from_child(module: str, what: str, *args: str) -> list[dict]:
    """The rows ``python -m <module> <args>`` prints; a failure names ``what`` and its stderr."""
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{what} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])
