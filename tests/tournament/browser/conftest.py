"""The headless browser every browser test drives, and the helpers they share.

Debian's ``chromium`` and ``chromium-driver`` are used directly, so Selenium
Manager never downloads a browser (``make test`` installs them when missing).
Without them a browser test is skipped on a laptop, but fails when ``CI=true``.

Every test here is marked ``browser`` (below): ``make test-browser`` runs them,
``make test`` leaves them out.

The browser emulates a phone (:func:`viewport`, which a test module may
override with its own screen size). Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import base64
import os
import shutil
from collections.abc import Callable
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


HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Every test in this folder is in the ``browser`` tier (``make test-browser``).

    The browser tests check pages and their JavaScript, not the database, so
    they run once, on the venue's configuration (README, "Tests").
    """
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


def _browser_missing() -> str | None:
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is missing (Debian: apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -r requirements-dev.txt)"
    return None


def make_driver(width: int, height: int):
    """A headless Chromium emulating a screen of ``width`` x ``height`` CSS pixels.

    A second browser (its own cookies: another phone at the table) is made
    the same way; the ``browser`` fixture first checks that one can run.
    """
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    # A phone's viewport (a desktop window cannot be made this narrow).
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}}
    )
    options.add_argument("--lang=en")
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.implicitly_wait(5)
    ARTIFACTS.mkdir(exist_ok=True)
    return driver


@pytest.fixture
def viewport() -> tuple[int, int]:
    """The phone screen the browser emulates: (width, height) in CSS pixels."""
    return 390, 844


@pytest.fixture
def browser(viewport):
    missing = _browser_missing()
    if missing:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"browser test cannot run in CI: {missing}")
        pytest.skip(missing)
    driver = make_driver(*viewport)
    yield driver
    driver.quit()


def new_page_after(driver, action: Callable[[], None]) -> None:
    """Do ``action`` (a click that loads a new page), and wait until the new page is there."""
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

    action()
    WebDriverWait(driver, 30).until(old_page_gone)


def wait_until(driver, condition, timeout: float, message: str = "", poll: float = 0.2):
    """Wait until ``condition(driver)`` answers something true, and return it.

    The live pages (standings, projector, calls, clock) replace what they show
    when they poll. An element the condition found just before such a swap is
    stale when it is read: that is the page working, so the condition is simply
    asked again on the next poll, never the whole test.
    """
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(
        driver, timeout, poll_frequency=poll, ignored_exceptions=(StaleElementReferenceException,)
    )
    return wait.until(condition, message)


def screenshot(driver, name: str) -> Path:
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


# --- axe-core (issue #19): accessibility rules run inside the page -----------

AXE_SCRIPT = Path(settings.BASE_DIR) / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def axe_violations(driver, impacts: tuple[str, ...] = SERIOUS) -> list[dict]:
    """The page's axe-core violations of ``impacts`` (serious and critical by default).

    axe-core comes from node_modules/ (``make axe``, pinned in package-lock.json),
    injected with ``execute_script`` so no page ever loads it. Missing, the
    test is skipped on a laptop and fails under ``CI=true``, like the browser.
    """
    if not AXE_SCRIPT.exists():
        why = f"{AXE_SCRIPT} is missing (make axe: npm ci)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"accessibility test cannot run in CI: {why}")
        pytest.skip(why)
    driver.execute_script(AXE_SCRIPT.read_text("utf-8"))
    driver.set_script_timeout(60)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done(r.violations), e => done([{id: 'axe-error', impact: 'critical',"
        " help: String(e), nodes: []}]));"
    )
    return [v for v in result if v.get("impact") in impacts]


def axe_report(violations: list[dict]) -> str:
    """The violations for a person: rule, impact, help, and each node's selector and summary."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v.get('impact')}): {v.get('help')}")
        for node in v.get("nodes", [])[:8]:
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            lines.append(f"    {node.get('target')}: {summary[:300]}")
    return "\n".join(lines)


# The four players the judge-page tests seat: Japanese, Chinese, accented and Russian names.
TABLE_NAMES = {"E": "佐藤 花子", "S": "Bai Lan", "W": "Carla Díaz-Fernández", "N": "Dmitri Orlov"}


def judged_table(
    ruleset: str, judge, *, entry_level: str = "value", published: bool = False, **event_fields
):
    """Table 1 of a started event (slug ``<ruleset>-cup`` unless given), ``judge`` its judge.

    The players are :data:`TABLE_NAMES` in seats E, S, W, N; round 1 is seated, or
    published when the players must see it (the public table page, player entry).
    """
    import datetime

    from tournament.events.models import Event, Player, Registration, StaffRole
    from tournament.events.services import start_event
    from tournament.seating.models import Round, Seat, Table

    day = datetime.date(2026, 6, 1)
    fields = {"slug": f"{ruleset}-cup", "name": f"{ruleset.upper()} Cup", **event_fields}
    event = Event.objects.create(
        start_date=day, end_date=day, ruleset=ruleset, entry_level=entry_level, **fields
    )
    start_event(event)
    StaffRole.objects.create(event=event, user=judge, role=StaffRole.Role.JUDGE)
    status = Round.Status.PUBLISHED if published else Round.Status.SEATED
    round_ = Round.objects.create(event=event, number=1, status=status)
    table = Table.objects.create(round=round_, number=1)
    for wind, name in TABLE_NAMES.items():
        registration = Registration.objects.create(
            event=event, player=Player.objects.create(), name=name
        )
        Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    return table


def open_as(browser, live_server, user, path: str) -> None:
    """Open ``path`` logged in as ``user`` by the session cookie: no key pressed to log in.

    The cookie is set on a page of the site first (a browser only takes a cookie for
    the page it is on); the favicon is the lightest.
    """
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    browser.get(live_server.url + "/favicon.ico")
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    browser.add_cookie({"name": settings.SESSION_COOKIE_NAME, "value": cookie})
    browser.get(live_server.url + path)
