"""A replay's notes, warnings and engine-written ledger reasons, in the reader's language.

Why: the replay stores each one as a code with its parameters
(``{"code": "chombo_replayed", "params": {"seat": "N"}}``,
``scoring/sheets/messages.py``), and this module puts it into words when a
page or a printout shows it: the code's sentence (the glossary's,
:mod:`tournament.glossary.notes`), with seats shown as the
players' names where the page knows them, and a hand's row index as its
number from 1. Nothing here reads English back.

Results stored before notes became codes hold English strings; a judge's own
penalty reason is the text they typed. Both are shown exactly as stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.sheets.messages import english
from tournament.glossary.notes import NOTES
from tournament.results.page.labels import label_text


def message_text(stored: Any, names: Mapping[str, str] | None = None) -> str:
    """A stored note, warning or reason for the reader; an old or typed text as stored.

    ``names`` maps starting seats to what the page calls the players.
    """
    if not isinstance(stored, Mapping):
        return "" if stored is None else str(stored)
    sentence = NOTES.get(stored.get("code"))
    params = stored.get("params") if isinstance(stored.get("params"), Mapping) else {}
    if sentence is None:
        return english(stored)  # a code this side does not know yet: the engine's English
    try:
        return str(sentence) % _shown(params, names or {})
    except (KeyError, TypeError, ValueError):
        return english(stored)  # parameters that do not fit the sentence (edited by hand)


def message_texts(stored: Any, names: Mapping[str, str] | None = None) -> list[str]:
    """A stored list of notes or warnings, each for the reader."""
    if not isinstance(stored, list | tuple):
        return []
    return [message_text(one, names) for one in stored]


def _shown(params: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """Parameters as the reader sees them: seats by name, a row index as a hand number."""
    out = dict(params)
    if "seat" in out:
        out["seat"] = names.get(out["seat"], out["seat"])
    if isinstance(out.get("seats"), list):
        out["seats"] = joined([str(names.get(s, s)) for s in out["seats"]])
    if "label" in out:
        out["label"] = label_text(out.get("label_parts"), out.get("label"))
    if isinstance(out.get("index"), int):
        out["number"] = out["index"] + 1
    if isinstance(out.get("points"), int):
        out["points"] = f"{out['points']:,}"
    return out


def joined(names: list[str]) -> str:
    """Names as the reader lists them: "Bob and Carol", "Bob, Carol and Dan", ボブとキャロル."""
    if len(names) < 2:
        return "".join(names)
    head = str(_(", ")).join(names[:-1])
    return str(_("%(first)s and %(last)s")) % {"first": head, "last": names[-1]}
