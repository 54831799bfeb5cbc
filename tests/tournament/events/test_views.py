"""Director pages: login, 403 for the wrong role, forms that explain, CSV preview then confirm."""

import datetime

import pytest

from tests.tournament.pages import html_of
from tournament.events import services
from tournament.events.models import Event, Registration, StaffRole

CSV = "name,club,country\n佐藤 花子,東京,JP\nLena Fischer,Hamburg,DE\n王芳,北京,CN\nAna,,PT\n"


MANAGE_GETS = ["/manage/cup/players/import/", "/manage/cup/players/add/"]
MANAGE_POSTS = [
    "/manage/cup/start/",
    "/manage/cup/players/import/confirm/",
    "/manage/cup/roles/",
    "/manage/cup/rounds/seat/",
]


@pytest.mark.parametrize("url", ["/manage/", "/manage/new/", "/manage/cup/", *MANAGE_GETS])
def test_anonymous_users_are_sent_to_login(client, event, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


@pytest.mark.parametrize("role", ["stranger", "viewer", "judge"])
@pytest.mark.parametrize(
    ("method", "url"), [("get", u) for u in MANAGE_GETS] + [("post", u) for u in MANAGE_POSTS]
)
def test_only_directors_manage(client, login, role, method, url):
    login(role)
    response = getattr(client, method)(url)
    assert response.status_code == 403
    assert "Not allowed" in response.content.decode()


@pytest.mark.parametrize(
    ("role", "status"),
    [("stranger", 403), ("viewer", 200), ("judge", 200), ("director", 200), ("superuser", 200)],
)
def test_who_sees_the_dashboard(client, login, role, status):
    login(role)
    assert client.get("/manage/cup/").status_code == status


def test_a_judge_in_another_event_is_refused(client, login, make_event, django_user_model):
    other = make_event(slug="other")
    user = login("stranger")
    StaffRole.objects.create(event=other, user=user, role="judge")
    assert client.get("/manage/cup/").status_code == 403
    assert client.get("/manage/other/").status_code == 200


def test_viewer_sees_no_manage_buttons(client, login, event):
    login("viewer")
    html = client.get("/manage/cup/").content.decode()
    assert "Import CSV" not in html
    assert "Seat round" not in html


def test_event_list_shows_only_my_events(client, login, make_event):
    make_event(slug="secret", name="Secret Cup")
    login("judge")
    response = client.get("/manage/")
    html = response.content.decode()
    assert "Cup" in html
    assert "Secret Cup" not in html
    assert "New event" not in html


def test_login_page(client, db):
    html = html_of(client.get("/accounts/login/?next=/manage/"))
    assert "Staff login" in html
    assert 'name="username"' in html


def test_login_and_logout(client, django_user_model, db):
    django_user_model.objects.create_user("dora", password="a-long-passphrase")
    response = client.post("/accounts/login/", {"username": "dora", "password": "nope"})
    assert response.status_code == 200
    assert "Please correct the following" in response.content.decode()
    response = client.post(
        "/accounts/login/", {"username": "dora", "password": "a-long-passphrase"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/manage/"
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/manage/").status_code == 302


# -- create event -------------------------------------------------------------

GOOD_EVENT = {
    "name": "Spring Cup",
    "slug": "spring-cup",
    "ruleset": "wrc",
    "ruleset_overrides": '{"kiriage": false}',
    "start_date": "2026-06-01",
    "end_date": "2026-06-02",
    "is_public": "on",
}


def test_create_event(client, login):
    user = login("superuser")
    assert client.get("/manage/new/").status_code == 200
    response = client.post("/manage/new/", GOOD_EVENT)
    assert response.status_code == 302
    assert response["Location"] == "/manage/spring-cup/"
    event = Event.objects.get(slug="spring-cup")
    assert event.ruleset_overrides == {"kiriage": False}
    assert event.start_date == datetime.date(2026, 6, 1)
    assert StaffRole.objects.get(event=event, user=user).role == "director"


def test_only_event_creators_may_create(client, login):
    login("director")
    assert client.get("/manage/new/").status_code == 403
    assert client.post("/manage/new/", GOOD_EVENT).status_code == 403
    assert not Event.objects.filter(slug="spring-cup").exists()


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"ruleset_overrides": "{kiriage: false}"}, "Ruleset overrides", "not valid JSON"),
        ({"ruleset_overrides": "[1]"}, "Ruleset overrides", "Write a JSON object"),
        (
            {"ruleset_overrides": '{"bogus": 1}'},
            "Ruleset overrides",
            "“bogus” is not an option of this ruleset",
        ),
        ({"slug": "Spring Cup"}, "Short name", "lowercase letters"),
        ({"slug": "cup"}, "Short name", "already uses"),
        ({"end_date": "2026-05-01"}, "Last day", "cannot end before it starts"),
        ({"name": ""}, "Event name", "This field is required."),
        ({"ruleset": "poker"}, "Ruleset", "Select a valid choice"),
    ],
)
def test_create_event_errors_name_the_field(client, login, changes, field, message):
    login("superuser")
    html = html_of(client.post("/manage/new/", {**GOOD_EVENT, **changes}))
    assert f"{field}</a>: " in html
    assert message in html
    assert not Event.objects.filter(slug="spring-cup").exists()


def test_form_errors_in_japanese(client, login):
    login("superuser")
    client.post("/i18n/setlang/", {"language": "ja"})
    response = client.post("/manage/new/", {**GOOD_EVENT, "name": "", "ruleset_overrides": "{"})
    html = response.content.decode()
    assert "次の点を修正してください" in html
    assert "大会名</a>: このフィールドは必須です。" in html
    assert "ルールの変更点</a>: 正しいJSONではありません" in html


# -- players ------------------------------------------------------------------


def test_import_preview_then_confirm(client, login, event):
    login("director")
    assert client.get("/manage/cup/players/import/").status_code == 200
    response = client.post("/manage/cup/players/import/", {"text": CSV})
    html = html_of(response)
    assert "4 players are ready to be registered." in html
    assert "佐藤 花子" in html
    assert not Registration.objects.exists()
    response = client.post(
        "/manage/cup/players/import/confirm/", {"csv_text": response.context["csv_text"]}
    )
    assert response.status_code == 302
    assert event.registrations.count() == 4
    html = client.get("/manage/cup/").content.decode()
    assert "4 players registered." in html
    assert "王芳" in html


def test_import_upload_with_problems_saves_nothing(client, login, event):
    from django.core.files.uploadedfile import SimpleUploadedFile

    login("director")
    bad = "name,club,country\n佐藤 花子,東京,JP\n,Nameless,DE\nBen,,ZZ\n".encode()
    upload = SimpleUploadedFile("players.csv", bad, content_type="text/csv")
    response = client.post("/manage/cup/players/import/", {"file": upload})
    html = response.content.decode()
    assert "2 problems: nothing will be saved until they are fixed." in html
    assert "The player needs a name." in html
    assert "“ZZ” is not a country code" in html
    assert "confirm-import" not in html
    assert "Preview again" in html
    # Posting the bad file to confirm anyway is refused too.
    response = client.post("/manage/cup/players/import/confirm/", {"csv_text": bad.decode()})
    assert response.status_code == 400
    assert not Registration.objects.exists()


def test_import_refuses_a_file_that_is_not_utf8(client, login, event):
    from django.core.files.uploadedfile import SimpleUploadedFile

    login("director")
    # Windows-1252 and Shift_JIS are read now; GBK is still refused.
    upload = SimpleUploadedFile("players.csv", "name\n王芳\n".encode("gbk"))
    response = client.post("/manage/cup/players/import/", {"file": upload})
    assert response.status_code == 200
    assert "not UTF-8" in response.content.decode()


def test_import_needs_a_file_or_text(client, login, event):
    login("director")
    response = client.post("/manage/cup/players/import/", {})
    assert "Choose a CSV file or paste its contents." in response.content.decode()


def test_add_player_and_substitute(client, login, event):
    login("director")
    response = client.post(
        "/manage/cup/players/add/", {"name": "Ana", "country": "pt", "status": "substitute"}
    )
    assert response.status_code == 302
    registration = event.registrations.get()
    assert registration.status == "substitute"
    assert registration.country == "PT"
    response = client.post(
        "/manage/cup/players/add/", {"name": "Ben", "country": "QQ", "status": "active"}
    )
    assert response.status_code == 200
    assert "not a country code" in response.content.decode()


def test_drop_and_bring_back(client, login, event):
    user = login("director")
    registration = services.add_player(event, name="Ana")
    response = client.post(f"/manage/cup/players/{registration.pk}/drop/", {"reason": "ill"})
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.status == "dropped"
    record = registration.history.latest()
    assert record.history_user == user
    assert record.history_change_reason == 'registration.dropped {"words":"ill"}'
    client.post(f"/manage/cup/players/{registration.pk}/status/", {"status": "active"})
    registration.refresh_from_db()
    assert registration.status == "active"
    assert client.get(f"/manage/cup/players/{registration.pk}/drop/").status_code == 405


def test_players_of_another_event_are_404(client, login, event, make_event):
    login("director")
    other = services.add_player(make_event(slug="other"), name="Zed")
    assert client.post(f"/manage/cup/players/{other.pk}/drop/").status_code == 404


def test_start_event(client, login, event):
    login("director")
    response = client.post("/manage/cup/start/", follow=True)
    event.refresh_from_db()
    assert event.status == "running"
    assert "its ruleset is now fixed" in response.content.decode()
    response = client.post("/manage/cup/start/", follow=True)
    assert "has already started" in response.content.decode()


def test_grant_role(client, login, event, django_user_model):
    login("director")
    django_user_model.objects.create_user("judy")
    response = client.post("/manage/cup/roles/", {"username": "judy", "role": "judge"}, follow=True)
    assert StaffRole.objects.get(event=event, user__username="judy").role == "judge"
    assert "judy is now Judge." in response.content.decode()
    response = client.post(
        "/manage/cup/roles/", {"username": "nobody", "role": "judge"}, follow=True
    )
    assert "User name: There is no user “nobody”." in response.content.decode()
