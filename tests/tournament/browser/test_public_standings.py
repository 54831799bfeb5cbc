"""The public standings in a real browser: English, then Japanese, live refresh, a phone.

Two rounds are played; round 1's results are published. The page is opened
in English, switched to Japanese with the language buttons, and saved as
screenshots in ``test-artifacts/`` (``public-standings-en.png``,
``public-standings-ja.png``, and ``-360`` at a small phone's width, where the
page must not scroll sideways). Then the director publishes round 2 and the
table changes in place, without a reload (live.js, every second here).

The browser is set up in ``conftest.py`` (Debian's chromium, never a
downloaded browser).
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.tournament.browser.conftest import new_page_after, screenshot, wait_until
from tests.tournament.public.play import UNTIED_ROUND_1 as ROUND_1
from tests.tournament.public.play import UNTIED_ROUND_2 as ROUND_2
from tests.tournament.public.play import make_played
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)
from tournament.standings.services import publish_results

DESKTOP = (1280, 900)
pytestmark = pytest.mark.django_db(transaction=True)
PHONE = (360, 740)


@pytest.fixture
def event_with_results(make_event, make_player, staff):  # noqa: F811
    cache.clear()
    played = make_played(make_event, make_player, staff)
    first = played.seat(1)
    played.play(first, ROUND_1, penalties={1: {"S": ("conduct", "Slow play after warnings")}})
    publish_results(first)
    second = played.seat(2)
    played.play(second, ROUND_2)
    yield played, second
    cache.clear()


def _rows(browser):
    from selenium.webdriver.common.by import By

    return [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#standings tbody tr")]


def _switch_language(browser, code: str) -> None:
    from selenium.webdriver.common.by import By

    button = browser.find_element(By.CSS_SELECTOR, f".lang-switch button[value='{code}']")
    new_page_after(browser, button.click)


def _no_sideways_scroll(browser, width: int) -> None:
    page_width = browser.execute_script("return document.documentElement.scrollWidth")
    assert page_width <= width, f"the page scrolls sideways at {width} px ({page_width} px)"


@pytest.mark.parametrize("viewport", [DESKTOP], ids=["desktop"])
def test_standings_in_english_and_japanese_then_live(
    browser, live_server, event_with_results, settings
):
    from selenium.webdriver.common.by import By

    settings.PUBLIC_LIVE_INTERVAL = 1
    played, second = event_with_results
    browser.get(f"{live_server.url}/e/{played.event.slug}/standings/")
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Standings")
    headers = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#standings thead th")]
    assert headers[:4] == ["Rank", "Player", "Result points", "Raw points"]
    assert _rows(browser)[0].startswith("1 Akagi Shigeru 30.2")
    assert "Rounds counted" not in browser.page_source  # one round: "Round counted: 1"
    screenshot(browser, "public-standings-en")

    _switch_language(browser, "ja")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"
    headers = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#standings thead th")]
    assert headers[:2] == ["順位", "選手"]
    screenshot(browser, "public-standings-ja")

    # Sorting is a plain link: the page reloads sorted by name, still in Japanese.
    link = browser.find_element(By.CSS_SELECTOR, "#standings thead th.col-player a")
    new_page_after(browser, link.click)
    assert "sort=player" in browser.current_url
    names = [r.split(" ", 1)[1] for r in _rows(browser)]
    assert names == sorted(names, key=str.casefold)
    new_page_after(
        browser, lambda: browser.get(f"{live_server.url}/e/{played.event.slug}/standings/")
    )

    # Live: the director publishes round 2; the table changes without a reload.
    version = browser.find_element(By.CSS_SELECTOR, "[data-version]").get_attribute("data-version")
    browser.execute_script("window.stillThisPage = true;")
    before = _rows(browser)
    publish_results(second)
    wait_until(
        browser,
        lambda b: (
            b.find_element(By.CSS_SELECTOR, "[data-version]").get_attribute("data-version")
            != version
        ),
        15,
        poll=0.5,
    )
    assert browser.execute_script("return window.stillThisPage === true;"), "the page reloaded"
    after = _rows(browser)
    assert after != before
    assert "1, 2" in browser.find_element(By.CSS_SELECTOR, ".standings-meta").text
    assert browser.find_element(By.CSS_SELECTOR, "[data-live-status]").get_attribute("textContent")
    screenshot(browser, "public-standings-ja-live")

    # Find a player: typing part of a name hides the other rows (also after a swap).
    browser.find_element(By.CSS_SELECTOR, ".standings-filter input").send_keys("王")
    shown = [
        r for r in browser.find_elements(By.CSS_SELECTOR, "#standings tbody tr") if r.is_displayed()
    ]
    assert len(shown) == 1 and "王芳" in shown[0].text


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone-360"])
def test_standings_on_a_small_phone(browser, live_server, event_with_results):
    from selenium.webdriver.common.by import By

    played, _second = event_with_results
    browser.get(f"{live_server.url}/e/{played.event.slug}/standings/")
    _no_sideways_scroll(browser, PHONE[0])
    club = browser.find_element(By.CSS_SELECTOR, "#standings thead th.col-club")
    assert not club.is_displayed(), "low-priority columns go on a phone"
    headers = [
        th.text
        for th in browser.find_elements(By.CSS_SELECTOR, "#standings thead th")
        if th.is_displayed()
    ]
    assert headers == ["Rank", "Player", "Result points", "Raw points"]
    screenshot(browser, "public-standings-en-360")

    _switch_language(browser, "ja")
    _no_sideways_scroll(browser, PHONE[0])
    screenshot(browser, "public-standings-ja-360")

    bai = played.registrations[1]
    browser.get(f"{live_server.url}/e/{played.event.slug}/player/{bai.pk}/")
    _no_sideways_scroll(browser, PHONE[0])
    screenshot(browser, "public-player-ja-360")
    browser.get(f"{live_server.url}/e/{played.event.slug}/round/1/results/")
    _no_sideways_scroll(browser, PHONE[0])
    screenshot(browser, "public-round-results-ja-360")


@pytest.mark.parametrize("viewport", [(1920, 1080)], ids=["projector"])
def test_projector_view(browser, live_server, event_with_results):
    from selenium.webdriver.common.by import By

    played, _second = event_with_results
    browser.get(f"{live_server.url}/e/{played.event.slug}/standings/?big=1")
    size = browser.execute_script(
        "return parseFloat(getComputedStyle(document.querySelector('#standings td')).fontSize);"
    )
    assert size >= 24, f"projector type is {size} px"
    assert browser.find_element(By.CSS_SELECTOR, "body.page-big")
    screenshot(browser, "public-standings-projector")
