"""A judge enters hands on a phone (headless Chromium at 360 × 740 via Selenium).

(a) an MCR hand by its tiles, tapped in with the tile picker: check shows the
fan breakdown, save shows the running totals; (b) a riichi hand by han and
fu; (c) an MCR false win ruling: −30 for the offender, +10 for each other.
Every page is saved in ``test-artifacts/`` (``judge-*.png``) for a person to
look at, and none may scroll sideways at phone width.

The browser is set up in ``conftest.py`` (Debian's chromium, never a
downloaded browser), here at a small phone's size.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tournament.browser.conftest import TABLE_NAMES, judged_table, new_page_after, screenshot

WIDTH, HEIGHT = 360, 740
NAMES = TABLE_NAMES
PASSWORD = "a-long-passphrase"


@pytest.fixture
def viewport() -> tuple[int, int]:
    return WIDTH, HEIGHT


@pytest.fixture
def at_table(db, django_user_model, browser, live_server):
    """``at_table(ruleset, entry_level)``: table 1 of a started event, open as user "judge"."""
    judge = django_user_model.objects.create_user("judge", password=PASSWORD)

    def open_table(ruleset: str, entry_level: str) -> None:
        judged_table(ruleset, judge, entry_level=entry_level)
        _log_in(browser, live_server, f"/j/{ruleset}-cup/1/1/")

    return open_table


def _tap(driver, element):
    """Scroll an element to the middle of the screen (clear of the sticky totals) and tap it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def _tap_and_wait(driver, element):
    """Tap something that loads a new page, and wait until the new page is there."""
    new_page_after(driver, lambda: _tap(driver, element))


def _choose(driver, name: str, value: str):
    """Tap a radio or checkbox drawn as a button (the input itself is invisible)."""
    from selenium.webdriver.common.by import By

    _tap(
        driver,
        driver.find_element(By.CSS_SELECTOR, f'input[name="{name}"][value="{value}"] + span'),
    )


def _fill_ron(driver, *, winner: str, discarder: str, riichi: str, han: str, fu: str):
    """Tap a riichi ron into the value form: its winner, discarder, a riichi, han and fu."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    _choose(driver, "outcome", "ron")
    _choose(driver, "winner", winner)
    _choose(driver, "discarder", discarder)
    _choose(driver, "riichi", riichi)
    _choose(driver, "han", han)
    Select(driver.find_element(By.NAME, "fu")).select_by_value(fu)


def _write_decision(driver, text: str):
    """Type the judge's decision into the ruling form."""
    from selenium.webdriver.common.by import By

    decision = driver.find_element(By.NAME, "decision")
    _tap(driver, decision)
    decision.send_keys(text)


def _save_ruling(driver) -> str:
    """Save the ruling form; the page says it is recorded. The text of the sheet's rulings."""
    from selenium.webdriver.common.by import By

    _tap_and_wait(driver, driver.find_element(By.ID, "save-ruling"))
    assert "Ruling recorded." in driver.page_source
    return driver.find_element(By.ID, "rulings").text


def _save_false_win(driver) -> str:
    """Save an MCR false win (§9: −30 for the offender, +10 for each other); the rulings' text."""
    from selenium.webdriver.common.by import By

    rulings = _save_ruling(driver)
    footer = driver.find_element(By.CSS_SELECTOR, ".session-footer").text
    assert "−30" in footer and "+10" in footer
    return rulings


def _shot(driver, name: str) -> Path:
    """The whole page from its top, saved in ``test-artifacts/``; it must not scroll sideways."""
    driver.execute_script("window.scrollTo(0, 0)")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{name}: the page is {width}px wide, it scrolls sideways at {WIDTH}px"
    return screenshot(driver, name)


def _log_in(driver, live_server, path: str):
    """Open a table page: the login form first, then back to the table (``next``)."""
    from selenium.webdriver.common.by import By

    driver.get(live_server.url + path)
    assert "/accounts/login/" in driver.current_url
    driver.find_element(By.NAME, "username").send_keys("judge")
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    _tap_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    assert driver.current_url == live_server.url + path


def _totals(driver) -> list[str]:
    from selenium.webdriver.common.by import By

    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".sheet-players .seat-total")]


def _small_targets(driver) -> list[str]:
    """Visible buttons and button-like choices of the entry form under 44 px high."""
    return driver.execute_script(
        """
        const out = [];
        for (const el of document.querySelectorAll(
            '.hand-form .choice > span, .hand-form .button, .pick-tile, '
            + '.picker-tools button, .set-row button'
        )) {
          const box = el.getBoundingClientRect();
          if (box.width && box.height && box.height < 44) out.push(el.textContent.trim());
        }
        return out;
        """
    )


@pytest.mark.django_db(transaction=True)
def test_mcr_hand_by_tiles_with_the_tile_picker(browser, at_table):
    from selenium.webdriver.common.by import By

    at_table("mcr", "tiles")
    assert "Next: E-E" in browser.page_source
    assert _small_targets(browser) == []
    _shot(browser, "judge-mcr-01-empty")

    _choose(browser, "outcome", "discard")
    _choose(browser, "winner", "S")
    _choose(browser, "discarder", "W")
    # Tap 123456789m 123p 5p into the hand, then 5p as the winning tile.
    _tap(browser, browser.find_element(By.NAME, "concealed"))
    for n in "123456789":
        _tap(browser, browser.find_element(By.CSS_SELECTOR, f'[data-tile="{n}m"]'))
    for n in "1235":
        _tap(browser, browser.find_element(By.CSS_SELECTOR, f'[data-tile="{n}p"]'))
    _tap(browser, browser.find_element(By.NAME, "win_tile"))
    _tap(browser, browser.find_element(By.CSS_SELECTOR, '[data-tile="5p"]'))
    assert browser.find_element(By.NAME, "concealed").get_attribute("value") == "123456789m1235p"
    assert browser.find_element(By.NAME, "win_tile").get_attribute("value") == "5p"
    _choose(browser, "flowers", "1")
    _shot(browser, "judge-mcr-02-tiles-tapped")

    _tap_and_wait(browser, browser.find_element(By.ID, "check-hand"))
    breakdown = browser.find_element(By.CSS_SELECTOR, ".preview .breakdown").text
    assert "Pure Straight" in breakdown and "Flower Tiles" in breakdown
    assert "Nothing is saved yet." in browser.page_source
    _shot(browser, "judge-mcr-03-checked")

    _tap_and_wait(browser, browser.find_element(By.ID, "save-checked"))
    assert "Hand 1 (E-E) saved." in browser.page_source
    row = browser.find_element(By.ID, "hand-1").text
    assert "Bai Lan" in row and "Carla Díaz-Fernández" in row
    # 23 fan + 1 flower = 24: the winner +(24+24), the discarder −(24+8), the others −8.
    assert _totals(browser) == ["−8", "48", "−32", "−8"]
    assert "✓ balanced" in browser.page_source
    assert "Next: E-S" in browser.page_source
    _shot(browser, "judge-mcr-04-saved")


@pytest.mark.django_db(transaction=True)
def test_riichi_hand_by_han_and_fu(browser, at_table):
    from selenium.webdriver.common.by import By

    at_table("jpml-b", "value")
    assert _totals(browser) == ["30,000"] * 4
    assert _small_targets(browser) == []
    _shot(browser, "judge-riichi-01-empty")

    _fill_ron(browser, winner="N", discarder="E", riichi="N", han="3", fu="40")
    _shot(browser, "judge-riichi-02-filled")
    _tap_and_wait(browser, browser.find_element(By.ID, "save-hand"))

    assert "Hand 1 (E1-0) saved." in browser.page_source
    # 3 han 40 fu, non-dealer ron: 5,200 from East; North's riichi stick comes back to North.
    assert _totals(browser) == ["24,800", "30,000", "30,000", "35,200"]
    assert "✓ balanced" in browser.find_element(By.CSS_SELECTOR, ".sheet-players").text
    assert "3 han 40 fu" in browser.find_element(By.ID, "hand-1").text
    assert "Next: E2-0" in browser.page_source
    _shot(browser, "judge-riichi-03-saved")


@pytest.mark.django_db(transaction=True)
def test_mcr_false_win_ruling(browser, at_table):
    from selenium.webdriver.common.by import By

    at_table("mcr", "value")
    _tap(browser, browser.find_element(By.CSS_SELECTOR, "#ruling-form > summary"))
    _choose(browser, "kind", "false_win")
    assert "−30" in browser.find_element(By.CSS_SELECTOR, ".ruling-kinds").text or "-30" in (
        browser.find_element(By.CSS_SELECTOR, ".ruling-kinds").text
    )
    _choose(browser, "player", "W")
    _write_decision(browser, "Declared mahjong on 4p; the hand was not complete.")
    rule = browser.find_element(By.NAME, "rule_reference")
    assert rule.get_attribute("placeholder") == "MCR §9 false win"
    _shot(browser, "judge-ruling-01-form")

    rulings = _save_false_win(browser)
    assert "False win" in rulings and "Declared mahjong on 4p" in rulings
    _shot(browser, "judge-ruling-02-saved")


@pytest.mark.django_db(transaction=True)
def test_riichi_double_ron_by_han_and_fu(browser, at_table):
    """Tenhou rules: two players ron the same discard; the second winner's block opens in place."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    at_table("tenhou", "value")
    page = browser.current_url
    block = browser.find_element(By.ID, "win-2")
    assert not block.is_displayed()
    _fill_ron(browser, winner="S", discarder="W", riichi="N", han="2", fu="30")

    add = browser.find_element(By.ID, "add-winner")
    assert add.text == "＋ Another player also won on this discard"
    _tap(browser, add)
    assert block.is_displayed() and browser.current_url == page  # no page load
    assert not add.is_displayed()  # tenhou: two winners at most
    # Removed and added again: the block hides and the button comes back.
    _tap(browser, block.find_element(By.CSS_SELECTOR, "[data-drop-winner]"))
    assert not block.is_displayed() and add.is_displayed()
    _tap(browser, add)
    _choose(browser, "w2_winner", "N")
    _choose(browser, "w2_han", "4")
    Select(browser.find_element(By.NAME, "w2_fu")).select_by_value("30")
    assert _small_targets(browser) == []
    _shot(browser, "judge-riichi-04-double-ron-filled")
    _tap_and_wait(browser, browser.find_element(By.ID, "save-hand"))

    assert "Hand 1 (E1-0) saved." in browser.page_source
    # Start 25,000. W pays S 2 han 30 fu (2,000) and N 4 han 30 fu (7,700); N, nearest
    # after W, also takes the sticks on the table: their own, so N +7,700 in all.
    assert _totals(browser) == ["25,000", "27,000", "15,300", "32,700"]
    row = browser.find_element(By.ID, "hand-1").text
    assert "Dmitri Orlov: 4 han 30 fu" in row and "Bai Lan: 2 han 30 fu" in row
    assert "✓ balanced" in browser.find_element(By.CSS_SELECTOR, ".sheet-players").text
    _shot(browser, "judge-riichi-05-double-ron-saved")


@pytest.mark.django_db(transaction=True)
def test_mcr_false_win_during_the_hand_being_played(browser, at_table, django_user_model):
    """Issue 15: a false win is recorded during the current hand (hand 2 here, after one
    entered), numbered as judges count; MCR §9 (rules/mcr.md): −30, +10 to each other."""
    from selenium.webdriver.common.by import By

    from tournament.results.sheet.services import add_hand
    from tournament.seating.models import Table

    at_table("mcr", "value")
    table = Table.objects.get(round__event__slug="mcr-cup")
    judge = django_user_model.objects.get(username="judge")
    first = {"outcome": "discard", "level": "value", "winner": "E", "discarder": "S", "fan": 8}
    add_hand(table, first, by=judge, base_version=0)  # hand 1: E +32 (8 each, 8 more from S)
    browser.refresh()
    _tap(browser, browser.find_element(By.CSS_SELECTOR, "#ruling-form > summary"))
    _choose(browser, "kind", "false_win")
    _choose(browser, "player", "N")
    during = browser.find_element(By.NAME, "after_hand")
    assert during.get_attribute("value") == "2"  # the hand being played, counted from 1
    _write_decision(browser, "Declared mahjong in hand 2; the hand was not complete.")
    _shot(browser, "judge-ruling-03-during-hand-2")

    rulings = _save_false_win(browser)
    assert "False win" in rulings and "hand 2" in rulings.lower()
    _shot(browser, "judge-ruling-04-during-hand-2-saved")
