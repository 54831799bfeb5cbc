"""How many taps a judge needs for a hand by its tiles, on a 360 × 740 phone.

Issue #19's bar: from the empty form as a judge first opens it (a fresh
browser, nothing remembered) up to Check, Check and Save not counted, every
``click()`` counted, scrolling free, no typing at all:

- an MCR hand with two called melds, a discard win and a flower in 16 taps
  or fewer;
- a closed riichi hand with riichi, a discard win and one dora indicator in
  18 taps or fewer.

The tile picker's set mode (Chow, Pung, Pair, then one tile), the called
sets going into the meld rows, and the last tile completing the hand taken as
the winning tile are what keep the count down. Since issue #35 a set mode ends
when its set is complete (no "Single tiles" tap after it), and a long press
keeps a mode on (three chows in a row: one press, three tiles). Check must then show the value
the engine gives the same hand (worked out here with ``scoring`` directly),
and Save puts the row on the sheet. Screens are saved in ``test-artifacts/``
(``taps-*.png``), in English and Japanese, at both sizes.
"""

from __future__ import annotations

import pytest

from scoring.engine import score
from tests.tournament.browser.conftest import (
    TABLE_NAMES,
    judged_table,
    new_page_after,
    open_as,
    screenshot,
)

WIDTH, HEIGHT = 360, 740
NAMES = TABLE_NAMES
PASSWORD = "a-long-passphrase"


@pytest.fixture
def viewport(request) -> tuple[int, int]:
    return getattr(request, "param", (WIDTH, HEIGHT))


class Taps:
    """Every tap the judge makes, counted; scrolling first is free."""

    def __init__(self, driver):
        self.driver = driver
        self.count = 0

    def css(self, selector: str):
        from selenium.webdriver.common.by import By

        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        self.count += 1

    def choice(self, name: str, value: str):
        self.css(f'input[name="{name}"][value="{value}"] + span')

    def set(self, kind: str, called: bool = False):
        self.css(f'[data-set="{kind}"]' + ("[data-called]" if called else ":not([data-called])"))

    def hold(self, kind: str, called: bool = False):
        """A long press on a set mode (one tap, held): the mode stays on after each set."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        selector = f'[data-set="{kind}"]' + ("[data-called]" if called else ":not([data-called])")
        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        ActionChains(self.driver).click_and_hold(element).pause(0.8).release().perform()
        assert "is-held" in element.get_attribute("class"), "the long press did not hold"
        self.count += 1

    def tiles(self, *tiles: str):
        for tile in tiles:
            self.css(f'.picker-tiles [data-tile="{tile}"]')


@pytest.fixture
def table_page(db, django_user_model, browser, live_server):
    """``table_page(ruleset)``: table 1 of a started tiles-level event, open as a judge."""
    judge = django_user_model.objects.create_user("judge", password=PASSWORD)

    def open_table(ruleset: str) -> None:
        judged_table(ruleset, judge, entry_level="tiles")
        path = f"/j/{ruleset}-cup/1/1/"
        # Logged in by the session cookie: no key is pressed in this module, not even there.
        open_as(browser, live_server, judge, path)
        assert browser.current_url == live_server.url + path

    return open_table


def _value(driver, name: str) -> str:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.NAME, name).get_attribute("value")


def _shot(driver, name: str) -> None:
    driver.execute_script("window.scrollTo(0, 0)")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    screen = driver.execute_script("return window.innerWidth")
    assert width <= screen, f"{name}: the page is {width}px wide, it scrolls sideways"
    screenshot(driver, name)


def _check_then_save(driver):
    from selenium.webdriver.common.by import By

    new_page_after(driver, driver.find_element(By.ID, "check-hand").click)
    preview = driver.find_element(By.CSS_SELECTOR, ".preview").text
    return preview


def _save(driver):
    from selenium.webdriver.common.by import By

    button = driver.find_element(By.ID, "save-checked")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    new_page_after(driver, button.click)


@pytest.mark.django_db(transaction=True)
def test_mcr_hand_by_tiles_in_16_taps(browser, table_page):
    from selenium.webdriver.common.by import By

    table_page("mcr")
    _shot(browser, "taps-mcr-01-empty")
    taps = Taps(browser)
    taps.choice("winner", "S")  # the discard win is the form's first outcome
    taps.choice("discarder", "W")
    taps.set("chi", called=True)
    taps.tiles("3s")  # chow 345s, called
    taps.set("pon", called=True)
    taps.tiles("7z")  # pung of red dragons, called
    taps.set("chi")
    taps.tiles("3m")  # 345m in the hand
    taps.set("pair")
    taps.tiles("9s")  # the pair is complete: back to single tiles (issue #35)
    taps.tiles("3p", "4p")
    assert browser.find_element(By.CSS_SELECTOR, "[data-hand-count]").text == "13/14"
    _shot(browser, "taps-mcr-02-mid")
    taps.tiles("5p")  # the 14th tile: taken as the winning tile
    taps.choice("flowers", "1")

    assert _value(browser, "concealed") == "345m34p99s"
    assert _value(browser, "win_tile") == "5p"
    assert (_value(browser, "meld1_type"), _value(browser, "meld1_tiles")) == ("chi", "345s")
    assert (_value(browser, "meld2_type"), _value(browser, "meld2_tiles")) == ("pon", "777z")
    assert browser.find_element(By.CSS_SELECTOR, "[data-hand-count]").text == "14/14 ✓"
    _shot(browser, "taps-mcr-03-complete")
    assert taps.count <= 16, f"{taps.count} taps"

    # Mixed Triple Chow 8 + Dragon Pung 2 + one flower 1 = 11 fan.
    hand = {
        "concealed": "345m34p99s",
        "win_tile": "5p",
        "win": "ron",
        "flowers": 1,
        "seat_wind": "S",
        "round_wind": "E",
        "melds": [
            {"type": "chi", "tiles": "345s", "concealed": False},
            {"type": "pon", "tiles": "777z", "concealed": False},
        ],
    }
    fan = score(hand, "mcr").total
    assert fan == 11
    preview = _check_then_save(browser)
    assert "Mixed Triple Chow" in preview and "Dragon Pung" in preview
    total = browser.find_element(By.CSS_SELECTOR, ".preview .breakdown-total .num").text
    assert total.split()[0] == str(fan)
    _shot(browser, "taps-mcr-04-checked")
    _save(browser)
    assert "Hand 1 (E-E) saved." in browser.page_source
    assert "Bai Lan" in browser.find_element(By.ID, "hand-1").text
    # The winner +(11 + 8) from the discarder and +8 from each other player.
    totals = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".sheet-players .seat-total")]
    assert totals == ["−8", "35", "−19", "−8"]


@pytest.mark.django_db(transaction=True)
def test_riichi_closed_hand_by_tiles_in_18_taps(browser, table_page):
    from selenium.webdriver.common.by import By

    table_page("jpml-b")
    taps = Taps(browser)
    taps.choice("winner", "N")  # ron is the form's first outcome
    taps.choice("discarder", "E")
    taps.choice("riichi", "N")
    # Issue #35: a set mode ends with its set; a long press keeps Chow on for three chows.
    taps.hold("chi")
    taps.tiles("1m", "4p", "7s")  # 123m 456p 789s: Chow kept on
    taps.set("pair")
    taps.tiles("5p")  # the pair is complete: back to single tiles
    taps.tiles("2s", "3s", "4s")  # 4s completes the hand: the winning tile
    taps.css('input[name="dora_indicators"]')
    taps.tiles("2m")  # the indicator 2m: 3m is dora
    assert _value(browser, "concealed") == "123m45556p23789s"
    assert _value(browser, "win_tile") == "4s"
    assert _value(browser, "dora_indicators") == "2m"
    _shot(browser, "taps-riichi-01-complete")
    assert taps.count <= 18, f"{taps.count} taps"
    assert browser.execute_script("return document.querySelectorAll('input:focus').length") <= 1

    # Riichi 1 + pinfu 1 + dora 1 = 3 han 30 fu: a non-dealer's ron, 3,900 from East.
    result = score(
        {
            "concealed": "123m456p789s55p23s",
            "win_tile": "4s",
            "win": "ron",
            "flags": ["riichi"],
            "dora_indicators": "2m",
            "seat_wind": "N",
            "round_wind": "E",
            "dealer": False,
            "melds": [],
        },
        "jpml-b",
    )
    assert (result.han, result.fu, result.points) == (3, 30, 3900)
    preview = _check_then_save(browser)
    assert "Riichi" in preview and "Pinfu" in preview and "Dora" in preview
    assert "3 han 30 fu" in preview
    assert "−3,900" in preview or "-3,900" in preview
    _shot(browser, "taps-riichi-02-checked")
    _save(browser)
    assert "Hand 1 (E1-0) saved." in browser.page_source
    assert "3 han 30 fu" in browser.find_element(By.ID, "hand-1").text


def _small_keys(driver) -> list[str]:
    """The picker's keys and the drawn hand's tiles under 24 x 24 CSS px (too small to tap)."""
    return driver.execute_script(
        """
        const out = [];
        for (const el of document.querySelectorAll('.tile-picker button')) {
          const box = el.getBoundingClientRect();
          if (box.width && (box.width < 24 || box.height < 24)) out.push(el.outerHTML.slice(0, 80));
        }
        return out;
        """
    )


@pytest.mark.parametrize(
    "viewport", [(360, 740), (1920, 1080)], ids=["phone", "desktop"], indirect=True
)
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.django_db(transaction=True)
def test_the_hand_drawn_as_tiles_can_be_corrected(browser, table_page, viewport, language):
    """A tile tapped in the drawn hand goes; Winning tile then a tile marks it; Undo undoes."""
    from selenium.webdriver.common.by import By

    table_page("mcr")
    browser.add_cookie({"name": "django_language", "value": language})
    browser.refresh()
    size = f"{language}-{viewport[0]}"
    assert _small_keys(browser) == []
    _shot(browser, f"taps-picker-{size}-1-empty")
    taps = Taps(browser)
    taps.set("kan_concealed")
    taps.tiles("1z")
    assert (_value(browser, "meld1_type"), _value(browser, "meld1_tiles")) == (
        "kan_concealed",
        "1111z",
    )
    taps.hold("chi")  # issue #35: held, Chow stays on for a second chow
    assert browser.find_element(By.CSS_SELECTOR, '.picker-tiles [data-tile="8m"]').get_attribute(
        "disabled"
    )
    taps.tiles("1m", "4m")
    taps.set("")
    taps.tiles("7m", "8m", "9m", "2p")
    assert _value(browser, "concealed") == "123456789m2p"
    assert browser.find_element(By.CSS_SELECTOR, "[data-hand-count]").text == "13/14"
    _shot(browser, f"taps-picker-{size}-2-mid")
    taps.css('.hand-view [data-hand-tile="2p"]')  # a wrong tile: tapped away
    assert _value(browser, "concealed") == "123456789m"
    taps.tiles("5p", "5p")  # the 14th tile is offered as the winning tile
    assert (_value(browser, "concealed"), _value(browser, "win_tile")) == ("123456789m5p", "5p")
    taps.set("win")
    taps.css('.hand-view [data-hand-tile="9m"]')  # no: the 9m was the winning tile
    assert (_value(browser, "concealed"), _value(browser, "win_tile")) == ("12345678m55p", "9m")
    assert browser.find_element(By.CSS_SELECTOR, "[data-hand-count]").text == "14/14 ✓"
    assert _small_keys(browser) == []
    _shot(browser, f"taps-picker-{size}-3-complete")
    taps.css("[data-picker-back]")
    assert (_value(browser, "concealed"), _value(browser, "win_tile")) == ("123456789m5p", "5p")
    taps.css('.hand-view [data-meld="0"] [data-hand-tile]')  # the whole kong goes
    assert _value(browser, "meld1_tiles") == "" and _value(browser, "meld1_type") == ""


@pytest.mark.django_db(transaction=True)
def test_keyboard_mode_and_entry_level_are_remembered(browser, table_page):
    """Chosen once on this phone, the keyboard and the Value level stay for the next hand."""
    from selenium.webdriver.common.by import By

    table_page("mcr")
    concealed = browser.find_element(By.NAME, "concealed")
    assert concealed.get_attribute("inputmode") == "none"
    Taps(browser).css("[data-picker-keyboard]")
    Taps(browser).choice("level", "value")
    browser.refresh()
    keyboard = browser.find_element(By.CSS_SELECTOR, "[data-picker-keyboard]")
    assert keyboard.get_attribute("aria-pressed") == "true"
    assert browser.find_element(By.NAME, "concealed").get_attribute("inputmode") is None
    level = browser.find_element(By.CSS_SELECTOR, 'input[name="level"][value="value"]')
    assert level.is_selected()
