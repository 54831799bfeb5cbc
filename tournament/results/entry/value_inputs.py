"""The hand form's value fields, built from what the family declares (``ValueField``).

A judge enters a hand at value level as a few numbers: han, fu and a
yakuman count; fan and flowers; points; faan. The family names them and
their bounds; how each is shown follows from what it allows: a fixed list
(fu) is a select, a short range (han 1-13, flowers 0-8) a row of buttons,
anything else a number input. Each is held to the number's bound
(``tournament.events.bounds.value_bound``: the family's ends, else 0 to 999),
the one the services and the API hold it to, refused in the same words. The
rules' minimum of a free number (MCR's 8 fan) is left to the replay, whose
refusal names it ("a win needs 8").

Two features change the value's shape: ``han_fu`` (han with fu, the fu
needed below 5 han, or a yakuman count instead of both) and
``flower_count`` (the ``flowers`` field counts the winner's flowers at
either level, so the page shows it with the tiles too).
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.families.protocol import EntryData, ValueField
from tournament.events.bounds import Bound, integer_field, value_bound
from tournament.glossary import value_label
from tournament.results.choices import MULTIPLES
from tournament.results.entry.win_blocks import name

MAX_BUTTONS = 14  # a range this short shows as buttons (two rows on a phone)
FLOWER_COUNT = "flowers"  # the value field of a flower_count family (hand-format.md hand.flowers)
# rules/riichi.md §1: from 5 han (mangan) the fu no longer change the value.
MANGAN_HAN = 5


def kind_of(field: ValueField) -> str:
    """How the form shows ``field``: ``list`` (a select), ``buttons`` or ``number``."""
    if field.choices:
        return "list"
    bounded = field.minimum is not None and field.maximum is not None
    if bounded and field.maximum - field.minimum < MAX_BUTTONS:
        return "buttons"
    return "number"


def form_field(field: ValueField) -> forms.Field:
    """The Django field for one value field; a hand without a win leaves it empty."""
    label, kind, bound = value_label(field.code), kind_of(field), value_bound(field)
    if kind == "list":
        choices = [("", "—")] + [(n, str(n)) for n in field.choices]
        return BoundChoiceField(
            bound=bound, label=label, choices=choices, required=False, empty_value=None
        )
    if kind == "buttons":
        numbers = range(field.minimum, field.maximum + 1)
        return BoundChoiceField(
            bound=bound,
            label=label,
            choices=[(n, _button_text(field.code, n)) for n in numbers],
            required=False,
            initial=0 if field.minimum == 0 else None,
        )
    return integer_field(bound, label=label, required=False)


class BoundChoiceField(forms.TypedChoiceField):
    """Numbers to choose from; one posted outside the bound is refused in the bound's words."""

    def __init__(self, *, bound: Bound, **kwargs):
        super().__init__(coerce=int, **kwargs)
        self.bound = bound

    def validate(self, value):
        try:
            number = int(str(value).strip())
        except ValueError:
            number = None  # not a number: the choice's own error says so
        if number is not None:
            self.bound(number)
        super().validate(value)


def _button_text(code: str, n: int) -> str:
    if code in MULTIPLES:
        return f"×{n}" if n else "—"
    return str(n)


@dataclass
class ValueInput:
    """One value input as a template shows it: the bound field, its plain label, its kind."""

    field: object
    label: object
    kind: str


def value_inputs(form, entry: EntryData, k: int = 1) -> list[ValueInput]:
    """Winner ``k``'s value inputs shown with the value level (the flower count is apart)."""
    return [
        ValueInput(form[name(k, f.code)], value_label(f.code), kind_of(f))
        for f in entry.value_fields
        if not is_flower_count(entry, f.code)
    ]


def is_flower_count(entry: EntryData, code: str) -> bool:
    return code == FLOWER_COUNT and "flower_count" in entry.features


def _blank(value) -> bool:
    return value is None or value == ""


def check_value(form, entry: EntryData, data: dict, k: int = 1) -> None:
    """Winner ``k``'s value is complete enough for the replay to read it (else an error)."""
    if "han_fu" in entry.features:
        han, fu, yakuman = (data.get(name(k, f)) for f in ("han", "fu", "yakuman"))
        if not yakuman and not han:
            form.add_error(name(k, "han"), _("Choose the han (or a yakuman)."))
        elif not yakuman and han < MANGAN_HAN and not fu:
            form.add_error(name(k, "fu"), _("Choose the fu: below 5 han it sets the value."))
        return
    for field in entry.value_fields:
        if field.required and _blank(data.get(name(k, field.code))):
            form.add_error(name(k, field.code), _("Enter the hand's value."))


def value_entry(entry: EntryData, data: dict, k: int = 1) -> dict:
    """Winner ``k``'s value as the replay reads it (``{"han": 3, "fu": 40}``, ``{"fan": 8 …}``)."""
    if "han_fu" in entry.features:
        if data.get(name(k, "yakuman")):
            return {"yakuman": data[name(k, "yakuman")]}
        value = {"han": data[name(k, "han")]}
        if data.get(name(k, "fu")):
            value["fu"] = data[name(k, "fu")]
        return value
    value = {}
    for field in entry.value_fields:
        given = data.get(name(k, field.code))
        if _blank(given):
            if field.minimum != 0:
                continue
            given = 0  # a count left empty is none
        value[field.code] = given
    return value
