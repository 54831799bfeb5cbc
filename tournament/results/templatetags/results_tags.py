"""Numbers as a scoresheet writes them: signed deltas, exact fractions ("7/3", not 2.33)."""

from __future__ import annotations

import uuid
from fractions import Fraction

from django import template
from django.utils.html import format_html

from tournament.results.page import reasons

register = template.Library()
MINUS = "\u2212"  # a real minus sign: "−8,000" lines up with "+8,000"


def _number(value):
    if value is None or value == "":
        return None
    if isinstance(value, int | Fraction):
        return Fraction(value)
    try:
        return Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return None


def _shown(value, sign: bool) -> str:
    """``value`` as a sheet writes it, "–" when it is no number."""
    number = _number(value)
    return "–" if number is None else _text(number, sign)


def _text(number: Fraction, sign: bool) -> str:
    if number.denominator == 1:
        text = f"{abs(number.numerator):,}"
    elif _decimal_places(number.denominator) is not None:
        places = _decimal_places(number.denominator)
        text = f"{abs(float(number)):,.{places}f}"
    else:
        text = f"{abs(number.numerator)}/{number.denominator}"
    if number < 0:
        return MINUS + text
    return ("+" + text) if sign and number > 0 else text


def _decimal_places(denominator: int) -> int | None:
    """Digits after the point when 1/denominator is a short decimal (2, 4, 5, 10 …), else None."""
    for places in range(1, 4):
        if (10**places) % denominator == 0:
            return places
    return None


@register.filter
def points(value):
    """12000 -> "12,000"; -8000 -> "−8,000"; "7/3" -> "7/3"; "153/10" -> "15.3"."""
    return _shown(value, sign=False)


@register.filter
def signed(value):
    """Like ``points`` with a "+" on gains: a delta or a session score."""
    return _shown(value, sign=True)


@register.filter
def sign_class(value):
    number = _number(value)
    if number is None or number == 0:
        return "zero"
    return "plus" if number > 0 else "minus"


@register.filter
def chosen(current, value):
    """Whether ``value`` is (one of) the field's current value(s)."""
    if current is None:
        return False
    if isinstance(current, list | tuple | set):
        return str(value) in {str(v) for v in current}
    return str(current) == str(value)


@register.filter
def get(mapping, key):
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def ordinal_place(value):
    """1 -> "1", "3/2" (a shared place) -> "1.5": written as ``points``."""
    return points(value)


@register.filter
def score_field(form, seat):
    """The final-scores form's input for one seat."""
    return form[f"score_{seat}"]


@register.filter
def version_reason(sheet):
    """Why a version was written: its code in the reader's language, or the judge's words."""
    return reasons.version_reason(sheet)


@register.simple_tag
def entry_key():
    """A hidden one-time key for a form that changes a sheet (``services._change``).

    New at every render: the same post sent twice carries the same key and is
    saved once; a fresh form is a fresh entry.
    """
    return format_html('<input type="hidden" name="entry_key" value="{}">', uuid.uuid4())
