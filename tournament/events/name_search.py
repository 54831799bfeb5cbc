"""Finding a player by name the way people type it: no accents, any case, Latin or native.

A director types "kovacs" for Kovács, a player "lukasz" for Łukasz, a
visitor "Yamada" for 山田 太郎 (whose Latin last name is Yamada). Every
player search of the public and staff pages goes through :func:`matches`
(or :func:`filter_registrations`), over the event's registrations in Python:
events have at most about a thousand players, and the database's collations
differ (SQLite has no accent folding at all).

**Folding** (:func:`fold`): compatibility decomposition (NFKD: full-width
"Ｙａｍａｄａ" becomes "Yamada", "é" becomes "e" plus an accent), combining
marks removed, case folded, and the Latin letters that NFKD does not
decompose written out: ł -> l, ø -> o, đ -> d, ß -> ss, æ -> ae, œ -> oe,
þ -> th, ð -> d, ı -> i, ħ -> h, ŧ -> t. Kanji and hanzi are kept as they are
("山田" finds 山田 太郎). The same table is in ``static/js/name-filter.js``
for the filters that narrow a list as you type.

**Matching**: each word of the query must appear in one of the player's
*search keys*: the name as written for the event (the registration's), the
person's Latin first and last names (in both orders). So "yamada taro",
"taro yamada" and "山田" all find 山田 太郎.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

# Latin letters with no decomposition in Unicode (NFKD leaves them whole), lower case:
# casefold() has already turned the capitals into these.
EXTRA_FOLDS = str.maketrans(
    {
        "ł": "l",
        "ø": "o",
        "đ": "d",
        "ð": "d",
        "ß": "ss",
        "æ": "ae",
        "œ": "oe",
        "þ": "th",
        "ı": "i",
        "ħ": "h",
        "ŧ": "t",
    }
)


def fold(text: str) -> str:
    """``text`` for comparison: no accents, no case, compatibility forms, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().translate(EXTRA_FOLDS).split())


def search_keys(registration) -> list[str]:
    """The folded texts a query may match: the name, and the Latin names both ways round."""
    player = registration.player
    first = player.latin_first_name or ""
    last = player.latin_last_name or ""
    keys = [fold(registration.name), fold(f"{first} {last}"), fold(f"{last} {first}")]
    return [key for key in keys if key]


def search_text(registration) -> str:
    """All search keys in one string, for a page's ``data-search`` attribute (as-you-type)."""
    return " | ".join(dict.fromkeys(search_keys(registration)))


def matches(query: str, registration) -> bool:
    """Every word of ``query`` is in one of the registration's search keys (empty: all)."""
    words = fold(query).split()
    if not words:
        return True
    keys = search_keys(registration)
    return all(any(word in key for key in keys) for word in words)


def filter_registrations(items: Iterable, query: str) -> list:
    """The registrations (or seats: anything with a ``.registration``) that match ``query``."""
    out = []
    for item in items:
        registration = getattr(item, "registration", None) or item
        if matches(query, registration):
            out.append(item)
    return out
