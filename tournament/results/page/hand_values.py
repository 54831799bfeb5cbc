"""A hand's value in the reader's language, from the codes and numbers the replay stores.

A replayed row stores each winner's value as parts, ``[unit, amount]``
(``scoring/sheets/values.py``): ``[["han", 3], ["fu", 40]]``,
``[["fan", 8], ["flowers", 2]]``, ``[["limit", "mangan"]]``. They are shown
here with the unit's word in the reader's language ("3 翻 40 符"; the words
are the glossary's), so nothing parses English back.

Rows stored before values became data have only ``value_text``, the English
text of their day. Data migration ``results/0005_hand_values`` replayed every
stored version to add its values (the result is a pure function of the
entries and the event's rules), and a backup import does the same; a row it
could not redo (an entry today's engine refuses) keeps its old text, which is
shown unchanged, in English, rather than taken apart again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tournament.glossary import limit_name, unit_word

UNIT_PREFIX = {"flowers": "+ "}  # "8 fan + 2 flowers": flowers count on top of the fan


def part_text(unit: str, amount: Any) -> str:
    """One part: "3 翻", "+ 2 flowers", "mangan", "(paid as 13)"."""
    if unit == "limit":
        return limit_name(amount)
    if unit == "paid_as":
        return _("(paid as %(n)s)") % {"n": amount}
    return f"{UNIT_PREFIX.get(unit, '')}{amount} {unit_word(unit, amount)}"


def win_text(win: Mapping[str, Any]) -> str:
    """One winner's value (``{"seat", "parts"}``), its parts separated by spaces."""
    return " ".join(part_text(unit, amount) for unit, amount in win.get("parts") or ())


def value_text(row: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """A row's value: one winner's, or several winners' as "N: 4 翻 30 符; S: 2 翻 30 符".

    A row without ``value`` (stored before values were data) shows its old
    English ``value_text`` unchanged.
    """
    if "value" not in row:
        return row.get("value_text") or ""
    wins = [w for w in row.get("value") or () if isinstance(w, Mapping)]
    if len(wins) > 1:
        shown = names or {}  # seats as the page names the players
        return "; ".join(f"{shown.get(w.get('seat'), w.get('seat'))}: {win_text(w)}" for w in wins)
    return win_text(wins[0]) if wins else ""
