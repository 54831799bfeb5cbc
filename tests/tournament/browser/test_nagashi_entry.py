"""Nagashi mangan entered on a phone (360 × 740), where the preset includes it.

rules/riichi.md §4 ("Nagashi mangan": tenhou yes): the judge picks it, the
value and tile fields are hidden (the rules fix a mangan), tenpai is asked,
and saving pays the mangan as by tsumo: non-dealer South +8,000, East 4,000,
West and North 2,000 each.
"""

from __future__ import annotations

import pytest

from tests.tournament.browser.test_judge_entry import (  # noqa: F401 (fixtures)
    _choose,
    _shot,
    _tap_and_wait,
    _totals,
    at_table,
    viewport,
)


@pytest.mark.django_db(transaction=True)
def test_tenhou_nagashi_mangan(browser, at_table):  # noqa: F811
    from selenium.webdriver.common.by import By

    at_table("tenhou", "value")
    assert _totals(browser) == ["25,000"] * 4
    _choose(browser, "outcome", "nagashi")
    assert not browser.find_element(By.CSS_SELECTOR, ".value-fields").is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, ".only-draw").is_displayed()
    _choose(browser, "winner", "S")
    _choose(browser, "tenpai", "E")
    _shot(browser, "judge-nagashi-01-filled")
    _tap_and_wait(browser, browser.find_element(By.ID, "save-hand"))

    assert "Hand 1 (E1-0) saved." in browser.page_source
    assert _totals(browser) == ["21,000", "33,000", "23,000", "23,000"]
    assert "Next: E1-1" in browser.page_source  # a draw: the tenpai dealer repeats
    _shot(browser, "judge-nagashi-02-saved")
