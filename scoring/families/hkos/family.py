"""The Hong Kong Old Style family object: what the rest of the system asks about HKOS events.

rules/hkos.md: faan hands (§2-§4), half-pay or full-pay (§5), East repeats
(§6), standings on points then the tiebreak chain (§7), and a false win that
voids the hand and pays each opponent the limit (§8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.families.base import CHINESE_FLAGS, FROM_DISCARD, WIN_OUTCOMES, BaseFamily
from scoring.families.hkos import layout as printout
from scoring.families.hkos.hand import RULESETS as HAND_RULESETS
from scoring.families.hkos.options import ALL_OPTIONS
from scoring.families.hkos.rules import HKOSRules, resolve
from scoring.families.hkos.session import false_win_penalty
from scoring.families.hkos.sheet import replay_hkos
from scoring.families.precedence import chain, dedupe
from scoring.families.printing import extended
from scoring.families.protocol import Consequence, EntryData, PrintedRow, PrintLayout, ValueField

HEAD = ("points_total",)  # rules/hkos.md §7: points, then the chain
FLAGS = (
    "last_tile",
    "kong_replacement",
    "flower_replacement",
    "robbing_kong",
    "heavenly",
    "earthly",
)
MAX_CLAIMANTS = 3  # a discard has three other players
# The most faan a judge may type: totals above max_faan are paid as max_faan (rules/hkos.md §2).
MAX_TYPED_FAAN = 99


class HKOSFamily(BaseFamily):
    name = "hkos"
    rulesets = ("hkos",)
    hand_rulesets = HAND_RULESETS
    names_table = "hkos_faan"
    rules_type = HKOSRules
    references = {"false_win": "HKOS §8 false win"}
    option_example = {"min_faan": 3}  # a three-faan minimum
    own_refusals = {
        # hand.py: flowers are tiles by seat; seven pairs are no win.
        "flowers_as_tiles": ("count",),
        "seven_pairs_not_win": ("ruleset", "tiles"),
        # sheet.py: under false_win_policy "continue" the hand goes on.
        "false_win_continues": (),
    }

    def options(self, ruleset: str) -> frozenset[str]:
        return ALL_OPTIONS

    def resolve(self, ruleset: str, overrides: Mapping[str, Any]) -> HKOSRules:
        return resolve(ruleset, overrides)

    def replay(self, rules: HKOSRules, entries, penalties, *, final_scores, leftover_sticks, lang):
        return replay_hkos(rules, entries, penalties, final_scores=final_scores, lang=lang)

    def precedence(self, rules: HKOSRules) -> tuple[str, ...]:
        return dedupe((*HEAD, *chain(rules.session.tiebreak_chain)))

    def entry(self, rules: HKOSRules) -> EntryData:
        return EntryData(
            outcomes=("discard", "self_draw", "draw"),
            wins=WIN_OUTCOMES,
            from_discard=FROM_DISCARD,
            flags=tuple(f for f in CHINESE_FLAGS if f in FLAGS),
            value_fields=(ValueField("faan", minimum=rules.hand.min_faan, maximum=MAX_TYPED_FAAN),),
            total_field="faan",
            max_winners=MAX_CLAIMANTS if rules.session.multiple_winners else 1,
            features=frozenset({"flower_tiles", "head_bump"}),
        )

    def consequence(self, rules: HKOSRules, kind: str, player: str) -> Consequence:
        if kind != "false_win":
            return super().consequence(rules, kind, player)
        penalty = false_win_penalty(player, rules.hand, rules.session)
        line = {
            "player": player,
            "points": penalty.points,
            "scope": "table_score",
            "distribution": "equal_to_others" if penalty.redistribute else "none",
        }
        hand = {"outcome": "false_win", "level": "value", "player": player}
        return Consequence(hand, (line,), self.references["false_win"])

    def default_penalty_scope(self, rules: HKOSRules) -> str:
        return "table_score"

    def time_policy(self, rules: HKOSRules) -> str | None:
        """rules/hkos.md §6: ``time_limit_policy``, ``finish_current`` by default.

        HKOS calls a void hand ``void_current``; the clock's code for it is
        ``abandon_current`` (the protocol's vocabulary).
        """
        policy = rules.session.time_limit_policy
        return "abandon_current" if policy == "void_current" else policy

    def layout(self, rules: HKOSRules) -> PrintLayout:
        return printout.LAYOUT

    def printed_row(self, rules: HKOSRules, row, entry) -> PrintedRow:
        return extended(super().printed_row(rules, row, entry), printout.cells(row))


FAMILY = HKOSFamily()
