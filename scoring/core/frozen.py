"""Filling a frozen dataclass without running its generated ``__init__``.

A frozen dataclass's ``__init__`` sets every field through
``object.__setattr__``, about 0.1 µs a field: 1.5 µs for a Hand, 1.6 µs for a
Result, on a path that scores a hand in tens of µs. Where the values are
already checked, :func:`fill` writes them into the new instance's ``__dict__``
in one step. The caller passes *every* field (defaults included), so the
instance is the one ``cls(**fields)`` would give; tests/scoring/core/test_frozen.py
checks each class it is used for.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")
_new = object.__new__


def fill(cls: type[T], fields: dict[str, Any]) -> T:
    """An instance of the frozen dataclass ``cls`` with exactly ``fields`` (all of them)."""
    obj = _new(cls)
    obj.__dict__.update(fields)
    return obj
