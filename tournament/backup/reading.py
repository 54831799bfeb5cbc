"""Reading a backup file into a document, within bounds, before anything looks inside it.

Why bounds: the import holds the whole file in memory, and Python's own
JSON reader recurses into nested arrays, so a file of 100,000 ``[`` ends in
a ``RecursionError`` (a traceback, not a message), and a nesting of a few
hundred levels reads but breaks whatever copies or stores it later. So a
file is refused, with a message for a person and exit status 2, when it is:

- larger than ``MAX_MEGABYTES`` (256 MB; ``import_event --max-size MB`` sets
  another limit). The played demo event is 0.25 MB; a large event with
  thousands of sheet versions stays well under the default;
- nested more than ``MAX_DEPTH`` (50) levels; a backup nests about 12;
- not UTF-8, not JSON, or JSON that only Python reads (``NaN``,
  ``Infinity``, a number of more than 4,300 digits);
- not a backup this program reads (``check_document``).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from scoring.core.numbers import is_int
from tournament.backup.schema import (
    FORMAT,
    HISTORY_SECTIONS,
    READS,
    SECTIONS,
    VERSION,
    BackupFileError,
)
from tournament.events.bounds import BACKUP_FILE_MEGABYTES, JSON_MAX_DEPTH

MAX_MEGABYTES = BACKUP_FILE_MEGABYTES  # the bounds are named in tournament.events.bounds
MEGABYTE = 1024 * 1024
MAX_DEPTH = JSON_MAX_DEPTH  # levels of arrays and objects; an export nests about 12
# A JSON string (skipped whole, brackets inside it do not count) or one bracket.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def read_backup(path: str | Path, *, max_bytes: int = MAX_MEGABYTES * MEGABYTE) -> dict:
    """The file's document, checked to be a backup this program reads."""
    text = _text(path, max_bytes)
    try:
        document = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise BackupFileError(
            f"{path} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from error
    except RecursionError:
        raise BackupFileError(f"{path} {_too_deep(text)}") from None
    except ValueError as error:  # NaN, Infinity, a number too long to read
        raise BackupFileError(f"{path} is not valid JSON: {error}") from None
    if depth_exceeds(document, MAX_DEPTH):
        raise BackupFileError(f"{path} {_too_deep(text)}")
    check_document(document)
    return document


def _text(path: str | Path, max_bytes: int) -> str:
    too_big = (
        f"{path} is larger than {max_bytes / MEGABYTE:g} MB, the limit of a backup "
        "(import_event --max-size MB sets another)"
    )
    try:
        with open(path, "rb") as f:
            if os.fstat(f.fileno()).st_size > max_bytes:
                raise BackupFileError(too_big)
            data = f.read(max_bytes + 1)  # a pipe has no size: read one byte past the limit
    except OSError as error:
        raise BackupFileError(f"cannot read {path}: {error.strerror}") from error
    if len(data) > max_bytes:
        raise BackupFileError(too_big)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BackupFileError(f"{path} is not a UTF-8 text file") from error


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def depth_exceeds(document, limit: int) -> bool:
    """Whether arrays and objects nest more than ``limit`` levels (without recursion)."""
    stack = [(document, 1)] if isinstance(document, dict | list) else []
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        if depth > limit:
            return True
        stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list))
    return False


def _too_deep(text: str) -> str:
    """Where the text first nests deeper than ``MAX_DEPTH``, as a person finds it in an editor."""
    depth = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, match.start()) + 1
                column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
                return (
                    f"nests arrays and objects more than {MAX_DEPTH} levels deep "
                    f"(line {line}, column {column}); a backup never does"
                )
        elif token in "]}":
            depth -= 1
    return f"nests arrays and objects more than {MAX_DEPTH} levels deep; a backup never does"


def check_document(document) -> None:
    """The header and the sections' types; the rows are checked by ``validation``."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupFileError(f'not an event backup (expected "format": "{FORMAT}")')
    version = document.get("version")
    if not is_int(version) or version not in READS:
        newer = is_int(version) and version > VERSION
        raise BackupFileError(
            f"backup format version {version!r} "
            + ("comes from a newer version of this program" if newer else "is unknown")
            + f"; this program reads versions {READS[0]} to {VERSION}"
        )
    expected = {"users": list, "history": dict}
    expected |= {s.key: list for s in SECTIONS if version >= s.since}
    expected["event"] = dict
    problems = [
        f"{key!r} is missing" if key not in document else f"{key!r} is not a JSON {_kind(kind)}"
        for key, kind in expected.items()
        if not isinstance(document.get(key), kind)
    ]
    if not isinstance(document.get("exported_at", ""), str | None):
        problems.append("'exported_at' is not a JSON string")
    history = document.get("history")
    problems += [
        f"history {s.key!r} is not a list"
        for s in HISTORY_SECTIONS
        if isinstance(history, dict) and not isinstance(history.get(s.key, []), list)
    ]
    if problems:
        raise BackupFileError("incomplete backup: " + "; ".join(problems))


def _kind(kind: type) -> str:
    return {"list": "array", "dict": "object"}.get(kind.__name__, kind.__name__)
