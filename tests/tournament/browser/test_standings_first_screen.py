"""The public standings on a phone start with the table (issue #34, "Polish").

On a 360×740 phone, the standings of an event in stages and teams began
below the fold: the projector button, the stage tabs, "Where do I sit?",
"Team standings" and a link per round's results, one under another, pushed
the table off the first screen. Now the first rows are on the first screen,
in English and Japanese; the links are still there, one tap away.

The event is ``tests/tournament/public/staged.py``'s, played to its final.
Screenshots: ``test-artifacts/public-standings-first-screen-*.png``.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.tournament.browser.conftest import new_page_after, screenshot
from tests.tournament.public.staged import make_staged

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = (360, 740)
FIRST_ROWS = 3  # at least the podium on the first screen

BOTTOM_OF_FIRST_ROWS = f"""
const rows = [...document.querySelectorAll('#standings tbody tr')].slice(0, {FIRST_ROWS});
return rows.length === {FIRST_ROWS} ? rows[{FIRST_ROWS} - 1].getBoundingClientRect().bottom : null;
"""


@pytest.fixture
def played_to_the_final(django_user_model):
    cache.clear()
    staged = make_staged(django_user_model)
    staged.play_qualifying()
    staged.cut(2)
    staged.play(3)
    staged.cut(3)
    staged.play(4)
    yield staged.event
    cache.clear()


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone-360"])
def test_the_first_rows_are_on_the_first_screen(browser, live_server, played_to_the_final):
    from selenium.webdriver.common.by import By

    url = f"{live_server.url}/e/{played_to_the_final.slug}/standings/"
    for stage in ("", "?stage=overall"):
        browser.get(url + stage)
        bottom = browser.execute_script(BOTTOM_OF_FIRST_ROWS)
        assert bottom is not None and bottom <= PHONE[1], f"row {FIRST_ROWS} ends at {bottom}px"
    screenshot(browser, "public-standings-first-screen-en-360")
    # The links are still one tap away: the rounds' results and the team standings.
    assert browser.find_element(By.PARTIAL_LINK_TEXT, "Team standings")
    summary = browser.find_element(By.CSS_SELECTOR, ".standings-rounds summary")
    summary.click()
    link = browser.find_element(By.PARTIAL_LINK_TEXT, "Round 1 results")
    assert link.is_displayed()

    button = browser.find_element(By.CSS_SELECTOR, ".lang-switch button[value='ja']")
    new_page_after(browser, button.click)
    bottom = browser.execute_script(BOTTOM_OF_FIRST_ROWS)
    assert bottom is not None and bottom <= PHONE[1], f"ja: row {FIRST_ROWS} ends at {bottom}px"
    screenshot(browser, "public-standings-first-screen-ja-360")
