"""The players' phone, remembered by a signed cookie (no login, no session needed).

The cookie holds the PIN's generation, the phone's random token and its
player's seat; it is signed, so a phone cannot claim another's token or seat,
and a new PIN (a new generation) shuts out every phone opened with the old one.
A phone gets its token with the PIN page, before it types a PIN (generation 0,
no seat), so its wrong PINs count against it alone; the token and the seat
outlive a new PIN (:func:`held_by`): a phone holds one seat at its table.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing

from scoring.core.seats import SEATS
from tournament.playerentry.models import TablePin
from tournament.playerentry.services import Phone, phone_of

SALT = "playerentry.phone"
# A session day, with room for a late finish.
MAX_AGE = 18 * 3600


def cookie_name(table) -> str:
    return f"pe{table.pk}"


def phone_from(request, table) -> Phone | None:
    try:
        value = request.get_signed_cookie(cookie_name(table), salt=SALT, max_age=MAX_AGE)
        generation, device, seat = value.split(":")
        return phone_of(table, device, seat, int(generation))
    except (KeyError, signing.BadSignature, ValueError):
        return None


def held_by(request, table) -> tuple[str, str]:
    """The phone's token and the seat it holds at ``table``, whatever the PIN ("" for none)."""
    try:
        value = request.get_signed_cookie(cookie_name(table), salt=SALT, max_age=MAX_AGE)
        _generation, device, seat = value.split(":")
    except (KeyError, signing.BadSignature, ValueError):
        return "", ""
    return device, seat if seat in SEATS else ""


def remember(response, table, phone: Phone) -> None:
    generation = TablePin.objects.get(table=table).generation
    _set(response, table, f"{generation}:{phone.device}:{phone.seat}")


def remember_device(response, table, device: str) -> None:
    """A phone new to the table keeps its token while it types the PIN (no seat yet)."""
    _set(response, table, f"0:{device}:")


def _set(response, table, value: str) -> None:
    response.set_signed_cookie(
        cookie_name(table),
        value,
        salt=SALT,
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=getattr(settings, "SESSION_COOKIE_SECURE", False),
    )
