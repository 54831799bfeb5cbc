"""A director sets up an event in a real browser (headless Chromium via Selenium).

Log in, create an event, import players from a CSV file (preview, then
confirm), seat round 1, publish it and open the public seating page. Pages
are saved as screenshots in ``test-artifacts/`` for a person to look at.

The browser (Debian's chromium, at a phone's 390 × 844) is set up in
``conftest.py``.
"""

from __future__ import annotations

import pytest

from tests.tournament.browser.conftest import new_page_after, screenshot

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


def _click_and_wait(driver, element):
    """Click something that loads a new page, and wait until the new page is there."""
    new_page_after(driver, element.click)


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
    screenshot(browser, "01-event-form-error")
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
    screenshot(browser, "02-import-preview")
    from tournament.events.models import Registration

    assert not Registration.objects.exists()
    _click_and_wait(browser, browser.find_element(By.ID, "confirm-import"))
    assert "8 players registered." in browser.page_source
    assert Registration.objects.filter(event__slug="browser-cup").count() == 8
    screenshot(browser, "03-dashboard")

    # Start the event (seating needs it, issue #34), seat round 1 with the planner, publish it.
    _click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "#start-event button"))
    Select(browser.find_element(By.NAME, "method")).select_by_value("balanced")
    _click_and_wait(browser, browser.find_element(By.ID, "seat-round"))
    assert browser.current_url == f"{url}/manage/browser-cup/round/1/"
    assert len(browser.find_elements(By.CSS_SELECTOR, ".table-card")) == 2
    assert len(browser.find_elements(By.CSS_SELECTOR, ".table-card .winds li")) == 8
    screenshot(browser, "04-round-seated")
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
    path = screenshot(browser, "05-public-seating")
    assert path.stat().st_size > 10_000

    # Typing part of a name narrows the list (progressive enhancement, no assets).
    browser.find_element(By.CSS_SELECTOR, ".where-filter input").send_keys("王")
    shown = [item for item in where if item.is_displayed()]
    assert [item.find_element(By.CSS_SELECTOR, ".player-name").text for item in shown] == ["王芳"]
