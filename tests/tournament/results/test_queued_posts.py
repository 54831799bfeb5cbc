"""What the drafts script's Save (a fetch marked ``X-Entry-Queue``) is answered (issue #19).

A redirect becomes a 204 naming where to go, so the "saved" message is still
there for the page the script opens; a logged-out post names the login page
(``next`` the table's page); a resend of the same entry says "saved" again and
saves nothing; a post-only address opened with GET lands on the table's page;
the table's page names the keys of its latest versions (a draft saved as one
of them is cleared). Posts without the mark are answered as before.
"""

from __future__ import annotations

import uuid

import pytest

from tournament.results.models import ScoreSheet
from tournament.results.sheet import services

URL = "/j/cup/1/1/"
HAND = {"level": "value", "outcome": "discard", "winner": "S", "discarder": "W", "fan": "8"}
MARK = {"HTTP_X_ENTRY_QUEUE": "1"}


@pytest.fixture
def table(make_table):
    return make_table("mcr", slug="cup")


@pytest.fixture
def judged(table, staff, client):
    client.force_login(staff(table.round.event)["judge"])
    return table


def _hand(key: str) -> dict:
    return {**HAND, "base_version": "0", "action": "save", "entry_key": key}


def test_a_saved_hand_is_answered_with_where_to_go_and_the_message_kept(client, judged):
    response = client.post(URL + "hand/", _hand(str(uuid.uuid4())), **MARK)
    assert response.status_code == 204
    assert response["X-Entry-Outcome"] == "saved"
    assert response["X-Entry-Location"] == URL + "#hand-1"
    page = client.get(response["X-Entry-Location"]).content.decode()
    assert "Hand 1 (E-E) saved." in page  # not used up by the fetch


def test_the_same_entry_sent_again_says_saved_and_saves_once(client, judged):
    post = _hand(str(uuid.uuid4()))
    assert client.post(URL + "hand/", post, **MARK).status_code == 204
    again = client.post(URL + "hand/", post, **MARK)
    assert again.status_code == 204 and again["X-Entry-Outcome"] == "saved"
    page = client.get(again["X-Entry-Location"]).content.decode()
    assert "This entry was already saved (version 1); it was not saved twice." in page
    assert ScoreSheet.objects.filter(table=judged).count() == 1
    assert services.head_of(judged).hands.count() == 1


def test_a_post_after_the_session_ended_names_the_login_page(client, table):
    response = client.post(URL + "hand/", _hand(str(uuid.uuid4())), **MARK)
    assert response.status_code == 204
    assert response["X-Entry-Outcome"] == "login"
    assert response["X-Entry-Location"] == "/accounts/login/?next=" + URL
    assert not ScoreSheet.objects.filter(table=table).exists()


def test_posts_without_the_mark_are_answered_as_before(client, judged):
    response = client.post(URL + "hand/", _hand(str(uuid.uuid4())))
    assert response.status_code == 302 and response["Location"] == URL + "#hand-1"
    client.logout()
    response = client.post(URL + "hand/", _hand(str(uuid.uuid4())))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_refusals_stay_pages_for_the_script_to_show(client, judged):
    bad = {**_hand(str(uuid.uuid4())), "winner": ""}
    assert client.post(URL + "hand/", bad, **MARK).status_code == 400
    assert client.post(URL + "hand/", _hand(str(uuid.uuid4())), **MARK).status_code == 204
    other = {**_hand(str(uuid.uuid4())), "winner": "N"}
    stale = client.post(URL + "hand/", other, **MARK)
    assert stale.status_code == 409  # another hand on base version 0: both versions shown


@pytest.mark.parametrize("path", ["hand/", "final/", "ruling/", "submit/"])
def test_a_post_only_address_opened_with_get_lands_on_the_table_page(client, judged, path):
    response = client.get(URL + path)
    assert response.status_code == 302 and response["Location"] == URL


def test_the_table_page_names_the_keys_saved(client, judged):
    key = str(uuid.uuid4())
    client.post(URL + "hand/", _hand(key), **MARK)
    page = client.get(URL).content.decode()
    assert f'data-saved-keys="{key}"' in page
    assert 'src="/static/js/entry-drafts.js"' in page
    assert "Waiting to send: {count}" in page


def test_apply_mine_again_after_a_conflict_is_applied_not_taken_for_a_resend(client, judged):
    """The conflict version holds the post's one-time key: "Apply mine again" carries a new one."""
    import re

    from django.http import QueryDict

    assert client.post(URL + "hand/", _hand(str(uuid.uuid4())), **MARK).status_code == 204
    other = {**_hand(str(uuid.uuid4())), "winner": "N"}
    page = client.post(URL + "hand/", other, **MARK).content.decode()
    start = page.index('id="apply-again"')
    form = page[start : page.index("</form>", start)]
    again = QueryDict(mutable=True)
    for name, value in re.findall(r'name="([^"]+)" value="([^"]*)"', form):
        again.appendlist(name, value)
    assert again.getlist("entry_key") != [other["entry_key"]]
    response = client.post(URL + "hand/", again.urlencode(), "application/x-www-form-urlencoded")
    assert response.status_code == 302
    statuses = list(ScoreSheet.objects.order_by("version").values_list("version", "status"))
    assert statuses == [(1, "draft"), (2, "conflict"), (3, "draft")]
    assert services.head_of(judged).hands.count() == 2


def test_others_opening_a_post_only_address_get_405_as_before(client, table, staff):
    users = staff(table.round.event)
    assert client.get(URL + "hand/").status_code == 405
    client.force_login(users["viewer"])
    assert client.get(URL + "hand/").status_code == 405
