"""Reasons as they were stored before they became codes: English sentences, read once.

Until the reasons became codes (results migration 0002), the services stored
a version's default reason and every history record's reason as a sentence
("hand 3 entered", "ruling: chombo (N)", "dropped: went home", "seated
(swiss)"); two of them ("not applied: …", "imported from a results file")
were translated into the language of the request that wrote them. This
module reads those sentences back into a code with its parameters, once:

- the data migration ``results/0003_reasons_from_english`` converts the
  database's rows (and back, when it is reversed);
- the backup import converts the rows of a file of format version 1.

This is the one place where a regular expression reads English, and only
because it reads legacy rows that are converted once: nothing new is ever
written in this form, and the pages never parse a reason. The sentences are
frozen copies of what the services wrote; they never follow the services.
"""

from __future__ import annotations

import re

from tournament.events.change_reasons import change_reason, decode

# A parameter's shape in a sentence, and whether it is a number.
_SHAPES = {
    "number": (r"\d+", int),
    "version": (r"\d+", int),
    "by": (r"\d+", int),
    "base": (r"\d+", int),
    "head": (r"\d+", int),
    "kind": (r"[a-z_]+", str),
    "seat": (r"[ESWN]", str),
    "role": (r"[a-z_]+", str),
    "status": (r"[a-z_]+", str),
    "method": (r"[a-z_]+", str),
    "words": (r".+", str),
}

# A version's code -> the sentences the services wrote for it (English first).
SHEET_SENTENCES = {
    "hand_entered": ["hand {number} entered"],
    "hand_corrected": ["hand {number} corrected"],
    "hand_removed": ["hand {number} removed"],
    "final_scores": ["final scores entered"],
    "ruling_added": ["ruling: {kind} ({seat})"],
    "ruling_voided": ["ruling voided"],
    "conflict": [
        "not applied: based on version {base}, but version {head} was saved",
        "未適用：第{base}版をもとにしましたが、第{head}版が保存されていました",
        "未应用：基于第{base}版，但第{head}版已被保存",
    ],
    "imported": ["imported from a results file", "成績ファイルから取り込み", "从成绩文件导入"],
}

# A history record's code -> the sentences the services wrote for it.
HISTORY_SENTENCES = {
    "event.created": ["event created"],
    "event.started": ["event started; ruleset config frozen"],
    "staff.creator": ["creator directs the event"],
    "staff.role_set": ["role: {role}"],
    "player.registered": ["registered for an event"],
    "registration.added": ["player added"],
    "registration.substitute_added": ["substitute added"],
    "registration.imported": ["imported from CSV"],
    "registration.demo": ["demo"],
    "registration.dropped": ["dropped", "dropped: {words}"],
    "registration.status_set": ["status set to {status}"],
    "round.seated": ["seated ({method})"],
    "round.published": ["published"],
    "round.results_published": ["results of round {number} published"],
    "seating.seated": ["seated"],
    "table.reseated": ["seated again"],
    "seat.swapped": ["swap: {words}"],
    "sheet.submitted": ["version {version} submitted"],
    "sheet.confirmed": ["version {version} confirmed"],
    "sheet.superseded": ["superseded by version {by}"],
}


def _pattern(sentence: str) -> re.Pattern:
    parts = re.split(r"\{(\w+)\}", sentence)
    regex = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>{_SHAPES[part][0]})"
        for i, part in enumerate(parts)
    )
    return re.compile(regex, re.DOTALL)


def _compile(table: dict) -> list[tuple[re.Pattern, str]]:
    return [(_pattern(s), code) for code, sentences in table.items() for s in sentences]


_SHEET = _compile(SHEET_SENTENCES)
_HISTORY = _compile(HISTORY_SENTENCES)


def _read(patterns, text: str) -> tuple[str, dict] | None:
    for pattern, code in patterns:
        found = pattern.fullmatch(text)
        if found:
            params = {k: _SHAPES[k][1](v) for k, v in found.groupdict().items()}
            return code, params
    return None


def sheet_reason(text: str | None) -> tuple[str, dict, str]:
    """``(code, params, words)`` of a version's old reason: a code, or the judge's words."""
    found = _read(_SHEET, text or "")
    if found is None:
        return "", {}, text or ""
    return found[0], found[1], ""


def history_reason(text: str | None, *, sheet_version: int | None = None) -> str | None:
    """A history record's old reason in the stored form of its code; else ``text`` unchanged.

    ``sheet_version``: the record is the creation (``+``) of this scoresheet
    version, whose reason was the version's own (it is in the record's fields).
    Words that would no longer fit the column stay as they were, sentence and all.
    """
    if text is None or decode(text) is not None:
        return text  # nothing, or already a code
    if sheet_version is not None:
        return change_reason("sheet.saved", version=sheet_version)
    found = _read(_HISTORY, text)
    if found is None:
        return text
    code, params = found
    stored = change_reason(code, **params)
    if params.get("words") and decode(stored)[1].get("words") != params["words"]:
        return text
    return stored


# --- back to the old sentences (the migration reversed) ----------------------------


def _english(sentences: list[str], params: dict) -> str:
    for sentence in sentences:
        names = set(re.findall(r"\{(\w+)\}", sentence))
        if names == set(params):
            return sentence.format(**params)
    return sentences[0].format(**params)


def english_sheet_reason(code: str, params: dict, words: str) -> str:
    if not code or code not in SHEET_SENTENCES:
        return words
    return _english(SHEET_SENTENCES[code], params)[:300]


def english_history_reason(stored: str | None, *, sheet_reason: str | None = None) -> str | None:
    """The old sentence of a stored code; ``sheet_reason`` for a version's creation."""
    decoded = decode(stored)
    if decoded is None:
        return stored
    code, params = decoded
    if code == "sheet.saved":
        return (sheet_reason or "")[:100]
    if code not in HISTORY_SENTENCES:
        return stored
    return _english(HISTORY_SENTENCES[code], params)[:100]
