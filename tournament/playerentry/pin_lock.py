"""Wrong PINs, counted per phone: a phone that guesses locks itself, never the table.

Vocabulary:

- **phone**: a browser's random token (``cookies.py``), given with the PIN page
  before it types anything, so its wrong PINs are its own.
- **lock**: :data:`WRONG_PINS_ALLOWED` wrong PINs from one phone in
  :data:`WRONG_PIN_WINDOW` refuse that phone, even with the right PIN, until
  the window has passed. A phone that throws its cookie away comes back as a
  new phone; the wrong PINs from one address at one table stop at
  :data:`WRONG_PINS_PER_ADDRESS` (an address is stored as a hash only).
- **lifting**: a director lifts a table's locks (``services.lift_pin_locks``),
  and a new PIN lifts them too: wrong PINs before ``TablePin.locks_lifted_at``
  no longer count.

Counted in the database, under the table's row lock, so the limit holds
across processes and while the cache (Redis) is down.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.playerentry.models import PinAttempt, TablePin
from tournament.results.sheet.errors import NotAllowed

# Guessing a 6-digit PIN at 5 tries per 10 minutes takes years, not a session.
WRONG_PINS_ALLOWED = 5
WRONG_PIN_WINDOW = timedelta(minutes=10)
# Four players' worth of tries from one address at one table, for phones without a cookie.
WRONG_PINS_PER_ADDRESS = 4 * WRONG_PINS_ALLOWED


class PinRefused(NotAllowed):
    """A wrong PIN, or too many wrong ones lately."""


@dataclass(frozen=True)
class PinLocks:
    """What wrong PINs lock at a table now: phones, and addresses at their ceiling."""

    phones: int
    addresses: int

    def __bool__(self) -> bool:
        return bool(self.phones or self.addresses)


def new_device() -> str:
    """A phone's random token."""
    return secrets.token_hex(16)


def address_key(address: str) -> str:
    """What is stored of a client's address: a hash, enough to count, not to find anyone."""
    return hashlib.sha256(address.encode()).hexdigest() if address else ""


def _minutes() -> int:
    return int(WRONG_PIN_WINDOW.total_seconds() // 60)


def _wrong_pins(table, pin: TablePin):
    """Wrong PINs that still count: in the window, and since the locks were last lifted."""
    wrong = PinAttempt.objects.filter(
        table=table, ok=False, at__gte=timezone.now() - WRONG_PIN_WINDOW
    )
    if pin.locks_lifted_at is not None:
        wrong = wrong.filter(at__gt=pin.locks_lifted_at)
    return wrong


def refuse_if_locked(table, pin: TablePin, device: str, address: str) -> int:
    """Raise :class:`PinRefused` while the phone (or its address) is locked; else its count."""
    wrong = _wrong_pins(table, pin)
    mine = wrong.filter(device=device).count()
    if mine >= WRONG_PINS_ALLOWED:
        raise PinRefused(
            _("Too many wrong PINs on this phone. Wait %(minutes)s minutes, or ask a judge.")
            % {"minutes": _minutes()}
        )
    if address and wrong.filter(address=address).count() >= WRONG_PINS_PER_ADDRESS:
        raise PinRefused(
            _(
                "Too many wrong PINs from this network at this table. "
                "Wait %(minutes)s minutes, or ask a judge."
            )
            % {"minutes": _minutes()}
        )
    return mine


def wrong_pin(mine: int) -> PinRefused:
    """The refusal of a wrong PIN, with the tries the phone has left (``mine``: before it)."""
    left = WRONG_PINS_ALLOWED - mine - 1
    return PinRefused(
        _("Wrong PIN (%(left)s tries left). The PIN is printed on the scoresheet.") % {"left": left}
    )


def pin_locks(table) -> PinLocks:
    """How many phones (and addresses) wrong PINs lock at ``table`` now, for the staff."""
    pin = TablePin.objects.filter(table=table).first()
    if pin is None:
        return PinLocks(0, 0)
    wrong = _wrong_pins(table, pin)

    def over(field: str, limit: int) -> int:
        counts = wrong.exclude(**{field: ""}).values(field).annotate(n=Count("pk"))
        return counts.filter(n__gte=limit).count()

    return PinLocks(over("device", WRONG_PINS_ALLOWED), over("address", WRONG_PINS_PER_ADDRESS))
