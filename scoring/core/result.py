"""The result of scoring one hand, and its JSON face (hand-format.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.core.errors import ErrorInfo


@dataclass(frozen=True)
class Item:
    """One scoring pattern: ``value`` per occurrence, counted ``count`` times."""

    key: str
    value: int
    count: int = 1
    name: str = ""

    @property
    def total(self) -> int:
        return self.value * self.count

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "value": self.value, "count": self.count}


@dataclass(frozen=True)
class Result:
    """Validity, error, headline total and breakdown of one hand.

    ``han``, ``fu`` and ``limit`` are filled for riichi only, ``points`` for
    riichi (the ron value or the sum of the tsumo payments) and hkos (V, what
    a discarder pays); the JSON of other rulesets shows them as ``null``.
    ``basic`` is riichi's basic points *b* (rules/riichi.md §1), which
    settlement needs and the JSON face does not show.
    """

    ruleset: str | None
    valid: bool
    error: ErrorInfo | None = None
    total: int | None = None
    items: tuple[Item, ...] = ()
    han: int | None = None
    fu: int | None = None
    points: int | None = None
    limit: str | None = None
    basic: int | None = field(default=None, compare=False)
    yakuman: int = 0

    @classmethod
    def invalid(cls, ruleset: str | None, error: ErrorInfo) -> Result:
        return cls(ruleset=ruleset, valid=False, error=error)

    def to_dict(self, hand_id: Any = None) -> dict[str, Any]:
        out: dict[str, Any] = {"id": hand_id, "ruleset": self.ruleset, "valid": self.valid}
        out["error"] = self.error.to_dict() if self.error else None
        out["total"] = self.total
        for name in ("han", "fu", "points", "limit"):
            out[name] = getattr(self, name)
        out["items"] = [i.to_dict() for i in self.items]
        return out
