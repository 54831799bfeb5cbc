"""HKOS settlement of one hand, dealer rotation and session options (rules/hkos.md §5-§9).

Vocabulary:

- *player*: an opaque, hashable id; a table has four, given in **seat order
  E, S, W, N**. HKOS seats are fixed for the session (sessions.md §2); the
  deal moves round them.
- *V*: the hand value, u(faan) × ``points_per_unit`` (§4,
  :meth:`scoring.families.hkos.hand.HKOSConfig.hand_value`): what a discarder pays.
- *half pay* (§5, default ``payment_scheme``): on a discard win only the
  discarder pays, V; on a self-draw each other player pays V/2 (the winner
  gets 3V/2). *Half responsibility* (半銃): on a discard the discarder pays
  V/2 and the other two V/4 each; a self-draw is unchanged.
- *draw* (wall exhausted): nobody pays. A *false win* under
  ``false_win_policy`` "voided" ends the hand with no payment between hands;
  the penalty is a ledger entry (:func:`scoring.families.hkos.session.false_win_penalty`)
  and the same dealer deals the hand again.
- *deal*: which hand of the session this is, written ``E1-0``: prevailing
  wind, dealer's seat number (1 = E … 4 = N), repeat count. East keeps the
  deal after winning or a wall draw; otherwise it passes to the next seat,
  and after four changes of dealer the prevailing wind advances (§6).
- *points*: a player's session result, the sum of hand deltas (zero-sum at
  the table) and penalties (zero-sum when redistributed); standings add them
  up (§7). The session itself is :mod:`scoring.families.hkos.session`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from functools import partial
from typing import Any

from scoring.core.money import Transfer, ZeroSum
from scoring.core.numbers import is_int
from scoring.core.placement import SessionError
from scoring.core.seats import PLAYERS_PER_TABLE, SEATS
from scoring.core.table import FieldError, player_at
from scoring.core.table import check_players as check_table
from scoring.families.checking import session_changes
from scoring.families.hkos.options import ALL_OPTIONS
from scoring.sheets.labels import HandLabel

PlayerId = Hashable
PAYMENT_SCHEMES = ("half-pay", "half-responsibility")
# rules/hkos.md §5: who pays which share of V.
SELF_DRAW_SHARE = Fraction(1, 2)  # each of the three others, both schemes
HALF_RESPONSIBILITY = {"discarder": Fraction(1, 2), "other": Fraction(1, 4)}
TIME_LIMIT_POLICIES = ("finish_current", "void_current")
FALSE_WIN_POLICIES = ("voided", "continue")
TIEBREAKS = ("session_wins", "best_session", "shared")


class HKOSSettlementError(FieldError):
    """Input that cannot describe a real HKOS hand; ``field`` names the culprit."""


class HKOSOutcome(StrEnum):
    """How a hand ended (sessions.md §2 "Result types")."""

    DISCARD = "discard"  # also robbing a kong: the kong's owner is the discarder
    SELF_DRAW = "self_draw"
    DRAW = "draw"  # wall exhausted
    FALSE_WIN = "false_win"  # voided and redealt by the same dealer (§8)


@dataclass(frozen=True)
class HKOSSettlement(ZeroSum):
    """The points one hand moves; ``deltas`` in seat order. ``values`` is V per winner."""

    family = "HKOS"

    deltas: dict[PlayerId, int]
    outcome: HKOSOutcome
    winners: tuple[PlayerId, ...] = ()
    discarder: PlayerId | None = None
    values: tuple[int, ...] = ()
    transfers: tuple[Transfer, ...] = ()


# The four players of a table, in the order given, and one of them named by a
# field: each refusal a HKOSSettlementError naming the field.
check_players = partial(check_table, error=HKOSSettlementError)
_player = partial(player_at, error=HKOSSettlementError)


def _share(value: int, part: Fraction, field: str) -> int:
    amount = value * part
    if amount.denominator != 1:
        raise HKOSSettlementError(
            field, f"V = {value} cannot be split into shares of {part}; check points_per_unit"
        )
    return int(amount)


def settle_hkos(
    players: Iterable[PlayerId],
    outcome: HKOSOutcome | str,
    *,
    winner: PlayerId | None = None,
    discarder: PlayerId | None = None,
    value: int | None = None,
    more_winners: Mapping[PlayerId, int] | None = None,
    payment_scheme: str = "half-pay",
) -> HKOSSettlement:
    """Settle one HKOS hand (rules/hkos.md §5).

    ``value`` is the winner's V. ``more_winners`` (player -> V) are further
    winners on the same discard, for events with ``multiple_winners``: each
    is paid as if they had won alone (under half responsibility the other
    winners pay their quarter too). Draw and false win:
    all 0, and ``winner``, ``discarder`` and ``value`` must be empty.
    """
    table = check_players(players)
    try:
        kind = HKOSOutcome(outcome)
    except ValueError:
        known = ", ".join(o.value for o in HKOSOutcome)
        raise HKOSSettlementError("outcome", f"must be one of {known}, not {outcome!r}") from None
    if payment_scheme not in PAYMENT_SCHEMES:
        raise HKOSSettlementError("payment_scheme", f"use {' or '.join(PAYMENT_SCHEMES)}")
    more = dict(more_winners or {})
    if kind in (HKOSOutcome.DRAW, HKOSOutcome.FALSE_WIN):
        given = {"winner": winner, "discarder": discarder, "value": value}
        for name, v in [*given.items(), ("more_winners", more or None)]:
            if v is not None:
                raise HKOSSettlementError(name, f"must be empty for a {kind.value}, not {v!r}")
        return HKOSSettlement(dict.fromkeys(table, 0), kind)
    wins = {_player(winner, table, "winner"): _value(value, "value")}
    for p, v in more.items():
        if _player(p, table, "more_winners") in wins:
            raise HKOSSettlementError("more_winners", f"{p!r} is already a winner")
        wins[p] = _value(v, f"more_winners[{p!r}]")
    transfers: list[Transfer] = []
    if kind is HKOSOutcome.SELF_DRAW:
        if discarder is not None:
            raise HKOSSettlementError("discarder", f"a self-draw has none, not {discarder!r}")
        if more:
            raise HKOSSettlementError("more_winners", "a self-draw has one winner")
        won_by, v = next(iter(wins.items()))
        share = _share(v, SELF_DRAW_SHARE, "value")
        transfers = [Transfer(p, won_by, share, "self-draw") for p in table if p != won_by]
    else:
        fed_by = _player(discarder, table, "discarder")
        if fed_by in wins:
            raise HKOSSettlementError("discarder", f"{fed_by!r} cannot also be a winner")
        for won_by, v in wins.items():
            transfers += _discard_payments(table, won_by, fed_by, v, payment_scheme)
    deltas = dict.fromkeys(table, 0)
    for t in transfers:
        deltas[t.payer] -= t.amount
        deltas[t.payee] += t.amount
    return HKOSSettlement(
        deltas, kind, tuple(wins), discarder, tuple(wins.values()), tuple(transfers)
    )


def _value(value: object, field: str) -> int:
    if not is_int(value) or value < 1:
        raise HKOSSettlementError(field, f"must be a positive whole number (V), not {value!r}")
    return value


def _discard_payments(
    table: tuple[PlayerId, ...], winner: PlayerId, discarder: PlayerId, value: int, scheme: str
) -> list[Transfer]:
    if scheme == "half-pay":
        return [Transfer(discarder, winner, value, "discard")]
    out = []
    for p in table:
        if p != winner:
            part = HALF_RESPONSIBILITY["discarder" if p == discarder else "other"]
            out.append(Transfer(p, winner, _share(value, part, "value"), "half-responsibility"))
    return out


# --- the deal (§6) -----------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """Which hand: prevailing wind (0 = East …), dealer's seat (0 = E …), repeats."""

    wind: int = 0
    dealer: int = 0
    repeat: int = 0

    @property
    def label(self) -> str:
        """The sheet's hand label (sessions.md §2), e.g. ``E1-0`` or ``S3-2``."""
        return f"{SEATS[self.wind]}{self.dealer + 1}-{self.repeat}"

    @property
    def label_parts(self) -> dict:
        """The label as parts (sheets/labels.py), for pages that say it in words."""
        return HandLabel(
            "repeat", self.dealer + 1, wind=SEATS[self.wind], count=self.repeat
        ).to_dict()

    def seat_wind(self, seat: int) -> str:
        """The seat wind this hand of the player sitting at ``seat`` (0 = E … 3 = N)."""
        return SEATS[(seat - self.dealer) % PLAYERS_PER_TABLE]


def next_deal(
    deal: Deal, outcome: HKOSOutcome | str, dealer_won: bool, repeat_cap: int | None = None
) -> Deal:
    """The deal after a hand (rules/hkos.md §6).

    East keeps the deal after a win or a wall draw (unless ``repeat_cap``
    repeats have been played already); a voided false win is dealt again as
    the same hand; otherwise the deal passes, and the prevailing wind advances
    when it comes back to the first seat.
    """
    kind = HKOSOutcome(outcome)
    if kind is HKOSOutcome.FALSE_WIN:
        return deal
    keeps = dealer_won or kind is HKOSOutcome.DRAW
    if keeps and (repeat_cap is None or deal.repeat < repeat_cap):
        return replace(deal, repeat=deal.repeat + 1)
    dealer = (deal.dealer + 1) % PLAYERS_PER_TABLE
    return Deal(deal.wind + (dealer == 0), dealer, 0)


# --- session rules (§6-§9) -------------------------------------------------------


@dataclass(frozen=True)
class HKOSSessionRules:
    """The per-event session options of HKOS (rules/hkos.md §9)."""

    payment_scheme: str = "half-pay"  # §5
    multiple_winners: bool = False  # §1 (seed 002): only the nearest claimant wins
    session_length: str = "rounds:4"  # §6: four prevailing winds, a full game
    time_limit_policy: str = "finish_current"  # §6
    dealer_repeat_cap: int | None = None  # §6: no cap by default
    false_win_points: int | None = None  # §8: None = V at max_faan, to each opponent
    false_win_policy: str = "voided"  # §8: voided, redealt by the same dealer
    tiebreak_chain: tuple[str, ...] = TIEBREAKS  # §7

    def __post_init__(self) -> None:
        choices = {
            "payment_scheme": PAYMENT_SCHEMES,
            "time_limit_policy": TIME_LIMIT_POLICIES,
            "false_win_policy": FALSE_WIN_POLICIES,
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise SessionError(name, f"use {' or '.join(allowed)}, not {getattr(self, name)!r}")
        if not isinstance(self.multiple_winners, bool):
            raise SessionError("multiple_winners", "must be true or false")
        self._length()
        for name in ("dealer_repeat_cap", "false_win_points"):
            v = getattr(self, name)
            if v is not None and (not is_int(v) or v < (1 if name == "false_win_points" else 0)):
                raise SessionError(name, f"must be empty or a whole number, not {v!r}")
        chain = self.tiebreak_chain
        if isinstance(chain, str) or not all(c in TIEBREAKS for c in chain):
            raise SessionError("tiebreak_chain", f"a list of {', '.join(TIEBREAKS)}")
        object.__setattr__(self, "tiebreak_chain", tuple(chain))

    def _length(self) -> tuple[str, int]:
        unit, _, count = str(self.session_length).partition(":")
        if unit not in ("rounds", "minutes") or not count.isdigit() or int(count) < 1:
            raise SessionError(
                "session_length", f"use rounds:N or minutes:M, not {self.session_length!r}"
            )
        if unit == "rounds" and int(count) > len(SEATS):
            raise SessionError("session_length", "at most 4 rounds (East, South, West, North)")
        return unit, int(count)

    @property
    def rounds(self) -> int | None:
        """How many prevailing winds are played; None for a timed session."""
        unit, count = self._length()
        return count if unit == "rounds" else None

    def resolve(self, overrides: Mapping[str, Any]) -> HKOSSessionRules:
        """These rules with an event's overrides applied; hand options pass."""
        return session_changes(self, overrides, "an HKOS", ALL_OPTIONS)


HKOS_SESSION_RULES = HKOSSessionRules()
