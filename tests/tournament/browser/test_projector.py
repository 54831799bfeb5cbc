"""The projector pages in a real browser, at a 1920×1080 and a 1280×720 projector.

- 500 players (``tournament.public.bench_data``, bulk inserted): the
  standings projector pages through every row exactly once per cycle, in as
  many pages as the screen needs (ceil(500 / rows per page)), every row on
  the screen and nothing to scroll; the seating projector lists every seated
  player once, alphabetically, with table and wind. A page turns by itself
  after ``?seconds=``; the test then pauses (Space) and turns pages with the
  arrow keys, as the person at the laptop may, so a cycle takes a second.
- Eight players (``tests/tournament/public/play.py``, CJK names among them):
  English and Japanese screenshots; the director publishes round 2 and the
  screen shows it without a reload; the network drops and the screen keeps
  paging and says since when it is not updated.

Screenshots go to ``test-artifacts/projector-*.png``.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest
from django.core.cache import cache

from tests.tournament.browser.conftest import screenshot, wait_until
from tests.tournament.public.play import make_played
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)
from tournament.public.bench_data import build_event
from tournament.standings.services import publish_results, standings

pytestmark = pytest.mark.django_db(transaction=True)
SIZES = [(1920, 1080), (1280, 720)]
IDS = ["1920x1080", "1280x720"]
PLAYERS = 500
WAIT = 15  # seconds: a bound for polling, never a speed requirement

# What the screen shows now: the page, the rows in view and where things end.
STATE = """
const s = document.querySelector('[data-projector]');
const rows = [...document.querySelectorAll('[data-row]')].filter(r => r.getClientRects().length);
const rects = rows.map(r => r.getBoundingClientRect());
const foot = document.querySelector('.projector-foot').getBoundingClientRect();
return {
  ready: s.dataset.ready === '1', page: +s.dataset.page, pages: +s.dataset.pages,
  perPage: +s.dataset.perPage, columns: +s.dataset.columns,
  names: rows.map(r => r.dataset.name),
  bottom: Math.max(0, ...rects.map(r => r.bottom)), right: Math.max(0, ...rects.map(r => r.right)),
  rowHeight: Math.min(...rects.map(r => r.height)), footTop: foot.top,
  width: innerWidth, height: innerHeight,
  scrollHeight: document.documentElement.scrollHeight,
  scrollWidth: document.documentElement.scrollWidth,
  indicator: document.querySelector('[data-page-indicator]').textContent,
  status: document.querySelector('[data-updated]').textContent,
  turning: document.getElementById('projector-board').classList.contains('is-turning'),
};
"""


def _state(browser) -> dict:
    return browser.execute_script(STATE)


def _wait(browser, condition, message: str):
    def met(driver):
        state = _state(driver)
        return state if condition(state) else False

    return wait_until(browser, met, WAIT, message, poll=0.5)


def _press(browser, key) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(browser).send_keys(key).perform()


def _fits(state: dict) -> None:
    """Every row in view above the footer, nothing to scroll, rows tall enough for a hall."""
    assert state["bottom"] <= state["footTop"] + 0.5 <= state["height"], state
    assert state["right"] <= state["width"], state
    assert state["scrollHeight"] <= state["height"], "the page scrolls down"
    assert state["scrollWidth"] <= state["width"], "the page scrolls sideways"
    assert state["rowHeight"] >= 0.032 * state["height"], "rows too small for the back of a hall"


def _one_cycle(browser) -> list[list[str]]:
    """The names on each page, in page order: from the page shown now round to it again."""
    from selenium.webdriver.common.keys import Keys

    first = _state(browser)
    pages: dict[int, list[str]] = {}
    state = first
    while True:
        _fits(state)
        assert state["indicator"] == f"Page {state['page']} / {state['pages']}"
        assert state["page"] not in pages, "a page came twice in one cycle"
        pages[state["page"]] = state["names"]
        _press(browser, Keys.ARROW_RIGHT)
        expected = state["page"] % state["pages"] + 1
        state = _wait(
            browser, lambda s, n=expected: s["page"] == n and not s["turning"], "no page turn"
        )
        if state["page"] == first["page"]:
            return [pages[number] for number in sorted(pages)]
        assert len(pages) <= first["pages"], "the pages never wrap"


def _open(browser, url: str) -> dict:
    browser.get(url)
    return _wait(browser, lambda s: s["ready"], "the projector did not start")


def _auto_turn_then_pause(browser) -> None:
    """Page 1 turns to page 2 by itself; then Space pauses the paging."""
    from selenium.webdriver.common.keys import Keys

    _wait(browser, lambda s: s["page"] == 2 and not s["turning"], "no automatic page turn")
    _press(browser, Keys.SPACE)
    _wait(browser, lambda s: s["status"].startswith("Paused"), "Space did not pause")


@pytest.fixture
def big_event(db):
    cache.clear()
    event = build_event(players=PLAYERS, rounds=2, slug="hall-500")
    event.rounds_planned = 6
    event.save()
    standings(event)  # the snapshot a public page would have made already
    yield event
    cache.clear()


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_standings_for_500_players_page_through_every_row(
    browser, live_server, big_event, viewport
):
    url = f"{live_server.url}/e/{big_event.slug}/projector/standings/?seconds=3"
    state = _open(browser, url)
    _fits(state)
    assert state["pages"] == math.ceil(PLAYERS / state["perPage"]) > 1
    assert state["columns"] >= 1
    screenshot(browser, f"projector-standings-500-{viewport[0]}x{viewport[1]}")
    _auto_turn_then_pause(browser)

    pages = _one_cycle(browser)
    assert len(pages) == state["pages"]
    assert all(len(names) == state["perPage"] for names in pages[:-1] if names)
    shown = Counter(name for names in pages for name in names)
    expected = [row["player"] for row in standings(big_event).rows]
    assert set(shown) == set(expected) and len(expected) == PLAYERS
    assert max(shown.values()) == 1, "a row was shown twice in one cycle"
    # In standings order, page after page.
    assert [name for names in pages for name in names] == expected

    # A 4:3 projector instead: the page fits itself again, without a reload.
    metrics = {"width": 1024, "height": 768, "deviceScaleFactor": 1, "mobile": False}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    state = _wait(browser, lambda s: s["width"] == 1024 and s["columns"] == 1, "no new fit")
    _fits(state)
    assert state["pages"] == math.ceil(PLAYERS / state["perPage"])


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_seating_for_500_players_lists_everyone(browser, live_server, big_event, viewport):
    url = f"{live_server.url}/e/{big_event.slug}/projector/seating/?seconds=3"
    state = _open(browser, url)
    _fits(state)
    assert state["pages"] == math.ceil(PLAYERS / state["perPage"]) > 1
    screenshot(browser, f"projector-seating-500-{viewport[0]}x{viewport[1]}")
    _auto_turn_then_pause(browser)

    pages = _one_cycle(browser)
    assert len(pages) == state["pages"]
    order = [name for names in pages for name in names]
    seated = list(big_event.rounds.get(number=2).seats.values_list("registration__name", flat=True))
    assert sorted(order) == sorted(seated) and len(order) == PLAYERS
    assert order == sorted(seated, key=str.casefold)


@pytest.fixture
def small_event(make_event, make_player, staff):  # noqa: F811
    cache.clear()
    played = make_played(make_event, make_player, staff)
    played.event.rounds_planned = 3
    played.event.save()
    first = played.seat(1)
    played.play(
        first,
        [
            {"E": 45200, "S": 31000, "W": 24800, "N": 19000},
            {"E": 36000, "S": 32000, "W": 28000, "N": 24000},
        ],
    )
    publish_results(first)
    second = played.seat(2)
    played.play(
        second,
        [
            {"E": 20000, "S": 40000, "W": 35000, "N": 25000},
            {"E": 52000, "S": 30000, "W": 21000, "N": 17000},
        ],
    )
    yield played, second
    cache.clear()


def _japanese(browser, live_server) -> None:
    browser.get(f"{live_server.url}/e/spring/projector/")
    browser.add_cookie({"name": "django_language", "value": "ja"})


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_eight_players_in_english_and_japanese_live_and_offline(
    browser, live_server, small_event, viewport, settings
):
    from selenium.webdriver.common.by import By

    settings.PROJECTOR_REFRESH = 1
    played, second = small_event
    size = f"{viewport[0]}x{viewport[1]}"
    base = f"{live_server.url}/e/{played.event.slug}/projector/"
    state = _open(browser, base + "standings/")
    _fits(state)
    assert state["pages"] == 1 and len(state["names"]) == 8
    assert "After round 1 of 3" in browser.find_element(By.CLASS_NAME, "board-caption").text
    screenshot(browser, f"projector-standings-8-en-{size}")

    # The director publishes round 2: the screen shows it without a reload.
    publish_results(second)
    _wait(
        browser,
        lambda s: "After round 2 of 3" in browser.find_element(By.CLASS_NAME, "board-caption").text,
        "the new results did not show",
    )

    state = _open(browser, base + "seating/")
    _fits(state)
    assert state["names"] == sorted(state["names"], key=str.casefold)
    assert len(state["names"]) == 8
    screenshot(browser, f"projector-seating-8-en-{size}")

    # The network drops: the board stays, the status says since when.
    browser.execute_cdp_cmd("Network.enable", {})
    offline = {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0}
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
    state = _wait(browser, lambda s: s["status"].startswith("Offline"), "no offline notice")
    assert "last updated" in state["status"] and len(state["names"]) == 8
    screenshot(browser, f"projector-seating-8-offline-{size}")
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
    _wait(browser, lambda s: s["status"].startswith("Updated"), "not back online")

    _japanese(browser, live_server)
    for page in ("standings", "seating"):
        state = _open(browser, base + f"{page}/")
        _fits(state)
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"
        screenshot(browser, f"projector-{page}-8-ja-{size}")
    browser.get(base)
    screenshot(browser, f"projector-index-ja-{size}")
