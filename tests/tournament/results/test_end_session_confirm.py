"""One tap never ends a session: the judge is asked first (issue #35, "Confirm before ending").

*Not played (time)* ends an MCR session at once (seed 000 L314, rules/mcr.md
§6), and a draw at the last hand ends it too. The first Save of such a hand
saves nothing: the page asks, naming what ends, and offers *End the session*;
that second post saves it. No script is needed: these are plain posts. A
draw that does not end the session, and a win at the last hand, are saved
at once, as before.
"""

from __future__ import annotations

import re

import pytest

from tournament.results.sheet import services

DRAW = {"outcome": "draw", "level": "value"}


@pytest.fixture
def mcr(make_table, staff, client):
    table = make_table("mcr", slug="cup", entry_level="value")
    judge = staff(table.round.event)["judge"]
    client.force_login(judge)
    return table, judge


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def add(table, judge, entry, times=1):
    for _ in range(times):
        head = services.head_of(table)
        services.add_hand(table, entry, by=judge, base_version=head.version if head else 0)
    return services.head_of(table)


def post(client, head, outcome, **more):
    data = {"base_version": str(head.version), "level": "value", "outcome": outcome}
    return client.post(
        "/j/cup/1/1/hand/", {**data, "action": "save", **more}, HTTP_ACCEPT_LANGUAGE="en"
    )


# seed 000 L314: at the time limit the hand in progress is void, the later ones not played
def test_not_played_asks_first_then_ends_the_session(client, mcr):
    table, judge = mcr
    head = add(table, judge, DRAW)  # hand 1
    first = post(client, head, "not_played")
    assert first.status_code == 200
    page = text(first)
    assert "End the session now? Hands 2–16, from E-S on, will be recorded as not played." in page
    assert 'name="end_session" value="yes"' in page
    assert re.search(r'value="not_played"[^>]* checked', page)  # kept for the answer
    after = services.head_of(table)
    assert after.version == head.version and not after.complete  # nothing saved

    second = post(client, head, "not_played", end_session="yes")
    assert second.status_code == 302
    done = services.head_of(table)
    assert done.version == head.version + 1 and done.complete
    assert len(done.result["rows"]) == 2


def test_a_draw_at_the_last_hand_asks_first(client, mcr):
    table, judge = mcr
    head = add(table, judge, DRAW, times=15)  # hands 1-15; hand 16 (N-N) is the last
    page = text(post(client, head, "draw"))
    assert "End the session now? Draw in hand 16 (N-N) is its last hand" in page
    assert services.head_of(table).version == head.version

    assert post(client, head, "draw", end_session="yes").status_code == 302
    assert services.head_of(table).complete


def test_a_draw_before_the_last_hand_and_a_last_win_are_saved_at_once(client, mcr):
    table, judge = mcr
    head = add(table, judge, DRAW)
    assert post(client, head, "draw").status_code == 302  # hand 2: the session goes on
    head = add(table, judge, DRAW, times=13)  # hands 3-15
    assert not head.complete
    win = {"winner": "E", "fan": "8"}
    assert post(client, head, "self_draw", **win).status_code == 302  # hand 16, a win
    assert services.head_of(table).complete


def test_a_check_of_a_hand_not_played_asks_nothing_and_saves_nothing(client, mcr):
    table, judge = mcr
    head = add(table, judge, DRAW)
    response = post(client, head, "not_played", action="check")
    assert response.status_code == 200
    assert "End the session now?" not in text(response)
    assert services.head_of(table).version == head.version
