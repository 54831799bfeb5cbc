"""The hand form's tile inputs: mpsz text a judge types, checked before the engine scores it.

A tile input (``TilesField``) holds mpsz text: digits followed by their suit
letter, ``m`` characters, ``p`` dots, ``s`` bamboo, ``z`` honours 1-7, ``0``
a red five, spaces anywhere (``123m 456p 11z``). Whatever else is typed,
a typo, a comma, a full-width digit from a Japanese keyboard, pasted text,
is refused here as a form error on that input, in the judge's language,
naming the character or tile that is wrong. The text is read once, by the
rules engine (``scoring.core.tiles.read_typed``), which says what is wrong
as a code; the glossary has its words (``tournament.glossary.tile_errors``).
What the text cannot say by itself (whether the tiles make a winning hand,
whether a meld's tiles suit its type) is the engine's to report when it
scores the hand (``entry_forms.HandForm.field_for`` puts its errors on the
right input too).

Each input has a *kind*, for the count its tiles may have: ``one`` (the
winning tile), ``meld`` (3 tiles, 4 for a kong), ``indicators`` (dora
indicators), ``concealed`` (a winning hand's concealed tiles) or ``many``
(any number, such as penalty tiles).
"""

from __future__ import annotations

import json

from django import forms
from django.core.exceptions import ValidationError

from scoring.core.tiles import (
    CONCEALED,
    INDICATORS,
    MANY,
    MELD,
    ONE,
    TileError,
    read_typed,
    script_rules,
)
from tournament.glossary.tile_errors import tile_error_text

__all__ = ["CONCEALED", "INDICATORS", "MANY", "MELD", "ONE", "SCRIPT_RULES", "TilesField"]

MAX_LENGTH = 80
# The engine's constants for the tile picker's script (``data-tile-rules``), as JSON.
SCRIPT_RULES = json.dumps(script_rules(), sort_keys=True)


class TilesField(forms.CharField):
    """A tile input: mpsz text, refused with a precise message when it is not."""

    def __init__(self, *, kind: str = MANY, **kwargs):
        self.kind = kind
        kwargs.setdefault("max_length", MAX_LENGTH)
        super().__init__(**kwargs)

    def validate(self, value):
        super().validate(value)
        if value:
            problem = tiles_problem(value, self.kind)
            if problem:
                raise ValidationError(problem, code="tiles")


def tiles_problem(text: str, kind: str = MANY) -> str | None:
    """What is wrong with ``text`` as the tiles of a ``kind`` input, in words, or None."""
    try:
        read_typed(text, kind)
    except TileError as error:
        return tile_error_text(error)
    return None
