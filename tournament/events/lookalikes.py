"""Names that look alike: the director is warned, nothing is refused (issue #32, L5).

"Теam Alpha" written with a Cyrillic Т and е is not "Team Alpha" to a
computer: the team standings rank them as two teams, and two players whose
names differ only so are two people to the search and the seating. Both are
real letters, so neither is refused (``plain_text`` refuses only invisible
characters); the page that saved or imported them says which names look
like which, and the director corrects the one that is wrong.

Two texts *look alike* when they are not equal, have the same length, and
each pair of characters at the same place is equal or listed as confusable
with each other in Unicode's confusables table (UTS #39), as the maintained
library ``confusable-homoglyphs`` ships it: we keep no table of our own.
Homoglyphs of several characters ("rn" for "m") are left out: they would
need every alignment of two names, and the one-to-one ones are the attack.
Compared: each new or changed player name with every other name of the
event, and each new or changed team with every other team of the event.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache

from confusable_homoglyphs import confusables
from django.utils.translation import gettext as _

from tournament.events.models import Event, Registration


@lru_cache(maxsize=4096)
def _homoglyphs(char: str) -> frozenset[str]:
    """The single characters ``char`` can be mistaken for (the library's table)."""
    found = confusables.is_confusable(char, greedy=True)
    if not found:
        return frozenset()
    return frozenset(h["c"] for h in found[0]["homoglyphs"] if len(h["c"]) == 1)


def looks_alike(a: str, b: str) -> bool:
    """``a`` and ``b`` differ, yet each of their characters could be taken for the other's."""
    if a == b or len(a) != len(b):
        return False
    return all(
        x == y or y in _homoglyphs(x) or x in _homoglyphs(y) for x, y in zip(a, b, strict=True)
    )


def _pairs(new: Iterable[str], known: Iterable[str]) -> list[tuple[str, str]]:
    """``(new, known)`` for each new text that looks like a known one, each pair once."""
    by_length: dict[int, set[str]] = defaultdict(set)
    for text in known:
        if text:
            by_length[len(text)].add(text)
    found, seen = [], set()
    for text in dict.fromkeys(t for t in new if t):
        for other in sorted(by_length.get(len(text), ())):
            if frozenset((text, other)) not in seen and looks_alike(text, other):
                seen.add(frozenset((text, other)))
                found.append((text, other))
    return found


def _characters(new: str, known: str) -> str:
    """The characters of ``new`` that differ from ``known``, with their code points."""
    differing = dict.fromkeys(x for x, y in zip(new, known, strict=True) if x != y)
    return ", ".join(f"{char} (U+{ord(char):04X})" for char in differing)


def warnings(
    new_names: Iterable[str],
    new_teams: Iterable[str],
    known_names: Iterable[str],
    known_teams: Iterable[str],
) -> list[str]:
    """One sentence per name or team of the new ones that looks like another of the event."""
    new_names, new_teams = list(new_names), list(new_teams)
    out = []
    for new, known in _pairs(new_names, [*known_names, *new_names]):
        out.append(
            _(
                "The name “%(new)s” looks like “%(known)s”, also in this event, but is written "
                "with other characters: %(chars)s. If they are one player, correct the name."
            )
            % {"new": new, "known": known, "chars": _characters(new, known)}
        )
    for new, known in _pairs(new_teams, [*known_teams, *new_teams]):
        out.append(
            _(
                "The team “%(new)s” looks like the team “%(known)s” but is written with other "
                "characters: %(chars)s. They rank as two teams; if they are one, correct it on "
                "the player's Edit page."
            )
            % {"new": new, "known": known, "chars": _characters(new, known)}
        )
    return out


def registration_warnings(event: Event, registrations: Iterable[Registration]) -> list[str]:
    """The warnings for registrations just saved in ``event`` (one, or a whole import)."""
    registrations = list(registrations)
    ids = [r.pk for r in registrations]
    others = list(event.registrations.exclude(pk__in=ids).values_list("name", "team"))
    return warnings(
        [r.name for r in registrations],
        [r.team for r in registrations],
        [name for name, _team in others],
        [team for _name, team in others],
    )
