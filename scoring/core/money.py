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


@dataclass(frozen=True)
class Transfer:
    """One payment: ``payer`` and ``payee`` are seats or ``"pool"``."""

    payer: str
    payee: str
    amount: int
    reason: str
