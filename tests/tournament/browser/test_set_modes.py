"""The tile picker's set modes on a phone (issue #35, acceptance 4), and a half-typed tile.

A set mode ends when its set is complete, and tapping the mode again starts
another set of that kind: two called pungs in a row are 2 mode taps and 6
tile taps for a judge who taps each tile of each pung (the set's first tile
places it whole, the other two complete that same set), or 2 and 2. Before,
the second tap on *Pung (called)* switched the mode off and the next tile went
into the concealed hand (``5556z`` instead of a called pung of 6z).

In keyboard mode, a half-typed tile ("8") was drawn as a picture that does not
exist (a 404 on ``/static/img/tiles/8.svg``): it is shown as text now.
Screens: ``test-artifacts/set-modes-*.png``.
"""

from __future__ import annotations

import pytest

from tests.tournament.browser.conftest import screenshot
from tests.tournament.browser.test_entry_taps import Taps, _value, table_page, viewport

__all__ = ["table_page", "viewport"]  # the fixtures, used by name


def _pressed(driver) -> list[str]:
    """The set-mode keys shown pressed, as ``kind`` (``kind*`` for a called set)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-set][aria-pressed=true]')]"
        ".map(b => b.dataset.set + (b.hasAttribute('data-called') ? '*' : ''))"
    )


def _melds(driver) -> list[tuple[str, str]]:
    return [
        (_value(driver, f"meld{n}_type"), _value(driver, f"meld{n}_tiles"))
        for n in (1, 2, 3, 4)
        if _value(driver, f"meld{n}_tiles")
    ]


@pytest.mark.django_db(transaction=True)
def test_two_called_pungs_in_a_row_take_2_mode_taps_and_6_tile_taps(browser, table_page):
    table_page("mcr")
    taps = Taps(browser)
    taps.set("pon", called=True)
    taps.tiles("6z", "6z", "6z")
    assert _pressed(browser) == [""]  # the pung is complete: back to single tiles
    taps.set("pon", called=True)  # a second pung of the same kind
    assert _pressed(browser) == ["pon*"]
    taps.tiles("7z", "7z", "7z")
    assert taps.count == 2 + 6
    assert _melds(browser) == [("pon", "666z"), ("pon", "777z")]
    assert _value(browser, "concealed") == ""  # not 5556z: nothing went into the hand
    screenshot(browser, "set-modes-two-pungs-360")


@pytest.mark.django_db(transaction=True)
def test_tapped_once_each_two_called_pungs_take_2_and_2(browser, table_page):
    table_page("mcr")
    taps = Taps(browser)
    taps.set("pon", called=True)
    taps.tiles("6z")
    taps.set("pon", called=True)
    taps.tiles("7z")
    assert taps.count == 2 + 2
    assert _melds(browser) == [("pon", "666z"), ("pon", "777z")]
    # After the set the next other tile is a single tile, in the hand.
    taps.tiles("5z")
    assert _value(browser, "concealed") == "5z"


@pytest.mark.django_db(transaction=True)
def test_a_mode_tapped_again_stays_on_and_a_long_press_keeps_it(browser, table_page):
    table_page("jpml-b")
    taps = Taps(browser)
    taps.set("pon")
    taps.set("pon")  # tapped again: still on (it starts another pung), not switched off
    assert _pressed(browser) == ["pon"]
    taps.tiles("2m")
    assert _value(browser, "concealed") == "222m" and _pressed(browser) == [""]
    taps.hold("chi")  # kept on: one tap a chow
    taps.tiles("3m", "4p", "6s")
    assert _value(browser, "concealed") == "222345m456p678s"
    assert _pressed(browser) == ["chi"]
    screenshot(browser, "set-modes-held-chow-360")
    taps.set("")  # Single tiles ends it
    taps.tiles("6s")
    assert _value(browser, "concealed") == "222345m456p6678s"
    assert _pressed(browser) == [""]
    # A pair tapped tile by tile: its second 9p completes the pair, the 7s after it is single.
    taps.set("pair")
    taps.tiles("9p", "9p", "7s")
    assert _value(browser, "concealed") == "222345m45699p66778s"


@pytest.mark.django_db(transaction=True)
def test_a_half_typed_tile_is_drawn_as_text_not_a_missing_picture(browser, table_page):
    from selenium.webdriver.common.by import By

    table_page("mcr")
    Taps(browser).css("[data-picker-keyboard]")
    concealed = browser.find_element(By.NAME, "concealed")
    concealed.send_keys("123m8")
    win = browser.find_element(By.NAME, "win_tile")
    win.send_keys("8")
    sources = browser.execute_script(
        "return [...document.querySelectorAll('.hand-view img')].map(i => i.getAttribute('src'))"
    )
    assert sources and all(src.endswith(("1m.svg", "2m.svg", "3m.svg")) for src in sources)
    typed = browser.find_element(By.CSS_SELECTOR, ".hand-view .hand-tile.is-text")
    assert typed.text == "8"
    broken = browser.execute_script(
        "return [...document.querySelectorAll('.hand-view img')]"
        ".filter(i => i.complete && !i.naturalWidth).length"
    )
    assert broken == 0
    win.send_keys("s")
    assert (
        browser.find_element(By.CSS_SELECTOR, ".hand-view .is-win img")
        .get_attribute("src")
        .endswith("/8s.svg")
    )
    screenshot(browser, "set-modes-typed-360")
