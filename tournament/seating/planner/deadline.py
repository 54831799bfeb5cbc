"""A time budget that every loop of the planner checks.

The planner must answer within its budget with the best seating found so far,
whatever the size: a director at the venue waits for it. Every loop that can
run long asks ``expired()``; the work that is always done (a construction,
the wind colouring) is polynomial and small.
"""

from __future__ import annotations

import time


class Deadline:
    """A point in time, on the monotonic clock, after which searching stops."""

    def __init__(self, seconds: float):
        self._end = time.monotonic() + max(0.0, seconds)

    def expired(self) -> bool:
        return time.monotonic() >= self._end

    def remaining(self) -> float:
        return max(0.0, self._end - time.monotonic())

    def share(self, fraction: float) -> Deadline:
        """A deadline ``fraction`` of the remaining time away, for a step that may fail,
        so that what follows it still has time."""
        return Deadline(self.remaining() * fraction)
