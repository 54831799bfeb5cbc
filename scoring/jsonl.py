"""Scoring JSON Lines: one answer per input line, in order (hand-format.md).

A batch from an import or an outside checker must never stop at a bad line
or skip one silently: a line that is not JSON, or not an object, is answered
with ``valid: false`` and ``bad_input`` like any other problem.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from scoring.engine import score
from scoring.errors import ErrorInfo
from scoring.result import Result


def score_line(line: str, number: int, ruleset: str | None, lang: str = "en") -> dict[str, Any]:
    """The result object for one input line (``number`` counts from 1)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as problem:
        message = f"line {number}: not valid JSON ({problem.msg} at column {problem.colno})"
        return Result.invalid(ruleset, ErrorInfo("bad_input", message)).to_dict()
    if not isinstance(data, dict):
        message = f"line {number}: a hand must be a JSON object, not {type(data).__name__}"
        return Result.invalid(ruleset, ErrorInfo("bad_input", message)).to_dict()
    return score(data, ruleset, lang).to_dict(data.get("id"))


def score_lines(
    lines: Iterable[str], ruleset: str | None = None, lang: str = "en"
) -> Iterator[str]:
    """Yield one JSON text per input line (without the newline)."""
    for number, line in enumerate(lines, start=1):
        answer = score_line(line.rstrip("\r\n"), number, ruleset, lang)
        yield json.dumps(answer, ensure_ascii=False)
