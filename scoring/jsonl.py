"""Scoring JSON Lines: one answer per input line, in order (hand-format.md).

A batch from an import or an outside checker must never stop at a bad line
or skip one silently: a line that is not JSON, or not an object, is answered
with ``valid: false`` and ``bad_input`` like any other problem.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from typing import Any

from scoring.core.errors import ErrorInfo
from scoring.core.result import Result
from scoring.engine import score

# A hand object nests three levels at most (options.faan_table); much deeper is junk,
# and near Python's recursion limit repr() and json.dumps() of it would fail.
MAX_DEPTH = 32
BOM = "\ufeff"  # Windows editors start UTF-8 files with one


class _NotJson(ValueError):
    """Python's json reads NaN, Infinity and 1e999; JSON has none of them, nor would our answer."""


def _constant(name: str):
    raise _NotJson(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotJson(f"the number {text[:20]} is too large")
    return value


def score_line(line: str, number: int, ruleset: str | None, lang: str = "en") -> dict[str, Any]:
    """The result object for one input line (``number`` counts from 1)."""
    try:
        data = json.loads(line, parse_constant=_constant, parse_float=_finite)
    except _NotJson as problem:
        return _bad_input(ruleset, f"line {number}: not valid JSON ({problem})")
    except json.JSONDecodeError as problem:
        message = f"line {number}: not valid JSON ({problem.msg} at column {problem.colno})"
        return _bad_input(ruleset, message)
    except ValueError:  # an integer of more than sys.get_int_max_str_digits() digits
        return _bad_input(ruleset, f"line {number}: a number has too many digits to read")
    except RecursionError:
        return _bad_input(ruleset, f"line {number}: nested too deeply to read")
    if not isinstance(data, dict):
        message = f"line {number}: a hand must be a JSON object, not {type(data).__name__}"
        return _bad_input(ruleset, message)
    if _deeper_than(data, MAX_DEPTH):
        hand_id = data.get("id")
        message = f"line {number}: nested more than {MAX_DEPTH} levels deep"
        return _bad_input(ruleset, message, None if _deeper_than(hand_id, MAX_DEPTH) else hand_id)
    return score(data, ruleset, lang).to_dict(data.get("id"))


def _bad_input(ruleset: str | None, message: str, hand_id: Any = None) -> dict[str, Any]:
    return Result.invalid(ruleset, ErrorInfo("bad_input", message)).to_dict(hand_id)


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether lists and objects nest more than ``limit`` levels (without recursion)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def score_lines(
    lines: Iterable[str], ruleset: str | None = None, lang: str = "en"
) -> Iterator[str]:
    """Yield one JSON text per input line (without the newline)."""
    for number, line in enumerate(lines, start=1):
        if number == 1:
            line = line.removeprefix(BOM)
        answer = score_line(line.rstrip("\r\n"), number, ruleset, lang)
        text = json.dumps(answer, ensure_ascii=False)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate ("\\ud800") from the input: escape it
            text = json.dumps(answer)
        yield text
