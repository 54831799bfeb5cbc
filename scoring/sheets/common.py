"""What every ruleset's sheet shares: the error, the results, final scores, basic readers.

A sheet is typed in by a judge at a table, one row at a time, and replayed in
full after every change. Whatever is wrong has to come back as one
:class:`SheetError` that says *where* (``hands[2].discarder``), *what* (a
stable ``code`` a translated message can key on, with ``params``) and a
sentence in English, never as a stack trace from a lower layer.

Players are named by their **starting seat** (``"E"`` is the first dealer);
the Django layer maps seats to registrations, the arithmetic never needs to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from scoring.core.numbers import is_int
from scoring.core.seats import SEATS
from scoring.sheets.messages import Message
from scoring.sheets.values import WinValue, english


class SheetError(ValueError):
    """Bad input on a sheet: ``field`` says where, ``code`` what (see the package docstring)."""

    def __init__(self, field: str, code: str, reason: str, params: Mapping[str, Any] | None = None):
        self.field = field
        self.code = code
        self.params = dict(params or {})
        self.message = f"{field}: {reason}"
        super().__init__(self.message)

    def to_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "code": self.code,
            "params": self.params,
            "message": self.message,
        }


def refusal(code: str, **params: Any) -> dict[str, Any]:
    """A :class:`SheetError`'s params part that a page words: the refusal's code and params.

    The family declares the code (``Family.refusals()``; scoring.core.refusals);
    the English reason stays the command line's and the logs'.
    """
    return {"refusal": {"code": code, "params": params}}


def wrap(where: str, problem: Exception, code: str = "bad_input") -> SheetError:
    """A lower layer's error (FieldError, SessionError, PointsError …) under the sheet's field."""
    inner = getattr(problem, "field", None)
    reason = getattr(problem, "reason", None) or str(problem)
    field = f"{where}.{inner}" if inner and where else (inner or where)
    return SheetError(field, code, reason, {"field": field})


def exact(value: Any) -> Any:
    """JSON-safe: a Fraction as its exact string ("7/3", "15"); containers converted inside."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Mapping):
        return {k: exact(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [exact(v) for v in value]
    return value


@dataclass(frozen=True)
class RowResult:
    """One replayed row, with everything the sheet prints for it (sessions.md §3).

    ``value`` is each winner's value as codes and numbers
    (:mod:`scoring.sheets.values`); it is stored as
    ``[{"seat": "N", "parts": [["han", 4], ["fu", 30]]}, …]``, and nothing
    stores its English text (:attr:`value_text`) in the result. ``notes`` are
    :class:`~scoring.sheets.messages.Message` codes, stored as
    ``{"code": "chombo_replayed", "params": {"seat": "N"}}``.
    """

    index: int
    label: str
    dealer: str
    honba: int
    outcome: str
    level: str
    winners: tuple[str, ...]
    discarder: str | None
    value: tuple[WinValue, ...]
    score: dict | None
    deltas: dict[str, int]
    totals: dict[str, int]
    pool_after: int = 0
    notes: tuple[Message, ...] = ()
    label_parts: dict | None = None  # :class:`~scoring.sheets.labels.HandLabel`, as a dict

    @property
    def value_text(self) -> str:
        """The value in English ("3 han 40 fu"): logs, tests and the hand record's column."""
        return english(self.value)

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["value"] = [one.to_dict() for one in self.value]
        out["notes"] = [note.to_dict() for note in self.notes]
        return exact(out)


@dataclass(frozen=True)
class SheetResult:
    """A whole sheet replayed: rows, final points, the balance check and the session result.

    ``session[seat]`` holds ``placement``, ``score``, ``rank_points``, ``uma``,
    ``oka``, ``sticks`` (riichi leftover sticks received, else None),
    ``penalty`` and ``overall_penalty``; penalties are signed amounts to *add*
    (negative for the offender), in session units. ``warnings`` are
    :class:`~scoring.sheets.messages.Message` codes, stored like a row's notes.
    ``penalty_tiles`` (families with the ``penalty_tiles`` feature): who holds
    penalty tiles in which hand, entered or being played, as
    ``{"hand": index from 0, "seat", "tiles": mpsz or "", "self_draw_only": bool}``.
    """

    ruleset: str
    family: str
    start: int
    rows: tuple[RowResult, ...]
    final_points: dict[str, int]
    pool: int
    balance: dict[str, Any]
    penalties: tuple[dict, ...]
    session: dict[str, dict[str, Any]]
    complete: bool | None
    next_label: str | None
    next_dealer: str | None
    warnings: tuple[Message, ...] = ()
    penalty_tiles: tuple[dict, ...] = ()
    next_label_parts: dict | None = None  # the next hand's label as parts (sheets/labels.py)

    def __post_init__(self) -> None:
        if not self.balance["ok"]:
            raise AssertionError(f"the sheet does not balance: {self.balance}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data; every Fraction becomes its exact string ("7/3", "-15")."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["rows"] = [r.to_dict() for r in self.rows]
        out["warnings"] = [w.to_dict() for w in self.warnings]
        return exact(out)


def balance(final_points: Mapping[str, int], start: int, pool: int = 0) -> dict[str, Any]:
    """Σ final points + pool sticks = 4 × start (sessions.md §4); never false on a real sheet."""
    expected, actual = start * len(SEATS), sum(final_points.values()) + pool * 1000
    return {"expected": expected, "actual": actual, "ok": expected == actual}


def sequence(value: Any, field: str) -> list:
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
        raise SheetError(field, "bad_input", f"must be a list, not {value!r}", {"field": field})
    return list(value)


def mapping(value: Any, field: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise SheetError(field, "bad_input", f"must be an object, not {value!r}", {"field": field})
    return value


def check_seat(value: Any, field: str) -> str:
    if value not in SEATS:
        raise SheetError(
            field,
            "bad_seat",
            f"must be a starting seat E, S, W or N, not {value!r}",
            {"value": value},
        )
    return value


def final_scores_map(final_scores: Any) -> dict[str, int]:
    """Final-scores-only entry: one whole number per starting seat."""
    given = mapping(final_scores, "final_scores")
    for key in given:
        check_seat(key, "final_scores")
    out = {}
    for seat in SEATS:
        field = f"final_scores.{seat}"
        if seat not in given:
            raise SheetError(
                field, "bad_input", "is missing: give all four seats", {"field": field}
            )
        if not is_int(given[seat]):
            raise SheetError(
                field, "bad_input", f"must be a whole number, not {given[seat]!r}", {"field": field}
            )
        out[seat] = given[seat]
    return out


def scores_do_not_sum(expected: int, actual: int, why: str) -> SheetError:
    return SheetError(
        "final_scores",
        "scores_do_not_sum",
        f"add up to {actual:,}, but {why} makes {expected:,}",
        {"expected": expected, "actual": actual},
    )


def session_over(where: str, label: str) -> SheetError:
    return SheetError(
        where,
        "session_over",
        f"the session ended with the hand before ({label}); no further hand can be entered",
        {"label": label},
    )


def running(totals: Mapping[str, int], deltas: Mapping[str, int]) -> dict[str, int]:
    return {s: totals[s] + deltas[s] for s in SEATS}
