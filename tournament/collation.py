"""Names in alphabetical order, as people of any language expect it (issue #34).

Why not the database's ``ORDER BY name`` or Python's ``sorted``: both compare
code points, so every accented initial (Á, É, Ł, Ø) sorted after Z on the
public player list and on the projector. The order here is the Unicode
Collation Algorithm (UTS #10) with its default table (DUCET), through the
maintained library ``pyuca``: no table of our own. For letters it is the
order of CLDR's root collation, which ICU and the browsers use for
"no particular language": Á sorts as A with an accent, Ł after L, Ø after O,
and Han ideographs after every alphabet.

Vocabulary: a **name key** is what a list sorts by (:func:`name_key`); two
names with equal keys are the same name, and a list breaks that tie by the
record's id (:func:`by_name`), so an order never changes between two reads.
Event-sized lists (at most about a thousand players) sort in Python after the
query; the databases' collations differ (SQLite has none for accents).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TypeVar

from pyuca.collator import Collator_10_0_0

T = TypeVar("T")


@lru_cache(maxsize=1)
def _collator() -> Collator_10_0_0:
    """The newest table pyuca ships (Unicode 10's DUCET), named so an upgrade is a choice."""
    return Collator_10_0_0()


def name_key(name: str) -> tuple[int, ...]:
    """The collation key of ``name``: all its letters first, then accents, then case.

    The text is decomposed (NFD) first, as the algorithm's first step says: a
    name typed with a combining accent sorts with the same name typed whole.
    """
    return _collator().sort_key(unicodedata.normalize("NFD", name or ""))


def by_name(items: Iterable[T], name: Callable[[T], str], pk: Callable[[T], object]) -> list[T]:
    """``items`` sorted by ``name`` (collation order), equal names by ``pk``."""
    return sorted(items, key=lambda item: (name_key(name(item)), pk(item)))


def registrations_sorted(registrations: Iterable[T]) -> list[T]:
    """Registrations (anything with ``name`` and ``pk``) in name order."""
    return by_name(registrations, lambda r: r.name, lambda r: r.pk)
