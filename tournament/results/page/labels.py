"""A hand's label in the reader's words: 東1局0本場, 东风圈 第3局; E1-0 in English.

Why: the replay gives each row (and the next hand) its label as parts with
a ``kind`` (``scoring/sheets/labels.py``), and players of each ruleset say
it their own way. This module formats the parts with the glossary's
sentences by kind (:mod:`tournament.glossary.hand_labels`); it
never asks which family the sheet is, and never parses the compact string
(``"E1-0"``), which English pages show as it is (the players' notation) and
which stays the fallback for results stored before the parts. The English
sentences are what translators see, and what a page shows for parts
without a stored string.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language

from tournament.glossary.hand_labels import LABEL_FORMATS, WIND_WORDS

# The parts each kind cannot do without (sheets/labels.py).
NEEDS = {
    "honba": ("wind", "hand"),
    "repeat": ("wind", "hand"),
    "wind_hand": ("wind", "hand"),
    "cycle_hand": ("cycle", "hand"),
}


def _compact_reader() -> bool:
    """English pages keep the compact label (E1-0, S-W): the scoresheet notation
    English-speaking players and referees use (EMA and WRC sheets), short on a phone."""
    return (get_language() or "en").split("-")[0] == "en"


def label_text(parts: Any, fallback: str | None = "") -> str:
    """The label for the reader; ``fallback`` (the stored string) when the parts are missing.

    A kind this side does not know, or parts that do not fit it, also give the
    fallback: a label is never worth an error page.
    """
    if fallback and _compact_reader():
        return fallback
    if not isinstance(parts, Mapping) or parts.get("kind") not in LABEL_FORMATS:
        return fallback or ""
    if any(parts.get(key) is None for key in NEEDS[parts["kind"]]):
        return fallback or ""
    plain, counted = LABEL_FORMATS[parts["kind"]]
    shown = {
        "wind": WIND_WORDS.get(parts.get("wind"), parts.get("wind")),
        "hand": parts.get("hand"),
        "count": parts.get("count") or 0,
        "cycle": parts.get("cycle"),
    }
    sentence = counted if counted is not None and shown["count"] else plain
    try:
        return str(sentence) % {k: str(v) for k, v in shown.items()}
    except (KeyError, TypeError, ValueError):
        return fallback or ""
