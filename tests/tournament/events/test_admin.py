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
        {"ema_id": "", "latin_first_name": "Aoife", "latin_last_name": "Byrne-Walsh"},
    )
    assert response.status_code == 302
    record = player.history.latest()
    assert record.latin_last_name == "Byrne-Walsh"
    assert record.history_user == admin_user


def test_admin_edits_a_registrations_own_name_and_club(admin_client, admin_user, demo_event):
    registration = demo_event.registrations.order_by("pk").first()
    response = admin_client.post(
        f"/admin/events/registration/{registration.pk}/change/",
        {
            "event": demo_event.pk,
            "player": registration.player_id,
            "name": "Aoife Byrne-Walsh",
            "club": "Dublin Riichi Club",
            "country": "IE",
            "status": registration.status,
            "team": "",
            "group": "",
        },
    )
    assert response.status_code == 302
    record = registration.history.latest()
    assert (record.name, record.club) == ("Aoife Byrne-Walsh", "Dublin Riichi Club")
    assert record.history_user == admin_user


def test_admin_requires_login(client, db):
    response = client.get("/admin/events/event/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
