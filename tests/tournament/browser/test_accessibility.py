"""axe-core on the judge's, the staff's and the public pages: no serious or critical violation.

Issue #19 (accessibility): axe-core (node_modules/, ``make axe``) runs inside
each page at a phone's 360 × 740 and a desk's 1920 × 1080. One event, played
a little: a riichi table with hands (a double ron among them, so notes show),
an empty table, a hand being corrected, a "check" with errors, and an HKOS
table entered with tiles (pattern names). The failure message lists each rule,
its impact and the elements, so the fix is plain from the test's output.
"""

from __future__ import annotations

import contextlib

import pytest

from tests.tournament.browser.conftest import axe_report, axe_violations, new_page_after

NAMES = ["Akagi", "Bai Lan", "Carla", "Dmitri", "Emi", "Farid", "Gaëlle", "Hiro"]
DOUBLE_RON = {"outcome": "ron", "discarder": "W", "riichi": ["N"], "wins": [
    {"level": "value", "winner": "S", "han": 2, "fu": 30},
    {"level": "value", "winner": "N", "han": 4, "fu": 30},
]}  # fmt: skip
TSUMO = {"outcome": "tsumo", "level": "value", "winner": "E", "han": 3, "fu": 30}
HK_PUNGS = {
    "outcome": "self_draw",
    "level": "tiles",
    "winner": "S",
    "hand": {
        "concealed": "77m99m",
        "win_tile": "7m",
        "melds": [
            {"type": "pon", "tiles": "111m"},
            {"type": "pon", "tiles": "333m"},
            {"type": "kan", "tiles": "5555m", "concealed": True},
        ],
    },
}


@pytest.fixture(params=[(360, 740), (1920, 1080)], ids=["phone", "desk"])
def viewport(request) -> tuple[int, int]:
    return request.param


def _event(slug, ruleset, director, entries, names=None):
    """A public event, round 1 published, two tables; table 1 holds ``entries``.

    ``names`` replaces some players' names by their place in :data:`NAMES`.
    """
    from tests.tournament.public_round import public_round
    from tournament.events.services import add_player, create_event, start_event
    from tournament.results.sheet import services as results
    from tournament.seating.models import Seat, Table

    event = create_event(
        slug=slug, name=f"{slug} Cup", ruleset=ruleset, is_public=True, by=director
    )
    start_event(event)
    chosen = [(names or {}).get(i, name) for i, name in enumerate(NAMES)]
    players = [add_player(event, name=name, by=director) for name in chosen]
    round_ = public_round(event, 1)
    tables = [Table.objects.create(round=round_, number=n) for n in (1, 2)]
    for i, registration in enumerate(players):
        Seat.objects.create(
            round=round_, table=tables[i // 4], wind="ESWN"[i % 4], registration=registration
        )
    version = 0
    for entry in entries:
        version = results.add_hand(tables[0], entry, by=director, base_version=version).version
    return event, players


def _log_in(driver, url):
    from selenium.webdriver.common.by import By

    driver.get(f"{url}/accounts/login/")
    driver.find_element(By.NAME, "username").send_keys("td")
    driver.find_element(By.NAME, "password").send_keys("a-long-pass")
    password = driver.find_element(By.NAME, "password")
    button = password.find_element(By.XPATH, "./ancestor::form//button[@type='submit']")
    new_page_after(driver, button.click)


def _checked(driver, found: dict, name: str) -> None:
    violations = axe_violations(driver)
    if violations:
        found[name] = axe_report(violations)


def _check_with_errors(driver, url: str, found: dict) -> None:
    """An empty table's "check" with nothing chosen: the page with the form's errors."""
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    driver.get(f"{url}/j/axe/1/2/")
    buttons = driver.find_elements(By.CSS_SELECTOR, "button[name=action][value=check]")
    if not buttons:
        return
    driver.execute_script("arguments[0].closest('form').noValidate = true;", buttons[0])
    driver.execute_script("arguments[0].click();", buttons[0])
    with contextlib.suppress(NoAlertPresentException):
        driver.switch_to.alert.accept()
    driver.find_element(By.TAG_NAME, "main")
    _checked(driver, found, "judge table: check with errors")


@pytest.mark.django_db(transaction=True)
def test_no_serious_or_critical_violation(browser, live_server, django_user_model):
    director = django_user_model.objects.create_superuser("td", "td@example.org", "a-long-pass")
    event, players = _event("axe", "jpml-b", director, [TSUMO, DOUBLE_RON])
    _event("axe-hk", "hkos", director, [HK_PUNGS])
    url = live_server.url
    pages = {
        "judge table: hands": "/j/axe/1/1/",
        "judge table: empty form": "/j/axe/1/2/",
        "judge table: a correction": "/j/axe/1/1/hand/2/",
        "judge table: HKOS tiles": "/j/axe-hk/1/1/",
        "judge round": "/j/axe/1/",
        "judge history": "/j/axe/1/1/history/",
        "staff dashboard": "/manage/axe/",
        "staff round": "/manage/axe/round/1/",
        "staff event edit": "/manage/axe/edit/",
        "staff players": "/manage/axe/players/import/",
        "staff standings": "/manage/axe/standings/",
        "staff print": "/manage/axe/print/",
        "public event": "/e/axe/",
        "public standings": "/e/axe/standings/",
        "public where do I sit": "/e/axe/round/1/",
        "public round results": "/e/axe/round/1/results/",
        "public player": f"/e/axe/player/{players[0].pk}/",
        "public table": "/e/axe/round/1/table/1/",
    }
    found: dict[str, str] = {}
    _log_in(browser, url)
    for name, path in pages.items():
        browser.get(url + path)
        assert "/accounts/login/" not in browser.current_url, f"{name}: not logged in"
        _checked(browser, found, name)
    _check_with_errors(browser, url, found)
    report = "\n".join(f"{name}:\n{text}" for name, text in found.items())
    assert not found, f"axe-core: serious or critical violations\n{report}"
