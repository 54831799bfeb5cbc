"""The sheet pages' filters: numbers as :mod:`tournament.formatting` writes them, form fields."""

from __future__ import annotations

import uuid

from django import template
from django.utils.html import format_html

from tournament import formatting
from tournament.results.page import reasons

register = template.Library()


# The numbers as tournament.formatting writes them, under the names the templates use.
points = register.filter("points", formatting.points)
signed = register.filter("signed", formatting.signed)
sign_class = register.filter("sign_class", formatting.sign_class)
ordinal_place = register.filter("ordinal_place", formatting.place)


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
