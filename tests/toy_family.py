"""A fifth ruleset family that lives only in the tests: four fixed hands, flat payments.

Why: the families' contract promises that a family is one object behind the
protocol, with nothing to edit outside its package. This one is defined and
registered from tests/ alone (``register_family``), so the tests that use it
show that every page, service and printout asks the family instead of knowing
the four real ones.

The rules of "toy": a session is exactly four hands. A hand is a discard win
(the discarder pays the winner ``points`` times the event's ``stake``), a
self-draw (each other player pays that) or a draw (nothing). Players rank on
their points total. The one option is ``stake``, a whole number from 1 to 10.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from types import SimpleNamespace
from typing import Any

from scoring.core.seats import SEATS
from scoring.families import register_family, unregister_family
from scoring.families.base import BaseFamily
from scoring.families.protocol import EntryData, OptionError, ValueField
from scoring.sheets.common import SheetError
from scoring.sheets.ranking import point_total_result
from scoring.sheets.reading import Tally, not_discarder
from scoring.sheets.values import winner_value

HANDS = 4
OUTCOMES = ("discard", "self_draw", "draw")
MAX_STAKE = 10


@dataclass(frozen=True)
class ToyRules:
    ruleset: str = "toy"
    stake: int = 1

    def freeze(self) -> dict[str, Any]:
        return asdict(self)


class ToyFamily(BaseFamily):
    name = "toy"
    rulesets = ("toy",)
    names_table = "mcr_fans"  # no tiles-level hands: the item names are never asked for
    rules_type = ToyRules

    def title(self, ruleset: str, lang: str = "en") -> str:
        return "Toy rules"

    def options(self, ruleset: str) -> frozenset[str]:
        return frozenset({"stake"})

    def resolve(self, ruleset: str, overrides: Any) -> ToyRules:
        for name in overrides or {}:
            if name != "stake":
                raise OptionError(name, "unknown_option", f"{name!r} is not a toy option")
        stake = (overrides or {}).get("stake", 1)
        if type(stake) is not int or not 1 <= stake <= MAX_STAKE:
            raise OptionError(
                "stake", "bad_value", f"stake: must be 1 to {MAX_STAKE}, not {stake!r}"
            )
        return ToyRules(ruleset, stake)

    def entry(self, rules: ToyRules) -> EntryData:
        return EntryData(
            outcomes=OUTCOMES,
            wins=frozenset({"discard", "self_draw"}),
            from_discard=frozenset({"discard"}),
            flags=(),
            value_fields=(ValueField("points", minimum=1),),
            total_field="points",
        )

    def precedence(self, rules: ToyRules) -> tuple[str, ...]:
        return ("points_total", "firsts")

    def default_penalty_scope(self, rules: ToyRules) -> str:
        return "table_score"

    def session_hands(self, rules: ToyRules) -> int:
        return HANDS

    def replay(self, rules: ToyRules, entries, penalties, *, final_scores, leftover_sticks, lang):
        if final_scores is not None or penalties:
            raise SheetError("hands", "not_allowed", "the toy keeps hand rows only")
        tally = Tally()
        for i, data in enumerate(entries):
            row = tally.row(i, data, over=i >= HANDS)
            deltas, winners, discarder, value = _hand(row, rules.stake)
            tally.add(
                SimpleNamespace(outcome=row.data["outcome"]),
                SimpleNamespace(deltas=deltas),
                label=str(i + 1),
                dealer=SEATS[i % len(SEATS)],
                level="value",
                winners=winners,
                discarder=discarder,
                value=value,
                score=None,
            )
        n = len(tally.rows)
        return point_total_result(
            rules.ruleset,
            tally.totals,
            tally.rows,
            (),
            None,
            complete=n == HANDS,
            warnings=(),
            upcoming=lambda: (str(n + 1), SEATS[n % len(SEATS)]),
        )


def _hand(row, stake: int):
    """One row: (deltas, winners, discarder, value) under flat payments."""
    outcome = row.choice("outcome", OUTCOMES)
    deltas = dict.fromkeys(SEATS, 0)
    if outcome == "draw":
        row.empty("winner", "discarder", "points")
        return deltas, (), None, ()
    winner, points = row.seat("winner"), row.integer("points")
    if points < 1:
        raise SheetError(
            row.field("points"), "below_minimum", "a win needs 1", {"value": points, "minimum": 1}
        )
    payers = [s for s in SEATS if s != winner]
    discarder = None
    if outcome == "discard":
        discarder = row.seat("discarder")
        not_discarder(winner, discarder, row.field("discarder"))
        payers = [discarder]
    for seat in payers:
        deltas[seat] -= points * stake
        deltas[winner] += points * stake
    return deltas, (winner,), discarder, (winner_value(winner, ("points", points)),)


def registered_toy():
    """Register the toy family; a generator for a pytest fixture (removes it afterwards)."""
    family = register_family(ToyFamily())
    yield family
    unregister_family(family.name)
