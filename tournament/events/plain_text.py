"""Player names, clubs and groups are plain text: no NUL or other control character.

A name travels far: the printed sheets (WeasyPrint), the XLSX download (XML
1.0 cannot hold most C0 controls, so one stray byte turned the download into
a server error), the EMA file and the public pages. A control character in a
name is always a mistake (a pasted terminal escape, a NUL from a broken
export), so every place a name or club is entered refuses it with a message
that names the field and the character: the players CSV (per line), the
director's player form, the admin. Tab, line feed and carriage return are
ordinary whitespace and are let through: the services collapse them to one
space in a one-line field, and a multi-line text area keeps them.
"""

from __future__ import annotations

import unicodedata

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext as _

WHITESPACE = frozenset("\t\n\r")


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
