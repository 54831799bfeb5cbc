"""Validation problems as values.

A judge at a table needs to be told *what* is wrong and *where*; a stack trace
helps nobody. Parsing and validation raise :class:`HandError` internally, and
the engine boundary (:func:`scoring.engine.score`) turns it into an
:class:`ErrorInfo` on the result. Codes are stable (see hand-format.md) and are
never reused for another meaning.

Besides the hand-format code and its English sentence (the command line's,
and the logs'), a refusal carries a finer code of its own, the *refusal*,
with its params (plain values: flags, tiles, seats, a rule reference), so
that a page can say it in its reader's language without reading the English
back (issue #35). Each family declares the refusals it makes
(``Family.refusals()``; the shared ones are :mod:`scoring.core.refusals`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# The codes of hand-format.md, plus our own extensions (documented there too).
ERROR_CODES = frozenset(
    {
        "bad_input",
        "bad_tile",
        "too_many_copies",
        "wrong_tile_count",
        "bad_meld",
        "not_winning",
        "no_yaku",
        "below_minimum",
        "penalty_tile",
        "unknown_ruleset",
        "bad_flag",
        "bad_option",
        "unsupported_ruleset",
    }
)


class NamesField:
    """An exception that names the field a person got wrong, and why.

    Mixed into the settlement and session errors (before their exception base):
    ``str(error)`` is "field: reason", and both parts stay readable apart.
    """

    def __init__(self, field: str, reason: str):
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


@dataclass(frozen=True)
class ErrorInfo:
    """A stable machine code and a sentence for a person.

    ``refusal`` and ``params``: the finer code and its params (module
    docstring), or None; they are not part of the hand format's answer
    (:meth:`to_dict`), which stays the command line's contract.
    """

    code: str
    message: str
    refusal: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}

    def refusal_dict(self) -> dict[str, Any] | None:
        """The refusal as plain data, ``{"code": …, "params": {…}}``, or None."""
        if self.refusal is None:
            return None
        return {"code": self.refusal, "params": dict(self.params)}


class HandError(ValueError):
    """Raised while reading or checking a hand; carries an :class:`ErrorInfo`.

    ``refusal`` and ``params``: the finer code a page words, with its params
    (module docstring).
    """

    def __init__(self, code: str, message: str, refusal: str | None = None, **params: Any):
        if code not in ERROR_CODES:
            raise AssertionError(f"unregistered error code {code!r}")
        super().__init__(message)
        self.info = ErrorInfo(code, message, refusal, params)
