"""Why a history record was written: a code with its parameters, put into words when shown.

The services leave a django-simple-history record with every change, and its
``history_change_reason`` says why. Stored text cannot follow the reader's
language, so the services store a stable code instead (``event.created``,
``registration.dropped``), and the admin's history pages show it through
:func:`describe` in the reader's language (the codes and their sentences are the
glossary's, :mod:`tournament.glossary.history`).

Stored form (the column holds 100 characters): the code alone, or the code, a
space and its parameters as compact JSON::

    event.created
    round.seated {"method":"balanced"}
    registration.dropped {"words":"left after round 2"}

``words`` is a person's own reason (a director's, when dropping a player or
swapping seats); it is shown as typed after the code's sentence, and shortened
so that the whole fits the column. Anything that is not a known code (an edit
in the admin, which gives no reason) is shown as it is.
"""

from __future__ import annotations

import json

from django.utils.translation import gettext_lazy as _

from tournament.events.errors import CHANGE_REASON_MAX
from tournament.glossary.history import HISTORY_REASONS

WORDS = "words"

# A choice parameter's name -> its choices (``reason``, ``role``, ``status``, ``method``).
# Each app gives its own when it is ready (its AppConfig), so this module, at the bottom
# of the layers, names no model of the apps above it.
_CHOICES: dict[str, type] = {}


def describe_choices(name: str, choices) -> None:
    """Show parameter ``name`` with the labels of ``choices`` (a ``TextChoices``)."""
    _CHOICES[name] = choices


def _choices(name: str) -> dict:
    """A choice parameter's value -> its label."""
    choices = _CHOICES.get(name)
    return dict(choices.choices) if choices is not None else {}


def change_reason(code: str, **params) -> str:
    """The stored form of ``code`` with ``params`` (``words`` shortened to fit the column)."""
    if code not in HISTORY_REASONS:
        raise ValueError(f"unknown change reason code {code!r}")
    words = str(params.pop(WORDS, "") or "").strip()
    stored = _encode(code, params)
    if not words:
        return stored
    room = CHANGE_REASON_MAX - len(_encode(code, {**params, WORDS: ""}))
    # JSON escapes (a quote, a backslash) take more room than the character.
    while len(_encode(code, {**params, WORDS: words[:room]})) > CHANGE_REASON_MAX:
        room -= 1
    return _encode(code, {**params, WORDS: words[: max(room, 0)]})


def _encode(code: str, params: dict) -> str:
    if not params:
        return code
    return f"{code} {json.dumps(params, ensure_ascii=False, separators=(',', ':'))}"


def decode(stored: str | None) -> tuple[str, dict] | None:
    """``(code, params)`` of a stored reason, or None if it is not one of the codes."""
    code, _space, rest = (stored or "").partition(" ")
    if code not in HISTORY_REASONS:
        return None
    if not rest:
        return code, {}
    try:
        params = json.loads(rest)
    except ValueError:
        return None
    return (code, params) if isinstance(params, dict) else None


def explain(stored: str | None) -> tuple[str, str]:
    """``(sentence, words)`` of a stored reason: the code's sentence and the person's own words.

    For a page that shows what happened and why apart (a round's history);
    anything that is not one of the codes is the sentence, as stored.
    """
    decoded = decode(stored)
    if decoded is None:
        return stored or "", ""
    code, params = decoded
    try:
        shown = {k: str(_choices(k).get(v, v)) for k, v in params.items() if k != WORDS}
        sentence = str(HISTORY_REASONS[code]) % shown
    except (KeyError, TypeError, ValueError):
        return stored or "", ""  # parameters edited by hand that do not fit: as stored
    return sentence, str(params.get(WORDS) or "")


def describe(stored: str | None) -> str:
    """A history record's reason in the reader's language; anything else as it is."""
    sentence, words = explain(stored)
    if words:
        return str(_("%(what)s: %(words)s") % {"what": sentence, "words": words})
    return sentence
