"""Fresh ``HandConfig`` objects for the ``mahjong`` library, at a fraction of the cost.

``HandConfig()`` builds a ``YakuConfig``: 63 yaku objects, about 5 µs, a tenth
of what the library then spends valuing a hand. Those objects keep their
values as class attributes and carry no state of their own, except the few
the library writes to while it values a hand (mahjong 2.1.0, pinned):
``estimate_hand_value`` sets the han of the four double-yakuman forms when
double yakuman are off and the han of dora, aka dora and ura dora per hand;
``Daisharin.rename`` sets a name and ``Paarenchan.set_paarenchan_count`` a han.

So every config built here is a new ``HandConfig`` with new copies of those
nine yaku, and shares the other 54 with one template that the library only
ever reads (tests/scoring/families/riichi/test_library.py checks both that the
result equals ``HandConfig(...)`` and that the shared yaku stay untouched).
Nothing here depends on a hand's tiles.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld

_new = object.__new__

# The yaku objects the library assigns to, by their YakuConfig attribute.
WRITTEN_YAKU = (
    "daburu_kokushi",
    "suuankou_tanki",
    "daburu_chuuren_poutou",
    "daisuushi",
    "dora",
    "aka_dora",
    "ura_dora",
    "daisharin",
    "paarenchan",
)

_TEMPLATE = YakuConfig()
_TEMPLATE_YAKU = dict(vars(_TEMPLATE))
_WRITTEN = tuple((name, type(_TEMPLATE_YAKU[name])) for name in WRITTEN_YAKU)
# HandConfig's attributes for a plain closed ron, without its yaku and options.
_DEFAULTS = {k: v for k, v in vars(HandConfig()).items() if k not in ("yaku", "options")}


def shared_yaku() -> dict[str, object]:
    """The yaku objects every config shares (for the test that they stay untouched)."""
    return {k: v for k, v in _TEMPLATE_YAKU.items() if k not in WRITTEN_YAKU}


def fresh_yaku() -> YakuConfig:
    """A YakuConfig whose written-to yaku are new objects and the rest shared."""
    yaku = _new(YakuConfig)
    attrs = yaku.__dict__
    attrs.update(_TEMPLATE_YAKU)
    for name, cls in _WRITTEN:
        attrs[name] = _new(cls)  # Yaku have no __init__ of their own: values are class attributes
    return yaku


def hand_config(
    options: OptionalRules, player_wind: int, round_wind: int, flags: Mapping[str, bool]
) -> HandConfig:
    """What ``HandConfig(options=..., player_wind=..., round_wind=..., **flags)`` gives.

    ``flags`` are HandConfig's ``is_*`` keywords (is_tsumo, is_riichi …).
    """
    config = _new(HandConfig)
    attrs = config.__dict__
    attrs["yaku"] = fresh_yaku()
    attrs["options"] = options
    attrs.update(_DEFAULTS)
    attrs.update(flags)
    attrs["player_wind"] = player_wind
    attrs["round_wind"] = round_wind
    attrs["is_dealer"] = player_wind == EAST
    return config


def library_meld(meld_type: str, tiles: list[int], opened: bool) -> Meld:
    """What ``Meld(meld_type=..., tiles=..., opened=...)`` gives, without its per-attribute
    ``__setattr__`` (which exists to drop a cached ``tiles_34``; a new meld has none)."""
    meld = _new(Meld)
    meld.__dict__.update(
        type=meld_type, tiles=tuple(tiles), opened=opened, called_tile=None, who=None, from_who=None
    )
    return meld


# The library's own codes for impossible situations, in words for a judge (English, for
# the command line), with the refusal a page words (scoring.core.refusals) and its params.
def _flag(flag: str, **params: str) -> dict[str, str]:
    return {"flag": flag, **params}


LIBRARY_ERRORS = {
    HandCalculator.ERR_OPEN_HAND_RIICHI: (
        "riichi needs a closed hand, but a meld is open",
        "flag_needs_closed",
        _flag("riichi"),
    ),
    HandCalculator.ERR_OPEN_HAND_DABURI: (
        "double_riichi needs a closed hand, but a meld is open",
        "flag_needs_closed",
        _flag("double_riichi"),
    ),
    HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI: (
        "ippatsu needs riichi",
        "flag_needs_riichi",
        _flag("ippatsu"),
    ),
    HandCalculator.ERR_CHANKAN_WITH_TSUMO: (
        "chankan is a win on another's kan, not a self-draw",
        "flag_needs_discard",
        _flag("chankan"),
    ),
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO: (
        "rinshan is a self-draw after a kan, not a ron",
        "flag_needs_self_draw",
        _flag("rinshan"),
    ),
    HandCalculator.ERR_HAITEI_WITHOUT_TSUMO: (
        "haitei is a self-draw; use houtei for a ron",
        "flag_self_draw_use",
        _flag("haitei", instead="houtei"),
    ),
    HandCalculator.ERR_HOUTEI_WITH_TSUMO: (
        "houtei is a ron; use haitei for a self-draw",
        "flag_discard_use",
        _flag("houtei", instead="haitei"),
    ),
    HandCalculator.ERR_HAITEI_WITH_RINSHAN: (
        "haitei and rinshan do not combine",
        "flags_apart",
        _flag("haitei", other="rinshan"),
    ),
    HandCalculator.ERR_HOUTEI_WITH_CHANKAN: (
        "houtei and chankan do not combine",
        "flags_apart",
        _flag("houtei", other="chankan"),
    ),
    HandCalculator.ERR_TENHOU_NOT_AS_DEALER: (
        "tenhou is the dealer's win; use chiihou",
        "flag_dealer_use",
        _flag("tenhou", instead="chiihou"),
    ),
    HandCalculator.ERR_TENHOU_WITHOUT_TSUMO: (
        "tenhou is a self-draw",
        "flag_needs_self_draw",
        _flag("tenhou"),
    ),
    HandCalculator.ERR_TENHOU_WITH_MELD: (
        "tenhou cannot have a meld",
        "flag_before_any_call",
        _flag("tenhou"),
    ),
    HandCalculator.ERR_CHIIHOU_AS_DEALER: (
        "chiihou is a non-dealer's win; use tenhou",
        "flag_non_dealer_use",
        _flag("chiihou", instead="tenhou"),
    ),
    HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO: (
        "chiihou is a self-draw",
        "flag_needs_self_draw",
        _flag("chiihou"),
    ),
    HandCalculator.ERR_CHIIHOU_WITH_MELD: (
        "chiihou cannot have a meld",
        "flag_before_any_call",
        _flag("chiihou"),
    ),
    HandCalculator.ERR_RENHOU_AS_DEALER: (
        "renhou is a non-dealer's win",
        "flag_non_dealer",
        _flag("renhou"),
    ),
    HandCalculator.ERR_RENHOU_WITH_TSUMO: (
        "renhou is a ron",
        "flag_needs_discard",
        _flag("renhou"),
    ),
    HandCalculator.ERR_RENHOU_WITH_MELD: (
        "renhou cannot have a meld",
        "flag_before_any_call",
        _flag("renhou"),
    ),
}
