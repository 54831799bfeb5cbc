"""Riichi hand value: han and fu -> basic points -> what each payer owes.

Vocabulary (rules/riichi.md §1–§2):

- *han* and *fu*: the hand's value as the hand calculator reports it. Rounding
  fu up to the next 10 is the caller's job; seven pairs keep a fixed 25 fu.
- *basic points* (``b``): ``fu × 2^(2 + han)``, replaced by a limit value
  (mangan, haneman …) from 5 han on or when the formula reaches the mangan cap.
  Every payment of a hand is a multiple of ``b``.
- *dealer*: the player who holds the deal this hand. A dealer's hand is worth
  1.5 times a non-dealer's (6b instead of 4b).
- *ron*: a win on another player's discard; the *discarder* pays it all.
  *Tsumo*: a self-drawn win; the three other players pay.

These numbers are the same in every riichi preset; what differs per preset
(kiriage, kazoe yakuman, yakuman stacking) arrives as arguments, so that the
hand-scoring adapter and :mod:`scoring.families.riichi.settlement` share one implementation.
The per-preset settlement values (honba, sticks, noten payments, pao honba,
several rons) are :class:`SettlementRules`, named in :data:`SETTLEMENT_PRESETS`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar, Literal

Kazoe = Literal["yakuman", "sanbaiman"]

# rules/riichi.md §1, limits table. Basic points of each limit.
MANGAN = 2_000
HANEMAN = 3_000
BAIMAN = 4_000
SANBAIMAN = 6_000
YAKUMAN = 8_000
# rules/riichi.md §1: b = fu × 2^(2 + han) below the limits.
BASIC_EXPONENT_OFFSET = 2
# rules/riichi.md §1: the formula applies up to 4 han; 5 han is already mangan.
FORMULA_MAX_HAN = 4
HANEMAN_MIN_HAN = 6
BAIMAN_MIN_HAN = 8
SANBAIMAN_MIN_HAN = 11
KAZOE_MIN_HAN = 13
# rules/riichi.md §1: with kiriage, 4 han 30 fu and 3 han 60 fu (b = 1,920) are mangan.
KIRIAGE_HANDS = frozenset({(4, 30), (3, 60)})
# rules/riichi.md §1: seven pairs are a fixed 25 fu; every other count is a multiple of 10.
SEVEN_PAIRS_FU = 25
FU_ROUNDING = 10
MIN_FU = 20
# rules/riichi.md §2: every individual payment is rounded up to the next 100.
PAYMENT_ROUNDING = 100
# rules/riichi.md §2, payments table: multiples of b.
RON_NON_DEALER = 4
RON_DEALER = 6
TSUMO_FROM_DEALER = 2
TSUMO_FROM_NON_DEALER = 1
TSUMO_DEALER_WON = 2
# Four players: on a tsumo the three others pay.
TSUMO_PAYERS = 3

_LIMIT_NAMES = {MANGAN: "mangan", HANEMAN: "haneman", BAIMAN: "baiman", SANBAIMAN: "sanbaiman"}
_YAKUMAN_NAMES = (
    "yakuman",
    "double_yakuman",
    "triple_yakuman",
    "quadruple_yakuman",
    "quintuple_yakuman",
    "sextuple_yakuman",
)


class PointsError(ValueError):
    """A han, fu or basic-points value that no hand can have; the message names the field."""


def basic_points(han: int, fu: int, *, kiriage: bool, kazoe: Kazoe, yakuman: int = 0) -> int:
    """Basic points ``b`` of a hand (rules/riichi.md §1).

    ``yakuman`` is the number of yakuman multiples (0: not a yakuman hand); when
    it is set, han and fu are ignored. Whether several yakuman stack is the
    preset's decision, taken by the caller before counting them. ``kazoe`` says
    what 13+ han of ordinary yaku are worth: ``"yakuman"`` or ``"sanbaiman"``.
    """
    if kazoe not in ("yakuman", "sanbaiman"):
        raise PointsError(f"kazoe must be 'yakuman' or 'sanbaiman', not {kazoe!r}")
    if yakuman < 0:
        raise PointsError(f"yakuman must be 0 or more (a count of yakuman), not {yakuman}")
    if yakuman:
        return YAKUMAN * yakuman
    if han < 1:
        raise PointsError(f"han must be at least 1 for a winning hand, not {han}")
    if han >= KAZOE_MIN_HAN:
        return YAKUMAN if kazoe == "yakuman" else SANBAIMAN
    if han >= SANBAIMAN_MIN_HAN:
        return SANBAIMAN
    if han >= BAIMAN_MIN_HAN:
        return BAIMAN
    if han >= HANEMAN_MIN_HAN:
        return HANEMAN
    if han > FORMULA_MAX_HAN:
        return MANGAN
    _check_fu(fu)
    if kiriage and (han, fu) in KIRIAGE_HANDS:
        return MANGAN
    return min(fu * 2 ** (BASIC_EXPONENT_OFFSET + han), MANGAN)


def _check_fu(fu: int) -> None:
    if fu < MIN_FU:
        raise PointsError(f"fu must be at least {MIN_FU}, not {fu}")
    if fu != SEVEN_PAIRS_FU and fu % FU_ROUNDING:
        rounded = math.ceil(fu / FU_ROUNDING) * FU_ROUNDING
        raise PointsError(f"fu {fu} must be rounded up to {rounded} before scoring")


def limit_name(han: int, fu: int, *, kiriage: bool, kazoe: Kazoe, yakuman: int = 0) -> str | None:
    """The limit a hand reaches, or None below mangan.

    Derived from :func:`basic_points`, so the name and the value never
    disagree: a capped or kiriage hand is ``"mangan"``, a kazoe yakuman is
    ``"yakuman"``, n stacked yakuman are ``"double_yakuman"``, ``"triple_yakuman"`` …
    """
    return limit_of_basic(basic_points(han, fu, kiriage=kiriage, kazoe=kazoe, yakuman=yakuman))


def limit_of_basic(b: int) -> str | None:
    """The limit name of basic points ``b`` (from :func:`basic_points`), or None below mangan."""
    if b < MANGAN:
        return None
    if b in _LIMIT_NAMES:
        return _LIMIT_NAMES[b]
    multiple = b // YAKUMAN
    if multiple <= len(_YAKUMAN_NAMES):
        return _YAKUMAN_NAMES[multiple - 1]
    return f"yakuman_x{multiple}"


def round_payment(amount: float) -> int:
    """Round one payment up to the next 100 (rules/riichi.md §2)."""
    return math.ceil(amount / PAYMENT_ROUNDING) * PAYMENT_ROUNDING


@dataclass(frozen=True)
class HandPayments:
    """What each payer owes for a hand, before honba and riichi sticks.

    On a ron only ``ron`` is set (the discarder pays it). On a tsumo,
    ``non_dealer`` is what each non-dealer pays and ``dealer`` what the dealer
    pays (None when the dealer is the winner and so pays nothing).
    """

    ron: int | None = None
    dealer: int | None = None
    non_dealer: int | None = None

    @property
    def total(self) -> int:
        """What the winner receives for the hand."""
        if self.ron is not None:
            return self.ron
        if self.dealer is None:  # the dealer won: three non-dealers pay
            return self.non_dealer * TSUMO_PAYERS
        return self.dealer + self.non_dealer * (TSUMO_PAYERS - 1)


def hand_payments(basic: int, *, dealer_won: bool, tsumo: bool) -> HandPayments:
    """Turn basic points into payments (rules/riichi.md §2, each rounded up to 100).

    Non-dealer ron 4b, dealer ron 6b; non-dealer tsumo: the dealer pays 2b and
    each non-dealer b; dealer tsumo: each player pays 2b.
    """
    if basic < 1:
        raise PointsError(f"basic points must be positive, not {basic}")
    if not tsumo:
        return HandPayments(
            ron=round_payment(basic * (RON_DEALER if dealer_won else RON_NON_DEALER))
        )
    if dealer_won:
        return HandPayments(non_dealer=round_payment(basic * TSUMO_DEALER_WON))
    return HandPayments(
        dealer=round_payment(basic * TSUMO_FROM_DEALER),
        non_dealer=round_payment(basic * TSUMO_FROM_NON_DEALER),
    )


# rules/riichi.md §2, noten payments: 1-3 tenpai times 3-1 noten; 12 makes every split whole.
_NOTEN_DIVISOR = 12


@dataclass(frozen=True)
class SettlementRules:
    """The settlement values of one riichi preset (see :data:`SETTLEMENT_PRESETS`).

    ``pao_honba_payer``: ``"liable"`` - the liable player pays every honba of
    the hand (as on a ron, ``honba_ron`` per counter). ``"discarder"`` - honba
    follow the non-liable part of the hand: the discarder pays them on a ron,
    all three pay on a tsumo, and the liable player only when a tsumo is
    wholly theirs.

    ``multiple_ron``: ``"head_bump"`` - only the claimant nearest the discarder
    in turn order wins. ``"all_win"`` - every claimant is paid in full, honba
    included; each takes back their own riichi stick and the nearest takes the
    rest of the pool. ``"double_ron"`` - two claimants are paid in full, honba
    and pool go to the nearest; three claims make an abortive draw.
    """

    honba_ron: int
    honba_tsumo_each: int
    riichi_stick: int
    noten_total: int
    pao_honba_payer: Literal["discarder", "liable"]
    multiple_ron: Literal["head_bump", "all_win", "double_ron"]

    # Fields no event may change: the pool and the session maths count sticks of 1,000.
    FIXED: ClassVar[frozenset[str]] = frozenset({"riichi_stick"})

    def __post_init__(self) -> None:
        for name in ("honba_ron", "honba_tsumo_each", "riichi_stick", "noten_total"):
            if getattr(self, name) <= 0:
                raise PointsError(f"{name} must be positive, not {getattr(self, name)}")
        if self.noten_total % _NOTEN_DIVISOR:
            raise PointsError(
                f"noten_total must split evenly among 1-3 players, not {self.noten_total}"
            )
        if self.pao_honba_payer not in ("discarder", "liable"):
            raise PointsError(f"unknown pao_honba_payer {self.pao_honba_payer!r}")
        if self.multiple_ron not in ("head_bump", "all_win", "double_ron"):
            raise PointsError(f"unknown multiple_ron {self.multiple_ron!r}")


# The same in every preset.
_COMMON = {
    "honba_ron": 300,  # rules/riichi.md §2 Honba (WRC 2015 §5.7.7)
    "honba_tsumo_each": 100,  # rules/riichi.md §2 Honba (WRC 2015 §5.7.7)
    "riichi_stick": 1_000,  # rules/riichi.md §2 Riichi stick
    "noten_total": 3_000,  # rules/riichi.md §2 Noten payments; seed 003 "ノーテンは場に3000點"
}
SETTLEMENT_PRESETS: dict[str, SettlementRules] = {
    "jpml-a": SettlementRules(
        **_COMMON,
        pao_honba_payer="discarder",  # rules/riichi.md §2 Pao; seed 003 "積み場は放銃者の負擔"
        multiple_ron="head_bump",  # rules/riichi.md §4 Several rons
    ),
    "jpml-b": SettlementRules(
        **_COMMON,
        pao_honba_payer="discarder",  # rules/riichi.md §2 Pao; seed 003 block 2
        multiple_ron="head_bump",  # rules/riichi.md §4 Several rons; seed 003 "…家優先" (頭ハネ)
    ),
    "wrc": SettlementRules(
        **_COMMON,
        # ⚠ rules/riichi.md §2 names only jpml-* and tenhou; WRC 2015 §6.2 unchecked.
        pao_honba_payer="discarder",
        multiple_ron="head_bump",  # rules/riichi.md §4 Several rons
    ),
    "ema": SettlementRules(
        **_COMMON,
        # ⚠ rules/riichi.md §2 names only jpml-* and tenhou; the EMA liability clause
        # (RCR §3.3.9, older text): "only the discarder pays for any counters".
        pao_honba_payer="discarder",
        multiple_ron="all_win",  # ⚠ rules/riichi.md §4 Several rons and its ema note
    ),
    "tenhou": SettlementRules(
        **_COMMON,
        pao_honba_payer="liable",  # rules/riichi.md §2 Pao ("the liable player does in tenhou")
        multiple_ron="double_ron",  # rules/riichi.md §4 Several rons and its tenhou note
    ),
}


# Value-only entry: han and fu a judge types in must describe a real hand.
MAX_FU = 110  # the highest fu a hand can reach (open/closed kongs of honours, single wait)
PINFU_TSUMO_FU = 20  # only a closed pinfu self-draw: pinfu + menzen tsumo = 2 han at least
SEVEN_PAIRS_MIN_HAN = 2  # chiitoitsu is 2 han; a self-draw adds menzen tsumo


def check_value(han: int, fu: int, *, tsumo: bool) -> None:
    """Refuse han/fu pairs no hand can have, e.g. 1 han 20 fu on a ron.

    From 5 han on the fu do not matter (the hand is a limit), so only the
    lower hands are checked.
    """
    if han < 1:
        raise PointsError(f"han must be at least 1 for a winning hand, not {han}")
    if han > FORMULA_MAX_HAN:
        return
    _check_fu(fu)
    if fu > MAX_FU:
        raise PointsError(f"fu {fu} is more than any hand can have ({MAX_FU})")
    if fu == PINFU_TSUMO_FU:
        if not tsumo:
            raise PointsError("20 fu is only a closed pinfu self-draw; a ron has at least 30 fu")
        if han < 2:
            raise PointsError("20 fu is a pinfu self-draw, worth at least 2 han (pinfu + tsumo)")
    if fu == SEVEN_PAIRS_FU:
        least = SEVEN_PAIRS_MIN_HAN + (1 if tsumo else 0)
        if han < least:
            raise PointsError(f"25 fu is seven pairs, worth at least {least} han here")
