"""A scoresheet version's reason, as the reader sees it.

Why: every version says why it was written, for the audit trail. When the
judge gives no words of their own, the service stores a *code* with its
parameters (``hand_entered`` with ``{"number": 3}``; ``ruling_added`` with
``{"kind": "chombo", "seat": "N"}``) in ``ScoreSheet.reason_code`` and
``reason_params``, and this module puts it into words (the glossary's,
:mod:`tournament.glossary.reasons`) in the reader's language when the
version is shown. A judge's own words are stored in
``ScoreSheet.reason`` and shown as typed. Nothing here reads English back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament.glossary.reasons import VERSION_REASONS
from tournament.results.models import Ruling, ScoreSheet

Code = ScoreSheet.ReasonCode


@dataclass(frozen=True)
class Reason:
    """Why a service writes a version: a code and its parameters (plain JSON values)."""

    code: str
    params: dict = field(default_factory=dict)

    def __post_init__(self):
        if self.code not in VERSION_REASONS:
            raise ValueError(f"unknown version reason code {self.code!r}")


def reason(code: str, **params) -> Reason:
    return Reason(code, params)


def _shown(params: dict) -> dict:
    """Parameters as the reader sees them: a ruling's kind by its label."""
    shown = dict(params)
    if "kind" in shown:
        shown["kind"] = str(dict(Ruling.Kind.choices).get(shown["kind"], shown["kind"]))
    return shown


def describe(code: str, params: dict | None = None, words: str = "") -> str:
    """The reason in the reader's language: the code's sentence, else the judge's words."""
    sentence = VERSION_REASONS.get(code)
    if sentence is None:
        return words or ""
    try:
        return str(sentence) % _shown(params or {})
    except (KeyError, TypeError, ValueError):
        # A row whose parameters do not fit its sentence (edited by hand): the
        # code's label still says what happened.
        return str(Code(code).label)


def version_reason(sheet: ScoreSheet) -> str:
    """Why ``sheet`` (a version, or a history record of one) was written, for the reader."""
    return describe(sheet.reason_code, sheet.reason_params, sheet.reason)
