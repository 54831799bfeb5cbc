"""A player's name in Latin letters, as the EMA and rating lists need it.

A registration's ``name`` is written as the player writes it (kanji, hanzi,
Cyrillic); the person's Latin first and last names are its romanisation. They
take Latin letters with any accent (é, ø, ł, ā), spaces, hyphens and
apostrophes, nothing else: a rating list that receives 佐藤 or a digit cannot
match the player. Like every name they are stored in NFC (a name typed with a
combining accent is the same name), and an invisible character is refused
with the name rule's own message (``plain_text``).
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

from tournament.events.errors import EventError
from tournament.events.plain_text import clean_name, name_error

LATIN_NAME_MAX = 100
# Separators a Latin name may hold besides letters: O'Brien, Anne-Marie, D’Amato.
SEPARATORS = frozenset(" -'’‐")
# Unicode names that mark Chinese, Japanese and Korean characters.
CJK_MARKS = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "IDEOGRAPHIC", "BOPOMOFO")


def _is_latin(char: str) -> bool:
    if char in SEPARATORS:
        return True
    category = unicodedata.category(char)
    if category == "Mn":  # a combining accent, as in a name typed decomposed
        return True
    return category.startswith("L") and "LATIN" in unicodedata.name(char, "")


def _is_cjk(char: str) -> bool:
    name = unicodedata.name(char, "")
    return any(mark in name for mark in CJK_MARKS)


def clean_latin_name(label: str, value: str) -> str:
    """``value`` with its spaces tidied (NFC), or an :class:`EventError` naming ``label``."""
    message = name_error(label, value or "")
    if message is not None:
        raise EventError(message)
    text = clean_name(value)
    if len(text) > LATIN_NAME_MAX:
        raise EventError(
            _("%(field)s can be at most %(max)s characters long.")
            % {"field": label, "max": LATIN_NAME_MAX}
        )
    wrong = next((c for c in text if not _is_latin(c)), None)
    if wrong is None:
        return text
    if _is_cjk(wrong):
        raise EventError(
            _(
                "%(field)s is the name in Latin letters (“%(char)s” is not one): keep the "
                "name in kanji or hanzi under Name and write its romanisation here, e.g. Sato."
            )
            % {"field": label, "char": wrong}
        )
    raise EventError(
        _(
            "%(field)s takes Latin letters, accents, spaces, hyphens and apostrophes only; "
            "“%(char)s” is not one of them."
        )
        % {"field": label, "char": wrong}
    )
