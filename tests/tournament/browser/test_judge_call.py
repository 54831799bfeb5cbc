"""A player calls a judge from the table's QR page; the judge sees it live, takes it, resolves it.

Two phones at 360 × 740: the player's, never logged in (a second browser),
and the judge's, logged in on the round's scoresheets page. The call shows on
the judge's page within a few seconds without a reload (judge-calls.js), and
"a judge is coming" on the player's page the same way. Screenshots go to
``test-artifacts/`` (``call-*.png``), in English and in Japanese; no page may
scroll sideways.
"""

from __future__ import annotations

import pytest

from tests.tournament.browser.conftest import (
    make_driver,
    new_page_after,
    screenshot,
    wait_until,
)

WIDTH, HEIGHT = 360, 740
PASSWORD = "a-long-passphrase"
NAMES = {"E": "佐藤 花子", "S": "Bai Lan", "W": "Carla Díaz-Fernández", "N": "Dmitri Orlov"}


@pytest.fixture
def viewport() -> tuple[int, int]:
    return WIDTH, HEIGHT


@pytest.fixture
def player(browser):
    """A second phone: its own browser, so its own cookies (nobody logged in)."""
    driver = make_driver(WIDTH, HEIGHT)
    yield driver
    driver.quit()


@pytest.fixture
def cup(transactional_db, django_user_model, make_event, make_player):
    """A started public event, round 1 published with three tables, and a judge."""
    from django.utils import timezone

    from tournament.events.models import Registration, StaffRole
    from tournament.events.services import start_event
    from tournament.seating.models import Round, Seat, Table

    event = make_event(slug="cup", name="Spring Cup", ruleset="mcr", is_public=True)
    start_event(event)
    judge = django_user_model.objects.create_user("judge", password=PASSWORD)
    StaffRole.objects.create(event=event, user=judge, role=StaffRole.Role.JUDGE)
    round_ = Round.objects.create(
        event=event, number=1, status=Round.Status.PUBLISHED, published_at=timezone.now()
    )
    for number in (1, 2, 3):
        table = Table.objects.create(round=round_, number=number)
        for wind, name in NAMES.items():
            registration = Registration.objects.create(
                event=event,
                player=make_player(),
                name=name if number == 2 else f"{name} {number}",
            )
            Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    return event


def shot(driver, name: str, screen: int = WIDTH):
    driver.execute_script("window.scrollTo(0, 0)")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= screen, f"{name}: the page is {width}px wide, it scrolls sideways at {WIDTH}px"
    return screenshot(driver, name)


def tap(driver, element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def tap_and_wait(driver, element):
    new_page_after(driver, lambda: tap(driver, element))


def log_in(driver, live_server, path: str):
    from selenium.webdriver.common.by import By

    driver.get(f"{live_server.url}/accounts/login/?next={path}")
    driver.find_element(By.NAME, "username").send_keys("judge")
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    tap_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    assert driver.current_url == live_server.url + path


def wait_for_text(driver, selector: str, text: str, seconds: float = 8):
    from selenium.webdriver.common.by import By

    def found(d):
        return any(text in e.text for e in d.find_elements(By.CSS_SELECTOR, selector))

    wait_until(driver, found, seconds)


def test_a_player_calls_and_the_judge_answers_live(cup, browser, player, live_server):
    from selenium.webdriver.common.by import By

    from tournament.hall.models import JudgeCall

    judge = browser
    log_in(judge, live_server, "/j/cup/1/")
    assert "No table is calling a judge." in judge.page_source
    judge.execute_script("window.notReloaded = true")

    player.get(live_server.url + "/j/cup/1/2/")  # the QR code on table 2's sheet
    assert "/accounts/login/" not in player.current_url
    assert "Bai Lan" in player.page_source and "佐藤 花子" in player.page_source
    shot(player, "call-table-page")
    tap(player, player.find_element(By.CSS_SELECTOR, ".call-more summary"))
    tap(
        player,
        player.find_element(
            By.XPATH, "//label[contains(@class,'choice')][.//span[text()='Dispute']]"
        ),
    )
    player.find_element(By.NAME, "words").send_keys("wrong wait")
    shot(player, "call-table-reason")
    tap_and_wait(player, player.find_element(By.ID, "call-judge"))
    assert "A judge has been called" in player.page_source
    assert "waiting for a judge" in player.find_element(By.CSS_SELECTOR, ".call-state").text
    shot(player, "call-table-waiting")

    # The judge's page shows it within seconds, without a reload.
    wait_for_text(judge, ".call-list .call", "Table 2", seconds=7)
    assert judge.execute_script("return window.notReloaded") is True
    assert judge.title.startswith("(1) ")
    assert "Dispute: wrong wait" in judge.find_element(By.CSS_SELECTOR, ".call-list").text
    shot(judge, "call-judge-list")

    tap_and_wait(
        judge, judge.find_element(By.XPATH, "//form[contains(@action,'/calls/take/')]/button")
    )
    assert JudgeCall.objects.get().status == "taken"
    wait_for_text(player, ".call-state", "A judge is coming (judge)", seconds=8)
    shot(player, "call-table-coming")
    shot(judge, "call-judge-taken")

    tap_and_wait(
        judge, judge.find_element(By.XPATH, "//form[contains(@action,'/calls/resolve/')]/button")
    )
    assert JudgeCall.objects.get().status == "resolved"
    assert "No table is calling a judge." in judge.page_source
    wait_for_text(player, ".call-state", "Resolved at", seconds=8)


def test_the_pages_in_japanese(cup, browser, player, live_server):
    from selenium.webdriver.common.by import By

    player.get(live_server.url + "/j/cup/1/3/")
    tap_and_wait(player, player.find_element(By.CSS_SELECTOR, 'button[value="ja"]'))
    assert "審判を呼ぶ" in player.page_source
    shot(player, "call-table-page-ja")
    tap_and_wait(player, player.find_element(By.ID, "call-judge"))
    shot(player, "call-table-waiting-ja")

    log_in(browser, live_server, "/j/cup/1/")
    tap_and_wait(browser, browser.find_element(By.CSS_SELECTOR, 'button[value="ja"]'))
    assert "審判の呼び出し" in browser.page_source
    shot(browser, "call-judge-list-ja")
    browser.get(live_server.url + "/manage/cup/round/1/")
    shot(browser, "call-progress-staff-ja")
    browser.get(live_server.url + "/manage/cup/calls/")
    shot(browser, "call-report-ja")


def test_the_pages_on_a_big_screen(cup, browser, live_server):
    """The same pages at 1920 × 1080, with tables in several states and a call waiting."""
    from selenium.webdriver.common.by import By

    from tournament.hall.calls import services as calls
    from tournament.results.sheet import services
    from tournament.seating.models import Table

    judge_user = cup.staff_roles.get().user
    win = {"outcome": "discard", "level": "value", "winner": "E", "discarder": "S", "fan": 8}
    table1, table3 = Table.objects.get(number=1), Table.objects.get(number=3)
    sheet = None
    for _ in range(5):
        sheet = services.add_hand(
            table1, win, by=judge_user, base_version=sheet.version if sheet else 0
        )
    calls.call_judge(table3, code="tile_count")
    wide = make_driver(1920, 1080)
    try:
        log_in(wide, live_server, "/j/cup/1/")
        shot(wide, "call-wide-judge-list", 1920)
        wide.get(live_server.url + "/manage/cup/round/1/")
        assert "5/16 hands" in wide.find_element(By.ID, "table-progress").text
        shot(wide, "call-wide-progress-staff", 1920)
        wide.get(live_server.url + "/manage/cup/calls/")
        shot(wide, "call-wide-report", 1920)
        wide.get(live_server.url + "/e/cup/round/1/")
        shot(wide, "call-wide-progress-public", 1920)
        wide.get(live_server.url + "/e/cup/round/1/table/3/")
        shot(wide, "call-wide-table-page", 1920)
    finally:
        wide.quit()
    browser.get(live_server.url + "/e/cup/round/1/")
    wait_for_text(browser, "#table-progress", "1 being entered")
    tap(browser, browser.find_element(By.CSS_SELECTOR, ".progress-more summary"))
    assert "5/16 hands" in browser.find_element(By.ID, "table-progress").text
    shot(browser, "call-progress-public")
