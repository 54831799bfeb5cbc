"""The riichi family object: what the rest of the system asks about riichi events.

rules/riichi.md: JPML A and B, WRC, EMA and Tenhou presets over one engine;
hanchan sheets with honba and riichi sticks (§1-§2, §4), uma and oka (§5-§6),
chombo (§7); standings on result points (§3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.core.tiles import MOST_INDICATORS
from scoring.families.base import BaseFamily
from scoring.families.printing import extended
from scoring.families.protocol import (
    Consequence,
    EntryData,
    HandInputs,
    PrintedRow,
    PrintLayout,
    StandingsFormat,
    ValueField,
)
from scoring.families.riichi import layout as printout
from scoring.families.riichi import renhou
from scoring.families.riichi.hand import RIICHI_DECLARED
from scoring.families.riichi.hand import RULESETS as HAND_RULESETS
from scoring.families.riichi.parts import riichi_parts
from scoring.families.riichi.setup import ALL_OPTIONS, RiichiSetup, riichi_setup
from scoring.families.riichi.sheet import replay_riichi
from scoring.logs.game import LoggedGame, read_game

# rules/riichi.md §3: result points; raw points and best session are ⚠ our choice.
PRECEDENCE = ("result_points", "raw_points", "best_session")
FLAGS = (
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
)
# The flags a preset may lack (rules/riichi.md §4 "Ippatsu", "Renhou"): each is offered
# only where the preset's hand config has it, so the form never offers a flag that scores nothing.
FLAG_IN_PRESET = {
    "ippatsu": lambda config: config.ippatsu,
    "renhou": lambda config: bool(renhou.allowed(config)),
}
# rules/riichi.md §4 "Several rons": how many claimants of one discard win.
WINNERS_BY_RULE = {"head_bump": 1, "double_ron": 2, "all_win": 3}
# rules/sessions.md §4: fu is 20-110 in steps of 10, or 25 (seven pairs).
FU = (20, 25, *range(30, 120, 10))
MAX_HAN = 13
MAX_YAKUMAN = 6


def hand_inputs(config) -> HandInputs:
    """What a tiles-level hand names besides its tiles, under the preset's hand config.

    rules/riichi.md §4 "Ura / kan dora", "Red fives": one dora indicator is
    turned at the start, one more for each kan where the preset has kan dora
    (seed 003 L306-307); ura-dora indicators lie under them and count only for
    a riichi winner (seed 003 L305); red fives only where the preset has them.
    """
    dora = MOST_INDICATORS if config.kan_dora else 1
    return HandInputs(
        dora_indicators=dora,
        ura_indicators=dora if config.ura_dora else 0,
        ura_needs=RIICHI_DECLARED,
        red_fives=config.red_fives,
    )


class RiichiFamily(BaseFamily):
    name = "riichi"
    rulesets = ("jpml-a", "jpml-b", "wrc", "ema", "tenhou")
    hand_rulesets = HAND_RULESETS
    names_table = "riichi_yaku"
    rules_type = RiichiSetup
    references = {"false_win": "riichi §7 chombo", "chombo": "riichi §7 chombo"}
    option_example = {"kiriage": False}  # 4 han 30 fu not rounded up to mangan
    own_refusals = {
        # The library's impossible situations (library.LIBRARY_ERRORS) and hand.py's own.
        "flag_needs_riichi": ("flag",),
        "flag_needs_closed": ("flag",),
        "flag_dealer_use": ("flag", "instead"),
        "flag_non_dealer_use": ("flag", "instead"),
        "flag_non_dealer": ("flag",),
        "no_yaku": (),
        # The sheet (rows.py): an outcome the preset lacks, pao outside its yakuman.
        "outcome_not_in_rules": ("ruleset", "outcome"),
        "pao_yaku_only": ("ruleset", "yaku"),
        # sheet.py: a penalty in the session score before ranking stays at the table.
        "table_penalty_to_others": (),
    }

    def options(self, ruleset: str) -> frozenset[str]:
        return ALL_OPTIONS

    def resolve(self, ruleset: str, overrides: Mapping[str, Any]) -> RiichiSetup:
        return riichi_setup(ruleset, overrides)

    # The riichi sheet reads every argument the protocol's replay takes, as it takes them.
    replay = staticmethod(replay_riichi)

    def precedence(self, rules: RiichiSetup) -> tuple[str, ...]:
        return PRECEDENCE

    def entry(self, rules: RiichiSetup) -> EntryData:
        outcomes = ("ron", "tsumo", "draw", "abortive") if rules.abortive_draws else None
        outcomes = outcomes or ("ron", "tsumo", "draw")
        # rules/riichi.md §4: nagashi mangan where the preset has it (tenhou), a fixed mangan.
        nagashi = frozenset({"nagashi"}) if rules.nagashi_mangan else frozenset()
        return EntryData(
            outcomes=outcomes + tuple(nagashi),
            draws=frozenset({"draw"}) | nagashi,
            fixed_value=nagashi,
            wins=frozenset({"ron", "tsumo"}) | nagashi,
            from_discard=frozenset({"ron"}),
            flags=tuple(
                f for f in FLAGS if f not in FLAG_IN_PRESET or FLAG_IN_PRESET[f](rules.hand)
            ),
            value_fields=(
                ValueField("han", minimum=1, maximum=MAX_HAN),
                ValueField("fu", choices=FU, required=False),
                ValueField("yakuman", minimum=0, maximum=MAX_YAKUMAN, required=False),
            ),
            total_field="han",
            max_winners=WINNERS_BY_RULE.get(rules.settle.multiple_ron, 1),
            features=frozenset({"riichi_sticks", "liable", "final_sticks", "han_fu", "head_bump"}),
            inputs=hand_inputs(rules.hand),
        )

    def consequence(self, rules: RiichiSetup, kind: str, player: str) -> Consequence:
        if kind not in ("false_win", "chombo"):
            return super().consequence(rules, kind, player)
        # rules/riichi.md §7: a false win is a chombo, replayed with the preset's deduction.
        hand = {"outcome": "chombo", "player": player, "level": "value"}
        return Consequence(hand, (), self.references[kind])

    def standings_format(self, rules: RiichiSetup) -> StandingsFormat:
        # rules/riichi.md §3: result points are thousands of points, one decimal place.
        return StandingsFormat(decimals=1, ema_metric="result_points", ema_scale=1000)

    def default_penalty_scope(self, rules: RiichiSetup) -> str:
        after_uma = rules.session.chombo_mode == "after_uma"
        return "session_after_uma" if after_uma else "overall_score"

    def time_policy(self, rules: RiichiSetup) -> str | None:
        """rules/sessions.md §2 (timed sessions): "riichi and HK: current hand finished".

        Every riichi preset: the hand in progress when time is called is
        played out and is the last one.
        """
        return "finish_current"

    def layout(self, rules: RiichiSetup) -> PrintLayout:
        return printout.LAYOUT

    def printed_row(self, rules: RiichiSetup, row, entry) -> PrintedRow:
        return extended(super().printed_row(rules, row, entry), *printout.cells(row, entry))

    def score_parts(self, rules: RiichiSetup, result: Mapping[str, Any]):
        return riichi_parts(rules, result)

    def reads_game_logs(self) -> bool:
        return True  # Tenhou's mjlog (scoring/logs)

    def read_game_log(self, rules: RiichiSetup, data: bytes) -> LoggedGame:
        return read_game(data, rules)


FAMILY = RiichiFamily()
