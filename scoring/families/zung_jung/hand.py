"""Zung Jung (World Series of Mahjong) hands, scored with our own pattern table.

rules/zung-jung.md is the contract. The table of §2 lives in
:mod:`scoring.families.zung_jung.patterns`; this module adds what is not a
pattern: the situation checks (flags, no flowers), penalty tiles (§6), the
best single arrangement (§4), the limit (§3) and the minimum (§3).

Vocabulary:

- *points*: the unit of Zung Jung; a hand's value is the sum of its patterns'
  points, after the series rule (§2) and the limit (§3).
- *listed* pattern: one whose own value is at the limit (320) or more; a hand
  with one scores only its highest listed pattern.
- *penalty tiles* (罰牌, §6): the winner's tiles lying face up after an
  improper exposure. They are part of ``concealed`` and restrict how the
  winner may use them in a discard win.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from scoring.core.errors import ErrorInfo, HandError
from scoring.core.flags import (
    KONG_WIN_RULES,
    apart,
    check_flags,
)
from scoring.core.hand import Hand
from scoring.core.names import display_name
from scoring.core.patterns import Found, Pattern, best_arrangement
from scoring.core.refusals import NONE_OF
from scoring.core.result import Item, Result
from scoring.core.shapes import Arrangement, arrangements, not_winning
from scoring.core.tiles import kind_name, to_mpsz
from scoring.families.rulesets import Ruleset
from scoring.families.zung_jung.options import ALL_OPTIONS, HAND_OPTIONS
from scoring.families.zung_jung.patterns import (
    CHICKEN_HAND,
    LIMIT,
    NAMES,
    THIRTEEN,
    nine_gates_form,
    patterns_for,
    table_value,
)

RULESET = "zung-jung"  # its one ruleset, named in refusals
FIRST_TURN_RULE = "Zung Jung §2 9.4"  # Blessing of Heaven and of Earth
PENALTY_RULE = (
    "Zung Jung §6, seed 001 L87-L90"  # a penalty tile never forms a group exposed by a discard
)
BLESSING_OF_HEAVEN = "blessing_of_heaven"
FORMS = "four sets and a pair, seven pairs or thirteen terminals"
ZJ_FLAGS = frozenset({"last_tile", "kong_replacement", "robbing_kong", "heavenly", "earthly"})
GROUP_KINDS = {"chow": (0, 1, 2), "pung": (0, 0, 0), "pair": (0, 0)}  # offsets from the lowest
# Flags that cannot apply (scoring.core.flags), after heavenly and earthly
# (_check_first_turn). last_tile with kong_replacement stays allowed:
# ZJ 9.2, a supplement that is also the seabed tile scores both.
ZJ_FLAG_RULES = (
    # Seed 001 L70 (§6): the seabed drawer may not kong, and a robbed tile is
    # added to a kong, not the last discard.
    apart(
        "robbing_kong",
        "last_tile",
        "a robbed tile is not the last discard, and the seabed drawer may not kong (§6)",
        rule="Zung Jung §6",
    ),
    # §2 9.2 Win on Kong: a self-draw on a kong supplement.
    # §2 9.3 and §1: a win on the tile added to a small exposed kong, whose
    # pung holds the other three copies.
    *KONG_WIN_RULES,
)


@dataclass(frozen=True)
class ZungJungConfig:
    """What an event can change about valuing one Zung Jung hand (rules/zung-jung.md §9)."""

    name: str = "zung-jung"
    # §3: WSOM needs at least one pattern (5 points); 0 or 1 allows v3.3's chicken hand.
    zj_min_points: int = 5
    # §2 2.1.2 Pure One-Suit: 80 in v3.3 (one WSOM page shows 100).
    zj_pure_one_suit: int = 80
    # §2 3.2.1 Small Three Dragons: 40 in v3.3 (one WSOM page shows 30).
    zj_small_three_dragons: int = 40
    # §5: four identical tiles (not a declared kong) may be two pairs of Seven Pairs.
    zj_seven_pairs_quad: bool = True
    # §3: the limit; a pattern listed at this value or more scores alone.
    limit: int = 320
    # §6: a player holding this many penalty tiles or more may win only by self-draw.
    penalty_self_draw_only: int = 3


PRESET = ZungJungConfig()
_OPTION_TYPES = {
    "zj_min_points": int,
    "zj_pure_one_suit": int,
    "zj_small_three_dragons": int,
    "zj_seven_pairs_quad": bool,
}
_LOWEST = {"zj_min_points": 0, "zj_pure_one_suit": 1, "zj_small_three_dragons": 1}
# Options that replace a table value: pattern key -> option name.
_VALUE_OPTIONS = {
    "pure_one_suit": "zj_pure_one_suit",
    "small_three_dragons": "zj_small_three_dragons",
}


def resolve(preset: ZungJungConfig, overrides: Mapping[str, Any]) -> ZungJungConfig:
    """The preset with overrides applied; each option name and value checked."""
    changes = {}
    for key, value in overrides.items():
        if key in ALL_OPTIONS - HAND_OPTIONS:
            continue  # settlement, session and clock options are read elsewhere
        wanted = _OPTION_TYPES.get(key)
        if wanted is None:
            known = ", ".join(sorted(ALL_OPTIONS))
            raise HandError(
                "bad_option", f"options: {key!r} is not a Zung Jung option; use {known}"
            )
        if type(value) is not wanted:
            raise HandError(
                "bad_option", f"options.{key}: expected {wanted.__name__}, got {value!r}"
            )
        if key in _LOWEST and value < _LOWEST[key]:
            raise HandError("bad_option", f"options.{key}: must be {_LOWEST[key]} or more")
        changes[key] = value
    return replace(preset, **changes)


def zj_patterns(config: ZungJungConfig) -> tuple[Pattern, ...]:
    """The §2 table with the event's values (2.1.2 and 3.2.1 are options)."""
    values = tuple((key, getattr(config, option)) for key, option in _VALUE_OPTIONS.items())
    return patterns_for(values)


def hand_value(found: Sequence[Found], config: ZungJungConfig) -> int:
    """§3: the highest listed pattern alone, else the sum capped at the limit.

    A hand without any pattern is v3.3's chicken hand (1 point) where the
    event allows it (``zj_min_points`` 0 or 1), otherwise 0.
    """
    listed = [f.value for f in found if f.value >= config.limit]
    if listed:
        return max(listed)
    if not found:
        return _chicken(config)
    return min(sum(f.total for f in found), config.limit)


def _chicken(config: ZungJungConfig) -> int:
    value = table_value(CHICKEN_HAND)
    return value if config.zj_min_points <= value else 0


def score_zung_jung(hand: Hand, config: ZungJungConfig, lang: str = "en") -> Result:
    """Validate and value one Zung Jung hand under ``config``."""
    _check_situation(hand)
    readings = winning_arrangements(hand, config)
    value = partial(hand_value, config=config)
    best = best_arrangement(hand, readings, zj_patterns(config), value, config)
    found = best.found
    if _heavenly_nine_gates(hand):  # seed 001 L60-62, §5: Blessing of Heaven only
        found = [f for f in found if f.key == BLESSING_OF_HEAVEN]
    items = _items(found, config, lang)
    total = sum(i.total for i in items)
    if total != value(found):
        raise AssertionError(f"items add up to {total}, the hand is worth {value(found)}")
    error = None
    if total < config.zj_min_points:
        # Still report the count and the patterns: the judge rules a false win.
        needs = f"a win needs at least {config.zj_min_points} points"
        message = f"no pattern: {needs}" if not best.found else f"{total} points; {needs}"
        params = {"value": total, "minimum": config.zj_min_points}
        error = ErrorInfo("below_minimum", message, "below_minimum", params)
    return Result(config.name, error is None, error, total, tuple(items))


def _heavenly_nine_gates(hand: Hand) -> bool:
    """East's heavenly hand in Nine Gates form: no winning tile was kept apart (seed 001 L60-62)."""
    if "heavenly" not in hand.flags or hand.melds:
        return False
    return nine_gates_form(Counter(t.kind for t in hand.all_tiles))


def _items(found: Sequence[Found], config: ZungJungConfig, lang: str) -> list[Item]:
    def item(key: str, value: int, count: int = 1) -> Item:
        return Item(key, value, count, display_name(NAMES, key, lang))

    listed = [f for f in found if f.value >= config.limit]
    if listed:  # §3: only the highest listed pattern (the first in table order on a tie)
        top = max(listed, key=lambda f: f.value)
        return [item(top.key, top.value)]
    if not found:
        chicken = _chicken(config)
        return [item(CHICKEN_HAND, chicken)] if chicken else []
    items = [item(f.key, f.value, f.count) for f in found]
    raw = sum(i.total for i in items)
    if raw > config.limit:  # the cap as its own line, so the breakdown still adds up
        items.append(item(LIMIT, config.limit - raw))
    return items


# --- the situation (flags, §2 series 9) -----------------------------------------


def _check_situation(hand: Hand) -> None:
    for flag in sorted(hand.flags):
        if flag not in ZJ_FLAGS:
            known = ", ".join(sorted(ZJ_FLAGS))
            raise HandError(
                "bad_flag",
                f"flags: {flag!r} is not a Zung Jung flag; use {known}",
                "flag_unknown",
                flag=flag,
            )
    if hand.dealer != (hand.seat_wind == "E"):
        raise HandError(
            "bad_input",
            f"dealer: the dealer sits East, but seat_wind is {hand.seat_wind}",
            "dealer_sits_east",
            seat=hand.seat_wind,
        )
    if hand.flower_count:
        raise HandError(
            "bad_input",
            "flowers: Zung Jung is played without flowers (§1)",
            "no_flowers",
            ruleset=RULESET,
            rule="Zung Jung §1",
        )
    for name in ("dora_indicators", "ura_indicators"):
        if getattr(hand, name):
            raise HandError(
                "bad_input", f"{name}: Zung Jung has none", NONE_OF[name], ruleset=RULESET
            )
    # The first-turn wins first: their message names any other flag ticked with them.
    _check_first_turn(hand, "heavenly", "E", "tsumo", "Blessing of Heaven is East's self-draw")
    _check_first_turn(hand, "earthly", None, "ron", "Blessing of Earth is a win on East's discard")
    check_flags(hand, ZJ_FLAG_RULES)


def _check_first_turn(hand: Hand, flag: str, seat: str | None, win: str, what: str) -> None:
    """§2 9.4: East's initial 14 tiles, or East's first discard; no meld, no other flag."""
    if flag not in hand.flags:
        return
    east = hand.seat_wind == "E"
    # East's own self-draw on the deal, or another seat's win on East's discard.
    refusal = "flag_dealer_self_draw" if seat == "E" else "flag_on_dealer_discard"
    if (seat == "E") != east:
        message = f"flags: {flag}: {what}, but seat_wind is {hand.seat_wind}"
        raise HandError("bad_flag", message, refusal, flag=flag, rule=FIRST_TURN_RULE)
    if hand.win != win:
        message = f"flags: {flag}: {what}, not a {hand.win}"
        raise HandError("bad_flag", message, refusal, flag=flag, rule=FIRST_TURN_RULE)
    if hand.melds:
        raise HandError(
            "bad_flag",
            f"flags: {flag}: no meld can come before it (it is void after a kong)",
            "flag_before_any_call",
            flag=flag,
            rule=FIRST_TURN_RULE,
        )
    others = sorted(hand.flags - {flag})
    if others:
        raise HandError(
            "bad_flag",
            f"flags: {flag} does not combine with {', '.join(others)}",
            "flags_apart",
            flag=flag,
            other=others,
            rule=FIRST_TURN_RULE,
        )


# --- penalty tiles (§6) ----------------------------------------------------------


def winning_arrangements(hand: Hand, config: ZungJungConfig) -> list[Arrangement]:
    """Every reading of the hand that the penalty-tile rules allow (§4, §6).

    Raises ``not_winning`` for no legal shape and ``penalty_tile`` when every
    reading breaks a penalty-tile rule.
    """
    _check_penalty_tiles_held(hand)
    readings = arrangements(hand, seven_pairs_quads=config.zj_seven_pairs_quad)
    if not readings:
        raise not_winning(hand, FORMS)
    if hand.is_tsumo or not hand.penalty_tiles:
        return readings  # a self-drawn winning group is concealed: nothing is exposed
    count = len(hand.penalty_tiles)
    if count >= config.penalty_self_draw_only:
        raise HandError(
            "penalty_tile",
            f"penalty_tiles: {count} penalty tiles ({to_mpsz(hand.penalty_tiles)}); with "
            f"{config.penalty_self_draw_only} or more a player may win only by self-draw",
            "penalty_self_draw_only",
            count=count,
            tiles=to_mpsz(hand.penalty_tiles),
            most=config.penalty_self_draw_only,
            rule="seed 001 L91-L92",
        )
    breaches = [_breach(hand, a) for a in readings]
    allowed = [a for a, b in zip(readings, breaches, strict=True) if b is None]
    if allowed:
        return allowed
    # Name the tile of the reading the winner would most likely have chosen.
    value = partial(hand_value, config=config)
    best = best_arrangement(hand, readings, zj_patterns(config), value, config)
    message, refusal, params = breaches[readings.index(best.arrangement)]
    raise HandError("penalty_tile", f"penalty_tiles: {message}", refusal, **params)


def _check_penalty_tiles_held(hand: Hand) -> None:
    held = Counter(t.kind for t in hand.concealed)
    for kind, n in sorted(Counter(t.kind for t in hand.penalty_tiles).items()):
        if n > held[kind]:
            raise HandError(
                "bad_input",
                f"penalty_tiles: {n} × {kind_name(kind)} but concealed holds {held[kind]}; "
                "penalty tiles stand in the hand and are part of concealed",
                "penalty_tiles_not_held",
                tile=kind_name(kind),
                count=n,
                held=held[kind],
            )


def _breach(hand: Hand, arrangement: Arrangement) -> tuple[str, str, dict] | None:
    """Why this reading of a discard win breaks §6 (English, the refusal, its params), or None.

    The group the discard completes is exposed. For each kind, the penalty
    tiles must fit among the concealed tiles that group does not take.
    """
    win = hand.win_tile.kind
    penalty = Counter(t.kind for t in hand.penalty_tiles)
    if arrangement.form == THIRTEEN:
        if penalty[win]:
            return (
                f"{kind_name(win)} is a penalty tile; Thirteen Terminals cannot win on a "
                f"discarded {kind_name(win)}",
                "penalty_tile_thirteen",
                {"tile": kind_name(win), "rule": PENALTY_RULE},
            )
        return None
    group = arrangement.groups[arrangement.win_group]
    taken = Counter(group.kind + offset for offset in GROUP_KINDS[group.shape])
    taken[win] -= 1  # the discard itself
    held = Counter(t.kind for t in hand.concealed)
    for kind, n in sorted(penalty.items()):
        if n > held[kind] - taken[kind]:
            return (
                f"{kind_name(kind)} is a penalty tile; it cannot be part of the {group.shape} "
                f"made with the discard ({kind_name(win)})",
                "penalty_tile_in_group",
                {"tile": kind_name(kind), "win": kind_name(win), "rule": PENALTY_RULE},
            )
    return None


# The family registers these with itself (family.py, ``hand_rulesets``).
RULESETS = (Ruleset(RULESET, PRESET, resolve, score_zung_jung, red_fives=False),)
