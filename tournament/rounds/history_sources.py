"""Where a round's history reads its entries: the registered sources, in order.

Kept apart from :mod:`tournament.rounds.history` (which reads models) so that
an app's ``AppConfig`` can import it at module level, before the models load,
and register its source when it is ready: an app above the round workflow
(the hall's clock) gives its records without the rounds importing upwards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

# source(context: HistoryContext) -> iterable of Entry (tournament.rounds.history)
Source = Callable[..., Iterable]

_SOURCES: list[Source] = []


def register_history_source(source: Source) -> None:
    """Add ``source`` to every round's history (once; an app calls this when it is ready)."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def history_sources() -> list[Source]:
    """The registered sources, in the order they were registered."""
    return list(_SOURCES)
