"""A hand a judge entered again is settled, on every page and in the submit check (#32, M7).

Before: the phones kept showing "Disputed … A judge settles it" and kept
*Submit to the judges* disabled, while the judge's page said every hand was
accepted (the phones counted every check not accepted; the service left out
the hands a judge had entered again).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournament.playerentry.test_views import POSTED_HAND, opened, url
from tests.tournament.results.hands import RON
from tournament.playerentry import services
from tournament.results.sheet import services as results
from tournament.results.sheet.errors import NotAllowed

JUDGED = {**RON, "han": 4, "fu": 40}  # the judge's version: 4 han 40 fu (the players had 3/40)


def _submit_button(page: str) -> str:
    return re.search(r'<button[^>]*id="players-submit"[^>]*>', page).group(0)


@pytest.fixture
def disputed_then_judged(table, users):
    east, south = opened(table, "E"), opened(table, "S")
    assert east.post(url(table, "hand/"), POSTED_HAND).status_code == 302
    assert south.post(url(table, "hand/1/reject/"), {"words": "it was 4 han"}).status_code == 302
    disputed = east.get(url(table)).content.decode()
    assert "A judge settles it" in disputed and " disabled" in _submit_button(disputed)
    fixed = results.replace_hand(table, 1, JUDGED, by=users["judge"], base_version=1)
    return east, south, fixed


def test_the_phones_show_the_hand_settled_and_submit_is_open(table, disputed_then_judged):
    east, south, fixed = disputed_then_judged
    for phone in (east, south):
        page = phone.get(url(table)).content.decode()
        assert "A judge settles it" not in page and 'id="to-accept"' not in page
        assert "Settled by a judge" in page  # said, above the judge's version of the hand
        assert "4 han" in page and "3 han" not in page
    assert " disabled" not in _submit_button(east.get(url(table)).content.decode())
    ended = {"version": str(fixed.version), "ended_early": "on"}
    assert east.post(url(table, "submit/"), ended).status_code == 302
    assert table.sheets.get(version=fixed.version).status == "submitted"


def test_the_judge_page_and_the_phones_agree(table, users, disputed_then_judged):
    judge = Client()
    judge.force_login(users["judge"])
    page = judge.get(f"/j/{table.round.event.slug}/1/1/").content.decode()
    assert "Every hand the players entered is accepted" in page
    assert services.open_checks(table) == []
    assert [c.number for c in services.checks_of(table) if c.settled_by_judge] == [1]


def test_a_settled_hand_is_no_longer_accepted_or_disputed_by_players(table, disputed_then_judged):
    south = services.Phone(device="someone", seat="N", enters=False)
    with pytest.raises(NotAllowed, match="judge"):
        services.accept_hand(table, south, 1)
    with pytest.raises(NotAllowed, match="judge"):
        services.reject_hand(table, south, 1, "still wrong")
