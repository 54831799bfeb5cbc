"""What most families do the same way, so that each family states only what differs.

Why: thawing frozen rules, the default rule references and "no consequence"
are the same code for every family; a family class inherits them and the
protocol (:class:`scoring.families.protocol.Family`) stays the contract.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scoring.core.names import display_name
from scoring.core.plain import PlainError, from_plain, to_plain
from scoring.core.refusals import CORE_REFUSALS
from scoring.families.printing import GENERIC, shared_row
from scoring.families.protocol import (
    Cell,
    Consequence,
    OptionError,
    PrintedRow,
    PrintLayout,
    StandingsFormat,
)
from scoring.sheets.inputs import INPUT_REFUSALS
from scoring.sheets.parts import point_total_parts

# Chinese-family hand flags (hand-format.md, flags vocabulary), in the form's order.
CHINESE_FLAGS = (
    "last_tile",
    "kong_replacement",
    "flower_replacement",
    "robbing_kong",
    "last_of_kind",
    "heavenly",
    "earthly",
)
RULESET_NAMES = "rulesets"  # scoring/data/rulesets.tsv: each built-in ruleset's name
WIN_OUTCOMES = frozenset({"discard", "self_draw", "robbing_kong"})
FROM_DISCARD = frozenset({"discard", "robbing_kong"})


@dataclass(frozen=True)
class FamilyRules:
    """What every family's complete rules for one event start with.

    A family's own rules subclass this, name the type of ``hand`` (which
    ``thaw`` reads the frozen config back as) and add their parts after it.
    """

    ruleset: str
    hand: Any
    hand_options: dict[str, Any]  # the event's own hand options: a hand's own yield to them

    def freeze(self) -> dict[str, Any]:
        return to_plain(self)


class BaseFamily:
    """Shared behaviour; subclasses set the class attributes and the family's own methods."""

    name: ClassVar[str]
    rulesets: ClassVar[tuple[str, ...]]
    names_table: ClassVar[str]
    hand_rulesets: ClassVar[tuple[Any, ...]] = ()  # none: no hand valued from its tiles
    rules_type: ClassVar[type]
    # (ruling kind) -> the rule it rests on, printed with the ruling.
    references: ClassVar[Mapping[str, str]] = {}
    # An example of the event's options, valid as it stands (the create form's help shows it).
    option_example: ClassVar[Mapping[str, Any]] = {}
    # The refusals only this family makes, code -> params (the shared ones: refusals()).
    own_refusals: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def refusals(self) -> Mapping[str, tuple[str, ...]]:
        """The shared refusals (hand, tiles, flags, inputs) and the family's own."""
        return {**CORE_REFUSALS, **INPUT_REFUSALS, **self.own_refusals}

    def thaw(self, frozen: Mapping[str, Any]) -> Any:
        try:
            rules = from_plain(self.rules_type, dict(frozen))
        except (PlainError, ValueError, TypeError) as problem:
            raise OptionError("ruleset_config", "bad_value", str(problem)) from None
        if rules.ruleset not in self.rulesets:
            raise OptionError(
                "ruleset_config", "bad_value", f"{rules.ruleset!r} is not {self.name}"
            )
        return rules

    def title(self, ruleset: str, lang: str = "en") -> str:
        """The ruleset's name for people, in ``lang`` (scoring/data/rulesets.tsv)."""
        return display_name(RULESET_NAMES, ruleset, lang)

    def edition_title(self, rules: Any, lang: str = "en") -> str | None:
        return None

    def consequence(self, rules: Any, kind: str, player: str) -> Consequence:
        return Consequence(rule_reference=self.references.get(kind, ""))

    def hands_option(self) -> str | None:
        """The option the event's "hands per session" sets, where the family counts hands."""
        return None

    def seats_by_round(self, rules: Any, seat: str) -> Sequence[str] | None:
        return None

    def hand_winds(self, rules: Any, index: int) -> Mapping[str, str] | None:
        """Each starting seat's wind in hand ``index`` (from 0), where the family moves them.

        None: the sheet's starting winds are the ones to show (the dealer is
        marked apart), as a family whose winds follow the results says.
        """
        return None

    def standings_format(self, rules: Any) -> StandingsFormat:
        return StandingsFormat()

    def reads_game_logs(self) -> bool:
        return False

    def read_game_log(self, rules: Any, data: bytes) -> Any:
        raise NotImplementedError(f"the {self.name} family reads no game logs")

    def session_hands(self, rules: Any) -> int | None:
        return None

    def layout(self, rules: Any) -> PrintLayout:
        """A family that prints no sheet of its own gets the generic one."""
        return GENERIC

    def row_labels(self, rules: Any, rows: int) -> list[dict[str, Cell]]:
        """Nothing is printed in a blank row unless the family knows its hands in advance."""
        return [{} for _ in range(rows)]

    def printed_row(
        self, rules: Any, row: Mapping[str, Any], entry: Mapping[str, Any]
    ) -> PrintedRow:
        """The shared cells; a family adds those of its own columns."""
        form = self.entry(rules)
        return shared_row(row, form.wins - form.from_discard)

    def time_policy(self, rules: Any) -> str | None:
        """What happens at time: None, so the event's own "at time" setting decides.

        Why a default of None and not a guess: a family whose rules say nothing
        about the time signal must not have the clock invent a rule for it; the
        director's ``Event.time_limit_policy`` then applies. A family whose
        rules do say overrides this (riichi, MCR, HKOS).
        """
        return None

    def score_parts(self, rules: Any, result: Mapping[str, Any]) -> Mapping[str, Sequence[Any]]:
        """The point-total default (hand total, then the ledger): ``scoring.sheets.parts``."""
        return point_total_parts(result)

    def __repr__(self) -> str:
        return f"<family {self.name}>"


class CountsHands:
    """For a family whose session is a fixed number of hands, set by the event.

    The event's "hands per session" field is the session rules'
    ``hands_per_session`` option (rules/mcr.md §6, rules/zung-jung.md §8).
    """

    def hands_option(self) -> str | None:
        return "hands_per_session"

    def session_hands(self, rules: Any) -> int | None:
        return rules.session.hands_per_session
