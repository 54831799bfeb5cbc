"""A hand's value in the reader's language, from the codes and numbers the replay stores.

A replayed row stores each winner's value as parts, ``[unit, amount]``
(``scoring/sheets/values.py``): ``[["han", 3], ["fu", 40]]``,
``[["fan", 8], ["flowers", 2]]``, ``[["limit", "mangan"]]``. They are shown
here with the unit's word in the reader's language ("3 翻 40 符"), so nothing
parses English back.

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
from django.utils.translation import gettext_lazy

# Unit codes -> their word, and the word for exactly one where it differs.
UNIT_WORDS = {
    "han": gettext_lazy("han"),
    "fu": gettext_lazy("fu"),
    "fan": gettext_lazy("fan"),
    "flowers": gettext_lazy("flowers"),
    "points": gettext_lazy("points"),
    "faan": gettext_lazy("faan"),
}
UNIT_WORD_ONE = {"flowers": gettext_lazy("flower"), "points": gettext_lazy("point")}
UNIT_PREFIX = {"flowers": "+ "}  # "8 fan + 2 flowers": flowers count on top of the fan
# Riichi limit codes (scoring/families/riichi/points.py) -> their names.
LIMIT_NAMES = {
    "mangan": gettext_lazy("mangan"),
    "haneman": gettext_lazy("haneman"),
    "baiman": gettext_lazy("baiman"),
    "sanbaiman": gettext_lazy("sanbaiman"),
    "yakuman": gettext_lazy("yakuman"),
    "double_yakuman": gettext_lazy("double yakuman"),
    "triple_yakuman": gettext_lazy("triple yakuman"),
    "quadruple_yakuman": gettext_lazy("quadruple yakuman"),
    "quintuple_yakuman": gettext_lazy("quintuple yakuman"),
    "sextuple_yakuman": gettext_lazy("sextuple yakuman"),
}


def part_text(unit: str, amount: Any) -> str:
    """One part: "3 翻", "+ 2 flowers", "mangan", "(paid as 13)"."""
    if unit == "limit":
        return str(LIMIT_NAMES.get(amount, str(amount).replace("_", " ")))
    if unit == "paid_as":
        return _("(paid as %(n)s)") % {"n": amount}
    words = UNIT_WORD_ONE if amount == 1 and unit in UNIT_WORD_ONE else UNIT_WORDS
    return f"{UNIT_PREFIX.get(unit, '')}{amount} {words.get(unit, unit)}"


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
