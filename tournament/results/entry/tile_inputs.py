"""The hand form's tile inputs: mpsz text a judge types, read before the engine sees it.

A tile input (``TilesField``) holds mpsz text: digits followed by their suit
letter, ``m`` characters, ``p`` dots, ``s`` bamboo, ``z`` honours 1-7, ``0``
a red five, spaces anywhere (``123m 456p 11z``). Whatever else is typed,
a typo, a comma, a full-width digit from a Japanese keyboard, pasted text,
is refused here as a form error on that input, in the judge's language,
naming the character or tile that is wrong. What the text cannot say by
itself (whether the tiles make a winning hand, whether a meld's tiles suit
its type) is the engine's to report (``entry_forms.HandForm.field_for``
puts its errors on the right input too).

Each input has a *kind*, for the count its tiles may have: ``one`` (the
winning tile), ``meld`` (3 tiles, 4 for a kong), ``indicators`` (dora
indicators), ``concealed`` (a winning hand's concealed tiles) or ``many``
(any number, such as penalty tiles).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.core.hand import HAND_SIZE
from scoring.core.tiles import COPIES, SUITS

ONE, MELD, INDICATORS, CONCEALED, MANY = "one", "meld", "indicators", "concealed", "many"
DIGITS = "0123456789"
HONOURS = "1234567"  # 1z-7z: East, South, West, North, White, Green, Red
MELD_SIZES = (3, 4)  # a chow or a pung; a kong
# One indicator turned at the start, plus one for each kong (four at most) where kan dora apply.
MOST_INDICATORS = 5
MOST_CONCEALED = HAND_SIZE - 1  # the winning tile is entered apart
MAX_LENGTH = 80
_SPACES = re.compile(r"\s+")


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
    """What is wrong with ``text`` as the tiles of a ``kind`` input, or None."""
    tiles, problem = _read(_SPACES.sub("", text))
    if problem:
        return problem
    return _copies_problem(tiles) or _count_problem(len(tiles), kind)


def _read(compact: str) -> tuple[list[str], str | None]:
    """The tiles of mpsz text without spaces (``["1m", "2m", "5z"]``), or the first problem."""
    tiles: list[str] = []
    digits = ""
    for ch in compact:
        if ch in DIGITS:
            digits += ch
        elif ch in SUITS:
            if not digits:
                return tiles, _("The suit letter “%(suit)s” has no digits before it.") % {
                    "suit": ch
                }
            wrong = [d for d in digits if d not in HONOURS] if ch == "z" else []
            if wrong:
                return tiles, _(
                    "“%(tile)s” is not a tile: honours run from 1z (East) to 7z (Red)."
                ) % {"tile": f"{wrong[0]}z"}
            tiles.extend(f"{d}{ch}" for d in digits)
            digits = ""
        else:
            return tiles, _character_problem(ch)
    if digits:
        return tiles, _("“%(digits)s” has no suit letter after it (m, p, s or z).") % {
            "digits": digits
        }
    return tiles, None


def _character_problem(ch: str) -> str:
    plain = unicodedata.normalize("NFKC", ch)
    if plain != ch and len(plain) == 1 and (plain in DIGITS or plain.lower() in SUITS):
        return _("“%(char)s” is a full-width character: write “%(plain)s”.") % {
            "char": ch,
            "plain": plain.lower(),
        }
    if ch.lower() in SUITS:
        return _("Write the suit letter in lower case: “%(plain)s”, not “%(char)s”.") % {
            "plain": ch.lower(),
            "char": ch,
        }
    return _("“%(char)s” is not part of mpsz: write digits, then m, p, s or z (e.g. 123m 11z).") % {
        "char": ch if ch.isprintable() else f"U+{ord(ch):04X}"
    }


def _copies_problem(tiles: list[str]) -> str | None:
    """More copies of a tile than a set has (a red five ``0`` is one of the four fives)."""
    kinds = Counter(t.replace("0", "5") for t in tiles)
    for tile, count in kinds.items():
        if count > COPIES:
            return _("%(tile)s is written %(count)s times: a set has %(most)s of each tile.") % {
                "tile": tile,
                "count": count,
                "most": COPIES,
            }
    reds = Counter(t for t in tiles if t.startswith("0"))
    for tile, count in reds.items():
        if count > 1:
            return _("%(tile)s is written %(count)s times: a set has one red five of a suit.") % {
                "tile": tile,
                "count": count,
            }
    return None


def _count_problem(count: int, kind: str) -> str | None:
    if kind == ONE and count != 1:
        return _("Enter one tile, not %(count)s.") % {"count": count}
    if kind == MELD and count not in MELD_SIZES:
        return _("A meld has 3 tiles (4 for a kong), not %(count)s.") % {"count": count}
    if kind == INDICATORS and count > MOST_INDICATORS:
        return _(
            "At most %(most)s indicators (the first, then one for each kong), not %(count)s."
        ) % {"most": MOST_INDICATORS, "count": count}
    if kind == CONCEALED and count > MOST_CONCEALED:
        return _(
            "%(count)s tiles: without the winning tile and the melds, a hand has at most %(most)s."
        ) % {"count": count, "most": MOST_CONCEALED}
    return None
