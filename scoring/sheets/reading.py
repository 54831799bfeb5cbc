"""Reading a judge's rows: one object per hand, every error naming ``hands[i].key``.

A form sends JSON, so every field may be missing, null, of the wrong type or
set where the outcome has no use for it; :class:`Row` checks each one as it
is read, so the first problem found is reported where it is. Tiles-level
hands go through the engine (:func:`score_tiles`), whose error codes pass
through unchanged. The point-total families (MCR, Zung Jung, HKOS) keep
their replayed rows in a :class:`Tally`, and :func:`settle_row` reports a
settlement's refusal under the row it settles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scoring.core.numbers import is_int
from scoring.core.result import Result
from scoring.core.seats import SEATS
from scoring.families.rulesets import score_configured
from scoring.sheets.common import (
    RowResult,
    SheetError,
    check_seat,
    mapping,
    running,
    sequence,
    session_over,
    wrap,
)

# Fields whose "nothing" is 0 rather than absent: a form may send 0 on a draw.
ZERO_IS_EMPTY = frozenset({"flowers", "yakuman"})


def _empty(name: str, value: Any) -> bool:
    if value is None or value is False or value == "" or value == [] or value == {}:
        return True
    return name in ZERO_IS_EMPTY and value == 0


class Row:
    """Reads one entry (a JSON object) and names ``where.key`` in every error."""

    def __init__(self, data: Any, where: str):
        self.data = mapping(data, where)
        self.where = where

    def field(self, name: str) -> str:
        return f"{self.where}.{name}"

    def has(self, name: str) -> bool:
        return not _empty(name, self.data.get(name))

    def missing(self, name: str, what: str = "is required here") -> SheetError:
        return SheetError(self.field(name), "bad_input", what, {"field": self.field(name)})

    def choice(self, name: str, choices: Sequence[str], default: str | None = None) -> str:
        value = self.data.get(name, default)
        if value is None:
            raise self.missing(name, f"is required: one of {', '.join(choices)}")
        if value not in choices:
            raise SheetError(
                self.field(name),
                "bad_choice",
                f"must be one of {', '.join(choices)}, not {value!r}",
                {"value": value, "choices": list(choices)},
            )
        return value

    def level(self) -> str:
        return self.choice("level", ("value", "tiles"), default="value")

    def seat(self, name: str, required: bool = True) -> str | None:
        value = self.data.get(name)
        if _empty(name, value):
            if required:
                raise self.missing(name, "is required: a starting seat E, S, W or N")
            return None
        return check_seat(value, self.field(name))

    def seats(self, name: str) -> tuple[str, ...]:
        """A list of seats, each at most once, in turn order."""
        value = self.data.get(name)
        if _empty(name, value):
            return ()
        seen = [
            check_seat(v, f"{self.field(name)}[{i}]")
            for i, v in enumerate(sequence(value, self.field(name)))
        ]
        for seat in SEATS:
            if seen.count(seat) > 1:
                raise SheetError(
                    self.field(name), "duplicate", f"lists {seat} twice", {"value": seat}
                )
        return tuple(s for s in SEATS if s in seen)

    def integer(self, name: str, required: bool = True, default: int | None = None) -> int | None:
        value = self.data.get(name)
        if value is None:
            if required and default is None:
                raise self.missing(name, "is required: a whole number")
            return default
        if not is_int(value):
            raise SheetError(
                self.field(name),
                "bad_input",
                f"must be a whole number, not {value!r}",
                {"field": self.field(name)},
            )
        return value

    def empty(self, *names: str, why: str = "for this outcome") -> None:
        """``not_allowed`` for any of ``names`` that carries a value."""
        for name in names:
            if not _empty(name, self.data.get(name)):
                raise SheetError(
                    self.field(name),
                    "not_allowed",
                    f"must be empty {why}, not {self.data.get(name)!r}",
                    {"value": self.data.get(name)},
                )


def not_discarder(winner: str, discarder: str | None, field: str) -> None:
    if discarder is not None and discarder == winner:
        raise SheetError(
            field,
            "winner_is_discarder",
            f"{discarder} is the winner and cannot also be the discarder",
            {"value": discarder},
        )


def score_tiles(
    row: Row,
    hand: Any,
    rules: Any,
    *,
    fill: Mapping[str, Any],
    lang: str,
    name: str = "hand",
) -> Result:
    """Score a tiles-level row with the event's frozen hand config; an invalid hand is refused.

    ``fill`` (winds, dealer, win) comes from the row's place in the session and
    overwrites what the judge may have typed. ``rules.hand`` is the event's
    resolved hand config; options the hand names itself apply on top of it,
    except those the event set (``rules.hand_options``), which win.
    """
    where = row.field(name)
    data = dict(mapping(hand, where))
    own = mapping(data.get("options") or {}, f"{where}.options")
    event = rules.hand_options or {}
    data.update(
        fill,
        ruleset=rules.ruleset,
        options={k: v for k, v in own.items() if k not in event},
    )
    result = score_configured(data, rules.hand, lang)
    if not result.valid:
        error = result.error
        params = {"detail": error.message}
        if error.refusal is not None:
            params["refusal"] = error.refusal_dict()  # the engine's own words, as a code
        raise SheetError(where, error.code, error.message, params)
    return result


def settle_row(row: Row, error: type[Exception], settle: Callable[..., Any], /, *args, **kwargs):
    """``settle(*args, **kwargs)``; the lower layer's ``error`` is reported under ``row``."""
    try:
        return settle(*args, **kwargs)
    except error as problem:
        raise wrap(row.where, problem) from None


class Tally:
    """A point-total sheet as it is replayed: hand records, rows, running totals from 0."""

    def __init__(self) -> None:
        self.records: list[Any] = []
        self.rows: list[RowResult] = []
        self.totals: dict[str, int] = dict.fromkeys(SEATS, 0)

    def row(self, i: int, data: Any, *, over: bool) -> Row:
        """Entry ``i`` as ``hands[i]``; ``over``: the session ended with the row before it."""
        where = f"hands[{i}]"
        if over:
            raise session_over(where, self.rows[-1].label)
        return Row(data, where)

    def add(self, record: Any, settled: Any, **shown: Any) -> None:
        """A settled hand: its row shows ``shown`` (label, dealer, level …), deltas and totals."""
        self.records.append(record)
        self.totals = running(self.totals, settled.deltas)
        self.rows.append(
            RowResult(
                index=len(self.rows),
                honba=0,
                outcome=record.outcome,
                deltas=settled.deltas,
                totals=self.totals,
                **shown,
            )
        )
