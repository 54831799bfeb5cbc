"""Player names as the EMA's results file needs them: Latin script, last and first apart.

We keep one ``name`` as the player writes it (kanji, hanzi, accents) and,
when the director fills them, ``latin_first_name`` / ``latin_last_name``.
The EMA's database is in Latin script, so:

- the Latin names, when given, are used as they are;
- otherwise a Latin-script name is split: "Last, First" at the comma; else
  the last name starts at the first *particle* after the first word
  ("Gaëlle Le Goff" -> Le Goff, "Ludwig van Beethoven" -> van Beethoven,
  "Maria de la Cruz" -> de la Cruz), or is the last word ("Anna Schmidt");
- a name without Latin letters (Chinese, Japanese, Korean, Cyrillic …) is
  never guessed at: the Latin columns stay empty, the name goes to the
  "local name" column, and the staff standings page lists the player so the
  director can add the Latin names before sending the file.
"""

from __future__ import annotations

import unicodedata

# Lower-case words that start a family name in European naming (Dutch, German, French,
# Italian, Spanish, Portuguese, Arabic transcriptions). Compared case-insensitively.
PARTICLES = frozenset(
    {
        "al", "bin", "da", "das", "de", "degli", "dei", "del", "della", "den", "der", "des",
        "di", "do", "dos", "du", "el", "ibn", "la", "le", "lo", "st", "st.", "te", "ten",
        "ter", "van", "vande", "vander", "von", "zu", "'t",
    }
)  # fmt: skip


def is_latin_name(name: str) -> bool:
    """True unless ``name`` has a letter of another script (kanji, hanzi, Cyrillic …).

    A name without letters at all ("-1") counts as Latin: there is nothing to romanise.
    """
    return all("LATIN" in unicodedata.name(ch, "") for ch in name if ch.isalpha())


def split_name(name: str) -> tuple[str, str]:
    """``(last name, first name)`` of a Latin-script name; ``("", "")`` for any other script."""
    name = " ".join(name.split())
    if not is_latin_name(name):
        return "", ""
    if "," in name:
        last, first = name.split(",", 1)
        return last.strip(), first.strip()
    words = name.split(" ")
    if len(words) == 1:
        return name, ""
    start = next(
        (i for i in range(1, len(words) - 1) if words[i].casefold() in PARTICLES),
        len(words) - 1,
    )
    return " ".join(words[start:]), " ".join(words[:start])


def ema_names(row: dict) -> tuple[str, str, str]:
    """``(last, first, local)`` for a standings row: Latin names first, else split, else local."""
    last = (row.get("latin_last_name") or "").strip()
    first = (row.get("latin_first_name") or "").strip()
    name = row.get("player") or ""
    local = "" if is_latin_name(name) else name
    if last or first:
        return last, first, local
    last, first = split_name(name)
    return last, first, local


def missing_latin_name(row: dict) -> bool:
    """A row the EMA file cannot name in Latin letters: the director should add them."""
    last, first, _local = ema_names(row)
    return not (last or first)
