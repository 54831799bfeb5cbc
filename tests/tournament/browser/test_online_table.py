"""An online table filled from its Tenhou log in a real browser, then confirmed (issue #36).

A judge opens the table's page, follows "Played online? Attach the game's
log", chooses the log file (read from ``../shared/corpus/logs``, never
copied), checks it, says who played under each Tenhou name, checks again
(the preview is saved as ``online-log-preview-1366.png``; a phone's, in
Japanese, as ``online-log-preview-360-ja.png``), and saves. A second
judge, in another browser, confirms the sheet; once the round's results
are published, the public standings show the game's result, as Tenhou's
own ``owari`` gives it.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.scoring.conftest import CORPUS_DIR
from tests.tournament.browser.conftest import (
    axe_report,
    axe_violations,
    judged_table,
    make_driver,
    new_page_after,
    open_as,
    screenshot,
)
from tournament.events.models import StaffRole
from tournament.results.models import ScoreSheet
from tournament.standings.services import publish_results

pytestmark = pytest.mark.django_db(transaction=True)
LOG = CORPUS_DIR / "logs" / "example.xml"
# Who played under each Tenhou name of example.xml, in its seat order (0 deals first).
PLAYED_AS = ("Dmitri Orlov", "佐藤 花子", "Carla Díaz-Fernández", "Bai Lan")
# example.xml's owari: 263,6.0,193,-31.0,344,45.0,200,-20.0 -> by result: result, final points.
STANDINGS = (
    "Carla Díaz-Fernández 45 34,400",
    "Dmitri Orlov 6 26,300",
    "Bai Lan −20 20,000",
    "佐藤 花子 −31 19,300",
)


@pytest.fixture
def viewport():
    return 1366, 900


def _choose_players(browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    for i, name in enumerate(PLAYED_AS):
        Select(browser.find_element(By.ID, f"player-{i}")).select_by_visible_text(name)


def test_a_table_filled_from_its_log_then_confirmed_shows_in_the_standings(browser, live_server):
    from selenium.webdriver.common.by import By

    User = get_user_model()
    judge = User.objects.create_user("online-judge", password="pw")
    table = judged_table("tenhou", judge, entry_level="tiles", published=True, is_public=True)
    event = table.round.event
    second = User.objects.create_user("online-judge2", password="pw")
    StaffRole.objects.create(event=event, user=second, role=StaffRole.Role.JUDGE)

    open_as(browser, live_server, judge, f"/j/{event.slug}/1/1/")
    new_page_after(browser, browser.find_element(By.ID, "game-log-link").click)
    browser.find_element(By.ID, "log-file").send_keys(str(LOG))
    browser.find_element(By.ID, "log-id").send_keys(
        "https://tenhou.net/0/?log=2010081910gm-00a9-0000-1c1b4f1b&tw=0"
    )
    new_page_after(browser, browser.find_element(By.ID, "check-log").click)
    assert browser.find_element(By.ID, "log-agrees").is_displayed()
    assert "Who played under this name?" in browser.find_element(By.ID, "log-players").text
    _choose_players(browser)
    new_page_after(browser, browser.find_element(By.ID, "check-again").click)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".log-hands > li")) == 9
    assert "Mpeace" in browser.find_element(By.ID, "log-players").text
    screenshot(browser, "online-log-preview-1366")
    violations = axe_violations(browser)
    assert violations == [], axe_report(violations)
    phone = make_driver(360, 740)
    try:
        open_as(phone, live_server, judge, f"/j/{event.slug}/1/1/log/")
        switch = phone.find_element(By.CSS_SELECTOR, ".lang-switch button[value='ja']")
        new_page_after(phone, switch.click)
        screenshot(phone, "online-log-upload-360-ja")
        phone.find_element(By.ID, "log-file").send_keys(str(LOG))
        new_page_after(phone, phone.find_element(By.ID, "check-log").click)
        assert "この名前で打ったのはどの選手ですか" in phone.find_element(By.ID, "log-players").text
        screenshot(phone, "online-log-preview-360-ja")
    finally:
        phone.quit()
    new_page_after(browser, browser.find_element(By.ID, "save-log").click)
    assert "submitted: a second person confirms it" in browser.page_source
    head = ScoreSheet.objects.get(table=table)
    assert head.status == ScoreSheet.Status.SUBMITTED and head.hands.count() == 9

    other = make_driver(1366, 900)
    try:
        open_as(other, live_server, second, f"/j/{event.slug}/1/1/")
        new_page_after(other, other.find_element(By.ID, "confirm-sheet").click)
    finally:
        other.quit()
    head.refresh_from_db()
    assert head.status == ScoreSheet.Status.CONFIRMED and head.confirmed_by == second

    publish_results(table.round)
    browser.get(f"{live_server.url}/e/{event.slug}/standings/")
    rows = [r.text for r in browser.find_elements(By.CSS_SELECTOR, "#standings tbody tr")]
    for place, (row, expected) in enumerate(zip(rows, STANDINGS, strict=True), start=1):
        assert row.startswith(f"{place} {expected}"), rows
    screenshot(browser, "online-log-standings-1366")
