"""Validation problems as values.

A judge at a table needs to be told *what* is wrong and *where*; a stack trace
helps nobody. Parsing and validation raise :class:`HandError` internally, and
the engine boundary (:func:`scoring.engine.score`) turns it into an
:class:`ErrorInfo` on the result. Codes are stable (see hand-format.md) and are
never reused for another meaning.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    """A stable machine code and a sentence for a person."""

    code: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class HandError(ValueError):
    """Raised while reading or checking a hand; carries an :class:`ErrorInfo`."""

    def __init__(self, code: str, message: str):
        if code not in ERROR_CODES:
            raise AssertionError(f"unregistered error code {code!r}")
        super().__init__(message)
        self.info = ErrorInfo(code, message)
