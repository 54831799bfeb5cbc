"""A slow stand-in for ``tournament.printing.documents``, for the worker-kill tests.

A test worker points ``PRINT_DOCUMENTS_MODULE`` here. Every document takes
``SLOW_DOCUMENT_STEPS`` steps of ``SLOW_DOCUMENT_STEP_SECONDS`` each, reporting
progress (so the job's heartbeat stays fresh while the worker lives), and
appends the process id that runs it to ``MEDIA_ROOT/slow-document.pids`` (so a
test knows which pool process to kill).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from django.conf import settings

PDF = b"%PDF-1.7\n% a slow fake document for the worker tests\n%%EOF\n"
PIDS = "slow-document.pids"


def pids_file(media_root) -> Path:
    return Path(media_root) / PIDS


def _slow(progress) -> bytes:
    path = pids_file(settings.MEDIA_ROOT)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as pids:
        pids.write(f"{os.getpid()}\n")
    steps = int(getattr(settings, "SLOW_DOCUMENT_STEPS", 20))
    pause = float(getattr(settings, "SLOW_DOCUMENT_STEP_SECONDS", 0.2))
    for done in range(steps):
        if progress is not None:
            progress(done, steps)
        time.sleep(pause)
    if progress is not None:
        progress(steps, steps)
    return PDF


def round_pack(round_, *, progress=None, language=None) -> bytes:
    return _slow(progress)


blank_scoresheets = filled_sheets = seating_list = round_pack


def standings_pdf(event, scope="public", *, progress=None, language=None) -> bytes:
    return _slow(progress)


def score_cards(event, *, progress=None, language=None) -> bytes:
    return _slow(progress)
