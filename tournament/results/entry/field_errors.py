"""The replay's errors shown next to the input they name, on the judge's hand form.

Why: the replay names a problem by its place in the entry (``hands[3].discarder``,
``hands[0].wins[1].hand.melds[2]``), as plain structured paths; the form has
one input per part and per winner block (``w2_meld3_tiles``). This mixin maps
one to the other, so that a judge sees the message where they typed.
"""

from __future__ import annotations

import re

from scoring.core.tiles import squash_spaces
from tournament.results.choices import MELD_ROWS
from tournament.results.entry.win_blocks import name

_INDEXED = re.compile(r"^(\w+)\[(\d+)\]$")
# Tiles every winner of a discard shares: entered once, with the first winner.
_SHARED_TILES = ("win_tile", "dora_indicators", "ura_indicators")


class SheetErrorsOnFields:
    """For a form with the hand inputs and winner blocks (``HandForm``)."""

    def add_sheet_error(self, field: str, message: str, index: int | None) -> None:
        """Show a replay error (``hands[3].discarder``) on the input it names.

        An error about another hand than the one being entered (``index``,
        0-based) goes to the top of the form, with the hand named in the message.
        Next to its input, the sentence alone (``message.text``, where the page
        gives a :class:`~tournament.results.sheet.errors.Said`): the input's
        label already says where, and is not said twice.
        """
        target = self.field_for(field, index)
        self.add_error(target, unplaced(message) if target else message)

    def field_for(self, field: str, index: int | None) -> str | None:
        parts = (field or "").split(".")
        match = _INDEXED.match(parts[0]) if parts else None
        if match and match.group(1) == "hands":
            if index is None or int(match.group(2)) != index:
                return None
            parts = parts[1:]
        k = 1
        match = _INDEXED.match(parts[0]) if parts else None
        if match and match.group(1) == "wins":
            # ``wins[j]`` is the j-th winner the entry lists: the j-th block that is on.
            blocks = self.claim_blocks(getattr(self, "cleaned_data", None) or {})
            j = int(match.group(2))
            k = blocks[j] if j < len(blocks) else 1
            parts = parts[1:]
        if not parts:
            return None
        head = _INDEXED.sub(r"\1", parts[0])
        if head == "hand":
            rest = _INDEXED.sub(r"\1", parts[1]) if len(parts) > 1 else ""
            if rest == "melds":
                meld = _INDEXED.match(parts[1])
                return name(k, f"meld{self._meld_row(k, int(meld.group(2)) if meld else 0)}_tiles")
            if rest == "flowers":
                flowers = name(k, "flower_tiles")
                return flowers if flowers in self.fields else "flowers"
            if rest in _SHARED_TILES:
                return rest if rest in self.fields else None  # no ura input under JPML-A
            if name(k, rest) in self.fields:
                return name(k, rest)
            return name(k, "concealed")
        if name(k, head) in self.fields:
            return name(k, head)
        if head in self.fields and head not in ("base_version",):
            return head
        return None

    def _meld_row(self, k: int, j: int) -> int:
        """The form row of winner ``k``'s ``j``-th meld in the entry (empty rows are left out)."""
        data = getattr(self, "cleaned_data", None) or {}
        rows = [
            i
            for i in range(1, MELD_ROWS + 1)
            if data.get(name(k, f"meld{i}_type")) or squash(data.get(name(k, f"meld{i}_tiles")))
        ]
        return rows[j] if j < len(rows) else min(j + 1, MELD_ROWS)


def squash(text) -> str:
    """Tiles as typed ("123m 456p") without the spaces the engine does not read."""
    return squash_spaces(text)


def unplaced(message: str) -> str:
    """A refusal's sentence without its place ("Hand 1, situation: "), where it has one apart."""
    return getattr(message, "text", None) or message
