"""A phone holds one seat at its table; the phone that entered a hand never accepts it (#32, M2).

Before: a player entered a hand as East, opened the table again on the same
phone as South, and accepted their own hand.
"""

from __future__ import annotations

import pytest

from tests.tournament.playerentry.test_views import POSTED_HAND, opened, url
from tests.tournament.results.hands import RON
from tournament.playerentry import services
from tournament.playerentry.models import HandCheck
from tournament.results.sheet.errors import NotAllowed


def test_a_second_seat_on_the_same_phone_is_refused(table):
    phone = opened(table, "E")
    assert phone.post(url(table, "hand/"), POSTED_HAND).status_code == 302
    again = phone.post(url(table, "pin/"), {"pin": services.pin_of(table).pin, "seat": "S"})
    assert again.status_code == 400
    assert "This phone already holds East at this table" in again.content.decode()
    assert phone.post(url(table, "hand/1/accept/")).status_code == 403
    assert HandCheck.objects.get(table=table, number=1).state == "pending"
    # The same seat again is no second seat: the phone keeps its place (and its right to enter).
    same = phone.post(url(table, "pin/"), {"pin": services.pin_of(table).pin, "seat": "E"})
    assert same.status_code == 302
    assert "This phone enters the hands" in phone.get(url(table)).content.decode()


def test_after_a_new_pin_the_phone_keeps_its_seat(table, users):
    phone = opened(table, "E")
    assert phone.post(url(table, "hand/"), POSTED_HAND).status_code == 302
    services.regenerate_pin(table, by=users["director"], reason="seen by a visitor")
    pin = services.pin_of(table).pin
    assert phone.post(url(table, "pin/"), {"pin": pin, "seat": "S"}).status_code == 400
    assert phone.post(url(table, "hand/1/accept/"))["Location"] == url(table, "pin/")
    assert HandCheck.objects.get(table=table, number=1).state == "pending"


def test_the_phone_that_entered_never_accepts_whatever_seat_it_names(table):
    """In the service: the entering phone is known by its token, not only by its seat."""
    east = services.open_with_pin(table, services.pin_of(table).pin, "E")
    services.enter_hand(table, east, RON, base_version=0)
    same_phone = services.Phone(device=east.device, seat="S", enters=False)
    with pytest.raises(NotAllowed, match="another seat"):
        services.accept_hand(table, same_phone, 1)
    assert HandCheck.objects.get(table=table, number=1).state == "pending"
    south = services.open_with_pin(table, services.pin_of(table).pin, "S")
    assert services.accept_hand(table, south, 1).state == "accepted"
