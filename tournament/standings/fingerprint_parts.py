"""What the apps above the standings add to the standings' fingerprint.

The standings of an event with stages depend on its stages and their entrants
(issue #21), whose models live in ``tournament.stages``, above the standings.
So the stages give those parts when their app is ready (``StagesConfig``),
and ``standings.fingerprints`` reads them here without naming the stages'
models. Nothing here reads a model: an AppConfig imports it before the
models load.
"""

from __future__ import annotations

from collections.abc import Callable

# Name -> a function giving the expression (a subquery on the event, ``OuterRef("pk")``)
# whose value moves with every change to that part, in the order given.
_parts: dict[str, Callable] = {}


def depends_on(name: str, part: Callable) -> None:
    """Let the standings' fingerprint move with ``part()`` (an expression on the event)."""
    _parts[name] = part


def parts() -> dict[str, Callable]:
    """The parts given, in the order given."""
    return dict(_parts)
