"""JPML's renhou (人和): mangan, with no other yaku or dora (seed 003 L293-296, L614-617).

Seed 003 L293-296 (the same in the second rule block, L614-617): "人和 満貫 …
配牌時にテンパイしていて自分の第一ツモの前にロンアガりをする ※手役・ドラは複合しない
※以上のアガリ形の場合は…法に基づく". So under a preset with ``renhou_mangan``:

- renhou is a non-dealer's ron before one's own first draw, so with no call
  (the library's own checks, worded in hand.py, and riichi apart: hand.py);
- the hand is worth mangan and nothing else: no yaku, no dora are added;
- ⚠ L295-296 is cut in the seed ("…以上のアガリ形の場合は…法に基づく"); read as
  "a hand worth more than mangan by itself is scored the ordinary way": when
  the hand's own yaku and dora, without renhou, are worth more than mangan,
  that ordinary value is the result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from scoring.core.errors import HandError
from scoring.core.hand import Hand
from scoring.core.names import display_name
from scoring.core.result import Item, Result
from scoring.families.riichi.points import MANGAN, hand_payments, limit_of_basic

RENHOU = "renhou"
MANGAN_HAN = 5  # the han shown for a mangan that no han count reached


def allowed(config) -> frozenset[str]:
    """The flag this module makes a yaku under ``config`` (none where the preset lacks it)."""
    return frozenset({RENHOU}) if config.renhou_mangan else frozenset()


def applies(hand: Hand, config) -> bool:
    """Renhou scored as JPML's mangan: the flag under a preset that says so."""
    return RENHOU in hand.flags and config.renhou_mangan and not config.library_options


def score_renhou(
    hand: Hand, config, lang: str, scorer: Callable[[Hand, object, str], Result]
) -> Result:
    """Mangan alone, or the hand's ordinary value where that is more (module docstring)."""
    _check(hand)
    ordinary = _ordinary(hand, config, lang, scorer)
    if ordinary is not None and (ordinary.basic or 0) > MANGAN:
        return ordinary
    name = display_name("riichi_yaku", RENHOU, lang)
    points = hand_payments(MANGAN, dealer_won=False, tsumo=False).total
    return Result(
        ruleset=config.name,
        valid=True,
        total=MANGAN_HAN,
        items=(Item(RENHOU, MANGAN_HAN, 1, name),),
        han=MANGAN_HAN,
        points=points,
        limit=limit_of_basic(MANGAN),
        basic=MANGAN,
    )


def _check(hand: Hand) -> None:
    # Seed 003 L294: a ron before one's own first draw, so a non-dealer's, without a call.
    if hand.dealer:
        raise HandError(
            "bad_flag", "flags: renhou is a non-dealer's win", "flag_non_dealer", flag=RENHOU
        )
    if hand.is_tsumo:
        raise HandError("bad_flag", "flags: renhou is a ron", "flag_needs_discard", flag=RENHOU)
    if hand.melds:
        raise HandError(
            "bad_flag",
            "flags: renhou cannot have a meld (seed 003 L294)",
            "flag_before_any_call",
            flag=RENHOU,
            rule="seed 003 L294",
        )


def _ordinary(hand: Hand, config, lang: str, scorer) -> Result | None:
    """The hand without renhou; None when it has no yaku of its own (renhou makes it a win)."""
    try:
        return scorer(replace(hand, flags=hand.flags - {RENHOU}), config, lang)
    except HandError as problem:
        if problem.info.code == "no_yaku":
            return None
        raise
