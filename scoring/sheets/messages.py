"""What a replay says in words, as codes and parameters: row notes, warnings, ledger reasons.

Why: the replay used to write English sentences ("chombo by N: no payments,
hand replayed") that the judge's page, the public pages and the printouts
showed as they were, in English on a Japanese page. A replay now writes a
:class:`Message`, a stable ``code`` and its ``params`` (plain JSON values),
stored as ``{"code": "chombo_replayed", "params": {"seat": "N"}}`` in a
row's ``notes``, a sheet's ``warnings`` and a derived ledger entry's
``reason``. The Django side puts it into the reader's language from the
code; :attr:`Message.text` (and :func:`english` for the stored form) is the
English sentence, for logs and the command line. Results stored before this
hold English strings, which :func:`english` gives back unchanged.

Parameters, by name, wherever a code has them:

- ``seat``: a starting seat; ``seats``: a list of them, in the order said;
- ``label``: a hand's label (``"E2-0"``); ``index``: a hand row's index
  from 0, as in ``hands[index]``; ``first``, ``last``: hand numbers from 1;
- ``points``: a player's points.

A code a family writes is listed in :data:`ENGLISH` (one table for every
family, as :mod:`scoring.sheets.values` lists every unit), and in the
Django side's table of translated sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

ENGLISH = {
    # Row notes. MCR: a hand not played because time ran out (rules/mcr.md §6).
    "not_played": "not played (time limit)",
    # Zung Jung: nobody is responsible for the discard (rules/zung-jung.md §7).
    "all_immune": "same-turn immunity: all three pay v",
    # HKOS: a voided false win, the same dealer deals again (rules/hkos.md §8).
    "false_win_voided": "false win: voided",
    "false_win_voided_by": "false win by {seat}: voided, same dealer again",
    # Riichi (rules/riichi.md §4, §7): chombo, several rons, the end of the session.
    "chombo_replayed": "chombo by {seat}: no payments, hand replayed",
    "chombo_last_hand": "a chombo in the last hand is not replayed (WRC 2015 §8)",
    "head_bump": "head bump: {seat} wins; claims by {seats} lapse",
    "three_rons": "three rons on one discard: abortive draw (rules §4, tenhou)",
    "all_win": "all_win: {seats} win",
    "double_ron": "double_ron: {seats} win",
    "bust": "{seats} below 0 (bust)",
    "west_4_last": "West 4 is the last hand",
    "agari_yame": "the leading dealer stops (agari-yame)",
    # Sheet warnings.
    "hands_not_played": "hands {first}-{last} were not played (time limit)",
    "false_win_self_draw_only": (
        "hands[{index}] ({label}): {seat} made a false win in this hand "
        "and may then win only by self-draw (rules §6)"
    ),
    "false_win_unlogged": (
        "hands[{index}] ({label}) is a false win but the ledger has no false_win penalty "
        "for it (rules/hkos.md §8)"
    ),
    "below_zero": "{seat} is below 0 ({points}) after hands[{index}] ({label}); play continues",
    "ended_bust": "the session ended early, after {label}: {seats} below 0 (bust)",
    # Ledger reasons the engine writes (a judge's own reason stays their text).
    "chombo_in": "chombo in {label} (rules/riichi.md §7)",
    "chombo_with_final_scores": "chombo, recorded with the final scores (rules/riichi.md §7)",
}


@dataclass(frozen=True)
class Message:
    """A note, warning or reason: its code and parameters (see the module docstring)."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The sentence in English, for logs, the command line and tests."""
        return english(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}


def message(code: str, **params: Any) -> Message:
    """A message with a known code; a tuple parameter (seats) is kept as a JSON list."""
    if code not in ENGLISH:
        raise ValueError(f"unknown message code {code!r}")
    return Message(code, {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()})


def english(stored: Any) -> str:
    """A stored message in English; an old result's English string as it was stored."""
    if isinstance(stored, Message):
        stored = stored.to_dict()
    if not isinstance(stored, Mapping):
        return "" if stored is None else str(stored)
    code, params = stored.get("code"), stored.get("params") or {}
    template = ENGLISH.get(code)
    if template is None:
        return str(code)
    try:
        return template.format(**_english_params(params))
    except (KeyError, IndexError, ValueError):
        return str(code)


def _english_params(params: Mapping[str, Any]) -> dict[str, Any]:
    shown = {}
    for key, value in params.items():
        if isinstance(value, list | tuple):
            value = ", ".join(str(v) for v in value)
        elif key == "points" and isinstance(value, int):
            value = f"{value:,}"
        shown[key] = value
    return shown
