"""Best-of-N wall time, the one timing rule every benchmark here uses.

The best of a few runs is the least disturbed by whatever else the machine
is doing; the median would carry that noise into bench/results.json.
"""

from __future__ import annotations

import time

REPEATS = 3


def best_of(func, repeats: int = REPEATS) -> tuple[float, object]:
    """The shortest of ``repeats`` runs of ``func()``, in seconds, and its last result."""
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result


def best_time(func, repeats: int = REPEATS) -> float:
    """Only the time of :func:`best_of`."""
    return best_of(func, repeats)[0]
