"""Player names as the EMA's results file needs them: Latin script, last and first apart.

We keep one ``name`` as the player writes it (kanji, hanzi, accents) and,
when the director fills them, ``latin_first_name`` / ``latin_last_name``.
The EMA's database is in Latin script, so:

- the Latin names, when given, are used as they are;
- otherwise a Latin-script name is split into family ("last") and given
  ("first") names by :func:`tournament.events.name_order.split_name`: family
  name first for players from CN, JP, KR and VN or who chose it ("Nguyễn Văn
  An" -> Nguyễn, Văn An), else last, after any particle ("Gaëlle Le Goff" ->
  Le Goff);
- a name without Latin letters (Chinese, Japanese, Korean, Cyrillic …) is
  never guessed at: the Latin columns stay empty, the name goes to the
  "local name" column, and the staff standings page lists the player so the
  director can add the Latin names before sending the file.
"""

from __future__ import annotations

from tournament.events.name_order import family_name_first, is_latin_name, split_name

# split_name and is_latin_name are importable from here, as before they moved to the events.
__all__ = ["ema_names", "is_latin_name", "missing_latin_name", "split_name"]


def ema_names(row: dict) -> tuple[str, str, str]:
    """``(last, first, local)`` for a standings row: Latin names first, else split, else local.

    The row's ``country`` and the person's ``name_order`` say which word is the family name.
    """
    last = (row.get("latin_last_name") or "").strip()
    first = (row.get("latin_first_name") or "").strip()
    name = row.get("player") or ""
    local = "" if is_latin_name(name) else name
    if last or first:
        return last, first, local
    family_first = family_name_first(row.get("name_order"), row.get("country"))
    last, first = split_name(name, family_first)
    return last, first, local


def missing_latin_name(row: dict) -> bool:
    """A row the EMA file cannot name in Latin letters: the director should add them."""
    last, first, _local = ema_names(row)
    return not (last or first)
