"""A post that comes twice is saved once: every sheet form carries a one-time key (issue 16).

A lost reply, a double tap, or a phone resending after the network came back
sends the same form again. Before, the second copy became a second hand (or a
"conflict kept" version "saved by yourself"); now it finds the version the
first copy wrote and answers as the first did. Uses the results fixtures;
players sit E Akagi Shigeru, S Bai Lan, W Carla Diaz, N Dmitri Orlov.
"""

from __future__ import annotations

import re
import threading
import uuid

import pytest
from django.db import connection

from tournament.results.models import ScoreSheet
from tournament.results.sheet import services
from tournament.results.sheet.errors import AlreadySaved
from tournament.seating.models import Table

URL = "/j/cup/1/1/"
HAND = {"level": "value", "outcome": "discard", "winner": "S", "discarder": "W", "fan": "8"}


@pytest.fixture
def judged(make_table, staff, client):
    table = make_table("mcr", slug="cup")
    client.force_login(staff(table.round.event)["judge"])
    return table


def keys_on(page: str) -> list[str]:
    return re.findall(r'name="entry_key" value="([0-9a-f-]{36})"', page)


def test_every_form_that_changes_the_sheet_carries_a_fresh_key(client, judged):
    page = client.get(URL).content.decode()
    first = keys_on(page)
    assert len(first) >= 3  # the hand, the ruling and the final-scores forms
    assert len(set(first)) == len(first)
    assert not set(first) & set(keys_on(client.get(URL).content.decode()))  # new at each render


def test_a_hand_posted_twice_is_saved_once(client, judged):
    post = {**HAND, "base_version": "0", "action": "save", "entry_key": str(uuid.uuid4())}
    assert client.post(URL + "hand/", post).status_code == 302
    again = client.post(URL + "hand/", post, follow=True)
    assert again.status_code == 200
    assert (
        "This entry was already saved (version 1); it was not saved twice."
        in again.content.decode()
    )
    assert ScoreSheet.objects.filter(table=judged).count() == 1
    assert services.head_of(judged).hands.count() == 1


def test_the_same_hand_with_a_new_key_is_a_new_entry_kept_as_a_conflict(client, judged):
    post = {**HAND, "base_version": "0", "action": "save"}
    assert client.post(URL + "hand/", {**post, "entry_key": str(uuid.uuid4())}).status_code == 302
    response = client.post(URL + "hand/", {**post, "entry_key": str(uuid.uuid4())})
    assert response.status_code == 409  # another entry on an old page: both versions kept
    assert ScoreSheet.objects.filter(table=judged).count() == 2


def test_a_ruling_and_final_scores_posted_twice_are_saved_once(client, judged):
    ruling = {"base_version": "0", "kind": "false_win", "player": "W", "decision": "x"}
    ruling["entry_key"] = str(uuid.uuid4())
    assert client.post(URL + "ruling/", ruling).status_code == 302
    assert client.post(URL + "ruling/", ruling).status_code == 302
    assert services.head_of(judged).rulings.count() == 1
    assert ScoreSheet.objects.filter(table=judged).count() == 1
    scores = {"score_E": "10", "score_S": "20", "score_W": "-10", "score_N": "-20"}
    final = {**scores, "base_version": "1", "entry_key": str(uuid.uuid4())}
    assert client.post(URL + "final/", final).status_code == 302
    assert client.post(URL + "final/", final).status_code == 302
    assert ScoreSheet.objects.filter(table=judged).count() == 2


def test_a_removal_posted_twice_removes_one_hand(client, judged):
    for version in (0, 1):
        post = {**HAND, "base_version": str(version), "action": "save"}
        assert client.post(URL + "hand/", post).status_code == 302
    remove = {"base_version": "2", "entry_key": str(uuid.uuid4())}
    assert client.post(URL + "hand/1/remove/", remove).status_code == 302
    assert client.post(URL + "hand/1/remove/", remove).status_code == 302
    assert services.head_of(judged).hands.count() == 1


def test_a_post_without_a_key_still_saves(client, judged):
    # An old page open on a phone before the update has no key: saved as before.
    post = {**HAND, "base_version": "0", "action": "save", "entry_key": "not-a-key"}
    assert client.post(URL + "hand/", post).status_code == 302
    assert services.head_of(judged).hands.count() == 1


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_copies_arriving_together_save_once(make_table, staff):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (make test-pg)")
    table = make_table("mcr")
    judge = staff(table.round.event)["judge"]
    key = str(uuid.uuid4())
    entry = {"outcome": "discard", "level": "value", "winner": "S", "discarder": "W", "fan": 8}
    outcomes, gate = [], threading.Barrier(2)

    def copy():
        from django.db import connection as own

        try:
            gate.wait(5)
            sheet = services.add_hand(
                Table.objects.get(pk=table.pk), entry, by=judge, base_version=0, entry_key=key
            )
            outcomes.append(("saved", sheet.version))
        except AlreadySaved as done:
            outcomes.append(("already", done.sheet.version))
        finally:
            own.close()

    threads = [threading.Thread(target=copy) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(outcomes) == [("already", 1), ("saved", 1)]
    assert ScoreSheet.objects.filter(table=table).count() == 1
