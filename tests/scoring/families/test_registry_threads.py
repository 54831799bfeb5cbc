"""The family registry loads once, whole, when many threads ask at once (issue 16).

Under ``make venue`` (gunicorn threads) the first requests arrived together and
a thread that found the registry half-filled answered "'mcr' is not a ruleset"
(a 500). A fresh interpreter is used so the registry starts empty.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PROGRAM = """
import threading
from scoring.families import family_for
names = ["mcr", "zung-jung", "hkos", "tenhou", "jpml-a", "wrc"] * 8
barrier = threading.Barrier(len(names))
found, failed = [], []
def ask(name):
    barrier.wait()
    try:
        found.append(family_for(name).name)
    except Exception as problem:
        failed.append(repr(problem))
threads = [threading.Thread(target=ask, args=(n,)) for n in names]
[t.start() for t in threads]
[t.join() for t in threads]
print(len(found), len(failed), failed[:1])
"""


def test_many_threads_asking_at_once_all_find_their_family():
    for _ in range(5):  # fresh interpreters: the race is at the first look-up
        run = subprocess.run(
            [sys.executable, "-c", PROGRAM], cwd=ROOT, capture_output=True, text=True, check=True
        )
        assert run.stdout.split()[:2] == ["48", "0"], run.stdout + run.stderr
