"""The players' phone pages: two phones (two clients, their own cookies), then a judge."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournament.results.hands import POSTED_RON as POSTED_HAND
from tournament.playerentry import services
from tournament.playerentry.models import PlayerAction


def url(table, name=""):
    event = table.round.event
    return f"/p/{event.slug}/1/{table.number}/{name}"


def opened(table, seat) -> Client:
    phone = Client()
    answer = phone.post(url(table, "pin/"), {"pin": services.pin_of(table).pin, "seat": seat})
    assert answer.status_code == 302 and answer["Location"] == url(table)
    return phone


def test_option_off_is_not_found(make_table):
    table = make_table("jpml-b")
    assert Client().get(url(table, "pin/")).status_code == 404
    assert Client().get(url(table)).status_code == 404


def test_without_the_pin_the_phone_goes_to_the_pin_page(table):
    answer = Client().get(url(table))
    assert answer.status_code == 302 and answer["Location"] == url(table, "pin/")
    page = Client().get(url(table, "pin/"))
    assert page.status_code == 200 and "Akagi Shigeru" in page.content.decode()


def test_wrong_pin_says_so_next_to_the_form(table):
    answer = Client().post(url(table, "pin/"), {"pin": "000000x", "seat": "E"})
    assert answer.status_code == 400 and "Wrong PIN" in answer.content.decode()
    answer = Client().post(url(table, "pin/"), {"pin": services.pin_of(table).pin})
    assert answer.status_code == 400 and "Choose your seat" in answer.content.decode()


def test_a_forged_cookie_is_no_phone(table):
    phone = Client()
    phone.cookies[f"pe{table.pk}"] = "1:abc:E"
    assert phone.get(url(table)).status_code == 302


def test_two_phones_enter_accept_submit_and_a_judge_confirms(table, users):
    east, south = opened(table, "E"), opened(table, "S")
    page = east.get(url(table)).content.decode()
    assert 'id="enter"' in page and "This phone enters the hands" in page
    assert 'id="enter"' not in south.get(url(table)).content.decode()
    assert south.post(url(table, "hand/"), POSTED_HAND).status_code == 403
    answer = east.post(url(table, "hand/"), POSTED_HAND)
    assert answer.status_code == 302
    waiting = east.get(url(table)).content.decode()
    assert "Waiting for a second player" in waiting and 'id="accept-1"' not in waiting
    judge = Client()
    judge.force_login(users["judge"])
    judge_page = judge.get(f"/j/{table.round.event.slug}/1/1/").content.decode()
    assert services.pin_of(table).pin in judge_page and "Waiting for a second player" in judge_page
    assert east.post(url(table, "submit/"), {"version": "1"}).status_code == 403
    assert 'id="accept-1"' in south.get(url(table)).content.decode()
    assert east.post(url(table, "hand/1/accept/")).status_code == 403  # the same seat
    assert south.post(url(table, "hand/1/accept/")).status_code == 302
    # One hand of a session: incomplete, so the players too must say it ended early.
    refused = east.post(url(table, "submit/"), {"version": "1"})
    assert refused.status_code == 400 and "ended early" in refused.content.decode()
    assert table.sheets.get(version=1).status == "draft"
    ended = {"version": "1", "ended_early": "on"}
    assert east.post(url(table, "submit/"), ended).status_code == 302
    assert "Submitted" in east.get(url(table)).content.decode()
    before_confirm = judge.get(f"/j/{table.round.event.slug}/1/1/").content.decode()
    assert "Submitted by the players at the table." in before_confirm
    answer = judge.post(f"/j/{table.round.event.slug}/1/1/confirm/", {"version": "1"})
    assert answer.status_code == 302
    assert table.sheets.get(version=1).status == "confirmed"
    history = judge.get(f"/j/{table.round.event.slug}/1/1/history/").content.decode()
    for words in (
        "players of table 1 (East)",
        "players of table 1 (South)",
        "became the entering phone",
        "entered a hand",
        "accepted a hand",
        "submitted the sheet",
        "confirmed by judge-",
        "the players at the table",  # the author of a version the players' phone wrote
    ):
        assert words in history, words
    sheets = judge.get(f"/j/{table.round.event.slug}/1/").content.decode()
    assert "by the players at the table" in sheets


def test_reject_shows_disputed_to_the_judge(table, users):
    east, south = opened(table, "E"), opened(table, "S")
    east.post(url(table, "hand/"), POSTED_HAND)
    assert south.post(url(table, "hand/1/reject/"), {"words": ""}).status_code == 403
    assert south.post(url(table, "hand/1/reject/"), {"words": "fu 30"}).status_code == 302
    judge = Client()
    judge.force_login(users["judge"])
    page = judge.get(f"/j/{table.round.event.slug}/1/1/").content.decode()
    assert "Disputed" in page and "fu 30" in page


def test_judge_releases_and_director_makes_a_new_pin(table, users):
    east = opened(table, "E")
    judge, director = Client(), Client()
    judge.force_login(users["judge"])
    director.force_login(users["director"])
    base = f"/manage/{table.round.event.slug}/1/1/players/"
    assert judge.post(base + "pin/", {"reason": "x"}).status_code == 403
    assert judge.post(base + "release/", {"reason": "battery"}).status_code == 302
    assert "This phone accepts hands" in east.get(url(table)).content.decode()
    assert director.post(base + "pin/", {"reason": "seen"}).status_code == 302
    assert east.get(url(table)).status_code == 302  # the old PIN's phone opens again
    codes = set(PlayerAction.objects.values_list("action", flat=True))
    assert {"phone_released", "pin_regenerated"} <= codes


def test_public_table_page_offers_player_entry(table):
    page = Client().get(f"/j/{table.round.event.slug}/1/1/").content.decode()
    assert url(table) in page and "Enter results (players)" in page


@pytest.mark.parametrize("on", [True, False])
def test_round_page_shows_the_pin_to_staff_when_on(make_table, staff, on):
    table = make_table("jpml-b", player_entry=on)
    judge = Client()
    judge.force_login(staff(table.round.event)["judge"])
    page = judge.get(f"/j/{table.round.event.slug}/1/").content.decode()
    assert ("Table PIN" in page) is on


@pytest.mark.parametrize("on", [True, False])
def test_printed_scoresheet_carries_the_table_pin_when_on(make_table, on):
    from django.template.loader import render_to_string

    from tournament.printing import documents

    table = make_table("jpml-b", player_entry=on)
    round_ = table.round
    sheets = documents._sheets(round_, documents.Progress(None, 1, 1), filled=False, lang="en")
    context = {**documents._sheet_context(round_, sheets), "filled": False}
    html = render_to_string("printing/scoresheets.html", context)
    assert ("Table PIN" in html) is on
    if on:
        assert services.pin_of(table).pin in html


def test_event_settings_page_offers_the_option(table, users):
    director = Client()
    director.force_login(users["director"])
    page = director.get(f"/manage/{table.round.event.slug}/edit/")
    assert page.status_code == 200
    assert 'name="player_entry"' in page.content.decode() and "checked" in page.content.decode()
