"""poll.js, the one way the live pages ask the server again and again (issue #33).

The public standings page is the example (live.js asks every second here). A
wrapper installed before the page's own scripts records every fetch: its
address, the If-None-Match it sent, the answer's status and when.

- ETag: while the table is unchanged, each ask after the first sends the
  answer's ETag and gets "304 Not Modified": no table is downloaded.
- Hidden (a locked phone, another tab), the page asks nothing; shown again, it
  asks at once.
- Errors back off: the first two failures in a row wait as usual, each later
  one twice as long; the poller is "offline since" its first failure, and the
  next answer ends that; the browser's "online" ends a wait at once.
"""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache

from tests.tournament.browser.conftest import wait_until
from tests.tournament.public.play import make_played
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)
from tournament.standings.services import publish_results

pytestmark = pytest.mark.django_db(transaction=True)
SCORES = [
    {"E": 45200, "S": 31000, "W": 24800, "N": 19000},
    {"E": 36000, "S": 32000, "W": 28000, "N": 24000},
]

RECORD_FETCHES = """
window.__asks = [];
const realFetch = window.fetch;
window.fetch = function (url, init) {
  const headers = (init && init.headers) || {};
  const ask = {url: String(url), at: performance.now(), status: null};
  ask.etag = headers['If-None-Match'] || null;
  window.__asks.push(ask);
  return realFetch.apply(this, arguments).then(
    function (response) { ask.status = response.status; return response; },
    function (error) { ask.status = 'error'; throw error; });
};
"""


@pytest.fixture
def standings(make_event, make_player, staff, settings):  # noqa: F811
    cache.clear()
    settings.PUBLIC_LIVE_INTERVAL = 1
    played = make_played(make_event, make_player, staff)
    first = played.seat(1)
    played.play(first, SCORES)
    publish_results(first)
    yield f"/e/{played.event.slug}/standings/"
    cache.clear()


def _open(browser, url: str) -> None:
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_FETCHES})
    browser.get(url)


def _asks(browser) -> list[dict]:
    return browser.execute_script("return window.__asks")


def test_an_unchanged_table_is_asked_for_with_its_etag_and_not_sent_again(
    browser, live_server, standings
):
    _open(browser, live_server.url + standings)
    asks = wait_until(browser, lambda d: len(_asks(d)) >= 3 and _asks(d), 15, "three asks")
    assert all("fragment=1" in ask["url"] for ask in asks)
    first, *later = [ask for ask in asks if ask["status"] is not None]
    assert first["etag"] is None and first["status"] == 200
    assert later and all(ask["etag"] and ask["status"] == 304 for ask in later)


def test_a_hidden_page_asks_nothing_and_asks_at_once_when_shown(browser, live_server, standings):
    _open(browser, live_server.url + standings)
    wait_until(browser, lambda d: len(_asks(d)) >= 1, 15, "the first ask")
    browser.execute_script(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
        "document.dispatchEvent(new Event('visibilitychange'));"
    )
    time.sleep(0.5)  # an ask already under way may still end
    hidden_at = len(_asks(browser))
    time.sleep(3)  # three intervals
    assert len(_asks(browser)) == hidden_at
    browser.execute_script(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
        "document.dispatchEvent(new Event('visibilitychange'));"
    )
    wait_until(browser, lambda d: len(_asks(d)) > hidden_at, 0.8, "an ask as soon as it is shown")


START_POLLING = """
window.__states = [];
window.__poller = window.poll({
  url: '/healthz', as: 'text', every: 300, most: 2400,
  after: function (state) {
    window.__states.push({offline: state.offline, since: state.since && state.since.getTime(),
      failures: state.failures, at: performance.now()});
  },
});
"""


def test_errors_back_off_and_the_poller_says_since_when_it_is_offline(
    browser, live_server, standings
):
    _open(browser, live_server.url + standings)
    offline = {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0}
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
    browser.execute_script(START_POLLING)
    time.sleep(3.5)  # failures at about 0.3, 0.6, 0.9, 1.5 and 2.7 s; the next wait is 2.4 s
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
    online_at = browser.execute_script(
        "window.dispatchEvent(new Event('online')); return performance.now()"
    )
    back = wait_until(
        browser,
        lambda d: d.execute_script(
            "const s = window.__states; return !s[s.length - 1].offline && s"
        ),
        5,
        "back online",
    )
    states = browser.execute_script("window.__poller.stop(); return window.__states")
    clock = browser.execute_script("return window.poll.clock(new Date())")
    failed = [s for s in states if s["offline"]]
    assert len(failed) >= 5
    assert {s["since"] for s in failed} == {failed[0]["since"]}  # offline since the first failure
    gaps = [b["at"] - a["at"] for a, b in zip(failed, failed[1:], strict=False)]
    assert gaps[0] < 450 and gaps[1] < 450  # two failures are a moment offline
    assert gaps[2] >= 550 and gaps[3] >= 1100  # then each wait doubles
    now = back[-1]
    assert now["since"] is None and now["failures"] == 0
    assert now["at"] - online_at < 1000  # "online" ended the 2.4 s wait
    assert len(clock) == 5 and clock[2] == ":"  # "offline since HH:MM"
