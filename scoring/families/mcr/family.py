"""The MCR family object: what the rest of the system asks about MCR events.

rules/mcr.md: 16-hand sessions with seats moving each round (§6), table
points (§7), standings on table points then session scores (§8), a false win
costs the offender 30 shared +10 to each other player (§9).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core.seats import SEATS
from scoring.families.base import CHINESE_FLAGS, FROM_DISCARD, WIN_OUTCOMES, BaseFamily, CountsHands
from scoring.families.mcr import layout as printout
from scoring.families.mcr.hand import RULESETS as HAND_RULESETS
from scoring.families.mcr.options import ALL_OPTIONS
from scoring.families.mcr.rules import EDITION_SEAT_SCHEMES, MCRRules, resolve
from scoring.families.mcr.seed_edition import EDITION_NAMES
from scoring.families.mcr.session import (
    GREEN_BOOK,
    MCR_HANDS_PER_ROUND,
    MCR_ROUNDS,
    mcr_hand_situation,
    mcr_seat_of,
)
from scoring.families.mcr.sheet import replay_mcr
from scoring.families.precedence import chain, dedupe
from scoring.families.printing import extended
from scoring.families.protocol import (
    Cell,
    Consequence,
    EntryData,
    PrintedRow,
    PrintLayout,
    StandingsFormat,
    ValueField,
)

# rules/mcr.md §8.1-2: table points, then session scores (with overall penalties).
HEAD = ("table_points", "points_total")
FLAGS = ("last_tile", "kong_replacement", "robbing_kong", "last_of_kind")
MAX_FLOWERS = 8  # rules/mcr.md §4
LEGACY_EDITION = "cn-national"  # how hands were counted before the editions (issue 15)


class MCRFamily(CountsHands, BaseFamily):
    name = "mcr"
    rulesets = ("mcr",)
    hand_rulesets = HAND_RULESETS
    names_table = "mcr_fans"
    rules_type = MCRRules
    references = {"false_win": "MCR §9 false win"}
    option_example = {"flowers_used": False}  # a game without flowers
    own_refusals = {
        # The fan calculator's own refusals (hand.py), flowers the event does not use.
        "calculator_copies": (),
        "calculator_tile_count": (),
        "calculator_refused": (),
        "no_flowers_event": (),
        # The sheet (sheet.py): a hand after the time limit ended the session.
        "after_not_played": ("number",),
    }

    def options(self, ruleset: str) -> frozenset[str]:
        return ALL_OPTIONS

    def resolve(self, ruleset: str, overrides: Mapping[str, Any]) -> MCRRules:
        return resolve(ruleset, overrides)

    def thaw(self, frozen: Mapping[str, Any]) -> MCRRules:
        """Rules frozen before ``mcr_edition`` existed were counted as the library
        counts (cn-national) with their frozen kong values: keep scoring them so."""
        hand = frozen.get("hand")
        if isinstance(hand, Mapping) and "mcr_edition" not in hand:
            frozen = {**frozen, "hand": {**hand, "mcr_edition": LEGACY_EDITION}}
        event, hand = frozen.get("event"), frozen.get("hand")
        if isinstance(event, Mapping) and "seat_rotation_scheme" not in event:
            # Frozen before the option: seated as its edition seats (Green Book before the seed's).
            edition = hand.get("mcr_edition") if isinstance(hand, Mapping) else LEGACY_EDITION
            scheme = EDITION_SEAT_SCHEMES.get(edition, GREEN_BOOK)
            frozen = {**frozen, "event": {**event, "seat_rotation_scheme": scheme}}
        return super().thaw(frozen)

    def edition_title(self, rules: MCRRules, lang: str = "en") -> str:
        """The edition the event counts fans by, for the event page and the printed
        sheet (rules/mcr.md §2, "Editions"); ``rules.hand.mcr_edition`` is its code."""
        names = EDITION_NAMES[rules.hand.mcr_edition]
        return names.get(lang, names["en"])

    def replay(self, rules: MCRRules, entries, penalties, *, final_scores, leftover_sticks, lang):
        return replay_mcr(rules, entries, penalties, final_scores=final_scores, lang=lang)

    def precedence(self, rules: MCRRules) -> tuple[str, ...]:
        return dedupe((*HEAD, *chain(rules.event.tiebreak_chain)))

    def entry(self, rules: MCRRules) -> EntryData:
        return EntryData(
            outcomes=("discard", "self_draw", "draw", "not_played"),
            wins=WIN_OUTCOMES,
            from_discard=FROM_DISCARD,
            flags=tuple(f for f in CHINESE_FLAGS if f in FLAGS),
            value_fields=(
                ValueField("fan", minimum=max(rules.hand.min_fan, 1)),
                ValueField("flowers", minimum=0, maximum=MAX_FLOWERS, required=False),
            ),
            total_field="fan",
            features=frozenset({"flower_count", "seat_rotation"}),
        )

    def consequence(self, rules: MCRRules, kind: str, player: str) -> Consequence:
        if kind != "false_win":
            return super().consequence(rules, kind, player)
        session = rules.session
        penalty = {
            "player": player,
            "points": -session.false_win_points,
            "scope": "table_score" if session.penalties_in_session_score else "overall_score",
            "distribution": "equal_to_others" if session.false_win_redistribute else "none",
        }
        return Consequence(None, (penalty,), self.references["false_win"])

    def standings_format(self, rules: MCRRules) -> StandingsFormat:
        return StandingsFormat(table_points=True)  # rules/mcr.md §7-§8

    def default_penalty_scope(self, rules: MCRRules) -> str:
        return "table_score"

    def seats_by_round(self, rules: MCRRules, seat: str) -> Sequence[str] | None:
        """rules/mcr.md §6: the seat a player who starts in ``seat`` takes in rounds E-N."""
        scheme = rules.event.seat_rotation_scheme
        if scheme != GREEN_BOOK:
            return None  # seed 000 L312: nobody changes seats; the deal goes round
        return [mcr_seat_of(seat, r, scheme) for r in range(MCR_ROUNDS)]

    def hand_winds(self, rules: MCRRules, index: int) -> Mapping[str, str] | None:
        """rules/mcr.md §6: each player's seat wind (门风) in hand ``index``, after the rotations.

        The judge's page shows these rather than the starting winds, which
        stop being anyone's wind from the second hand (issue #19).
        """
        if not 0 <= index < MCR_ROUNDS * MCR_HANDS_PER_ROUND:
            return None
        scheme = rules.event.seat_rotation_scheme
        return {s: mcr_hand_situation(index, s, scheme).seat_wind for s in SEATS}

    def time_policy(self, rules: MCRRules) -> str | None:
        """rules/mcr.md §6 "Time limit": the event's ``time_limit_policy`` option.

        Default ``abandon_current``: the hand in progress is void and hands
        not started are recorded as not played; ``finish_current`` if chosen.
        """
        return rules.event.time_limit_policy

    def layout(self, rules: MCRRules) -> PrintLayout:
        return printout.LAYOUT

    def row_labels(self, rules: MCRRules, rows: int) -> list[dict[str, Cell]]:
        return printout.row_labels(rows)

    def printed_row(self, rules: MCRRules, row, entry) -> PrintedRow:
        return extended(super().printed_row(rules, row, entry), printout.cells(row))


FAMILY = MCRFamily()
