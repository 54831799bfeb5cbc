"""Wrong PINs lock the phone that typed them, not the table; a director or a new PIN lifts it.

Issue #32, M1. Before: 5 wrong PINs from anyone locked the table for every phone for 10
minutes, and *New PIN* did not lift the lock.
"""

from __future__ import annotations

from django.test import Client

from tests.tournament.playerentry.test_views import url
from tournament.playerentry import pin_lock, services
from tournament.playerentry.models import PlayerAction


def _wrong(table) -> str:
    return "000000" if services.pin_of(table).pin != "000000" else "111111"


def _try(phone, table, pin, seat="E"):
    return phone.post(url(table, "pin/"), {"pin": pin, "seat": seat})


def locked_phone(table) -> Client:
    """A phone that typed the limit of wrong PINs: even the right one is refused now."""
    phone = Client()
    assert phone.get(url(table, "pin/")).status_code == 200
    for left in range(pin_lock.WRONG_PINS_ALLOWED - 1, -1, -1):
        answer = _try(phone, table, _wrong(table))
        assert answer.status_code == 400 and f"{left} tries left" in answer.content.decode()
    answer = _try(phone, table, services.pin_of(table).pin)
    assert answer.status_code == 400 and "Too many wrong PINs" in answer.content.decode()
    return phone


def test_one_phone_cannot_lock_the_others_out(table):
    locked_phone(table)
    other = Client()
    other.get(url(table, "pin/"))
    assert _try(other, table, services.pin_of(table).pin, "S").status_code == 302


def test_a_director_lifts_the_lock_with_a_reason(table, users):
    phone = locked_phone(table)
    unlock = f"/manage/{table.round.event.slug}/1/1/players/unlock/"
    judge, director = Client(), Client()
    judge.force_login(users["judge"])
    director.force_login(users["director"])
    page = director.get(f"/j/{table.round.event.slug}/1/1/").content.decode()
    assert "1 phone is locked out" in page and 'action="' + unlock + '"' in page
    assert judge.post(unlock, {"reason": "his thumb"}).status_code == 403
    refused = director.post(unlock, {"reason": " "}, follow=True).content.decode()
    assert "Say why the lock is lifted" in refused
    assert _try(phone, table, services.pin_of(table).pin).status_code == 400
    assert director.post(unlock, {"reason": "mistyped, checked by the judge"}).status_code == 302
    assert _try(phone, table, services.pin_of(table).pin).status_code == 302
    log = PlayerAction.objects.get(action=PlayerAction.Action.LOCK_LIFTED)
    assert (log.by, log.words) == (users["director"], "mistyped, checked by the judge")


def test_a_new_pin_lifts_the_lock(table, users):
    phone = locked_phone(table)
    services.regenerate_pin(table, by=users["director"], reason="guessed at")
    assert _try(phone, table, services.pin_of(table).pin).status_code == 302


def test_a_phone_that_drops_its_cookie_meets_the_limit_of_its_address(table):
    """Guessing on with a new phone each time is held by a ceiling per address and table."""
    for _ in range(pin_lock.WRONG_PINS_PER_ADDRESS):
        assert _try(Client(), table, _wrong(table)).status_code == 400
    answer = _try(Client(), table, services.pin_of(table).pin)
    assert answer.status_code == 400 and "Too many wrong PINs" in answer.content.decode()
    elsewhere = Client(REMOTE_ADDR="192.0.2.7")  # another network still opens the table
    assert _try(elsewhere, table, services.pin_of(table).pin).status_code == 302
