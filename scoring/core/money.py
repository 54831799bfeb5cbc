"""Points moving between the four seats: the pieces every family's settlement shares.

A *transfer* is one payment between two seats, or a seat and the riichi
*pool* (sticks on the table). Seats are ``"E"``, ``"S"``, ``"W"``, ``"N"`` in
turn order, defined once here.
"""

from __future__ import annotations

from dataclasses import dataclass

POOL = "pool"  # payer or payee of a Transfer that is the deposit, not a seat


class SettlementError(ValueError):
    """Input that cannot describe a real hand; the message names the field."""


class ZeroSum:
    """A settlement's own check: what its ``deltas`` give one player, the others pay.

    Mixed into each family's frozen settlement dataclass; ``family`` names it in
    the error (a bug in the family's arithmetic, never a person's input).
    """

    family = "this"
    deltas: dict

    def __post_init__(self) -> None:
        if sum(self.deltas.values()) != 0:
            raise AssertionError(f"{self.family} settlement is not zero-sum: {self.deltas}")


@dataclass(frozen=True)
class Transfer:
    """One payment: ``payer`` and ``payee`` are seats or ``"pool"``."""

    payer: str
    payee: str
    amount: int
    reason: str
