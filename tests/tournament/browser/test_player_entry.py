"""Players enter, a second player accepts, a judge confirms: two phones and a judge's browser.

Issue #19's acceptance: phone 1 opens the table's QR address, types the table
PIN, chooses East and enters a hand (by value); phone 2 (its own cookies)
types the PIN, chooses South and accepts it; the players submit; a judge,
logged in, confirms; the sheet's history names every step. Screens are saved
in ``test-artifacts/`` (``players-*.png``) at 360 × 740, in English and
Japanese, and none may scroll sideways.
"""

from __future__ import annotations

import pytest

from tests.tournament.browser.conftest import judged_table, make_driver, new_page_after, screenshot
from tests.tournament.browser.test_judge_entry import (  # noqa: F401 (a fixture)
    HEIGHT,
    PASSWORD,
    WIDTH,
    viewport,
)


@pytest.fixture
def table(db, django_user_model):
    """Table 1 of a started, published riichi event whose players enter results."""
    judge = django_user_model.objects.create_user("judge", password=PASSWORD)
    return judged_table(
        "jpml-b",
        judge,
        slug="pe-cup",
        name="Player Entry Cup",
        published=True,
        is_public=True,
        player_entry=True,
    )


def _tap(driver, element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def _tap_and_wait(driver, element):
    new_page_after(driver, lambda: _tap(driver, element))


def _by(driver, css):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, css)


def _choose(driver, name: str, value: str):
    _tap(driver, _by(driver, f'input[name="{name}"][value="{value}"] + span'))


def _shot(driver, name: str, screen: int = WIDTH):
    driver.execute_script("window.scrollTo(0, 0)")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= screen, f"{name}: the page is {width}px wide, it scrolls sideways"
    return screenshot(driver, name)


def _open_with_pin(driver, pin: str, seat: str, shot: str | None = None, screen: int = WIDTH):
    """On the PIN page: type the PIN, tap the seat, open the table."""
    _by(driver, "#pin").send_keys(pin)
    _tap(driver, _by(driver, f"#seat-{seat} + span"))
    if shot:
        _shot(driver, shot, screen)
    _tap_and_wait(driver, _by(driver, "#open-table"))


def _phone(live_server, language="en", size=(WIDTH, HEIGHT)):
    driver = make_driver(*size)
    driver.get(live_server.url + "/healthz")
    driver.add_cookie({"name": "django_language", "value": language})
    return driver


@pytest.mark.django_db(transaction=True)
def test_two_phones_enter_and_accept_then_a_judge_confirms(browser, table, live_server):
    from selenium.webdriver.support.ui import Select

    from tournament.playerentry.services import pin_of

    pin = pin_of(table).pin
    base = f"{live_server.url}/j/pe-cup/1/1/"
    east = _phone(live_server)
    try:
        east.get(base)  # the QR code's address: the public table page
        _tap_and_wait(east, _by(east, "#player-entry"))
        assert "/p/pe-cup/1/1/pin/" in east.current_url
        _open_with_pin(east, pin, "E", shot="players-en-01-pin")
        assert "This phone enters the hands" in east.page_source
        _choose(east, "outcome", "ron")
        _choose(east, "winner", "S")
        _choose(east, "discarder", "W")
        _choose(east, "han", "2")
        Select(_by(east, 'select[name="fu"]')).select_by_value("30")
        _shot(east, "players-en-02-entry")
        _tap_and_wait(east, _by(east, "#save-hand"))
        assert "Hand 1 saved." in east.page_source
        assert "Waiting for a second player" in east.page_source
        assert _by(east, "#players-submit").get_attribute("disabled") is not None

        south = _phone(live_server)
        try:
            south.get(live_server.url + "/p/pe-cup/1/1/")
            _open_with_pin(south, pin, "S")
            assert "This phone accepts hands" in south.page_source
            assert not south.find_elements("css selector", "#enter")
            _shot(south, "players-en-03-accept")
            _tap_and_wait(south, _by(south, "#accept-1"))
            assert "Hand 1 accepted." in south.page_source
        finally:
            south.quit()

        east.refresh()
        _tap_and_wait(east, _by(east, "#players-submit"))  # one hand: not complete
        assert "The session is not complete" in east.page_source
        _tap(east, _by(east, "#ended-early"))
        _tap_and_wait(east, _by(east, "#players-submit"))
        assert "The sheet is submitted." in east.page_source
        _shot(east, "players-en-04-submitted")
    finally:
        east.quit()

    browser.get(live_server.url + "/accounts/login/?next=/j/pe-cup/1/1/")
    _by(browser, 'input[name="username"]').send_keys("judge")
    _by(browser, 'input[name="password"]').send_keys(PASSWORD)
    _tap_and_wait(browser, _by(browser, "form.form button[type=submit]"))
    assert "Table PIN" in browser.page_source
    _shot(browser, "players-en-06-judge")
    _tap_and_wait(browser, _by(browser, "#confirm-sheet"))
    assert table.sheets.get(version=1).status == "confirmed"
    browser.get(base + "history/")
    log = _by(browser, "#player-log").text
    for step in (
        "players of table 1 (East)",
        "opened the table with the PIN",
        "became the entering phone",
        "entered a hand",
        "players of table 1 (South)",
        "accepted a hand",
        "submitted the sheet",
    ):
        assert step in log, step
    assert "confirmed by judge" in browser.page_source
    _shot(browser, "players-en-05-history")


@pytest.mark.parametrize("size", [(WIDTH, HEIGHT), (1920, 1080)], ids=["phone", "desktop"])
@pytest.mark.django_db(transaction=True)
def test_players_pages_in_japanese(table, live_server, browser, size):
    """The PIN page, the entering phone and the accepting phone in Japanese, for a person."""
    from tournament.playerentry import services
    from tournament.results.sheet.errors import NotAllowed

    pin = services.pin_of(table).pin
    east = services.open_with_pin(table, pin, "E")
    services.enter_hand(
        table,
        east,
        {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30},
        base_version=0,
    )
    with pytest.raises(NotAllowed):
        services.accept_hand(table, east, 1)
    phone, shot = _phone(live_server, "ja", size), f"players-ja-{size[0]}"
    try:
        phone.get(live_server.url + "/p/pe-cup/1/1/")
        assert "卓PIN" in phone.page_source
        _open_with_pin(phone, pin, "S", shot=f"{shot}-01-pin", screen=size[0])
        assert "承認" in phone.page_source
        _shot(phone, f"{shot}-03-accept", size[0])
    finally:
        phone.quit()
    services.release_phone(table, by=table.round.event.staff_roles.first().user, reason="test")
    phone = _phone(live_server, "ja", size)
    try:
        phone.get(live_server.url + "/p/pe-cup/1/1/pin/")
        _open_with_pin(phone, pin, "W")
        assert "このスマホで局を入力します" in phone.page_source
        _shot(phone, f"{shot}-02-entry", size[0])
    finally:
        phone.quit()
