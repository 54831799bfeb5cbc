"""The one check for a whole number, for every part of the project that reads input.

Why one: Python counts ``True`` as the int 1, so ``isinstance(value, int)``
alone lets a bool through as a score, a count or an id. Settlement, sessions,
sheets, standings and the tournament's own readers (backups, API tokens, bounds)
all ask this one function instead of each spelling the test again.
"""

from __future__ import annotations


def is_int(value: object) -> bool:
    """A whole number, and not a bool (True is an int in Python, never a score)."""
    return isinstance(value, int) and not isinstance(value, bool)
