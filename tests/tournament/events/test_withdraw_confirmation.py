"""Withdraw asks for a confirmation and a reason, which go into the history (issue #34).

The player list's *Withdraw…* opens a page (``…/withdraw/``) that says what
withdrawing does and asks why; only its POST (``…/drop/``) with the reason
withdraws. A GET, a POST without the reason, or the status menu's "dropped"
withdraws nobody.
"""

import pytest

from tests.tournament.pages import html_of, refused_on
from tournament.events import services
from tournament.events.models import StaffRole


@pytest.fixture
def cup(make_event, client, django_user_model):
    """A running event with two players, its director logged in; (event, Ana, director)."""
    event = make_event(slug="cup", name="Cup")
    ana = services.add_player(event, name="Ana")
    services.add_player(event, name="Ben")
    services.start_event(event)
    director = django_user_model.objects.create_user("dora")
    StaffRole.objects.create(event=event, user=director, role="director")
    client.force_login(director)
    return event, ana, director


def _url(registration, page="drop"):
    return f"/manage/cup/players/{registration.pk}/{page}/"


def test_withdraw_on_the_list_opens_a_confirmation(cup, client):
    _event, ana, _director = cup
    dashboard = html_of(client.get("/manage/cup/"))
    assert f'href="{_url(ana, "withdraw")}"' in dashboard
    page = html_of(client.get(_url(ana, "withdraw")))
    assert "Ana" in page and 'name="reason"' in page
    assert f'action="{_url(ana)}"' in page
    ana.refresh_from_db()
    assert ana.status == "active"


def test_a_post_without_a_reason_withdraws_nobody(cup, client):
    _event, ana, _director = cup
    refused_on(client.post(_url(ana), {}), "Reason", "This field is required.")
    refused_on(client.post(_url(ana), {"reason": "   "}), "Reason")
    ana.refresh_from_db()
    assert ana.status == "active"


def test_the_status_menu_does_not_withdraw_without_a_reason(cup, client):
    _event, ana, _director = cup
    client.post(f"/manage/cup/players/{ana.pk}/status/", {"status": "dropped"})
    ana.refresh_from_db()
    assert ana.status == "active"


def test_the_reason_goes_into_the_history_and_is_shown(cup, client):
    _event, ana, director = cup
    response = client.post(_url(ana), {"reason": "train home"})
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.status == "dropped"
    record = ana.history.latest()
    assert record.history_change_reason == 'registration.dropped {"words":"train home"}'
    assert record.history_user == director
    dashboard = html_of(client.get("/manage/cup/"))
    assert "train home" in dashboard.split(f'id="registration-{ana.pk}"')[1].split("</li>")[0]


def test_the_confirmation_page_speaks_japanese(cup, client):
    _event, ana, _director = cup
    page = html_of(client.get(_url(ana, "withdraw"), HTTP_ACCEPT_LANGUAGE="ja"))
    assert "理由" in page  # Reason
