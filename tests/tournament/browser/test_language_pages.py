"""The judge's table page in Japanese and Chinese on a phone (issue #19, language).

Riichi, MCR and HKOS tables with a few hands: labels in the reader's words
(東1局0本場, 东风圈 第2局), notes with the players' names, HKOS pattern names
in simplified characters on the zh-Hans page. Screenshots go to
``test-artifacts/`` (``lang-<ruleset>-<lang>.png``) to look at.
"""

from __future__ import annotations

import pytest

from tests.tournament.browser.conftest import new_page_after, screenshot
from tests.tournament.browser.test_accessibility import DOUBLE_RON, HK_PUNGS, TSUMO, _event

MCR_WIN = {"outcome": "discard", "level": "value", "winner": "E", "discarder": "S", "fan": 9}
MCR_DRAW = {"outcome": "draw", "level": "value"}
HK_DRAW = {"outcome": "draw", "level": "value"}

CASES = {
    # jpml-b: the first player in turn after the discarder wins (head bump).
    ("jpml-b", "ja"): ["東1局0本場", "東2局0本場", "頭ハネ：Dmitriの和了、Baiの"],
    ("jpml-b", "zh-hans"): ["东1局0本场", "截和：Dmitri和牌，Bai的和牌无效"],
    ("mcr", "ja"): ["東場 第1局", "東場 第3局"],
    ("mcr", "zh-hans"): ["东风圈 第1局", "东风圈 第3局"],
    ("hkos", "zh-hans"): ["东风圈 第1局", "对对糊", "清一色"],
    ("hkos", "ja"): ["東場 第1局", "対々和"],
}
ENTRIES = {"jpml-b": [TSUMO, DOUBLE_RON], "mcr": [MCR_WIN, MCR_DRAW], "hkos": [HK_DRAW, HK_PUNGS]}


@pytest.fixture
def viewport() -> tuple[int, int]:
    return 360, 740


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("ruleset", "lang"), list(CASES))
def test_the_table_page_speaks_the_readers_language(
    browser, live_server, django_user_model, ruleset, lang
):
    from selenium.webdriver.common.by import By

    from tests.tournament.browser.test_accessibility import _log_in

    director = django_user_model.objects.create_superuser("td", "td@example.org", "a-long-pass")
    names = {0: "Akagi", 1: "Bai", 2: "Carla", 3: "Dmitri"}
    _event("lang", ruleset, director, ENTRIES[ruleset], names=names)
    url = live_server.url
    browser.get(f"{url}/accounts/login/")
    browser.add_cookie({"name": "django_language", "value": lang})
    _log_in(browser, url)
    browser.get(f"{url}/j/lang/1/1/")
    # All the page's words, those of a folded breakdown too.
    body = browser.execute_script("return document.body.textContent")
    screenshot(browser, f"lang-{ruleset}-{lang}")
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= 360, "the page scrolls sideways on a phone"
    if ruleset == "hkos":  # the pattern names: "check" the tiles hand being corrected
        browser.get(f"{url}/j/lang/1/1/hand/2/")
        check = browser.find_element(By.CSS_SELECTOR, "button[name=action][value=check]")
        new_page_after(browser, check.click)
        body += browser.execute_script("return document.body.textContent")
        screenshot(browser, f"lang-{ruleset}-{lang}-check")
    for words in CASES[(ruleset, lang)]:
        assert words in body, f"{words!r} is not on the {lang} page"
    for raw in ("E1-0", "E-E", "double_ron", "對對糊"):
        assert raw not in body
