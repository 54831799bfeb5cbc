"""Which part of a name is the family name (issue #34): by the country, or by the player.

A name in Latin letters is split into a *family name* (the EMA's "last name")
and a *given name* (its "first name") for the EMA's results file and for a
pasted Latin name. In Chinese, Japanese, Korean and Vietnamese naming the
family name comes first ("Nguyễn Văn An": family Nguyễn, given Văn An); in
most others it comes last. The *name order* of a player
(``Player.name_order``) is "as the country says" (the registration's country
picks one of the two), or the player's own choice either way: a Japanese
player who writes "Taro Yamada", a Hungarian who writes "Kovács Anna".

Splitting, given the order:

- "Last, First" at the comma, whatever the order (the writer has said which
  is which);
- family name first: the first word, the rest is the given name;
- family name last: the family name starts at the first *particle* after the
  first word ("Gaëlle Le Goff" -> Le Goff, "Ludwig van Beethoven" -> van
  Beethoven, "Maria de la Cruz" -> de la Cruz), or is the last word;
- a name without Latin letters (kanji, hanzi, Cyrillic …) is never guessed
  at: both parts stay empty.
"""

from __future__ import annotations

import unicodedata

from tournament.events.models import Player

NameOrder = Player.NameOrder

# Countries whose names are written family name first (ISO 3166-1 codes): China, Japan,
# South Korea and Vietnam, as issue #34 names them. Anyone else sets their own order.
FAMILY_NAME_FIRST_COUNTRIES = frozenset({"CN", "JP", "KR", "VN"})

# Lower-case words that start a family name in European naming (Dutch, German, French,
# Italian, Spanish, Portuguese, Arabic transcriptions). Compared case-insensitively.
PARTICLES = frozenset(
    {
        "al", "bin", "da", "das", "de", "degli", "dei", "del", "della", "den", "der", "des",
        "di", "do", "dos", "du", "el", "ibn", "la", "le", "lo", "st", "st.", "te", "ten",
        "ter", "van", "vande", "vander", "von", "zu", "'t",
    }
)  # fmt: skip


def family_name_first(name_order: str | None, country: str | None) -> bool:
    """Whether the family name comes first, for this order (a player's) and country."""
    if name_order == NameOrder.FAMILY_FIRST:
        return True
    if name_order == NameOrder.GIVEN_FIRST:
        return False
    return (country or "").upper() in FAMILY_NAME_FIRST_COUNTRIES


def is_latin_name(name: str) -> bool:
    """True unless ``name`` has a letter of another script (kanji, hanzi, Cyrillic …).

    A name without letters at all ("-1") counts as Latin: there is nothing to romanise.
    """
    return all("LATIN" in unicodedata.name(ch, "") for ch in name if ch.isalpha())


def split_name(name: str, family_first: bool = False) -> tuple[str, str]:
    """``(family name, given name)`` of a Latin-script name; ``("", "")`` for any other script."""
    name = " ".join(name.split())
    if not is_latin_name(name):
        return "", ""
    if "," in name:
        last, first = name.split(",", 1)
        return last.strip(), first.strip()
    words = name.split(" ")
    if len(words) == 1:
        return name, ""
    if family_first:
        return words[0], " ".join(words[1:])
    start = next(
        (i for i in range(1, len(words) - 1) if words[i].casefold() in PARTICLES),
        len(words) - 1,
    )
    return " ".join(words[start:]), " ".join(words[:start])
