"""Riichi settlement when a hand has no winner or several claims: draws and multiple ron.

An *exhaustive draw* (the wall ran out) moves noten payments; an *abortive
draw* (tenhou only) moves nothing. A *multiple ron* is one discard claimed by
several players; ``SettlementRules.multiple_ron`` decides whether only the
nearest claimant wins (head bump), all do, or, under tenhou's double ron, a
third claim turns the hand into an abortive draw, which is why the two live
together. The vocabulary (seat, dealer, honba, pool, delta) is defined in
:mod:`scoring.families.riichi.settlement`, and this module reuses its ledger,
checks and single-winner payments (its underscored names are private to the
package, not to that module), so a claim is paid the same however the hand
ended.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from scoring.core.money import SettlementError
from scoring.core.seats import SEATS, Seat
from scoring.families.riichi.points import MANGAN, SettlementRules
from scoring.families.riichi.settlement import (
    Outcome,
    RonClaim,
    Settlement,
    _check_hand,
    _count,
    _Hand,
    _in_turn_order,
    _Ledger,
    _pay_ron,
    _pay_tsumo,
    _seat,
    _seats,
    _seats_after,
    _settle_one,
    _win_outcome,
)
from scoring.sheets.messages import Message, message


def settle_multiple_ron(
    *,
    claims: Sequence[RonClaim],
    discarder: Seat,
    dealer: Seat,
    rules: SettlementRules,
    honba: int = 0,
    pool: int = 0,
    riichi: Iterable[Seat] = (),
) -> Settlement:
    """Settle one discard claimed for ron by one or more players.

    Claims are ranked by turn order from the discarder; the first is the
    *nearest* winner. What happens next is ``rules.multiple_ron`` (see
    :class:`SettlementRules`): under ``double_ron`` three claims end the hand
    as an abortive draw (a settlement with outcome ``ABORTIVE_DRAW``).
    """
    discarder, dealer = _seat(discarder, "discarder"), _seat(dealer, "dealer")
    honba, pool = _count(honba, "honba"), _count(pool, "pool")
    hands = [_check_hand(c, dealer=dealer, discarder=discarder) for c in claims]
    if not hands:
        raise SettlementError("claims must name at least one winner")
    if len({h.winner for h in hands}) != len(hands):
        raise SettlementError("claims name the same winner twice")
    order = _seats_after(discarder)
    hands.sort(key=lambda h: order.index(h.winner))
    nearest = hands[0]
    if len(hands) == 1 or rules.multiple_ron == "head_bump":
        settlement = _settle_one(
            nearest, tsumo=False, honba=honba, pool=pool, riichi=riichi, rules=rules
        )
        bumped = [h.winner for h in hands[1:]]
        if not bumped:
            return settlement
        note = message("head_bump", seat=nearest.winner, seats=bumped)
        return _with_note(settlement, note)
    if rules.multiple_ron == "double_ron" and len(hands) > 2:
        draw = settle_abortive_draw(riichi=riichi, pool=pool, rules=rules)
        return _with_note(draw, message("three_rons"))
    return _settle_all_rons(hands, honba=honba, pool=pool, riichi=riichi, rules=rules)


def _settle_all_rons(
    hands: list[_Hand], *, honba: int, pool: int, riichi: Iterable[Seat], rules: SettlementRules
) -> Settlement:
    """Every claimant wins (``all_win`` or ``double_ron``); ``hands`` start with the nearest."""
    declared = _seats(riichi, "riichi")
    ledger = _Ledger(rules, pool)
    ledger.declare_riichi(declared)
    each_gets_honba = rules.multiple_ron == "all_win"
    for i, hand in enumerate(hands):
        _pay_ron(ledger, hand, honba if each_gets_honba or i == 0 else 0)
    if rules.multiple_ron == "all_win":
        for hand in hands:
            if hand.winner in declared:
                ledger.take_sticks(hand.winner, 1, "own riichi stick back")
    ledger.take_sticks(hands[0].winner, ledger.pool, "riichi sticks")
    # The note's code is the rule that paid them: "all_win" or "double_ron".
    ledger.notes.append(message(rules.multiple_ron, seats=[h.winner for h in hands]))
    return ledger.close(pool, _win_outcome(hands[0].dealer, [h.winner for h in hands]))


def _with_note(settlement: Settlement, note: Message) -> Settlement:
    return replace(settlement, notes=(*settlement.notes, note))


def settle_exhaustive_draw(
    *,
    tenpai: Iterable[Seat],
    dealer: Seat,
    rules: SettlementRules,
    riichi: Iterable[Seat] = (),
    pool: int = 0,
) -> Settlement:
    """Settle a hand that ran out of tiles (rules/riichi.md §2, noten payments).

    Noten players pay ``rules.noten_total`` in all, shared equally by the tenpai
    players (nothing when all or none are tenpai). Riichi sticks declared this
    hand join the pool, which carries over. A riichi declarer who is not tenpai
    is a chombo (rules §7), not a draw, and is refused.
    """
    dealer = _seat(dealer, "dealer")
    ready, declared = _seats(tenpai, "tenpai"), _seats(riichi, "riichi")
    pool = _count(pool, "pool")
    if noten_riichi := _in_turn_order(declared - ready):
        raise SettlementError(
            f"riichi declarer(s) {', '.join(noten_riichi)} are not tenpai: a noten riichi "
            "revealed at the draw is a chombo (rules §7); record a chombo instead"
        )
    ledger = _Ledger(rules, pool)
    ledger.declare_riichi(declared)
    noten = [s for s in SEATS if s not in ready]
    if ready and noten:
        each = rules.noten_total // (len(ready) * len(noten))
        for payer in noten:
            for payee in _in_turn_order(ready):
                ledger.pay(payer, payee, each, "noten payment")
    outcome = Outcome.DRAW_DEALER_TENPAI if dealer in ready else Outcome.DRAW_DEALER_NOTEN
    return ledger.close(pool, outcome)


def settle_abortive_draw(
    *, rules: SettlementRules, riichi: Iterable[Seat] = (), pool: int = 0
) -> Settlement:
    """Settle an abortive draw (tenhou only): no payments; riichi sticks join the pool."""
    pool = _count(pool, "pool")
    ledger = _Ledger(rules, pool)
    ledger.declare_riichi(_seats(riichi, "riichi"))
    return ledger.close(pool, Outcome.ABORTIVE_DRAW)


def settle_nagashi(
    *,
    winners: Iterable[Seat],
    tenpai: Iterable[Seat],
    dealer: Seat,
    rules: SettlementRules,
    riichi: Iterable[Seat] = (),
    pool: int = 0,
) -> Settlement:
    """Settle nagashi mangan at the wall's end (tenhou only, rules/riichi.md §4) ⚠.

    As tenhou.net plays it: each nagashi player is paid a mangan as by tsumo,
    without honba; no noten payments; otherwise the hand is a draw (riichi
    sticks join the pool, which carries over; the dealer repeats when tenpai).
    """
    dealer = _seat(dealer, "dealer")
    ready, declared = _seats(tenpai, "tenpai"), _seats(riichi, "riichi")
    paid = _in_turn_order(_seats(winners, "winner"))
    if not paid:
        raise SettlementError("nagashi mangan needs the player who made it")
    if noten_riichi := _in_turn_order(declared - ready):
        raise SettlementError(
            f"riichi declarer(s) {', '.join(noten_riichi)} are not tenpai: a noten riichi "
            "revealed at the draw is a chombo (rules §7); record a chombo instead"
        )
    ledger = _Ledger(rules, _count(pool, "pool"))
    ledger.declare_riichi(declared)
    for winner in paid:
        _pay_tsumo(ledger, _Hand(winner, dealer, MANGAN, None, None, 0), honba=0)
    outcome = Outcome.DRAW_DEALER_TENPAI if dealer in ready else Outcome.DRAW_DEALER_NOTEN
    return ledger.close(_count(pool, "pool"), outcome)
