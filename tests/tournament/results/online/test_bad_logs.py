"""Every kind of bad upload on an online table is refused in words, and nothing is saved (#36).

The kinds the issue names: a three-player game, damaged or cut-short XML,
another client's format, a game whose players do not fit the table, a file
over the size limit; and besides: XML with an entity (read by defusedxml,
never expanded), nothing chosen, a game played under other rules, a game the
event's rules cannot replay, and a forged save of any of these.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from tests.tournament.results.online.conftest import carried, log_bytes, log_url
from tests.tournament.results.online.test_game_log_page import PLAYED_AS, answers, check
from tournament.results.models import GameLogUse, OnlineName, ScoreSheet
from tournament.seating.models import Seat

EXAMPLE = log_bytes("example.xml")
ENTITY = b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaa">]><mjloggm>&a;</mjloggm>'

REFUSED = {
    "three-player": (log_bytes("sanma2.xml"), "This is a three-player game."),
    "cut short": (EXAMPLE[: len(EXAMPLE) // 2], "The file is damaged or cut short"),
    "damaged gzip": (b"\x1f\x8b\x08\x00" + b"\x00" * 40, "The file is damaged or cut short"),
    "another format": (
        b'{"title": ["", ""], "log": [[[0, 0, 0]]]}',
        "This is not a Tenhou game log",
    ),
    "another XML": (b"<html><body>log</body></html>", "This is not a Tenhou game log"),
    "an entity": (ENTITY, "declares a DTD, an entity or an external reference"),
    "too large": (
        b"<mjloggm>" + b" " * 2_000_001,
        "larger than a game log can be (at most 2,000,000",
    ),
}


def nothing_saved():
    assert not ScoreSheet.objects.exists() and not GameLogUse.objects.exists()
    assert not OnlineName.objects.exists()


@pytest.mark.parametrize("kind", REFUSED)
def test_a_bad_file_is_refused_in_words(client, tenhou_tables, kind):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    data, words = REFUSED[kind]
    page = check(client, table, data)
    html = page.content.decode()
    assert page.status_code == 400 and words in html and 'id="log-error"' in html
    assert 'id="log-upload"' in html  # the form again, to choose another file
    nothing_saved()


def test_pasted_xml_is_read_as_a_file_is(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = client.post(
        log_url(table), {"action": "check", "log_xml": log_bytes("sanma2.xml").decode()}
    )
    assert page.status_code == 400 and "This is a three-player game." in page.content.decode()
    page = client.post(log_url(table), {"action": "check", "log_xml": EXAMPLE.decode()})
    assert page.status_code == 200 and 'id="log-agrees"' in page.content.decode()
    nothing_saved()


def test_nothing_chosen_is_asked_for(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = client.post(log_url(table), {"action": "check"})
    assert (
        page.status_code == 400
        and "Choose the log&#x27;s file, or paste its XML." in page.content.decode()
    )
    nothing_saved()


def test_a_table_not_fully_seated_takes_no_game(client, tenhou_tables):
    (table, _), users = tenhou_tables
    Seat.objects.filter(table=table, wind="N").delete()
    client.force_login(users["judge"])
    page = check(client, table, EXAMPLE)
    assert page.status_code == 400
    assert "This table has 3 players seated" in page.content.decode()
    nothing_saved()


def test_players_who_do_not_fit_the_table_are_refused(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = check(client, table, EXAMPLE)
    twice = answers(table, (PLAYED_AS[0], PLAYED_AS[0], PLAYED_AS[2], PLAYED_AS[3]))
    unanswered = {k: v for k, v in answers(table).items() if k != "player_2"}
    other_table = answers(table)
    other_table["player_3"] = Seat.objects.exclude(table=table).first().registration_id
    for chosen in (twice, unanswered, other_table):
        saved = client.post(log_url(table), {**carried(page), **chosen, "action": "save"})
        html = saved.content.decode()
        assert saved.status_code == 400 and "do not fit this table" in html
        assert 'id="log-players"' in html  # the preview again, to choose
    nothing_saved()


def test_a_game_under_other_rules_is_named_and_not_saved(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = check(client, table, log_bytes("bye.xml"))  # an east-only game (GO type 161)
    html = page.content.decode()
    assert page.status_code == 200
    assert (
        "Length: the game was east only (tonpuusen), this event plays east-south (hanchan)." in html
    )
    assert 'id="save-log"' not in html
    ids = [s.registration_id for s in Seat.objects.filter(table=table).order_by("pk")]
    forced = {f"player_{i}": ids[i] for i in range(4)}
    saved = client.post(log_url(table), {**carried(page), **forced, "action": "save"})
    assert saved.status_code == 400 and "played under other rules" in saved.content.decode()
    nothing_saved()


def test_red_fives_and_open_tanyao_against_the_event(client, make_table, staff):
    table = make_table("wrc", slug="wrc-online", entry_level="tiles")  # WRC: no red fives
    users = staff(table.round.event)
    client.force_login(users["judge"])
    html = check(client, table, EXAMPLE).content.decode()
    assert "Red fives: the game had red fives, this event plays no red fives." in html
    assert 'id="save-log"' not in html
    nothing_saved()


def test_a_game_the_event_cannot_replay_is_named(client, make_table, staff):
    # WRC with red fives: the lobby fits, but bug2.xml's hand 9 is an abortive draw, which
    # WRC does not have (rules/riichi.md §4): the sheet refuses it, in words.
    table = make_table(
        "wrc", slug="wrc-red", entry_level="tiles", ruleset_overrides={"red_fives": True}
    )
    users = staff(table.round.event)
    client.force_login(users["judge"])
    html = check(client, table, log_bytes("bug2.xml")).content.decode()
    assert 'id="log-sheet-error"' in html and "Hand 9" in html
    assert 'id="save-log"' not in html
    nothing_saved()


def test_a_forged_carried_file_is_refused(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = check(client, table, EXAMPLE)
    forged = {**carried(page), **answers(table), "action": "save", "log_data": "not base64!"}
    saved = client.post(log_url(table), forged)
    assert saved.status_code == 400 and "damaged or cut short" in saved.content.decode()
    nothing_saved()


def test_someone_who_may_not_enter_results_cannot_upload(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["viewer"])
    page = client.post(
        log_url(table), {"action": "check", "log_file": SimpleUploadedFile("x.mjlog", EXAMPLE)}
    )
    assert page.status_code == 403
    nothing_saved()


def test_pasted_xml_over_the_limit_is_refused_in_words(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    page = client.get(log_url(table)).content.decode()
    assert 'maxlength="2000000"' in page  # the browser stops a longer paste
    pasted = "<mjloggm>" + " " * 2_000_001 + "</mjloggm>"
    refused = client.post(log_url(table), {"action": "check", "log_xml": pasted})
    assert refused.status_code == 400
    assert "larger than a game log can be" in refused.content.decode()
    nothing_saved()


@override_settings(DEBUG=False)
def test_a_forged_paste_beyond_the_request_limit_is_named_too(client, tenhou_tables):
    (table, _), users = tenhou_tables
    client.force_login(users["judge"])
    pasted = "<mjloggm>" + " " * 3_000_000  # past the text box's maxlength: a forged post
    refused = client.post(log_url(table), {"action": "check", "log_xml": pasted})
    assert refused.status_code == 400
    assert "The form sent more than the site takes (2,621,440 bytes at most)" in (
        refused.content.decode()
    )
    nothing_saved()
