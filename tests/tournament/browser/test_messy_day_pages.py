"""A director's messy-day flows in a real browser, on a 360 × 740 phone.

A published round of two tables: table 1 has confirmed results, table 2 has
none. The director fills a no-show's seat at table 2 with a reserve (one
step), swaps a table-1 player with a table-2 player (a correction: the
preview shows whose results change hands, Confirm applies it and the sheet
goes back), and makes a judge's login with a one-time link that its owner
opens to choose a password. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.tournament.browser.conftest import new_page_after, screenshot


@pytest.fixture
def viewport() -> tuple[int, int]:
    return 360, 740


def _click_and_wait(driver, element):
    new_page_after(driver, element.click)


def _event(django_user_model):
    from tournament.events.models import Registration
    from tournament.events.services import add_player, create_event, start_event
    from tournament.results.sheet import services as results
    from tournament.seating.models import Round, Seat, Table

    director = django_user_model.objects.create_superuser("td", "td@example.org", "a-long-pass")
    event = create_event(slug="messy", name="Messy Cup", ruleset="mcr", is_public=True, by=director)
    start_event(event)
    names = ["Akagi", "Bai Lan", "Carla", "Dmitri", "Emi", "Farid", "Gaëlle Le Goff", "Hiro"]
    players = [add_player(event, name=name, by=director) for name in names]
    reserve = add_player(event, name="Ilse Reserve", status=Registration.Status.RESERVE)
    round_ = Round.objects.create(
        event=event, number=1, status=Round.Status.PUBLISHED, published_at=timezone.now()
    )
    tables = [Table.objects.create(round=round_, number=n) for n in (1, 2)]
    for i, registration in enumerate(players):
        Seat.objects.create(
            round=round_, table=tables[i // 4], wind="ESWN"[i % 4], registration=registration
        )
    judge = django_user_model.objects.create_user("judge-old", password="pw-judge-old")
    from tournament.events.models import StaffRole

    StaffRole.objects.create(event=event, user=judge, role=StaffRole.Role.JUDGE)
    sheet = results.save_final_scores(
        tables[0], {"E": 60, "S": 10, "W": -30, "N": -40}, by=director, base_version=0
    )
    sheet = results.submit_sheet(tables[0], by=director, version=sheet.version)
    results.confirm_sheet(tables[0], by=judge, version=sheet.version)
    return event, players, reserve, tables


@pytest.mark.django_db(transaction=True)
def test_no_show_swap_after_results_and_a_judge_login(browser, live_server, django_user_model):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from tournament.results.models import ScoreSheet
    from tournament.results.sheet.state import head_of
    from tournament.seating.models import Seat

    event, players, reserve, tables = _event(django_user_model)
    url = live_server.url
    browser.get(f"{url}/manage/messy/round/1/")
    browser.find_element(By.NAME, "username").send_keys("td")
    browser.find_element(By.NAME, "password").send_keys("a-long-pass")
    _click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    assert browser.current_url == f"{url}/manage/messy/round/1/"
    screenshot(browser, "messy-01-round-page")

    # No-show: Hiro (table 2, North) did not come; the reserve takes the seat.
    hiro = Seat.objects.get(registration=players[7])
    Select(browser.find_element(By.NAME, "replace-seat")).select_by_value(str(hiro.pk))
    Select(browser.find_element(By.NAME, "replace-registration")).select_by_value(str(reserve.pk))
    browser.find_element(By.NAME, "replace-reason").send_keys("no-show, reserve seated")
    button = browser.find_element(By.CSS_SELECTOR, "form[action$='/replace/'] button[type=submit]")
    _click_and_wait(browser, button)
    hiro.refresh_from_db()
    assert hiro.registration_id == reserve.pk
    assert "Ilse Reserve" in browser.page_source
    page_width = browser.execute_script("return document.documentElement.scrollWidth")
    assert page_width <= 360, "the round page scrolls sideways on a phone"

    # Swap Akagi (table 1, with results) and Emi (table 2): a correction with a preview.
    akagi, emi = (
        Seat.objects.get(registration=players[0]),
        Seat.objects.get(registration=players[4]),
    )
    Select(browser.find_element(By.NAME, "seat_a")).select_by_value(str(akagi.pk))
    Select(browser.find_element(By.NAME, "seat_b")).select_by_value(str(emi.pk))
    move_reason = "form[action$='/move/'] [name=reason]"  # the clock's forms have reasons too
    browser.find_element(By.CSS_SELECTOR, move_reason).send_keys(
        "seats written the wrong way round"
    )
    button = browser.find_element(By.CSS_SELECTOR, "form[action$='/move/'] button[type=submit]")
    _click_and_wait(browser, button)
    moved = browser.find_element(By.ID, "moved-table-1").text
    assert "Akagi" in moved and "Emi" in moved and "60" in moved
    assert Seat.objects.get(pk=akagi.pk).registration_id == players[0].pk  # not yet
    page_width = browser.execute_script("return document.documentElement.scrollWidth")
    assert page_width <= 360, "the preview scrolls sideways on a phone"
    screenshot(browser, "messy-02-swap-preview")
    _click_and_wait(browser, browser.find_element(By.ID, "confirm-move"))
    assert Seat.objects.get(registration=players[4]).table_id == tables[0].pk
    assert Seat.objects.get(registration=players[0]).table_id == tables[1].pk
    assert head_of(tables[0]).status == ScoreSheet.Status.SUBMITTED
    assert "must be confirmed again" in browser.page_source
    screenshot(browser, "messy-03-after-swap")

    # The dashboard fits the phone: the site-address warning's long <code> and the
    # players' status menus (opened) wrap instead of widening the page (issue #34).
    browser.get(f"{url}/manage/messy/")
    assert browser.find_elements(By.CSS_SELECTOR, ".site-url-warning code")
    browser.execute_script(
        "document.querySelectorAll('details.row-menu').forEach(d => d.open = true)"
    )
    widths = browser.execute_script(
        "return [document.scrollingElement.scrollWidth, window.innerWidth]"
    )
    assert widths[0] <= widths[1], f"the dashboard scrolls sideways on a phone: {widths}"
    screenshot(browser, "messy-04-dashboard-menus-open")

    # A judge's login with a one-time link, made on the dashboard.
    form = browser.find_element(By.ID, "staff-account-form")
    form.find_element(By.NAME, "username").send_keys("judge-ana")
    Select(form.find_element(By.NAME, "role")).select_by_value("judge")
    _click_and_wait(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    link = browser.find_element(By.CSS_SELECTOR, ".one-time-link").text
    assert "/accounts/welcome/" in link
    page_width = browser.execute_script("return document.documentElement.scrollWidth")
    assert page_width <= 360, "the link widens the page on a phone"
    screenshot(browser, "messy-04-one-time-link")
    browser.delete_all_cookies()
    browser.get(link.replace(link.split("/accounts/")[0], url))
    inputs = browser.find_elements(By.CSS_SELECTOR, "input[type=password]")
    assert len(inputs) == 2
    for field in inputs:
        field.send_keys("green-dragon-tea-42")
    screenshot(browser, "messy-05-welcome")
    welcome = inputs[0].find_element(By.XPATH, "./ancestor::form")
    _click_and_wait(browser, welcome.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    screenshot(browser, "messy-06-after-welcome")
    ana = django_user_model.objects.get(username="judge-ana")
    assert ana.check_password("green-dragon-tea-42")
    assert ana.event_roles.get(event=event).role == "judge"

    # The link works once.
    browser.delete_all_cookies()
    browser.get(link.replace(link.split("/accounts/")[0], url))
    assert not browser.find_elements(By.CSS_SELECTOR, "input[type=password]")
