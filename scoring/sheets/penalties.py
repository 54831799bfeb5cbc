"""The penalty ledger of a sheet (sessions.md §5), kept apart from the hand rows.

A judge records a penalty as an entry: who, what kind, how many points
(≤ 0, 0 being a logged ruling), and where it counts: ``table_score`` (joins
the points before ranking), ``session_after_uma`` (after placement points) or
``overall_score`` (only the tournament total). With ``equal_to_others`` the
other three share the points, so the table stays zero-sum. What is left out
of an entry is filled from the ruleset's defaults (the table in sessions.md
§5), passed in as a :class:`PenaltyPolicy`, so one reader serves every family.
An entry may carry its ruling's ``tiles`` (mpsz text): the family decides
what they mean (Zung Jung: penalty tiles, or a falsely declared hand).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.core.numbers import is_int
from scoring.core.seats import SEATS
from scoring.sheets.common import SheetError, sequence
from scoring.sheets.messages import Message
from scoring.sheets.reading import Row

CATEGORIES = (
    "chombo",
    "false_win",
    "dead_hand_call",
    "wrong_tile_count",
    "conduct",
    "lateness",
    "penalty_tiles",
    "timing",
    "other",
)
SCOPES = ("table_score", "session_after_uma", "overall_score")
DISTRIBUTIONS = ("none", "equal_to_others")
OTHERS = len(SEATS) - 1


@dataclass(frozen=True)
class PenaltyPolicy:
    """A ruleset's defaults for what a judge leaves out, and its own extra check.

    ``scope`` and ``distribution`` map a category to its default (key ``"*"``
    for the rest); ``points`` gives the categories whose amount the rules fix.
    ``check(entry, where)`` refuses what the ruleset does not allow.
    """

    scope: Mapping[str, str]
    distribution: Mapping[str, str]
    points: Mapping[str, int] = field(default_factory=dict)
    check: Callable[[Entry, str], None] | None = None
    shared_scopes: frozenset[str] = frozenset()  # scopes whose default is equal_to_others

    def default(self, table: Mapping[str, str], category: str) -> str:
        return table.get(category, table["*"])


@dataclass(frozen=True)
class Entry:
    """One normalized ledger entry; ``derived`` ones come from hand rows (riichi chombo).

    ``reason`` is the judge's own text, or for an entry the engine writes a
    :class:`~scoring.sheets.messages.Message` (stored as its code and params).
    """

    player: str
    category: str
    points: int
    scope: str
    distribution: str
    after_hand: int | None
    reason: str | Message
    index: int | None = None  # position in the judge's penalties list
    derived: bool = False
    tiles: str = ""  # the ruling's tiles as mpsz (penalty tiles, an exposed hand), or ""

    @property
    def effect(self) -> dict[str, int]:
        """What each seat gets, in the ruleset's points; sums to ``points`` or to 0 if shared."""
        out = dict.fromkeys(SEATS, 0)
        out[self.player] = self.points
        if self.distribution == "equal_to_others":
            for seat in SEATS:
                if seat != self.player:
                    out[seat] = -self.points // OTHERS
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "category": self.category,
            "points": self.points,
            "scope": self.scope,
            "distribution": self.distribution,
            "after_hand": self.after_hand,
            "reason": self.reason.to_dict() if isinstance(self.reason, Message) else self.reason,
            "effect": self.effect,
            "index": self.index,
            "derived": self.derived,
            "tiles": self.tiles,
        }


def read_penalties(penalties: Any, rows: int, policy: PenaltyPolicy) -> list[Entry]:
    """The judge's entries, each field checked and defaults filled in."""
    return [_entry(p, i, rows, policy) for i, p in enumerate(sequence(penalties, "penalties"))]


def _entry(data: Any, i: int, rows: int, policy: PenaltyPolicy) -> Entry:
    row = Row(data, f"penalties[{i}]")
    player = row.seat("player")
    category = row.choice("category", CATEGORIES)
    points = row.integer("points", default=policy.points.get(category))
    if points > 0:
        raise SheetError(
            row.field("points"),
            "above_maximum",
            f"a penalty is 0 or less (points lost), not {points}",
            {"value": points, "maximum": 0},
        )
    scope = row.choice("scope", SCOPES, policy.default(policy.scope, category))
    shared = "equal_to_others" if scope in policy.shared_scopes else None
    distribution = row.choice(
        "distribution", DISTRIBUTIONS, shared or policy.default(policy.distribution, category)
    )
    if distribution == "equal_to_others" and points % OTHERS:
        raise SheetError(
            row.field("points"),
            "not_divisible",
            f"{points} cannot be shared equally by the 3 other players",
            {"value": points, "divisor": OTHERS},
        )
    # The hand it happened in: an entered one (0 to rows - 1), or the one in progress (rows).
    after = row.data.get("after_hand")
    if after is not None and (not is_int(after) or not 0 <= after <= rows):
        raise SheetError(
            row.field("after_hand"),
            "bad_input",
            f"must be empty, the index of an entered hand (0 to {rows - 1}) or {rows} for the "
            f"hand in progress, not {after!r}"
            if rows
            else f"must be empty or 0 (the hand in progress), not {after!r}",
            {"field": row.field("after_hand"), "value": after, "in_progress": rows},
        )
    reason = row.data.get("reason") or ""
    if not isinstance(reason, str):
        raise row.missing("reason", f"must be text, not {reason!r}")
    tiles = row.data.get("tiles") or ""
    if not isinstance(tiles, str):
        raise row.missing("tiles", f"must be tiles in mpsz text, not {tiles!r}")
    entry = Entry(
        player, category, points, scope, distribution, after, reason, index=i, tiles=tiles
    )
    if policy.check:
        policy.check(entry, row.where)
    return entry


def totals(entries: Sequence[Entry], scope: str) -> dict[str, int]:
    """Each seat's sum of the effects of the entries in ``scope``."""
    out = dict.fromkeys(SEATS, 0)
    for entry in entries:
        if entry.scope == scope:
            for seat, amount in entry.effect.items():
                out[seat] += amount
    return out
