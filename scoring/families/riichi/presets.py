"""The riichi presets as frozen configs, and how per-event overrides apply.

Each value names its source (rules/riichi.md §4, which cites seed 003 for
JPML, the WRC 2015 rulebook, EMA RCR 2016 and tenhou.net). An event stores the
resolved config when it starts, so changing a default here never rescores a
finished event.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from scoring.core.errors import HandError
from scoring.families.checking import typed_changes


@dataclass(frozen=True)
class RiichiConfig:
    """What differs between riichi rule sets when a hand is valued."""

    name: str
    red_fives: bool  # 0m/0p/0s count one han each
    kiriage: bool  # 4 han 30 fu and 3 han 60 fu round up to mangan
    kazoe_yakuman: bool  # 13+ han of ordinary yaku: yakuman (True) or sanbaiman
    double_yakuman: bool  # 13-sided kokushi, suuankou tanki, junsei chuuren, daisuushii x2
    max_yakuman: int  # stacked yakuman cap (1: a hand is never more than one yakuman)
    ippatsu: bool
    ura_dora: bool
    kan_dora: bool  # indicators after the first
    double_wind_pair_fu: int  # a pair that is both seat and round wind
    open_tanyao: bool
    # rules/riichi.md §4 "Ippatsu with rinshan kaihou". False: a hand flagged both
    # is refused (bad_flag), the kan having ended the ippatsu turn. True: both count.
    ippatsu_with_rinshan: bool = True
    # Seed 003 L293-296: renhou is a mangan with no other yaku or dora (renhou.py).
    # False: renhou is no yaku (bad_flag), rules/riichi.md §4.
    renhou_mangan: bool = False
    # Only for the library's own test cases: its OptionalRules, passed through.
    library_options: tuple[tuple[str, Any], ...] = ()


# rules/riichi.md §4, column wrc (WRC 2015 rulebook): the base the other
# presets are written against, so each one below shows only what differs.
_WRC = RiichiConfig(
    name="wrc",
    red_fives=False,
    kiriage=True,
    kazoe_yakuman=False,
    double_yakuman=False,
    max_yakuman=1,  # every yakuman single
    ippatsu=True,
    ura_dora=True,
    kan_dora=True,
    double_wind_pair_fu=2,  # ⚠ rules/riichi.md §8
    open_tanyao=True,
)
# rules/riichi.md §4, column jpml-b (seed 003, second rule block).
_JPML_B = replace(
    _WRC,
    name="jpml-b",
    max_yakuman=4,  # different yakuman stack to 4x
    ippatsu_with_rinshan=False,  # seed 003 L164-166; rules/riichi.md §4
    renhou_mangan=True,  # seed 003 L614-617 (= L293-296)
)

PRESETS: dict[str, RiichiConfig] = {
    # rules/riichi.md §4, column jpml-a (seed 003, first rule block): the
    # second block without kiriage (7,700 / 11,600), ippatsu, ura or kan dora.
    # Seed 003 L164-166 (the yaku list of both blocks): ippatsu does not combine
    # with rinshan kaihou; L293-296: renhou is a mangan. Both come from jpml-b.
    "jpml-a": replace(
        _JPML_B, name="jpml-a", kiriage=False, ippatsu=False, ura_dora=False, kan_dora=False
    ),
    "jpml-b": _JPML_B,
    "wrc": _WRC,
    # rules/riichi.md §4, column ema (EMA RCR 2016).
    "ema": replace(_WRC, name="ema", kiriage=False),
    # rules/riichi.md §4, column tenhou; corpus/FORMAT.md "Tenhou rules".
    "tenhou": replace(
        _WRC,
        name="tenhou",
        red_fives=True,  # one per suit
        kiriage=False,
        kazoe_yakuman=True,
        max_yakuman=6,  # different yakuman stack
        double_wind_pair_fu=4,
    ),
    # The `mahjong` library's defaults, for the corpus cases taken from its own
    # tests. Their `options` use the library's option names (corpus/FORMAT.md).
    "riichi-lib-default": replace(
        _WRC,
        name="riichi-lib-default",
        kiriage=False,
        kazoe_yakuman=True,
        double_yakuman=True,
        max_yakuman=6,
        double_wind_pair_fu=4,
        open_tanyao=False,
    ),
}

LIBRARY_YAKUMAN_CAP = 6
UNCAPPED = 1_000

# The event-facing option names and the type each takes.
OPTION_TYPES: dict[str, type] = {
    f.name: (int if f.name in ("max_yakuman", "double_wind_pair_fu") else bool)
    for f in fields(RiichiConfig)
    if f.name not in ("name", "library_options")
}
LIBRARY_OPTION_NAMES = frozenset(
    {
        "has_open_tanyao",
        "has_aka_dora",
        "has_double_yakuman",
        "kazoe_limit",
        "kiriage",
        "fu_for_open_pinfu",
        "fu_for_pinfu_tsumo",
        "renhou_as_yakuman",
        "has_daisharin",
        "has_daisharin_other_suits",
        "has_sashikomi_yakuman",
        "limit_to_sextuple_yakuman",
        "paarenchan_needs_yaku",
        "has_daichisei",
        "is_three_player",
    }
)


def resolve(preset: RiichiConfig, overrides: Mapping[str, Any]) -> RiichiConfig:
    """The preset with an event's or a hand's overrides applied, each checked."""
    if preset.name == "riichi-lib-default":
        return _resolve_library(preset, overrides)
    changes = typed_changes(overrides, OPTION_TYPES, "a riichi", OPTION_TYPES)
    if changes.get("double_wind_pair_fu", 2) not in (2, 4):
        raise HandError("bad_option", "options.double_wind_pair_fu: must be 2 or 4")
    if changes.get("max_yakuman", 1) < 1:
        raise HandError("bad_option", "options.max_yakuman: must be 1 or more")
    return replace(preset, **changes)


def _resolve_library(preset: RiichiConfig, overrides: Mapping[str, Any]) -> RiichiConfig:
    for key in overrides:
        if key not in LIBRARY_OPTION_NAMES:
            raise HandError("bad_option", f"options: {key!r} is not a mahjong library option")
    if overrides.get("is_three_player"):
        raise HandError("bad_option", "options.is_three_player: three-player riichi is not scored")
    # The library caps stacked yakuman at six unless told otherwise.
    cap = LIBRARY_YAKUMAN_CAP if overrides.get("limit_to_sextuple_yakuman", True) else UNCAPPED
    return replace(preset, library_options=tuple(sorted(overrides.items())), max_yakuman=cap)
