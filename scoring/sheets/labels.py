"""A hand's label as parts, so each page can say it in the reader's words.

Why: the replay's label string (``"E1-0"``, ``"S-W"``, ``"1-2"``) is a
compact code for logs, the command line and the printed sheet; a Japanese
reader says 東1局0本場 and a Chinese one 东风圈 第3局. Each family builds a
:class:`HandLabel` with a ``kind`` that says which parts it has, and the
Django side formats the kind with gettext; it never parses the string.

Kinds and parts:

- ``honba``: ``wind`` (prevailing, E/S/W/N), ``hand`` (dealer number 1-4),
  ``count`` (honba, the repeat counter of riichi; sessions.md §2);
- ``repeat``: the same, ``count`` the dealer's repeats (HKOS, §6);
- ``wind_hand``: ``wind`` and ``hand`` (1-4 in the wind round; MCR);
- ``cycle_hand``: ``cycle`` (from 1) and ``hand`` (1-4 in it; Zung Jung).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KINDS = ("honba", "repeat", "wind_hand", "cycle_hand")


@dataclass(frozen=True)
class HandLabel:
    """One hand's label: its kind and parts (see the module docstring)."""

    kind: str
    hand: int
    wind: str | None = None
    count: int | None = None
    cycle: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "hand": self.hand}
        for key in ("wind", "count", "cycle"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out
