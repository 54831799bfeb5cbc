"""Issue #34, acceptance 1: a 9-table round entered and confirmed from the results grid.

At 1366 × 900, in English and in Japanese: the director opens the round's
grid (one page visit, through the login page), types the 36 final scores,
previews and confirms; a judge then opens the same page (one visit) and
confirms all nine submitted tables with one button. Each person visits at
most 2 pages (``browser.get`` is counted; a form's post and its answer are
the page's own). Screenshots go to ``test-artifacts/`` (``results-grid-*``).
"""

from __future__ import annotations

import pytest

from tests.tournament.browser.conftest import new_page_after, screenshot

TABLES = 9
# MCR session scores add up to 0 at each table.
SCORES = (24, 8, -12, -20)


@pytest.fixture
def viewport() -> tuple[int, int]:
    return 1366, 900


def _round(django_user_model):
    import datetime

    from tournament.events.models import Event, Player, Registration, StaffRole
    from tournament.events.services import start_event
    from tournament.seating.models import Round, Seat, Table

    day = datetime.date(2026, 6, 1)
    event = Event.objects.create(
        slug="grid-cup", name="Grid Cup", start_date=day, end_date=day, ruleset="mcr"
    )
    start_event(event)
    director = django_user_model.objects.create_user("td", password="a-long-pass")
    judge = django_user_model.objects.create_user("judge-b", password="a-long-pass")
    StaffRole.objects.create(event=event, user=director, role=StaffRole.Role.DIRECTOR)
    StaffRole.objects.create(event=event, user=judge, role=StaffRole.Role.JUDGE)
    round_ = Round.objects.create(event=event, number=1, status=Round.Status.SEATED)
    names = ["佐藤 花子", "Bai Lan", "Carla Díaz", "Dmitri Orlov"]
    for number in range(1, TABLES + 1):
        table = Table.objects.create(round=round_, number=number)
        for wind, name in zip("ESWN", names, strict=True):
            registration = Registration.objects.create(
                event=event, player=Player.objects.create(), name=f"{name} {number}"
            )
            Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    return round_


class Visits:
    """The pages a person opens by address (``browser.get``), counted."""

    def __init__(self, browser, base: str, lang: str):
        self.browser, self.base, self.count = browser, base, 0
        browser.delete_all_cookies()
        browser.execute_cdp_cmd("Network.enable", {})
        browser.execute_cdp_cmd(
            "Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": lang}}
        )

    def open_as(self, path: str, username: str) -> None:
        """Open ``path``: the login page comes first, and then the page itself."""
        from selenium.webdriver.common.by import By

        self.count += 1
        self.browser.get(self.base + path)
        self.browser.find_element(By.NAME, "username").send_keys(username)
        self.browser.find_element(By.NAME, "password").send_keys("a-long-pass")
        button = self.browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]")
        new_page_after(self.browser, button.click)
        assert self.browser.current_url == self.base + path


def _click(browser, element_id: str) -> None:
    from selenium.webdriver.common.by import By

    new_page_after(browser, browser.find_element(By.ID, element_id).click)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_round_entered_and_confirmed_from_the_grid(browser, live_server, django_user_model, lang):
    from selenium.webdriver.common.by import By

    from tournament.results.models import ScoreSheet

    round_ = _round(django_user_model)
    path = f"/j/grid-cup/{round_.number}/grid/"

    # The director: one visit, 36 scores typed, Preview, Confirm.
    director = Visits(browser, live_server.url, lang)
    director.open_as(path, "td")
    for number in range(1, TABLES + 1):
        for wind, score in zip("ESWN", SCORES, strict=True):
            browser.find_element(By.ID, f"id-t{number}-{wind}").send_keys(str(score))
    _click(browser, "grid-preview")
    changes = browser.find_elements(By.CSS_SELECTOR, ".grid-change.change-new")
    assert len(changes) == TABLES
    assert not ScoreSheet.objects.exists()  # nothing saved before Confirm
    if lang == "ja":
        assert "結果グリッド" in browser.title and "プレビュー" in browser.page_source
    screenshot(browser, f"results-grid-{lang}-1-preview")
    _click(browser, "grid-confirm")
    assert ScoreSheet.objects.filter(status="submitted").count() == TABLES
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= 1366, "the grid scrolls sideways"
    assert director.count <= 2

    # A second person: one visit, Confirm all submitted.
    judge = Visits(browser, live_server.url, lang)
    judge.open_as(path, "judge-b")
    listed = browser.find_elements(By.CSS_SELECTOR, "#confirm-all .submitted-table")
    assert len(listed) == TABLES
    screenshot(browser, f"results-grid-{lang}-2-confirm-all")
    _click(browser, "confirm-all-button")
    assert ScoreSheet.objects.filter(status="confirmed").count() == TABLES
    assert set(ScoreSheet.objects.values_list("confirmed_by__username", flat=True)) == {"judge-b"}
    screenshot(browser, f"results-grid-{lang}-3-confirmed")
    assert judge.count <= 2
