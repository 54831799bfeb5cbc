"""Zung Jung rulings that bite at the table, on a phone (360 × 740; issue 15).

Seed 001 §12 and rules/zung-jung.md §6: (a) a penalty tile ruling (L82), then
a discard win whose completed chow holds it is refused (L87-L88); (b) a false
win during the hand being played (L97), then the offender's discard win in
that hand is refused (L91-L92, the whole hand exposed). Pages are saved in
``test-artifacts/`` (``judge-zj-*.png``).
"""

from __future__ import annotations

import pytest

from tests.tournament.browser import test_judge_entry as judge
from tests.tournament.browser.test_judge_entry import (
    _choose,
    _save_ruling,
    _shot,
    _tap,
    _tap_and_wait,
    _write_decision,
)

# The judge page's fixtures: a started event's table at 360 × 740, the judge logged in.
at_table = judge.at_table
viewport = judge.viewport


def _record_ruling(driver, kind: str, player: str, decision: str, tiles: str = "") -> None:
    from selenium.webdriver.common.by import By

    _tap(driver, driver.find_element(By.CSS_SELECTOR, "#ruling-form > summary"))
    _choose(driver, "kind", kind)
    _choose(driver, "player", player)
    _write_decision(driver, decision)
    _tap(driver, driver.find_element(By.CSS_SELECTOR, ".ruling-form details.more > summary"))
    # The hand being played now is filled in already.
    assert driver.find_element(By.NAME, "after_hand").get_attribute("value") == "1"
    if tiles:
        field = driver.find_element(By.ID, "ruling_tiles")
        _tap(driver, field)
        field.send_keys(tiles)


@pytest.mark.django_db(transaction=True)
def test_zung_jung_penalty_tile_then_a_discard_win_using_it_is_refused(browser, at_table):
    from selenium.webdriver.common.by import By

    at_table("zung-jung", "tiles")
    _record_ruling(browser, "penalty_tiles", "S", "Exposed 1s while drawing.", tiles="1s")
    _shot(browser, "judge-zj-01-penalty-tile-ruling")
    assert "Penalty tiles" in _save_ruling(browser)

    _choose(browser, "outcome", "discard")
    _choose(browser, "winner", "S")
    _choose(browser, "discarder", "E")
    concealed = browser.find_element(By.NAME, "concealed")
    _tap(browser, concealed)
    concealed.send_keys("13456789s11z555z")
    _tap(browser, browser.find_element(By.NAME, "win_tile"))
    _tap(browser, browser.find_element(By.CSS_SELECTOR, '[data-tile="2s"]'))
    assert browser.find_element(By.NAME, "win_tile").get_attribute("value") == "2s"
    _tap_and_wait(browser, browser.find_element(By.ID, "save-hand"))

    error = browser.find_element(By.CSS_SELECTOR, ".hand-form .field-error .error").text
    assert "1s is a penalty tile: it cannot be in the set the discard (2s) completes." in error
    assert "1s is a penalty tile" in error and "Zung Jung §6" in error
    assert not browser.find_elements(By.ID, "hand-1")  # nothing saved
    _shot(browser, "judge-zj-02-discard-win-refused")


@pytest.mark.django_db(transaction=True)
def test_zung_jung_false_win_then_the_offenders_discard_win_is_refused(browser, at_table):
    from selenium.webdriver.common.by import By

    at_table("zung-jung", "value")
    _record_ruling(browser, "false_win", "W", "Declared a win on 4p; not a winning hand.")
    assert "False win" in _save_ruling(browser)

    _choose(browser, "outcome", "discard")
    _choose(browser, "winner", "W")
    _choose(browser, "discarder", "N")
    # The whole hand is exposed: no confirmation could allow a discard win, none is asked.
    assert not browser.find_elements(By.CSS_SELECTOR, ".penalty-check")
    points = browser.find_element(By.NAME, "points")
    _tap(browser, points)
    points.send_keys("40")
    _shot(browser, "judge-zj-03-false-win-then-discard-win")
    _tap_and_wait(browser, browser.find_element(By.ID, "save-hand"))

    error = browser.find_element(By.CSS_SELECTOR, ".hand-form .field-error .error").text
    assert "made a false win in this hand" in error and "only a self-draw can win" in error
    assert not browser.find_elements(By.ID, "hand-1")
    _shot(browser, "judge-zj-04-discard-win-refused")


@pytest.mark.django_db(transaction=True)
def test_zung_jung_value_entry_asks_only_a_holder_to_confirm(browser, at_table):
    from selenium.webdriver.common.by import By

    at_table("zung-jung", "value")
    _record_ruling(browser, "penalty_tiles", "S", "Exposed 1s while drawing.", tiles="1s")
    _tap_and_wait(browser, browser.find_element(By.ID, "save-ruling"))
    check = browser.find_element(By.CSS_SELECTOR, ".penalty-check")
    _choose(browser, "outcome", "discard")
    _choose(browser, "winner", "W")
    assert not check.is_displayed()  # W holds no penalty tile
    _choose(browser, "winner", "S")
    _choose(browser, "discarder", "E")
    assert check.is_displayed() and "Bai Lan: 1s" in check.text
    _choose(browser, "outcome", "self_draw")
    assert not check.is_displayed()  # a self-drawn group is concealed (seed 001 L91)
    _choose(browser, "outcome", "discard")
    points = browser.find_element(By.NAME, "points")
    _tap(browser, points)
    points.send_keys("40")
    _tap(browser, browser.find_element(By.NAME, "no_penalty_tile"))
    _shot(browser, "judge-zj-05-confirmed")
    _tap_and_wait(browser, browser.find_element(By.ID, "save-hand"))
    assert "Hand 1 (1-1) saved." in browser.page_source
