"""The Zung Jung family object: what the rest of the system asks about Zung Jung events.

rules/zung-jung.md: pattern points (§2-§5), the formal payoff (§7), false
wins and penalty tiles (§6), sessions of cycles and ranking on points or
match points (§8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.families.base import CHINESE_FLAGS, FROM_DISCARD, WIN_OUTCOMES, BaseFamily, CountsHands
from scoring.families.printing import extended
from scoring.families.protocol import (
    Cell,
    Consequence,
    EntryData,
    PrintedRow,
    PrintLayout,
    ValueField,
)
from scoring.families.zung_jung import layout as printout
from scoring.families.zung_jung.hand import RULESETS as HAND_RULESETS
from scoring.families.zung_jung.options import ALL_OPTIONS
from scoring.families.zung_jung.rules import ZungJungRules, resolve
from scoring.families.zung_jung.sheet import replay_zung_jung

# rules/zung-jung.md §8: session points (or match points first); firsts, best ⚠ our choice.
TAIL = ("points_total", "firsts", "best_session")
FLAGS = ("last_tile", "kong_replacement", "robbing_kong", "heavenly", "earthly")


class ZungJungFamily(CountsHands, BaseFamily):
    name = "zung-jung"
    rulesets = ("zung-jung",)
    hand_rulesets = HAND_RULESETS
    names_table = "zung_jung_patterns"
    rules_type = ZungJungRules
    references = {
        "false_win": "Zung Jung §6 false win",
        "penalty_tiles": "Zung Jung §6 penalty tiles",
    }
    option_example = {"zj_min_points": 8}  # a higher minimum than the 5 points of the rules
    own_refusals = {
        # Penalty tiles (§6, seed 001 L82-L97): the hand (hand.py) and the sheet
        # (penalty_tiles.py, sheet.py).
        "penalty_self_draw_only": ("count", "tiles", "most"),
        "penalty_tile_thirteen": ("tile",),
        "penalty_tile_in_group": ("tile", "win"),
        "penalty_tiles_not_held": ("tile", "count", "held"),
        "penalty_tiles_hand_needed": (),
        "penalty_tiles_needed": (),
        "false_win_self_draw_only": ("seat",),
        "held_penalty_self_draw_only": ("seat", "count", "tiles", "most"),
        "penalty_tile_confirm": ("seat", "tiles"),
        "false_win_no_points": (),
    }

    def options(self, ruleset: str) -> frozenset[str]:
        return ALL_OPTIONS

    def resolve(self, ruleset: str, overrides: Mapping[str, Any]) -> ZungJungRules:
        return resolve(ruleset, overrides)

    def replay(self, rules, entries, penalties, *, final_scores, leftover_sticks, lang):
        return replay_zung_jung(rules, entries, penalties, final_scores=final_scores, lang=lang)

    def precedence(self, rules: ZungJungRules) -> tuple[str, ...]:
        return ("match_points", *TAIL) if rules.session.match_points else TAIL

    def entry(self, rules: ZungJungRules) -> EntryData:
        return EntryData(
            outcomes=("discard", "self_draw", "robbing_kong", "draw"),
            wins=WIN_OUTCOMES,
            from_discard=FROM_DISCARD,
            flags=tuple(f for f in CHINESE_FLAGS if f in FLAGS),
            value_fields=(ValueField("points", minimum=max(rules.hand.zj_min_points, 1)),),
            total_field="points",
            features=frozenset({"penalty_tiles"}),
        )

    def consequence(self, rules: ZungJungRules, kind: str, player: str) -> Consequence:
        """§6 (seed 001 L82, L97): a false win or penalty tiles cost no points, but their
        zero-point ledger entry carries the ruling's tiles and hand into the replay."""
        if kind not in ("false_win", "penalty_tiles"):
            return super().consequence(rules, kind, player)
        logged = {"player": player, "points": 0, "scope": "overall_score", "distribution": "none"}
        return Consequence(None, (logged,), self.references[kind], fixed_points=True)

    def default_penalty_scope(self, rules: ZungJungRules) -> str:
        return "overall_score"

    def time_policy(self, rules: ZungJungRules) -> str | None:
        """rules/zung-jung.md §8: session length is set by the event; nothing on time.

        So the event's own "at time" setting decides (None).
        """
        return None

    def layout(self, rules: ZungJungRules) -> PrintLayout:
        return printout.layout(rules.session.hands_per_session)

    def row_labels(self, rules: ZungJungRules, rows: int) -> list[dict[str, Cell]]:
        return printout.row_labels(rows)

    def printed_row(self, rules: ZungJungRules, row, entry) -> PrintedRow:
        return extended(super().printed_row(rules, row, entry), printout.cells(row, entry))


FAMILY = ZungJungFamily()
