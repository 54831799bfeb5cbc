"""The players' page shows the judge's bar: the same dealer, winds and next hand (issue #35).

Both pages build it with one function (``tournament.results.page.bar``), so
after a hand the players read the dealer and the winds the judge reads:
riichi keeps the starting winds and moves the dealer (rules/riichi.md §2:
the dealer repeats on a win, else the deal passes), MCR moves the winds
(rules/mcr.md §6). A handed-in sheet offers no next hand on either page.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournament.results.hands import RON
from tournament.playerentry import services
from tournament.results.sheet import services as results
from tournament.rounds.services import publish_round

DEALER_WINS = {**RON, "winner": "E", "discarder": "W"}  # E deals E1-0 and wins: E1-1
MCR_HAND = {"outcome": "self_draw", "level": "value", "winner": "N", "fan": 8, "flowers": 0}


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def bar(html: str) -> list[tuple[str, str, bool]]:
    """(seat, wind shown, dealer?) for each seat of the first bar of four seats on the page."""
    found = re.search(r'<div class="sheet-players[^"]*"[^>]*>(.*?)</ol>', html)
    assert found, "no bar"
    cells = re.findall(r'<li class="seat-cell([^"]*)">(.*?)</li>', found[1])
    out = []
    for classes, cell in cells:
        seat, wind = re.search(r'wind-tile wind-([ESWN])" aria-hidden="true">(.)<', cell).groups()
        out.append((seat, wind, "is-dealer" in classes))
    return out


def next_label(html: str) -> str:
    found = re.search(r'<p class="sheet-state">(.*?)</p>', html)
    return re.sub(r"<[^>]+>", "", found[1]).strip() if found else ""


def phone_of(table, seat="E") -> Client:
    phone = Client()
    answer = phone.post(
        f"/p/{table.round.event.slug}/1/1/pin/", {"pin": services.pin_of(table).pin, "seat": seat}
    )
    assert answer.status_code == 302
    return phone


def pages(table, users) -> tuple[str, str]:
    """(the judge's page, a player's page) of the table, as text."""
    judge = Client()
    judge.force_login(users["judge"])
    slug = table.round.event.slug
    return text(judge.get(f"/j/{slug}/1/1/")), text(phone_of(table).get(f"/p/{slug}/1/1/"))


def add(table, user, entry):
    head = results.head_of(table)
    return results.add_hand(table, entry, by=user, base_version=head.version if head else 0)


# rules/riichi.md §2: a dealer's win keeps the deal; a non-dealer's win passes it
@pytest.mark.parametrize(("entry", "dealer"), [(DEALER_WINS, "E"), (RON, "S")])
def test_after_hand_one_the_players_see_the_judges_dealer_and_winds(table, users, entry, dealer):
    add(table, users["judge"], entry)
    judge, player = pages(table, users)
    assert bar(player) == bar(judge)
    assert [seat for seat, _wind, is_dealer in bar(player) if is_dealer] == [dealer]
    # riichi keeps the starting winds (the sheet's columns); the dealer is marked apart
    assert [wind for _seat, wind, _ in bar(player)] == list("東南西北")
    assert next_label(player) == next_label(judge)


@pytest.fixture
def mcr_table(make_table):
    table = make_table("mcr", player_entry=True, entry_level="value")
    publish_round(table.round)
    table.round.refresh_from_db()
    return table


# rules/mcr.md §6: the seat winds move every hand within a round of four
def test_mcr_winds_rotate_on_the_players_page_as_on_the_judges(mcr_table, staff):
    users = staff(mcr_table.round.event)
    add(mcr_table, users["judge"], MCR_HAND)
    judge, player = pages(mcr_table, users)
    assert bar(player) == bar(judge)
    # hand 2: the player who started South deals, as East
    assert ("S", "東", True) in bar(player)
    assert ("E", "南", True) not in bar(player)
    # the player's own wind, and the hand form's choices, say the same
    assert re.search(r'id="phone-role"> <b class="wind-tile wind-E" aria-hidden="true">北<', player)
    assert re.search(r'name="winner" value="S"><span><b class="wind-tile wind-S"[^>]*>東<', player)


def test_a_submitted_sheet_offers_no_next_hand(table, users):
    sheet = add(table, users["judge"], RON)
    judge, player = pages(table, users)
    assert "Next: E2-0" in next_label(judge) and "Next: E2-0" in next_label(player)
    results.submit_sheet(table, by=users["judge"], version=sheet.version)
    judge, player = pages(table, users)
    assert "Next" not in next_label(judge) and "Next" not in next_label(player)
    assert "↓" not in next_label(judge)


def test_a_confirmed_mcr_sheet_that_ended_early_offers_no_next_hand(mcr_table, staff):
    users = staff(mcr_table.round.event)
    for _ in range(6):
        sheet = add(mcr_table, users["judge"], MCR_HAND)
    assert not sheet.complete  # 6 of 16 hands: ended early (time)
    results.submit_sheet(mcr_table, by=users["judge"], version=sheet.version)
    judge, player = pages(mcr_table, users)
    assert "Next" not in next_label(judge) and "Next" not in next_label(player)
    results.confirm_sheet(mcr_table, by=users["judge2"], version=sheet.version)
    director = Client()
    director.force_login(users["director"])
    page = text(director.get("/j/" + mcr_table.round.event.slug + "/1/1/"))
    assert "Next: W-E" not in next_label(page) and "↓" not in next_label(page)
