"""Riichi settlement: the outcome of a hand -> points moving between the four seats.

Vocabulary (rules/riichi.md §2):

- *seat*: ``"E"``, ``"S"``, ``"W"`` or ``"N"``, a fixed place at the table. Turn
  order is E -> S -> W -> N -> E. Our records keep seats fixed for a session
  while the deal moves round them, so no function here assumes who deals.
- *dealer*: the seat that holds the deal this hand. A dealer's hand is worth
  more (6b instead of 4b), and who deals next depends on how the hand ended.
- *honba* (counters): a count kept on the table. Each one adds 300 to a ron
  or 100 from each payer to a tsumo. One is added after a dealer win or any
  draw; all are cleared when a non-dealer wins.
- *pool* (deposit, 供託): riichi sticks lying on the table, counted in sticks.
  A riichi declarer puts one stick in; the next winner takes the whole pool; a
  draw leaves it for the next hand.
- *pao* (liability, 責任払い): the player who fed the call that fixed someone's
  yakuman is *liable* for that yakuman's payment.
- *delta*: the change in a seat's points. Points only move between seats and
  the pool, so ``sum(deltas) + pool_delta == 0`` for every :class:`Settlement`.

Everything here is a pure function of plain data. This module settles a
hand with one winner and says who deals next; draws and a discard claimed by
several players are settled in :mod:`scoring.families.riichi.draws` with the
same ledger. The preset values (:class:`SettlementRules`,
:data:`SETTLEMENT_PRESETS`) live in :mod:`scoring.families.riichi.points`,
each with the rule it comes from.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from scoring.core.money import POOL, SettlementError, Transfer
from scoring.core.numbers import is_int
from scoring.core.seats import SEATS, Seat
from scoring.families.riichi.points import (
    SETTLEMENT_PRESETS,  # noqa: F401  (re-exported for callers)
    HandPayments,  # noqa: F401  (re-exported for callers)
    SettlementRules,
    hand_payments,
    round_payment,
)
from scoring.sheets.messages import Message


class Outcome(StrEnum):
    """How a hand ended, as far as the next deal and counters care (rules §2)."""

    DEALER_WIN = "dealer_win"
    NON_DEALER_WIN = "non_dealer_win"
    DRAW_DEALER_TENPAI = "draw_dealer_tenpai"
    DRAW_DEALER_NOTEN = "draw_dealer_noten"
    ABORTIVE_DRAW = "abortive_draw"
    CHOMBO = "chombo"


@dataclass(frozen=True)
class Settlement:
    """The points a hand moves.

    ``deltas`` has one entry per seat in turn order. ``pool_before`` and
    ``pool_after`` count sticks on the table; ``pool_delta`` is the change of
    the pool in points, so ``sum(deltas.values()) + pool_delta == 0``.
    ``outcome`` feeds :func:`next_hand_state`; ``transfers`` and ``notes``
    explain the numbers to a person (notes as codes, :mod:`scoring.sheets.messages`).
    """

    deltas: dict[Seat, int]
    pool_before: int
    pool_after: int
    pool_delta: int
    outcome: Outcome
    transfers: tuple[Transfer, ...] = ()
    notes: tuple[Message, ...] = ()

    def __post_init__(self) -> None:
        if sum(self.deltas.values()) + self.pool_delta != 0:
            raise AssertionError(f"settlement is not zero-sum: {self.deltas}, {self.pool_delta}")


@dataclass(frozen=True)
class RonClaim:
    """One player's ron on a discard. ``basic`` is the hand's basic points;
    ``liable`` and ``liable_basic`` as in :func:`settle_win`."""

    winner: Seat
    basic: int
    liable: Seat | None = None
    liable_basic: int | None = None


@dataclass(frozen=True)
class _Hand:
    """A checked win: who, for how much, and who is liable for which part."""

    winner: Seat
    dealer: Seat
    basic: int
    discarder: Seat | None
    liable: Seat | None
    liable_basic: int  # 0 without pao

    @property
    def dealer_won(self) -> bool:
        return self.winner == self.dealer

    @property
    def normal_basic(self) -> int:
        return self.basic - self.liable_basic


@dataclass
class _Ledger:
    """Collects transfers while a settlement is worked out (internal, mutable)."""

    rules: SettlementRules
    pool: int
    transfers: list[Transfer] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)

    def pay(self, payer: str, payee: str, amount: int, reason: str) -> None:
        if amount:
            self.transfers.append(Transfer(payer, payee, amount, reason))

    def declare_riichi(self, declarers: frozenset[Seat]) -> None:
        for seat in _in_turn_order(declarers):
            self.pay(seat, POOL, self.rules.riichi_stick, "riichi stick")
            self.pool += 1

    def take_sticks(self, seat: Seat, count: int, reason: str) -> None:
        self.pay(POOL, seat, count * self.rules.riichi_stick, reason)
        self.pool -= count

    def close(self, pool_before: int, outcome: Outcome) -> Settlement:
        deltas = dict.fromkeys(SEATS, 0)
        for t in self.transfers:
            if t.payer != POOL:
                deltas[t.payer] -= t.amount
            if t.payee != POOL:
                deltas[t.payee] += t.amount
        pool_delta = (self.pool - pool_before) * self.rules.riichi_stick
        return Settlement(
            deltas,
            pool_before,
            self.pool,
            pool_delta,
            outcome,
            tuple(self.transfers),
            tuple(self.notes),
        )


# --- validation -------------------------------------------------------------


def _seat(value: object, name: str) -> Seat:
    if value not in SEATS:
        raise SettlementError(f"{name} must be one of E, S, W, N, not {value!r}")
    return value  # type: ignore[return-value]


def _count(value: object, name: str) -> int:
    if not is_int(value) or value < 0:
        raise SettlementError(f"{name} must be a whole number, 0 or more, not {value!r}")
    return value


def _seats(values: Iterable[object], name: str) -> frozenset[Seat]:
    if isinstance(values, str):
        values = [values]
    return frozenset(_seat(v, name) for v in values)


def _in_turn_order(seats: Iterable[Seat]) -> list[Seat]:
    return sorted(seats, key=SEATS.index)


def _seats_after(seat: Seat) -> list[Seat]:
    """The other three seats in turn order, starting with the next one."""
    i = SEATS.index(seat)
    return [SEATS[(i + k) % len(SEATS)] for k in range(1, len(SEATS))]


def _check_hand(claim: RonClaim, *, dealer: Seat, discarder: Seat | None) -> _Hand:
    winner = _seat(claim.winner, "winner")
    if not isinstance(claim.basic, int) or claim.basic < 1:
        raise SettlementError(f"basic (points of {winner}'s hand) must be positive")
    if discarder == winner:
        raise SettlementError(f"discarder {discarder} cannot be the winner")
    if claim.liable is None:
        if claim.liable_basic is not None:
            raise SettlementError("liable_basic is given but no liable player")
        return _Hand(winner, dealer, claim.basic, discarder, None, 0)
    liable = _seat(claim.liable, "liable")
    if liable == winner:
        raise SettlementError(f"liable player {liable} cannot be the winner")
    covered = claim.basic if claim.liable_basic is None else claim.liable_basic
    if not isinstance(covered, int) or not 0 < covered <= claim.basic:
        raise SettlementError(
            f"liable_basic must be between 1 and the hand's basic points {claim.basic}, "
            f"not {covered!r}"
        )
    return _Hand(winner, dealer, claim.basic, discarder, liable, covered)


# --- paying a hand ----------------------------------------------------------


def _pay_tsumo(ledger: _Ledger, hand: _Hand, honba: int) -> None:
    rules, winner = ledger.rules, hand.winner
    payers = _seats_after(winner)
    if hand.liable:  # rules §2 Pao: on tsumo the liable player pays it as a ron
        ron = hand_payments(hand.liable_basic, dealer_won=hand.dealer_won, tsumo=False).ron
        ledger.pay(hand.liable, winner, ron, "pao")
    if hand.normal_basic:
        split = hand_payments(hand.normal_basic, dealer_won=hand.dealer_won, tsumo=True)
        for payer in payers:
            share = split.dealer if payer == hand.dealer else split.non_dealer
            ledger.pay(payer, winner, share, "hand")
    if hand.liable and (rules.pao_honba_payer == "liable" or not hand.normal_basic):
        ledger.pay(hand.liable, winner, rules.honba_ron * honba, "honba")
    else:
        for payer in payers:
            ledger.pay(payer, winner, rules.honba_tsumo_each * honba, "honba")


def _pay_ron(ledger: _Ledger, hand: _Hand, honba: int) -> None:
    rules, winner, discarder = ledger.rules, hand.winner, hand.discarder
    assert discarder is not None
    if hand.liable:  # rules §2 Pao: on ron the discarder and the liable player pay half each
        ron = hand_payments(hand.liable_basic, dealer_won=hand.dealer_won, tsumo=False).ron
        liable_half = round_payment(ron / 2)
        ledger.pay(hand.liable, winner, liable_half, "pao")
        ledger.pay(discarder, winner, ron - liable_half, "hand")
    if hand.normal_basic:
        ron = hand_payments(hand.normal_basic, dealer_won=hand.dealer_won, tsumo=False).ron
        ledger.pay(discarder, winner, ron, "hand")
    honba_payer = hand.liable if hand.liable and rules.pao_honba_payer == "liable" else discarder
    ledger.pay(honba_payer, winner, rules.honba_ron * honba, "honba")


def _win_outcome(dealer: Seat, winners: Iterable[Seat]) -> Outcome:
    return Outcome.DEALER_WIN if dealer in winners else Outcome.NON_DEALER_WIN


# --- public entry points ----------------------------------------------------


def settle_win(
    *,
    winner: Seat,
    dealer: Seat,
    basic: int,
    tsumo: bool,
    rules: SettlementRules,
    discarder: Seat | None = None,
    honba: int = 0,
    pool: int = 0,
    riichi: Iterable[Seat] = (),
    liable: Seat | None = None,
    liable_basic: int | None = None,
) -> Settlement:
    """Settle a hand with one winner (rules/riichi.md §2).

    ``basic`` comes from :func:`scoring.families.riichi.points.basic_points`. ``pool``
    is the number of sticks already on the table; ``riichi`` the seats that
    declared riichi this hand (each pays a stick in first, and the winner then
    takes the whole pool, their own stick included). A riichi whose declaring
    discard was ronned never stood: leave that seat out. With pao, ``liable``
    is the liable seat and ``liable_basic`` the part of ``basic`` it covers
    (default: all of it); the rest of the hand is paid as usual.
    """
    dealer = _seat(dealer, "dealer")
    if tsumo and discarder is not None:
        raise SettlementError(f"a tsumo has no discarder, but discarder is {discarder!r}")
    if not tsumo:
        if discarder is None:
            raise SettlementError("a ron needs the discarder's seat")
        discarder = _seat(discarder, "discarder")
    hand = _check_hand(
        RonClaim(winner, basic, liable, liable_basic), dealer=dealer, discarder=discarder
    )
    return _settle_one(hand, tsumo=tsumo, honba=honba, pool=pool, riichi=riichi, rules=rules)


def _settle_one(
    hand: _Hand,
    *,
    tsumo: bool,
    honba: int,
    pool: int,
    riichi: Iterable[Seat],
    rules: SettlementRules,
) -> Settlement:
    honba, pool = _count(honba, "honba"), _count(pool, "pool")
    ledger = _Ledger(rules, pool)
    ledger.declare_riichi(_seats(riichi, "riichi"))
    (_pay_tsumo if tsumo else _pay_ron)(ledger, hand, honba)
    ledger.take_sticks(hand.winner, ledger.pool, "riichi sticks")
    return ledger.close(pool, _win_outcome(hand.dealer, [hand.winner]))


@dataclass(frozen=True)
class HandState:
    """Who deals the next hand and how many honba are on the table."""

    dealer: Seat
    honba: int


def next_hand_state(dealer: Seat, honba: int, outcome: Outcome | str) -> HandState:
    """The next hand's dealer and counters (rules/riichi.md §2; WRC 2015 §5.7.7-5.7.8).

    The dealer keeps the deal after winning (also as one of several winners),
    when tenpai at an exhaustive draw, and after an abortive draw (tenhou:
    renchan); otherwise the deal passes to the next seat in turn order. A
    counter is added after a dealer win or any draw and all are cleared when a
    non-dealer wins. A chombo hand is replayed: same dealer, same counters.
    """
    dealer, honba = _seat(dealer, "dealer"), _count(honba, "honba")
    try:
        outcome = Outcome(outcome)
    except ValueError:
        known = ", ".join(o.value for o in Outcome)
        raise SettlementError(f"outcome must be one of {known}, not {outcome!r}") from None
    if outcome is Outcome.CHOMBO:
        return HandState(dealer, honba)
    if outcome is Outcome.NON_DEALER_WIN:
        return HandState(_seats_after(dealer)[0], 0)
    if outcome is Outcome.DRAW_DEALER_NOTEN:
        return HandState(_seats_after(dealer)[0], honba + 1)
    return HandState(dealer, honba + 1)  # dealer win, dealer tenpai, abortive draw
