"""A director sets up an event in a real browser (headless Chromium via Selenium).

Log in, create an event, import players from a CSV file (preview, then
confirm), seat round 1, publish it and open the public seating page. Pages
are saved as screenshots in ``test-artifacts/`` for a person to look at.

Debian's ``chromium`` and ``chromium-driver`` are used directly, so Selenium
Manager never downloads a browser (``make test`` installs them when missing).
Without them the test is skipped on a laptop, but fails when ``CI=true``.
"""

from __future__ import annotations

import base64
import os
import shutil
from pathlib import Path

import pytest
from django.conf import settings

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]

PLAYERS_CSV = """name,club,country,ema_id,status
佐藤 花子,東京麻雀倶楽部,JP,,
鈴木 健太,大阪リーチ会,JP,,
王芳,北京国标麻将协会,CN,,
Lena Fischer,Mahjong Club Hamburg,DE,04290042,
Mathieu Laurent,Riichi Paris,FR,,
Aoife Byrne,Dublin Riichi Club,IE,,
Sofia Lindqvist,Stockholm Mahjong,SE,,
Tomasz Kowalski,Kraków Riichi,PL,,
"""


def _browser_missing() -> str | None:
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is missing (Debian: apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -r requirements-dev.txt)"
    return None


@pytest.fixture
def browser():
    missing = _browser_missing()
    if missing:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"browser test cannot run in CI: {missing}")
        pytest.skip(missing)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    # A phone's viewport (a desktop window cannot be made this narrow).
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1}}
    )
    options.add_argument("--lang=en")
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.implicitly_wait(5)
    ARTIFACTS.mkdir(exist_ok=True)
    yield driver
    driver.quit()


def _click_and_wait(driver, element):
    """Click something that loads a new page, and wait until the new page is there."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    page = driver.find_element(By.TAG_NAME, "html")
    old_page_stale = expected_conditions.staleness_of(page)

    def old_page_gone(driver):
        try:
            return old_page_stale(driver)
        except WebDriverException as error:
            # Asked mid-navigation, ChromeDriver may answer this instead of "stale": ask again.
            if "does not belong to the document" in (error.msg or ""):
                return False
            raise

    element.click()
    WebDriverWait(driver, 30).until(old_page_gone)


def _shot(driver, name: str) -> Path:
    """A screenshot of the whole page, not just the viewport, in ``test-artifacts/``."""
    size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"format": "png", "captureBeyondViewport": True, "clip": clip},
    )
    path = ARTIFACTS / f"{name}.png"
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


@pytest.mark.django_db(transaction=True)
def test_director_sets_up_an_event(browser, live_server, django_user_model, settings, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    settings.SEATING_TIME_BUDGET = 1.0
    django_user_model.objects.create_superuser("director", "d@example.org", "a-long-passphrase")
    url = live_server.url

    # Log in: the staff pages send us to the login form first.
    browser.get(f"{url}/manage/")
    assert "/accounts/login/" in browser.current_url
    browser.find_element(By.NAME, "username").send_keys("director")
    browser.find_element(By.NAME, "password").send_keys("a-long-passphrase")
    _click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    assert browser.current_url == f"{url}/manage/"

    # Create an event; a bad override is explained first, naming the field.
    _click_and_wait(browser, browser.find_element(By.LINK_TEXT, "New event"))
    browser.find_element(By.NAME, "name").send_keys("Browser Cup 2026")
    browser.find_element(By.NAME, "slug").send_keys("browser-cup")
    Select(browser.find_element(By.NAME, "ruleset")).select_by_value("wrc")
    browser.execute_script(
        "document.getElementById('id_start_date').value = '2026-06-01';"
        "document.getElementById('id_end_date').value = '2026-06-02';"
    )
    overrides = browser.find_element(By.NAME, "ruleset_overrides")
    overrides.clear()
    overrides.send_keys('{"kiriage": "maybe"')
    _click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    summary = browser.find_element(By.CSS_SELECTOR, ".error-summary").text
    assert "Ruleset overrides" in summary
    assert "not valid JSON" in summary
    _shot(browser, "01-event-form-error")
    overrides = browser.find_element(By.NAME, "ruleset_overrides")
    overrides.clear()
    overrides.send_keys('{"kiriage": false}')
    _click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    assert browser.current_url == f"{url}/manage/browser-cup/"
    assert "Browser Cup 2026" in browser.find_element(By.TAG_NAME, "h1").text

    # Import players: the preview lists them; nothing is saved until confirmed.
    csv_file = tmp_path / "players.csv"
    csv_file.write_text(PLAYERS_CSV, encoding="utf-8")
    _click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Import CSV"))
    browser.find_element(By.NAME, "file").send_keys(str(csv_file))
    _click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    assert "8 players are ready to be registered." in browser.page_source
    assert "佐藤 花子" in browser.page_source
    _shot(browser, "02-import-preview")
    from tournament.events.models import Registration

    assert not Registration.objects.exists()
    _click_and_wait(browser, browser.find_element(By.ID, "confirm-import"))
    assert "8 players registered." in browser.page_source
    assert Registration.objects.filter(event__slug="browser-cup").count() == 8
    _shot(browser, "03-dashboard")

    # Seat round 1 with the planner, then publish it.
    Select(browser.find_element(By.NAME, "method")).select_by_value("balanced")
    _click_and_wait(browser, browser.find_element(By.ID, "seat-round"))
    assert browser.current_url == f"{url}/manage/browser-cup/round/1/"
    assert len(browser.find_elements(By.CSS_SELECTOR, ".table-card")) == 2
    assert len(browser.find_elements(By.CSS_SELECTOR, ".table-card .winds li")) == 8
    _shot(browser, "04-round-seated")
    _click_and_wait(browser, browser.find_element(By.ID, "publish-round"))
    assert "Round 1 is published." in browser.page_source

    # The public page: every player, a table and a wind, readable on a phone.
    browser.get(f"{url}/e/browser-cup/round/1/")
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Round 1")
    where = browser.find_elements(By.CSS_SELECTOR, ".where li")
    assert len(where) == 8
    names = {item.find_element(By.CSS_SELECTOR, ".player-name").text for item in where}
    assert {"佐藤 花子", "王芳", "Lena Fischer"} <= names
    assert all("Table" in item.find_element(By.CSS_SELECTOR, ".where-seat").text for item in where)
    page_width = browser.execute_script("return document.documentElement.scrollWidth")
    assert page_width <= 390, "the seating page scrolls sideways on a phone"
    path = _shot(browser, "05-public-seating")
    assert path.stat().st_size > 10_000

    # Typing part of a name narrows the list (progressive enhancement, no assets).
    browser.find_element(By.CSS_SELECTOR, ".where-filter input").send_keys("王")
    shown = [item for item in where if item.is_displayed()]
    assert [item.find_element(By.CSS_SELECTOR, ".player-name").text for item in shown] == ["王芳"]
