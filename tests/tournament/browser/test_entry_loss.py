"""Nothing a judge types is lost (issue #19), on a 360 × 740 phone.

(a) The session ended before Save (its cookie deleted): Save goes to the login
page, and after the login the table's page puts the draft back as typed; Save
then saves it, once. (b) The server stopped during Save: the entry waits on
the phone ("Waiting to send: 1") and, once the server is started again, is
sent by itself and saved exactly once (the rows counted in the database). (c)
The page reloaded mid-entry: the draft is back, and "Discard draft" empties
the form again. Also: a Save the server refuses shows its errors (the post made
again without the script), a Save on a stale page shows both versions and
"Apply mine again" saves it, and with the network off (emulated, in English
and Japanese) Save waits and is sent once it is back. (b) needs a server that
can be stopped and started: a ``manage.py runserver`` on a free port with its
own SQLite file, not the test database of ``live_server``. Screenshots go to
``test-artifacts/loss-*.png``.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

from tests.tournament.browser.conftest import new_page_after, screenshot, wait_until

WIDTH, HEIGHT = 360, 740
PASSWORD = "a-long-passphrase"
TABLE = "/j/mcr-cup/1/1/"
NAMES = {"E": "佐藤 花子", "S": "Bai Lan", "W": "Carla Díaz-Fernández", "N": "Dmitri Orlov"}
# The server of test (b) builds its table with the same steps as ``at_table`` below.
BUILD = f"""
import datetime
from django.contrib.auth import get_user_model
from tournament.events.models import Event, Player, Registration, StaffRole
from tournament.events.services import start_event
from tournament.seating.models import Round, Seat, Table
judge = get_user_model().objects.create_user("judge", password={PASSWORD!r})
day = datetime.date(2026, 6, 1)
event = Event.objects.create(slug="mcr-cup", name="MCR Cup", start_date=day, end_date=day,
                             ruleset="mcr", entry_level="value")
start_event(event)
StaffRole.objects.create(event=event, user=judge, role=StaffRole.Role.JUDGE)
round_ = Round.objects.create(event=event, number=1, status=Round.Status.SEATED)
table = Table.objects.create(round=round_, number=1)
for wind, name in {NAMES!r}.items():
    registration = Registration.objects.create(
        event=event, player=Player.objects.create(), name=name
    )
    Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
"""


@pytest.fixture
def viewport() -> tuple[int, int]:
    return WIDTH, HEIGHT


@pytest.fixture
def at_table(db, django_user_model, browser, live_server):
    """Table 1 of a started MCR event (entry by value), open on the phone as user "judge"."""
    exec(BUILD, {})  # noqa: S102 - the same steps as the stoppable server's own database
    _log_in(browser, live_server.url, TABLE)
    return live_server.url


def _tap(driver, element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def _choose(driver, name: str, value: str):
    from selenium.webdriver.common.by import By

    _tap(
        driver,
        driver.find_element(By.CSS_SELECTOR, f'input[name="{name}"][value="{value}"] + span'),
    )


def _checked(driver, name: str) -> list[str]:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(`input[name='${arguments[0]}']:checked`))"
        ".map(function (el) { return el.value; })",
        name,
    )


def _value(driver, name: str) -> str:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, f'.hand-form [name="{name}"]').get_attribute(
        "value"
    )


def _log_in(driver, base: str, path: str):
    from selenium.webdriver.common.by import By

    driver.get(base + path)
    assert "/accounts/login/" in driver.current_url
    driver.find_element(By.NAME, "username").send_keys("judge")
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    button = driver.find_element(By.CSS_SELECTOR, "form.form button[type=submit]")
    new_page_after(driver, lambda: _tap(driver, button))
    assert driver.current_url == base + path


def _enter_hand(driver):
    """A discard win by South from West, 8 fan: typed, not saved."""
    from selenium.webdriver.common.by import By

    _choose(driver, "outcome", "discard")
    _choose(driver, "winner", "S")
    _choose(driver, "discarder", "W")
    fan = driver.find_element(By.CSS_SELECTOR, '.hand-form [name="fan"]')
    _tap(driver, fan)
    fan.clear()
    fan.send_keys("8")


def _assert_hand_as_typed(driver):
    assert _checked(driver, "outcome") == ["discard"]
    assert _checked(driver, "winner") == ["S"]
    assert _checked(driver, "discarder") == ["W"]
    assert _value(driver, "fan") == "8"


def _drafts(driver) -> list[str]:
    return driver.execute_script(
        "return Object.keys(localStorage).filter(function (k) {"
        " return k.indexOf('entry-draft:') === 0; })"
    )


def _wait(driver, condition, timeout=30):
    return wait_until(driver, condition, timeout)


def _shot(driver, name: str) -> Path:
    driver.execute_script("window.scrollTo(0, 0)")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{name}: the page is {width}px wide, it scrolls sideways at {WIDTH}px"
    return screenshot(driver, name)


def _hands_saved(table) -> tuple[int, int]:
    """(versions of the sheet, hand rows of its head) in the test database."""
    from tournament.results.sheet import services

    head = services.head_of(table)
    return table.sheets.count(), head.hands.count() if head else 0


@pytest.mark.django_db(transaction=True)
def test_the_page_reloaded_mid_entry_brings_the_draft_back(browser, at_table):
    from selenium.webdriver.common.by import By

    _enter_hand(browser)
    time.sleep(0.5)  # the draft is kept 250 ms after the last change
    browser.refresh()
    notice = browser.find_element(By.CSS_SELECTOR, ".hand-form .draft-notice")
    assert notice.text.startswith("Draft restored (saved at ")
    _assert_hand_as_typed(browser)
    _shot(browser, "loss-01-draft-restored")

    _tap(browser, notice.find_element(By.CSS_SELECTOR, ".draft-discard"))
    assert _checked(browser, "winner") == [] and _value(browser, "fan") == ""
    assert _drafts(browser) == []
    browser.refresh()
    assert not browser.find_elements(By.CSS_SELECTOR, ".hand-form .draft-notice")
    assert _checked(browser, "winner") == []


@pytest.mark.django_db(transaction=True)
def test_a_save_after_the_session_ended_keeps_the_draft_for_after_the_login(browser, at_table):
    from selenium.webdriver.common.by import By

    from tournament.seating.models import Table

    table = Table.objects.get(round__event__slug="mcr-cup")
    _enter_hand(browser)
    browser.delete_cookie("sessionid")
    save = browser.find_element(By.ID, "save-hand")
    new_page_after(browser, lambda: _tap(browser, save))
    assert "/accounts/login/" in browser.current_url
    assert _hands_saved(table) == (0, 0)

    browser.find_element(By.NAME, "username").send_keys("judge")
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    button = browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]")
    new_page_after(browser, lambda: _tap(browser, button))
    assert browser.current_url == at_table + TABLE
    assert "Draft restored" in browser.find_element(By.CSS_SELECTOR, ".hand-form").text
    _assert_hand_as_typed(browser)

    save = browser.find_element(By.ID, "save-hand")
    new_page_after(browser, lambda: _tap(browser, save))
    assert "Hand 1 (E-E) saved." in browser.page_source
    assert _hands_saved(table) == (1, 1)
    assert _drafts(browser) == []
    assert not browser.find_elements(By.CSS_SELECTOR, ".hand-form .draft-notice")


@pytest.mark.django_db(transaction=True)
def test_a_save_the_server_refuses_shows_its_errors_then_saves_once(browser, at_table):
    """Refused (a field missing): the server's page with its errors, the typing kept."""
    from selenium.webdriver.common.by import By

    from tournament.seating.models import Table

    table = Table.objects.get(round__event__slug="mcr-cup")
    _choose(browser, "outcome", "discard")
    _choose(browser, "winner", "S")
    save = browser.find_element(By.ID, "save-hand")
    new_page_after(browser, lambda: _tap(browser, save))
    assert "Nothing was saved. Please correct:" in browser.page_source
    assert _checked(browser, "winner") == ["S"]
    assert _hands_saved(table) == (0, 0)

    _choose(browser, "discarder", "W")
    fan = browser.find_element(By.CSS_SELECTOR, '.hand-form [name="fan"]')
    fan.clear()
    fan.send_keys("8")
    save = browser.find_element(By.ID, "save-hand")
    new_page_after(browser, lambda: _tap(browser, save))
    assert "Hand 1 (E-E) saved." in browser.page_source
    assert browser.current_url == at_table + TABLE + "#hand-1"
    assert _hands_saved(table) == (1, 1)


@pytest.mark.django_db(transaction=True)
def test_a_save_on_a_stale_page_shows_both_versions_and_applies_again(browser, at_table):
    """Another hand saved meanwhile: the conflict page (from the fetch), then "Apply mine
    again" saves the judge's hand on top (a new one-time key, not taken for a resend)."""
    from django.contrib.auth import get_user_model
    from selenium.webdriver.common.by import By

    from tournament.results.sheet.services import add_hand
    from tournament.seating.models import Table

    table = Table.objects.get(round__event__slug="mcr-cup")
    _enter_hand(browser)
    theirs = {"outcome": "discard", "level": "value", "winner": "E", "discarder": "N", "fan": 8}
    add_hand(table, theirs, by=get_user_model().objects.get(username="judge"), base_version=0)
    save = browser.find_element(By.ID, "save-hand")
    new_page_after(browser, lambda: _tap(browser, save))
    assert browser.find_element(By.ID, "apply-again")
    assert _hands_saved(table) == (2, 1)  # theirs, and mine kept as a conflict
    _shot(browser, "loss-04-conflict")

    apply = browser.find_element(By.CSS_SELECTOR, "#apply-again button[type=submit]")
    new_page_after(browser, lambda: _tap(browser, apply))
    assert "Hand 2 (E-S) saved." in browser.page_source
    assert _hands_saved(table) == (3, 2)


def _view_shot(driver, element, name: str) -> Path:
    """The screen as the judge sees it with ``element`` in the middle (``test-artifacts/``)."""
    from tests.tournament.browser.conftest import ARTIFACTS

    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{name}: the page is {width}px wide, it scrolls sideways at {WIDTH}px"
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def _offline(driver, offline: bool) -> None:
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


WORDS = {
    "en": ("Draft restored (saved at ", "Waiting to send: 1", "Hand 1 (E-E) saved."),
    "ja": ("入力途中の内容を復元しました", "送信待ち：1件", "保存しました"),
}


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.django_db(transaction=True)
def test_offline_the_save_waits_and_is_sent_once_back_online(browser, at_table, language):
    """The phone loses the network (emulated): the draft comes back after a reload, Check
    says it needs the network (the page stays), Save waits ("Waiting to send: 1"), and is
    sent, once, when the network is back."""
    from selenium.webdriver.common.by import By

    from tournament.seating.models import Table

    restored, waiting, saved = WORDS[language]
    table = Table.objects.get(round__event__slug="mcr-cup")
    browser.add_cookie({"name": settings.LANGUAGE_COOKIE_NAME, "value": language})
    browser.refresh()
    _enter_hand(browser)
    time.sleep(0.5)
    browser.refresh()
    notice = browser.find_element(By.CSS_SELECTOR, ".hand-form .draft-notice")
    assert restored in notice.text
    _view_shot(browser, notice, f"loss-{language}-01-draft-restored")

    _offline(browser, True)
    page = browser.current_url
    _tap(browser, browser.find_element(By.ID, "check-hand"))  # Check needs the server: said here
    note = _wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".hand-form .check-offline"))
    assert note.text and browser.current_url == page
    _tap(browser, browser.find_element(By.ID, "save-hand"))
    bar = _wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".send-queue.shown"))
    assert bar.text.startswith(waiting)
    _view_shot(browser, bar, f"loss-{language}-02-waiting-to-send")
    assert _hands_saved(table) == (0, 0)

    _offline(browser, False)
    _wait(browser, lambda d: saved in d.page_source)
    time.sleep(6)  # a later retry sends nothing again
    assert _hands_saved(table) == (1, 1)
    assert not browser.find_elements(By.CSS_SELECTOR, ".send-queue.shown")
    _view_shot(browser, browser.find_element(By.ID, "hand-1"), f"loss-{language}-03-sent")


# --- (b): a server that can be stopped and started ---------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``manage.py runserver`` on its own SQLite file: started, stopped, started again."""

    def __init__(self, tmp: Path):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = tmp / "server.sqlite3"
        self.env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{self.db}",
            "DEBUG": "1",
            "HTTPS": "0",
            "STATIC_ROOT": str(tmp / "no-static-root"),  # served from static/ (the files here)
            "CELERY_BROKER_URL": "",
        }
        self.process = None
        self.log = (tmp / "server.log").open("ab")

    def manage(self, *args: str) -> None:
        subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=settings.BASE_DIR,
            env=self.env,
            check=True,
            stdout=self.log,
            stderr=self.log,
            timeout=300,
        )

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{self.port}"],
            cwd=settings.BASE_DIR,
            env=self.env,
            stdout=self.log,
            stderr=self.log,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "the server stopped at its start (server.log)"
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("the server did not answer /healthz within 60 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None

    def count(self, sql: str) -> int:
        with sqlite3.connect(self.db) as db:
            return db.execute(sql).fetchone()[0]


@pytest.fixture
def server(tmp_path):
    server = Server(tmp_path)
    server.manage("migrate", "--noinput")
    server.manage("shell", "-c", BUILD)
    server.start()
    yield server
    server.stop()
    server.log.close()


def test_a_save_while_the_server_is_stopped_is_sent_once_when_it_is_back(browser, server):
    from selenium.webdriver.common.by import By

    _log_in(browser, server.url, TABLE)
    _enter_hand(browser)
    server.stop()
    _tap(browser, browser.find_element(By.ID, "save-hand"))
    bar = _wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".send-queue.shown"))
    assert bar.text.startswith("Waiting to send: 1")
    assert "/accounts/login/" not in browser.current_url and "hand/" not in browser.current_url
    _shot(browser, "loss-02-waiting-to-send")
    time.sleep(6)  # a retry while the server is still away: it stays queued, once
    assert browser.find_element(By.CSS_SELECTOR, ".send-queue-count").text == "Waiting to send: 1"

    server.start()
    _wait(browser, lambda d: "Hand 1 (E-E) saved." in d.page_source)
    assert not browser.find_elements(By.CSS_SELECTOR, ".send-queue.shown")
    assert browser.execute_script("return localStorage.getItem('entry-queue')") == "[]"
    assert _drafts(browser) == []
    _shot(browser, "loss-03-sent")
    time.sleep(6)  # nothing is sent again
    assert server.count("SELECT COUNT(*) FROM results_scoresheet") == 1
    assert server.count("SELECT COUNT(*) FROM results_handrecord") == 1
