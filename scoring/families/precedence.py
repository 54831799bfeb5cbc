"""Helpers for a family's standings precedence: the tiebreak chain and de-duplication.

The chain is the event's ``tiebreak_chain`` up to ``"shared"``, which means
"stop here: players still equal share the rank". A metric named twice ranks
nothing the second time, so only its first place is kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.families.checking import SHARED


def chain(names: Sequence[str]) -> tuple[str, ...]:
    names = list(names)
    return tuple(names[: names.index(SHARED)] if SHARED in names else names)


def dedupe(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(names))
