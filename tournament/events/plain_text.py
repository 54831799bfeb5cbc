"""Player names, clubs, teams and groups are plain text: no NUL or other control character.

A name travels far: the printed sheets (WeasyPrint), the XLSX download (XML
1.0 cannot hold most C0 controls, so one stray byte turned the download into
a server error), the EMA file and the public pages. A control character in a
name is always a mistake (a pasted terminal escape, a NUL from a broken
export), so every place a name or club is entered refuses it with a message
that names the field and the character: the players CSV (per line), the
director's player form, the admin. Tab, line feed and carriage return are
ordinary whitespace and are let through: the services collapse them to one
space in a one-line field, and a multi-line text area keeps them.

**Names** (issue #32, L5): a player's name, club, team and group go through
one rule, :func:`clean_name` and :func:`name_error`, on every path that takes
them (the player forms, the CSV import, the API through the services, the
admin, a restored backup):

- normalised to NFC, so "José" typed with a combining accent and "José"
  typed whole are one name, one team;
- refused when they hold a *bidi control* (U+202A–U+202E, U+2066–U+2069,
  U+200E, U+200F, U+061C: they reorder what follows, so "ahpla" after a
  U+202E shows as "alpha") or a *zero-width character* (U+200B–U+200D, U+2060, U+FEFF: "Team
  Alpha" with one inside is another team that looks the same). The message
  names the field and the character. (A zero-width joiner is part of some
  scripts' spelling; a name is written here without it, as on a badge.)

Names that look alike without any of these (a Cyrillic "Т" for a Latin "T")
are allowed, since both are real letters, and the director is warned
(``tournament.events.lookalikes``).
"""

from __future__ import annotations

import unicodedata

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext as _

WHITESPACE = frozenset("\t\n\r")
# Characters that change how a name reads without being seen (see the module docstring).
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
INVISIBLE = BIDI_CONTROLS | ZERO_WIDTH


def control_character(text: str) -> str | None:
    """The first control character of ``text`` as ``U+0000``, or None when there is none."""
    for char in text or "":
        if char not in WHITESPACE and unicodedata.category(char) == "Cc":
            return f"U+{ord(char):04X}"
    return None


def control_character_error(field: str, text: str) -> str | None:
    """A message naming ``field`` (its label, translated) and the character, or None."""
    code = control_character(text)
    if code is None:
        return None
    return _("%(field)s contains a control character (%(code)s); only plain text is allowed.") % {
        "field": field,
        "code": code,
    }


def invisible_character(text: str) -> str | None:
    """The first bidi control or zero-width character of ``text`` as ``U+202E``, or None."""
    found = next((char for char in text or "" if char in INVISIBLE), None)
    return None if found is None else f"U+{ord(found):04X}"


def name_error(field: str, text: str) -> str | None:
    """What is wrong with ``text`` as a name, club, team or group (``field``, its label)."""
    message = control_character_error(field, text)
    if message is not None:
        return message
    code = invisible_character(text)
    if code is None:
        return None
    return _(
        "%(field)s contains an invisible character (%(code)s, a direction mark or a "
        "zero-width space) that can make it look like another name; type it without."
    ) % {"field": field, "code": code}


def clean_name(text: str) -> str:
    """A name as stored: NFC, spaces folded to one (checked first with :func:`name_error`)."""
    return " ".join(unicodedata.normalize("NFC", text or "").split())


def check_plain_text(field: str, text: str) -> None:
    """A :class:`ValidationError` for a form field holding a control character."""
    message = control_character_error(field, text)
    if message is not None:
        raise ValidationError(message, code="control_character")


class PlainTextField(forms.CharField):
    """A one-line text field refusing every control character with one message naming it.

    Django's own NUL check is dropped here: it would say the same thing a second
    time, without the field's name.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        without_nul_check(self)

    def validate(self, value):
        super().validate(value)
        check_plain_text(str(self.label or ""), value)


class NameTextField(PlainTextField):
    """A name, club, team or group: :func:`name_error` refuses, :func:`clean_name` tidies."""

    def validate(self, value):
        forms.CharField.validate(self, value)
        message = name_error(str(self.label or ""), value)
        if message is not None:
            raise ValidationError(message, code="invisible_character")

    def clean(self, value):
        return clean_name(super().clean(value))


class CsvTextField(forms.CharField):
    """Pasted CSV text: a NUL is let through so that the preview names its line and field."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        without_nul_check(self)


def without_nul_check(field: forms.CharField) -> None:
    """Drop Django's own NUL check from ``field``: a message of ours says more."""
    field.validators = [
        v for v in field.validators if not isinstance(v, ProhibitNullCharactersValidator)
    ]
