"""Riichi hands, valued by the ``mahjong`` library behind a small adapter.

The library finds the yaku, han and fu. This adapter maps our Hand to the
library's 136-tile arrays, maps its yaku to our keys (corpus/FORMAT.md), and
adds what the presets need and the library lacks: JPML's 2 fu for a
double-wind pair, no ippatsu / ura / kan dora where a preset says so, and the
cap on stacked yakuman. Points come from :mod:`scoring.families.riichi.points`, the
same arithmetic settlement uses, so a hand's value and its payments agree.
"""

from __future__ import annotations

import math
from functools import cache

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID
from mahjong.meld import Meld as LibMeld

from scoring.core.errors import HandError
from scoring.core.flags import (
    FlagRule,
    apart,
    apart_from,
    check_flags,
    has_kong,
    needs,
    robbed_tile_not_held,
)
from scoring.core.frozen import fill
from scoring.core.hand import Hand
from scoring.core.names import display_name, name_table, names_in
from scoring.core.result import Item, Result
from scoring.core.shapes import arrangements, not_winning
from scoring.core.tiles import WIND_KINDS
from scoring.families.riichi import renhou
from scoring.families.riichi.library import LIBRARY_ERRORS, hand_config, library_meld
from scoring.families.riichi.points import basic_points, hand_payments, limit_of_basic
from scoring.families.riichi.presets import PRESETS, RiichiConfig, resolve
from scoring.families.rulesets import Ruleset

NAMES = "riichi_yaku"
YAKUMAN_HAN = 13  # the library counts one yakuman as 13 han
FU_ROUNDING = 10
JPML_DOUBLE_WIND_SAVING = 2  # 4 fu in the library, 2 fu under JPML (rules/riichi.md §4)
DORA_KEYS = ("dora", "aka_dora", "ura_dora")

RIICHI_FLAGS = frozenset(
    {"riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan"}
    | {"tenhou", "chiihou", "renhou", "open_riichi"}
)
LIBRARY_ONLY_FLAGS = frozenset({"renhou", "open_riichi"})
RIICHI_DECLARED = frozenset({"riichi", "double_riichi"})
NO_FLAGS: frozenset[str] = frozenset()


def score_riichi(hand: Hand, config: RiichiConfig, lang: str = "en") -> Result:
    """Validate and value one riichi hand under ``config``.

    The library decides whether the hand is a win; our own shape check
    (:func:`scoring.core.shapes.arrangements`) runs only when the library refuses
    the hand or fails, so that a hand that is not a win is reported as
    ``not_winning``, with what it waits on, whatever else the library says
    (both accept exactly four sets and a pair, seven distinct pairs and
    thirteen orphans: tests/scoring/families/riichi/test_shapes.py).
    """
    _check_situation(hand, config)
    if renhou.applies(hand, config):  # seed 003 L293-296: JPML's mangan, nothing added
        check_flags(hand, _flag_rules(config))
        return renhou.score_renhou(hand, config, lang, score_riichi)
    tiles, win_tile, melds = _to_library_tiles(hand, config)
    try:
        response = HandCalculator.estimate_hand_value(
            tiles,
            win_tile,
            melds=melds,
            dora_indicators=_indicators(hand.dora_indicators, config),
            ura_dora_indicators=(
                _indicators(hand.ura_indicators, config) if config.ura_dora else None
            ),
            config=_library_config(hand, config),
        )
    except Exception:
        _check_winning(hand)
        raise
    if response.error:
        _check_winning(hand)
        raise _library_error(response.error, hand)
    check_flags(hand, _flag_rules(config))
    return _result(hand, config, response, lang)


# Situations that cannot be and that the library lets through (its own refusals
# are LIBRARY_ERRORS, told first). Checked once the library has valued the hand,
# so a hand that is not a win is told so first; each flag below is a yaku, so
# none of them can hide behind no_yaku.
_BEFORE_DISCARD = (
    "the first-turn win comes before one's first discard, with which riichi is declared "
    "(seed 003 L190-193, L278-281)"
)
_FIRST_DRAW = "one is the first draw, haitei the wall's last tile (seed 003 L158-160, L278-281)"
RIICHI_FLAG_RULES = (
    # Seed 003 L278-281 (天和: on the deal, 地和: on the first draw), L190-193
    # (ダブル立直: riichi with the first discard), L158-160 (海底: the last draw).
    *apart_from("tenhou", ("riichi", "double_riichi"), _BEFORE_DISCARD, "seed 003 L190-193"),
    *apart_from("chiihou", ("riichi", "double_riichi"), _BEFORE_DISCARD, "seed 003 L190-193"),
    apart("tenhou", "haitei", _FIRST_DRAW, "seed 003 L158-160, L278-281"),
    apart("chiihou", "haitei", _FIRST_DRAW, "seed 003 L158-160, L278-281"),
    # Seed 003 L293-294 (人和: won before one's own first draw), L161-163 (河底:
    # the last discard of the hand).
    apart(
        "renhou",
        "houtei",
        "renhou is won before one's first draw (seed 003 L293-294)",
        "seed 003 L293-294",
    ),
    # Seed 003 L150-151 (嶺上開花): won on the tile drawn after one's own kan.
    needs(
        "rinshan",
        has_kong,
        "needs a kan in the hand: it is won on the tile drawn after a kan",
        refusal="flag_needs_kong",
        rule="seed 003 L150-151",
    ),
    # Seed 003 L155-157 (槍槓): won on the tile another player adds to a pon,
    # which holds the other three copies.
    robbed_tile_not_held("chankan"),
)
# Seed 003 L164-166: ippatsu does not combine with rinshan kaihou (a preset's
# ``ippatsu_with_rinshan``, rules/riichi.md §4).
IPPATSU_WITH_RINSHAN = apart(
    "ippatsu", "rinshan", "the kan ends the ippatsu turn (seed 003 L164-166)", "seed 003 L164-166"
)
# Seed 003 L293-294: renhou is won before one's first draw, so before one's
# first discard, with which riichi is declared. Not under the library's preset:
# its own test cases stack renhou with riichi (corpus, test_kokushi_musou_multiple_yakuman#8).
RENHOU_WITH_RIICHI = apart_from(
    "renhou",
    ("riichi", "double_riichi"),
    "renhou is won before one's first discard (seed 003 L293-294)",
    "seed 003 L293-294",
)


def _flag_rules(config: RiichiConfig) -> tuple[FlagRule, ...]:
    return _rules_for(config.ippatsu_with_rinshan, bool(config.library_options))


@cache
def _rules_for(ippatsu_with_rinshan: bool, library: bool) -> tuple[FlagRule, ...]:
    ippatsu = () if ippatsu_with_rinshan else (IPPATSU_WITH_RINSHAN,)
    return RIICHI_FLAG_RULES + ippatsu + (() if library else RENHOU_WITH_RIICHI)


def _check_winning(hand: Hand) -> None:
    if not arrangements(hand):
        raise not_winning(hand)


def _check_situation(hand: Hand, config: RiichiConfig) -> None:
    flags = hand.flags
    only = NO_FLAGS if config.library_options else LIBRARY_ONLY_FLAGS - renhou.allowed(config)
    if flags and (not flags <= RIICHI_FLAGS or flags & only):
        for flag in sorted(flags):
            if flag not in RIICHI_FLAGS:
                raise HandError(
                    "bad_flag", f"flags: {flag!r} is not a riichi flag", "flag_unknown", flag=flag
                )
            if flag in only:
                raise HandError(
                    "bad_flag",
                    f"flags: {flag!r} is not a yaku under {config.name}",
                    "flag_not_in_rules",
                    ruleset=config.name,
                    flag=flag,
                )
    if "ippatsu" in flags and not flags & RIICHI_DECLARED:
        raise HandError(
            "bad_flag", "flags: ippatsu needs riichi", "flag_needs_riichi", flag="ippatsu"
        )
    if hand.flower_count:
        raise HandError(
            "bad_input",
            "flowers: riichi is played without bonus tiles",
            "no_flowers",
            ruleset=config.name,
        )
    if hand.penalty_tiles:
        raise HandError(
            "bad_input",
            "penalty_tiles: riichi has no penalty tiles",
            "no_penalty_tiles",
            ruleset=config.name,
        )
    if hand.dealer != (hand.seat_wind == "E"):
        raise HandError(
            "bad_input",
            f"dealer: in riichi the dealer sits East, but seat_wind is {hand.seat_wind}",
            "dealer_sits_east",
            seat=hand.seat_wind,
        )


def _to_library_tiles(hand: Hand, config: RiichiConfig):
    """136-format ids: a red five takes copy 0 (what the library treats as red).

    Plain tiles take the high copies first (3, 2, 1), keeping copy 0 for a red
    five; the copies check has already made sure no copy runs out.
    """
    taken: dict[int, int] = {}  # kind -> plain copies handed out so far

    def take(tiles) -> list[int]:
        ids = []
        for tile in tiles:
            kind = tile.kind
            if tile.red:
                ids.append(kind * 4)
            else:
                n = taken.get(kind, 0)
                taken[kind] = n + 1
                ids.append(kind * 4 + 3 - n)
        return ids

    ids = take((hand.win_tile, *hand.concealed))
    melds = []
    for m in hand.melds:
        meld_ids = take(m.tiles)
        ids += meld_ids
        kind = LibMeld.SHOUMINKAN if m.added else _LIB_MELD_TYPES[m.type]
        melds.append(library_meld(kind, meld_ids, not m.concealed))
    return ids, ids[0], melds


_LIB_MELD_TYPES = {"chi": LibMeld.CHI, "pon": LibMeld.PON, "kan": LibMeld.KAN}


def _indicators(tiles, config: RiichiConfig) -> list[int]:
    chosen = tiles if config.kan_dora else tiles[:1]
    return [t.kind * 4 for t in chosen]


def _library_config(hand: Hand, config: RiichiConfig) -> HandConfig:
    key = (hand.flags, hand.is_tsumo, config.ippatsu)
    flags = _FLAG_ATTRS.get(key)
    if flags is None:
        flags = _flag_attrs(*key)
        if len(_FLAG_ATTRS) < _MAX_FLAG_SETS:
            _FLAG_ATTRS[key] = flags
    return hand_config(
        _optional_rules(config), WIND_KINDS[hand.seat_wind], WIND_KINDS[hand.round_wind], flags
    )


def _flag_attrs(flags: frozenset[str], tsumo: bool, ippatsu: bool) -> dict[str, bool]:
    """HandConfig's ``is_*`` switches for a hand's situation (flags, tsumo or ron)."""
    return {
        "is_tsumo": tsumo,
        "is_riichi": bool(flags & RIICHI_DECLARED),
        "is_daburu_riichi": "double_riichi" in flags,
        "is_ippatsu": "ippatsu" in flags and ippatsu,
        "is_rinshan": "rinshan" in flags,
        "is_chankan": "chankan" in flags,
        "is_haitei": "haitei" in flags,
        "is_houtei": "houtei" in flags,
        "is_tenhou": "tenhou" in flags,
        "is_chiihou": "chiihou" in flags,
        "is_renhou": "renhou" in flags,
        "is_open_riichi": "open_riichi" in flags,
    }


# By (flags, tsumo, the preset's ippatsu): flags are riichi flags by now (_check_situation),
# so there are at most 2^11 * 4 keys; the cap only guards against a caller skipping the check.
_FLAG_ATTRS: dict[tuple[frozenset[str], bool, bool], dict[str, bool]] = {}
_MAX_FLAG_SETS = 8192


def _optional_rules(config: RiichiConfig) -> OptionalRules:
    """The library's rule switches for ``config``, built once per resolved config.

    The library only reads them. Keyed by identity: the entry holds the config,
    so its id cannot be reused while the entry exists.
    """
    entry = _OPTIONS.get(id(config))
    if entry is not None and entry[0] is config:
        return entry[1]
    if config.library_options:
        options = OptionalRules(**dict(config.library_options))
    else:
        options = OptionalRules(
            has_open_tanyao=config.open_tanyao,
            has_aka_dora=config.red_fives,
            has_double_yakuman=config.double_yakuman,
            kazoe_limit=(
                HandConstants.KAZOE_LIMITED
                if config.kazoe_yakuman
                else HandConstants.KAZOE_SANBAIMAN
            ),
            kiriage=config.kiriage,
        )
    if len(_OPTIONS) < _MAX_OPTIONS:
        _OPTIONS[id(config)] = (config, options)
    return options


_OPTIONS: dict[int, tuple[RiichiConfig, OptionalRules]] = {}
_MAX_OPTIONS = 256  # as many as the registry keeps resolved configs; beyond, built each time


def _library_error(code: str, hand: Hand) -> HandError:
    if code == HandCalculator.ERR_NO_YAKU:
        return HandError(
            "no_yaku",
            "no yaku: the hand is complete but has no yaku (dora alone do not count)",
            "no_yaku",
        )
    if code == HandCalculator.ERR_HAND_NOT_WINNING:
        return not_winning(hand)
    words, refusal, params = LIBRARY_ERRORS.get(code, (code, "flag_unknown", {"flag": code}))
    return HandError("bad_flag", f"flags: {words}", refusal, **params)


def _result(hand: Hand, config: RiichiConfig, response, lang: str) -> Result:
    items = _items(response, lang)
    yakuman = sum(i.value for i in items if i.value >= YAKUMAN_HAN) // YAKUMAN_HAN
    yakuman = min(yakuman, config.max_yakuman)
    fu = _fu(response, config)
    han = yakuman * YAKUMAN_HAN if yakuman else response.han
    if config.library_options:
        points = response.cost["total"]
        b, limit = None, _library_limit(response.cost["yaku_level"])
    else:
        kazoe = "yakuman" if config.kazoe_yakuman else "sanbaiman"
        b = basic_points(han, fu, kiriage=config.kiriage, kazoe=kazoe, yakuman=yakuman)
        limit = limit_of_basic(b)
        points = hand_payments(b, dealer_won=hand.dealer, tsumo=hand.is_tsumo).total
    fields = {"ruleset": config.name, "valid": True, "error": None, "total": han, "items": items}
    fields |= {"han": han, "fu": fu, "points": points, "limit": limit, "basic": b}
    fields["yakuman"] = yakuman
    return fill(Result, fields)


def _fu(response, config: RiichiConfig) -> int:
    """The library's fu, less 2 for a double-wind pair where the preset says 2 fu."""
    details = response.fu_details or []
    if config.double_wind_pair_fu == 4 or not any(
        d["reason"] == "double_valued_pair" for d in details
    ):
        return response.fu
    raw = sum(d["fu"] for d in details) - JPML_DOUBLE_WIND_SAVING
    return math.ceil(raw / FU_ROUNDING) * FU_ROUNDING


def _items(response, lang: str) -> tuple[Item, ...]:
    """One item per library yaku, in the library's order; dora counted, not valued."""
    is_open = response.is_open_hand
    names = names_in(NAMES, lang) if response.yaku else None
    items = []
    for yaku in response.yaku:
        key = _KEY_BY_YAKU_ID.get(yaku.yaku_id) or _key_for(yaku)
        value = yaku.han_open if is_open and yaku.han_open else yaku.han_closed
        name = names.get(key) if names is not None else None
        if name is None:
            name = display_name(NAMES, key, lang)
        if key in DORA_KEYS:
            value, count = 1, value
        else:
            count = 1
        items.append(fill(Item, {"key": key, "value": value, "count": count, "name": name}))
    return tuple(items)


@cache
def _keys_by_tenhou_id() -> dict[int, str]:
    return {int(r["tenhou_id"]): k for k, r in name_table(NAMES).items() if r["tenhou_id"]}


# Library yaku with no Tenhou id, by the library's yaku_id.
_EXTRA_KEYS = {
    117: "renhou_yakuman",
    110: "daichisei",
    2: "open_riichi",
    9: "double_open_riichi",
    118: "sashikomi",
    10: "nagashi_mangan",
    119: "paarenchan",
}


def _key_for(yaku) -> str:
    tenhou_id = YAKU_ID_TO_TENHOU_ID.get(yaku.yaku_id)
    if tenhou_id is not None:
        return _keys_by_tenhou_id()[tenhou_id]
    if yaku.yaku_id in _EXTRA_KEYS:
        return _EXTRA_KEYS[yaku.yaku_id]
    return yaku.name.lower().replace(" ", "_")  # daisharin and its renamed forms


def _fixed_keys() -> dict[int, str]:
    """Our key of every library yaku whose key never changes (not daisharin's renamed forms)."""
    by_tenhou = _keys_by_tenhou_id()
    keys = {y: by_tenhou[t] for y, t in YAKU_ID_TO_TENHOU_ID.items() if t in by_tenhou}
    keys |= {y: k for y, k in _EXTRA_KEYS.items() if y not in YAKU_ID_TO_TENHOU_ID}
    return keys


_KEY_BY_YAKU_ID = _fixed_keys()


def _library_limit(level: str) -> str | None:
    names = {"": None, "kiriage mangan": "mangan", "kazoe yakuman": "yakuman"}
    names |= {"kazoe sanbaiman": "sanbaiman", "2x yakuman": "double_yakuman"}
    return names.get(level, level.replace(" ", "_") or None)


# Every preset, the library-defaults one for the corpus too; the family registers them
# with itself (family.py, ``hand_rulesets``).
RULESETS = tuple(Ruleset(name, preset, resolve, score_riichi) for name, preset in PRESETS.items())
