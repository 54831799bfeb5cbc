"""A hand's value on a replayed row, as codes and numbers: what each winner scored.

Why: the replay used to write an English text ("3 han 40 fu", "8 fan + 2
flowers") that pages then translated word by word and printouts parsed back
with regular expressions. A row now carries its value as data, one
:class:`WinValue` per winner (several when a discard is won by several
players), each a list of *parts* ``(unit, amount)``:

- ``han``, ``fu``: riichi han and fu ("3 han", "40 fu");
- ``limit``: a riichi limit's code, ``mangan`` … ``sanbaiman``, ``yakuman``,
  ``double_yakuman`` … ("mangan", "double yakuman");
- ``fan`` and ``flowers``: MCR fan without flowers, and flowers ("8 fan",
  "+ 2 flowers");
- ``points``: Zung Jung points ("90 points");
- ``faan`` and ``paid_as``: HKOS faan, and the faan paid where the hand is
  above the limit ("14 faan", "(paid as 13)").

Parts are shown in order, separated by a space. The Django side shows them in
the reader's language from the unit codes; :func:`english` is the English
text for logs, the command line and the hand record's ``value_text`` column.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

UNITS = ("han", "fu", "limit", "fan", "flowers", "points", "faan", "paid_as")
_ENGLISH = {
    "han": "{n} han",
    "fu": "{n} fu",
    "fan": "{n} fan",
    "faan": "{n} faan",
    "paid_as": "(paid as {n})",
}
_PLURAL = {"flowers": ("+ {n} flower", "+ {n} flowers"), "points": ("{n} point", "{n} points")}

Part = tuple[str, Any]


@dataclass(frozen=True)
class WinValue:
    """One winner's value: their starting seat and the parts, in the order shown."""

    seat: str
    parts: tuple[Part, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "parts": [[unit, amount] for unit, amount in self.parts]}


def winner_value(seat: str, *parts: Part | None) -> WinValue:
    """A winner's value from its parts; ``None`` parts (an optional one left out) are dropped."""
    return WinValue(seat, tuple(p for p in parts if p is not None))


def amounts(value: Iterable[Mapping[str, Any]], unit: str) -> list[Any]:
    """Each winner's amount of ``unit`` (stored form, :meth:`WinValue.to_dict`), where given."""
    out = []
    for one in value:
        found = [amount for code, amount in one.get("parts") or () if code == unit]
        out.extend(found[:1])
    return out


def english_part(unit: str, amount: Any) -> str:
    if unit == "limit":
        return str(amount).replace("_", " ")
    if unit in _PLURAL:
        one, many = _PLURAL[unit]
        return (one if amount == 1 else many).format(n=amount)
    return _ENGLISH.get(unit, f"{{n}} {unit}").format(n=amount)


def english(value: Sequence[WinValue]) -> str:
    """The value in English: "3 han 40 fu"; several winners: "N: 4 han 30 fu; S: 2 han 30 fu"."""
    texts = [" ".join(english_part(unit, amount) for unit, amount in one.parts) for one in value]
    if len(value) > 1:
        return "; ".join(f"{one.seat}: {text}" for one, text in zip(value, texts, strict=True))
    return texts[0] if texts else ""
