"""The admin pages a director uses, including the change history."""

import pytest


@pytest.mark.parametrize(
    "url",
    [
        "/admin/events/event/",
        "/admin/events/event/{pk}/change/",
        "/admin/events/event/{pk}/history/",
        "/admin/events/player/",
        "/admin/events/registration/",
        "/admin/events/event/add/",
    ],
)
def test_admin_pages_open(admin_client, demo_event, url):
    # The event's id, not 1: PostgreSQL sequences are not reset between tests.
    assert admin_client.get(url.format(pk=demo_event.pk)).status_code == 200


def test_admin_history_names_the_editor(admin_client, admin_user, demo_event):
    player = demo_event.registrations.first().player
    response = admin_client.post(
        f"/admin/events/player/{player.pk}/change/",
        {"name": "Aoife Byrne-Walsh", "club": "Dublin Riichi Club", "country": "IE", "ema_id": ""},
    )
    assert response.status_code == 302
    record = player.history.latest()
    assert record.name == "Aoife Byrne-Walsh"
    assert record.history_user == admin_user


def test_admin_requires_login(client, db):
    response = client.get("/admin/events/event/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
