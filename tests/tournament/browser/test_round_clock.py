"""The round clock in real browsers: the director's page, the projector, a judge's phone.

At 1920 × 1080 and 1280 × 720 (the projector's screens) the director starts
the clock on the round page; the projector's clock page and a judge's table
page (a 360 × 740 phone, logged in as the judge) count down. The director
extends every table by 5 minutes and gives table 2 three minutes of extra
time; within 5 seconds the projector and the judge's page of table 2 show
the new times, each moved by about the right amount. Screenshots, in English
and in Japanese, go to ``test-artifacts/``.
"""

from __future__ import annotations

import time
from contextlib import contextmanager

import pytest
from django.utils import timezone

from tests.tournament.browser.conftest import (
    CHROMEDRIVER,
    CHROMIUM,
    FLAGS,
    new_page_after,
    screenshot,
)

SIZES = [(1920, 1080), (1280, 720)]
PHONE = (360, 740)
SLACK = 4  # seconds: a poll every 2 s, the page's own rounding, the test's own reading
STALE_READS = 20  # a swap takes a moment: a row is never replaced 20 times in a second


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def viewport(request) -> tuple[int, int]:
    return request.param


@contextmanager
def phone_browser():
    """A second browser, a judge's phone, with a session of its own."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    width, height = PHONE
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}}
    )
    options.add_argument("--lang=en")
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.implicitly_wait(5)
    try:
        yield driver
    finally:
        driver.quit()


def _hall(django_user_model):
    from tournament.events.models import Registration, StaffRole
    from tournament.events.services import add_player, create_event, start_event
    from tournament.seating.models import Round, Seat, Table

    director = django_user_model.objects.create_user("td", password="a-long-pass")
    judge = django_user_model.objects.create_user("judy", password="judge-pass-1")
    event = create_event(
        slug="clock-cup",
        name="Clock Cup",
        ruleset="wrc",
        is_public=True,
        time_limit_minutes=90,
        by=director,
    )
    StaffRole.objects.create(event=event, user=judge, role=StaffRole.Role.JUDGE)
    start_event(event)
    round_ = Round.objects.create(
        event=event, number=1, status=Round.Status.PUBLISHED, published_at=timezone.now()
    )
    players = [add_player(event, name=f"Player {n}", by=director) for n in range(1, 9)]
    for i, registration in enumerate(players):
        table, _ = Table.objects.get_or_create(round=round_, number=i // 4 + 1)
        assert registration.status == Registration.Status.ACTIVE
        Seat.objects.create(
            round=round_, table=table, wind="ESWN"[i % 4], registration=registration
        )
    return event


def _log_in(driver, url, username, password):
    from selenium.webdriver.common.by import By

    base, _, path = url.partition("//")[2].partition("/")
    driver.get(f"{url.split('//')[0]}//{base}/accounts/login/?next=/{path}")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(password)
    button = driver.find_element(By.CSS_SELECTOR, "form.form button[type=submit]")
    new_page_after(driver, button.click)
    assert driver.current_url == url


def seconds_shown(driver, selector="[data-round-clock] [data-clock-digits]") -> int | None:
    """The remaining time a page shows, in seconds (0 for "Time!"), or None for --:--.

    The projector replaces its rows when it polls: the digits read in the middle
    of that swap are a stale element, and are simply found and read again.
    """
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    for _ in range(STALE_READS):
        try:
            text = driver.find_element(By.CSS_SELECTOR, selector).text.strip()
            break
        except StaleElementReferenceException:
            time.sleep(0.05)
    else:
        raise AssertionError(f"{selector} was replaced {STALE_READS} times in a row")
    parts = text.split(":")
    if not all(p.isdigit() for p in parts) or len(parts) < 2:
        return None if "-" in text else 0
    total = 0
    for part in parts:
        total = total * 60 + int(part)
    return total


def wait_for(check, timeout: float, what: str):
    """Poll ``check`` until it answers something true; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        answer = check()
        if answer:
            return answer
        if time.monotonic() > end:
            pytest.fail(f"not within {timeout} s: {what}")
        time.sleep(0.2)


def counts_down(driver, selector="[data-round-clock] [data-clock-digits]"):
    first = seconds_shown(driver, selector)
    wait_for(lambda: seconds_shown(driver, selector) < first, 3, "the clock counts down")


def moved_by(driver, before: int, at: float, seconds: int, selector=None) -> bool:
    """Whether the shown time is ``before`` − elapsed + ``seconds``, give or take SLACK."""
    shown = seconds_shown(driver, *(selector,) if selector else ())
    expected = before - (time.monotonic() - at) + seconds
    return shown is not None and abs(shown - expected) <= SLACK


def _switch_language(driver, code):
    from selenium.webdriver.common.by import By

    button = driver.find_element(By.CSS_SELECTOR, f".lang-switch button[value='{code}']")
    new_page_after(driver, button.click)


@pytest.mark.django_db(transaction=True)
def test_the_clock_counts_down_and_shows_an_extension_within_5_s(
    browser, live_server, django_user_model, viewport
):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    _hall(django_user_model)
    size = f"{viewport[0]}x{viewport[1]}"
    base = live_server.url
    round_page = f"{base}/manage/clock-cup/round/1/"
    projector = f"{base}/e/clock-cup/projector/clock/"
    table_2 = f"{base}/j/clock-cup/1/2/"

    # The director starts the clock on the round page (90 minutes, the event's limit).
    _log_in(browser, round_page, "td", "a-long-pass")
    start = browser.find_element(By.ID, "clock-start")
    assert browser.find_element(By.ID, "clock-start-minutes").get_attribute("value") == "90"
    new_page_after(browser, start.click)
    assert "The clock is started." in browser.find_element(By.CSS_SELECTOR, ".messages").text
    assert 89 * 60 <= seconds_shown(browser) <= 90 * 60
    director_tab = browser.current_window_handle

    # The projector, in a tab of its own: huge digits, counting down.
    browser.switch_to.new_window("tab")
    browser.get(projector)
    projector_tab = browser.current_window_handle
    assert not browser.find_elements(By.CSS_SELECTOR, ".site-header")
    wait_for(lambda: "last updated" in browser.page_source, 5, "the projector has polled")
    counts_down(browser)

    with phone_browser() as phone:
        _log_in(phone, table_2, "judy", "judge-pass-1")
        counts_down(phone)
        assert 88 * 60 <= seconds_shown(phone) <= 90 * 60

        # The director extends by 5 minutes, then gives table 2 three more minutes.
        browser.switch_to.window(director_tab)
        browser.refresh()  # the page as it is now: Pause, Extend, Extra time
        projector_before, phone_before, at = None, None, None
        browser.find_element(By.ID, "clock-extend-minutes").send_keys("5")
        browser.find_element(By.ID, "clock-extend-reason").send_keys("late start")
        # What the other screens show just before the change.
        browser.switch_to.window(projector_tab)
        projector_before, phone_before, at = (
            seconds_shown(browser),
            seconds_shown(phone),
            time.monotonic(),
        )
        browser.switch_to.window(director_tab)
        new_page_after(browser, browser.find_element(By.ID, "clock-extend").click)
        Select(browser.find_element(By.ID, "clock-table")).select_by_value("2")
        browser.find_element(By.ID, "clock-table-minutes").send_keys("3")
        browser.find_element(By.ID, "clock-table-reason").send_keys("long ruling")
        new_page_after(browser, browser.find_element(By.ID, "clock-table-extra").click)
        changed_at = time.monotonic()
        assert "long ruling" in browser.find_element(By.CSS_SELECTOR, ".round-clock-log").text

        # Within 5 s: the projector +5 min, with table 2 listed at +3 more; the judge's table 2 +8.
        browser.switch_to.window(projector_tab)
        wait_for(lambda: moved_by(browser, projector_before, at, 300), 5, "projector +5 min")
        row = "[data-clock-table='2'] [data-clock-digits]"
        wait_for(
            lambda: (
                browser.find_elements(By.CSS_SELECTOR, row)
                and moved_by(browser, projector_before, at, 480, row)
            ),
            5,
            "projector lists table 2 at +8 min",
        )
        wait_for(lambda: moved_by(phone, phone_before, at, 480), 5, "judge's table 2 +8 min")
        assert time.monotonic() - changed_at < 5 + SLACK
        assert "extra time" in phone.find_element(By.CSS_SELECTOR, "[data-clock-extra]").text

        for lang in ("en", "ja"):
            if lang == "ja":
                browser.switch_to.window(director_tab)
                _switch_language(browser, "ja")
                _switch_language(phone, "ja")
                browser.switch_to.window(projector_tab)
                browser.refresh()
                wait_for(lambda: "最終更新" in browser.page_source, 5, "the projector in Japanese")
                assert "時間切れ時" in browser.page_source
            browser.switch_to.window(projector_tab)
            screenshot(browser, f"clock-{size}-projector-{lang}")
            browser.switch_to.window(director_tab)
            screenshot(browser, f"clock-{size}-director-round-{lang}")
            screenshot(phone, f"clock-360x740-judge-table-2-{lang}")


@pytest.mark.django_db(transaction=True)
def test_time_up_offline_and_paused_on_the_projector(
    browser, live_server, django_user_model, viewport
):
    """ "Time!" at 0 while a table with extra time plays on; offline it keeps counting."""
    import datetime

    from selenium.webdriver.common.by import By

    from tournament.hall.clock import services as clock
    from tournament.seating.models import Round

    event = _hall(django_user_model)
    round_ = Round.objects.get(event=event, number=1)
    size = f"{viewport[0]}x{viewport[1]}"
    clock.start_clock(round_, minutes=1, now=timezone.now() - datetime.timedelta(seconds=56))
    clock.give_table_extra(round_, table_number=2, minutes=2, reason="started late")
    browser.get(f"{live_server.url}/e/clock-cup/projector/clock/")
    root = browser.find_element(By.CSS_SELECTOR, "[data-round-clock]")
    wait_for(lambda: "is-over" in root.get_attribute("class"), 10, "the round's time is up")
    assert seconds_shown(browser) == 0
    assert browser.find_element(By.CSS_SELECTOR, "[data-clock-digits]").text == "Time!"
    row = "[data-clock-table='2'] [data-clock-digits]"
    assert 100 <= seconds_shown(browser, row) <= 124  # table 2 plays on
    screenshot(browser, f"clock-{size}-projector-time-up")

    # The network drops: the projector says so and table 2 keeps counting down.
    browser.execute_cdp_cmd("Network.enable", {})
    offline = {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0}
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
    status = browser.find_element(By.CSS_SELECTOR, "[data-clock-updated]")
    wait_for(lambda: status.text.startswith("offline · last updated"), 6, "offline shown")
    counts_down(browser, row)
    screenshot(browser, f"clock-{size}-projector-offline")

    # Paused meanwhile; back online, the projector shows it within 5 s.
    clock.pause_clock(round_, reason="fire drill")
    online = {**offline, "offline": False}
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", online)
    wait_for(lambda: "is-paused" in root.get_attribute("class"), 5, "paused shown")
    assert status.text.startswith("last updated")
    frozen = seconds_shown(browser, row)
    time.sleep(1.5)
    assert seconds_shown(browser, row) == frozen
    screenshot(browser, f"clock-{size}-projector-paused")
