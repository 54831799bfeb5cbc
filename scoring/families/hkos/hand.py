"""Hong Kong Old Style hands (rules/hkos.md), valued by our own pattern table.

Vocabulary:

- *faan* (番): the hand's count. The headline ``total`` is the faan paid, so
  never above ``max_faan``; when the patterns add up to more, an item
  ``max_faan`` with a negative value shows the cut, and ``total`` is always
  the sum of the items.
- *bonus faan*: the flower bonuses and the self-draw bonus (§2). Whether they
  count toward the 3-faan minimum is ``bonus_counts_toward_min``.
- *u(f)*: the units a hand of f faan is worth (§4, ``faan_scale``); the hand
  value **V** = u(f) × ``points_per_unit`` is what a discarder pays (§5) and
  is reported as ``points``.

The faan table is data: values and names in ``scoring/data/hkos_faan.tsv``,
an event's changes in ``faan_table``, and what each pattern replaces in the
resolved config's ``replaces`` (§3 rules 1-4). A pattern valued 0 is off: it
neither scores nor replaces anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from scoring.core.errors import ErrorInfo, HandError
from scoring.core.flags import check_flags
from scoring.core.hand import Hand
from scoring.core.names import display_name, name_table
from scoring.core.numbers import is_int
from scoring.core.patterns import Found, Pattern, best_arrangement
from scoring.core.refusals import NONE_OF
from scoring.core.result import Item, Result
from scoring.core.shapes import (
    SETS_IN_HAND,
    Arrangement,
    arrangements,
    is_seven_pairs,
    is_thirteen_orphans,
    standard_readings,
)
from scoring.core.tiles import NUM_KINDS, counts34, kind_name, to_mpsz
from scoring.families.hkos.flags import HKOS_FLAG_RULES
from scoring.families.hkos.options import ALL_OPTIONS, HAND_OPTIONS
from scoring.families.hkos.patterns import TESTS
from scoring.families.rulesets import Ruleset

RULESET = "hkos"  # its one ruleset, named in refusals

NAMES = "hkos_faan"
FORMS = "four sets and a pair or thirteen orphans"
CAP_KEY = "max_faan"  # the display row of the cut above the maximum
HKOS_FLAGS = frozenset(
    {"last_tile", "kong_replacement", "flower_replacement", "robbing_kong", "heavenly", "earthly"}
)
# rules/hkos.md §2 (seed 002): "flower bonuses and the draw bonus count toward the minimum".
BONUS_GROUP = "bonus"
# rules/hkos.md §3 rules 3-4 apply to hand patterns, by their value: a hand
# pattern worth max_faan or more is a limit hand (takes no extras); one worth
# TEN_FAAN or more is a "10-faan pattern" and replaces the suit, wind, dragon
# and all-pung bonuses, keeping flower, self-draw and situational ones.
HAND_GROUP = "hand"
TEN_FAAN = 10  # seed 002: "Ten-faan patterns replace component suit, wind, dragon … bonuses"
TEN_FAAN_REPLACES = frozenset({"suit", "wind", "dragon", "pungs"})
# rules/hkos.md §4: up to 4 faan u doubles; above, odd steps ×3/2 and even steps ×4/3.
HALF_SPICY_DOUBLING_UP_TO = 4
SCALES = ("half-spicy", "full-spicy", "custom")
# The scale has max_faan + 1 steps: a bound keeps a typo like 10**9 from hanging the resolver.
MAX_FAAN_CEILING = 100


@dataclass(frozen=True)
class HKOSConfig:
    """What an event can change about valuing one HKOS hand (rules/hkos.md §9).

    ``faan_table``, ``replaces`` and ``faan_units`` are stored resolved (every
    pattern, every unit value), so an event keeps its table when the
    defaults change.
    """

    name: str = "hkos"
    min_faan: int = 3  # rules/hkos.md §2 (seed 002): minimum 3 faan
    max_faan: int = 13  # rules/hkos.md §2 (seed 002): maximum 13 faan
    bonus_counts_toward_min: bool = True  # rules/hkos.md §2 (seed 002)
    faan_table: tuple[tuple[str, int], ...] = ()  # pattern -> value, in table order
    replaces: tuple[tuple[str, tuple[str, ...]], ...] = ()  # pattern -> what it replaces
    faan_scale: str = "half-spicy"  # rules/hkos.md §4
    faan_units: tuple[int, ...] = ()  # u(0) … u(max_faan)
    points_per_unit: int = 4  # rules/hkos.md §4: V = u(f) × 4, so V/2 is whole

    def faan(self, key: str) -> int:
        return dict(self.faan_table)[key]

    def units(self, faan: int) -> int:
        """u(f), with f above the maximum paid as the maximum (§2)."""
        return self.faan_units[min(max(faan, 0), self.max_faan)]

    def hand_value(self, faan: int) -> int:
        """V: what a discarder pays for a hand of ``faan`` (§4)."""
        return self.units(faan) * self.points_per_unit


def _table_defaults() -> tuple[tuple[str, int], ...]:
    rows = name_table(NAMES)
    return tuple((key, int(row["value"])) for key, row in rows.items() if key in TESTS)


def _group(key: str) -> str:
    return name_table(NAMES)[key]["group"]


def scale_units(scale: str, max_faan: int) -> tuple[int, ...]:
    """u(0) … u(max_faan) of a named scale (rules/hkos.md §4)."""
    if scale == "full-spicy":
        return tuple(2**f for f in range(max_faan + 1))
    units = [1]
    for f in range(1, max_faan + 1):
        if f <= HALF_SPICY_DOUBLING_UP_TO:
            units.append(units[-1] * 2)
        elif f % 2:
            units.append(units[-1] * 3 // 2)
        else:
            units.append(units[-1] * 4 // 3)
    return tuple(units)


def replacements(
    table: Mapping[str, int], max_faan: int
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What each pattern replaces: the TSV's own list plus §3 rules 3-4 by value."""
    live = {k: v for k, v in table.items() if v}

    def is_limit(key: str) -> bool:
        return _group(key) == HAND_GROUP and live[key] >= max_faan

    out = []
    for key, value in live.items():
        gone = set(name_table(NAMES)[key]["replaces"].split())
        if is_limit(key):  # rule 4: a limit hand takes no extras at all
            gone |= {k for k in live if not is_limit(k)}
        elif _group(key) == HAND_GROUP and value >= TEN_FAAN:  # rule 3
            gone |= {k for k in live if _group(k) in TEN_FAAN_REPLACES}
        out.append((key, tuple(sorted(gone & set(live) - {key}))))
    return tuple(out)


def resolve(preset: HKOSConfig, overrides: Mapping[str, Any]) -> HKOSConfig:
    """The preset with overrides applied; each option name and value checked."""
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key in ALL_OPTIONS - HAND_OPTIONS:
            continue  # a session option (settlement_hkos.py) passes
        if key not in HAND_OPTIONS:
            known = ", ".join(sorted(ALL_OPTIONS))
            raise HandError("bad_option", f"options: {key!r} is not an HKOS option; use {known}")
        changes[key] = value
    for key in ("min_faan", "max_faan", "points_per_unit"):
        if key in changes and not is_int(changes[key]):
            raise HandError(
                "bad_option", f"options.{key}: expected a whole number, got {changes[key]!r}"
            )
    flag = changes.get("bonus_counts_toward_min", True)
    if not isinstance(flag, bool):
        raise HandError(
            "bad_option", f"options.bonus_counts_toward_min: expected true or false, got {flag!r}"
        )
    config = replace(
        preset, **{k: v for k, v in changes.items() if k not in ("faan_table", "faan_scale")}
    )
    if config.max_faan > MAX_FAAN_CEILING:
        raise HandError("bad_option", f"options.max_faan: at most {MAX_FAAN_CEILING}")
    if not 0 <= config.min_faan <= config.max_faan:
        raise HandError(
            "bad_option",
            f"options: need 0 ≤ min_faan ≤ max_faan, got {config.min_faan} and {config.max_faan}",
        )
    if config.points_per_unit < 1:
        raise HandError("bad_option", "options.points_per_unit: must be 1 or more")
    table = _faan_table(dict(preset.faan_table), changes.get("faan_table", {}))
    scale, units = _scale(changes.get("faan_scale", config.faan_scale), config)
    return replace(
        config,
        faan_table=tuple(table.items()),
        replaces=replacements(table, config.max_faan),
        faan_scale=scale,
        faan_units=units,
    )


def _faan_table(table: dict[str, int], changes: Any) -> dict[str, int]:
    if not isinstance(changes, Mapping):
        raise HandError(
            "bad_option",
            f"options.faan_table: expected an object (pattern → faan), got {changes!r}",
        )
    for key, value in changes.items():
        if key not in table:
            known = ", ".join(table)
            raise HandError(
                "bad_option", f"options.faan_table: {key!r} is not an HKOS pattern; use {known}"
            )
        if not is_int(value) or value < 0:
            raise HandError(
                "bad_option",
                f"options.faan_table.{key}: expected a whole number ≥ 0, got {value!r}",
            )
        table[key] = value
    return table


def _scale(value: Any, config: HKOSConfig) -> tuple[str, tuple[int, ...]]:
    size = config.max_faan + 1
    if isinstance(value, list | tuple):
        units = tuple(value)
        if len(units) != size or not all(is_int(u) and u > 0 for u in units):
            raise HandError(
                "bad_option",
                f"options.faan_scale: a custom scale is {size} positive whole numbers, "
                f"u(0) … u({config.max_faan})",
            )
        if any(a > b for a, b in zip(units, units[1:], strict=False)):
            raise HandError(
                "bad_option", "options.faan_scale: a custom scale cannot fall as faan rise"
            )
        return "custom", units
    if value == "custom":
        if config.faan_scale != "custom" or len(config.faan_units) != size:
            raise HandError(
                "bad_option",
                f"options.faan_scale: give the custom scale as a list of {size} values",
            )
        return "custom", config.faan_units
    if value not in SCALES:
        raise HandError(
            "bad_option",
            f"options.faan_scale: use half-spicy, full-spicy or a list of {size} values, "
            f"not {value!r}",
        )
    return value, scale_units(value, config.max_faan)


PRESET = resolve(HKOSConfig(faan_table=_table_defaults()), {})


@cache
def _patterns(table: tuple[tuple[str, int], ...], replaces: tuple) -> tuple[Pattern, ...]:
    gone = dict(replaces)
    return tuple(Pattern(k, v, TESTS[k], frozenset(gone[k])) for k, v in table if v)


def patterns_for(config: HKOSConfig) -> tuple[Pattern, ...]:
    """The event's faan table as patterns (value-0 rows left out)."""
    return _patterns(config.faan_table, config.replaces)


def hkos_arrangements(hand: Hand) -> list[Arrangement]:
    """Every reading of the hand as four sets and a pair, or thirteen orphans (§1)."""
    return arrangements(hand, seven_pairs=False, thirteen_orphans=True)


def faan_total(found: Sequence[Found], config: HKOSConfig) -> int:
    """The faan paid: the patterns' sum, at most ``max_faan`` (§2)."""
    return min(sum(f.total for f in found), config.max_faan)


def score_hkos(hand: Hand, config: HKOSConfig, lang: str = "en") -> Result:
    """Validate and value one HKOS hand under ``config``."""
    hand = _check_situation(hand)
    readings = hkos_arrangements(hand)
    if not readings:
        raise _not_winning(hand)
    best = best_arrangement(
        hand, readings, patterns_for(config), lambda f: sum(x.total for x in f), config
    )
    assert best is not None
    ordered = sorted(best.found, key=lambda f: -f.value)  # highest first, as read out
    items = [Item(f.key, f.value, f.count, display_name(NAMES, f.key, lang)) for f in ordered]
    raw = sum(i.total for i in items)
    if raw > config.max_faan:  # §2: totals above the maximum are paid as the maximum
        items.append(Item(CAP_KEY, config.max_faan - raw, 1, display_name(NAMES, CAP_KEY, lang)))
    total = sum(i.total for i in items)
    error = _below_minimum(items, total, config)
    return Result(
        ruleset=config.name,
        valid=error is None,
        error=error,
        total=total,
        items=tuple(items),
        points=None if error else config.hand_value(total),
    )


def _below_minimum(items: Sequence[Item], total: int, config: HKOSConfig) -> ErrorInfo | None:
    if config.bonus_counts_toward_min:
        counted, what = total, ""
    else:
        counted = total - sum(i.total for i in items if _group(i.key) == BONUS_GROUP)
        what = " without flowers and self-draw"
    if counted >= config.min_faan:
        return None
    # Still report the count and the items: the judge needs them for the ruling.
    message = f"{counted} faan{what}; a win needs {config.min_faan}"
    params = {"value": counted, "minimum": config.min_faan}
    return ErrorInfo("below_minimum", message, "below_minimum", params)


def _check_situation(hand: Hand) -> Hand:
    """Refuse what HKOS cannot have; the hand back with ``flowers`` as a tuple."""
    if isinstance(hand.flowers, int):
        if hand.flowers:
            raise HandError(
                "bad_input",
                f"flowers: HKOS scores each bonus tile by seat, so give the list of tiles "
                f"(1-4 flowers, 5-8 seasons), not the count {hand.flowers}",
                "flowers_as_tiles",
                count=hand.flowers,
            )
        hand = replace(hand, flowers=())
    for name, refusal in NONE_OF.items():
        if getattr(hand, name):
            raise HandError("bad_input", f"{name}: HKOS has none", refusal, ruleset=RULESET)
    if hand.dealer != (hand.seat_wind == "E"):
        raise HandError(
            "bad_input",
            "dealer: in HKOS the dealer is always the East seat",
            "dealer_sits_east",
            seat=hand.seat_wind,
        )
    for flag in sorted(hand.flags):
        if flag not in HKOS_FLAGS:
            known = ", ".join(sorted(HKOS_FLAGS))
            raise HandError(
                "bad_flag",
                f"flags: {flag!r} is not an HKOS flag; use {known}",
                "flag_unknown",
                flag=flag,
            )
    check_flags(hand, HKOS_FLAG_RULES)
    return hand


def _not_winning(hand: Hand) -> HandError:
    closed = counts34(hand.closed_tiles)
    shown = f"{to_mpsz(hand.concealed)} + {hand.win_tile}"
    if not hand.melds and is_seven_pairs(closed, quads=True):
        message = (
            f"not a winning hand: {shown} is seven pairs, which is not a win in HKOS ({FORMS})"
        )
        return HandError(
            "not_winning", message, "seven_pairs_not_win", tiles=shown, ruleset=RULESET
        )
    held, sets = counts34(hand.concealed), SETS_IN_HAND - len(hand.melds)
    ready = [k for k in range(NUM_KINDS) if _completes(held, k, sets, not hand.melds)]
    if ready:
        waiting = [kind_name(k) for k in ready]
        message = f"not a winning hand: {shown} does not complete; it waits on {', '.join(waiting)}"
        return HandError("not_winning", message, "not_complete", tiles=shown, waits=waiting)
    message = f"not a winning hand: {shown} is not {FORMS}"
    return HandError("not_winning", message, "no_winning_shape", tiles=shown)


def _completes(held: list[int], kind: int, sets: int, closed: bool) -> bool:
    trial = list(held)
    trial[kind] += 1
    return bool(standard_readings(tuple(trial), sets)) or (closed and is_thirteen_orphans(trial))


# The family registers these with itself (family.py, ``hand_rulesets``).
RULESETS = (Ruleset(RULESET, PRESET, resolve, score_hkos, red_fives=False),)
