"""MCR's "Not played (time)" on the judge's page: one action ends the session.

Seed 000 L314 (rules/mcr.md §6): at the time limit the game stops and the hand
in progress is void. The judge picks "Not played (time)" once: the session is
complete (hands 2-16 not played) and the page offers no further hand. Since
issue #35 the judge confirms it first ("End the session now?", then *End the
session*: ``test_end_session_confirm.py``); the second post is that answer.
"""

from __future__ import annotations

import re

import pytest

from tournament.results.sheet import services


@pytest.fixture
def table(make_table):
    return make_table("mcr", slug="cup", entry_level="value")


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


# seed 000 L314
def test_not_played_once_completes_the_session(client, table, staff):
    judge = staff(table.round.event)["judge"]
    client.force_login(judge)
    services.add_hand(table, {"outcome": "draw"}, by=judge, base_version=0)
    page = text(client.get("/j/cup/1/1/", HTTP_ACCEPT_LANGUAGE="en"))
    assert 'value="not_played"' in page
    hand = {"base_version": "1", "level": "value", "outcome": "not_played", "action": "save"}
    asked = client.post("/j/cup/1/1/hand/", hand, HTTP_ACCEPT_LANGUAGE="en")
    assert "End the session now?" in text(asked) and services.head_of(table).version == 1
    response = client.post(
        "/j/cup/1/1/hand/", {**hand, "end_session": "yes"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code in (200, 302)
    sheet = services.head_of(table)
    assert sheet.version == 2 and sheet.complete
    assert len(sheet.result["rows"]) == 2
    assert sheet.result["warnings"] == [
        {"code": "hands_not_played", "params": {"first": 2, "last": 16}}
    ]
    page = text(client.get("/j/cup/1/1/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "Session complete" in page
    assert "hands 2–16 were not played (time limit)" in page
    assert 'value="not_played"' not in page  # no hand form any more
