"""Director pages that replace the Django admin: edit the event and players, staff accounts,
finish the event, the loopback SITE_URL warning, the counts on "Your events"."""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.tournament.pages import html_of, refused_on
from tournament.events import services
from tournament.events.change_reasons import describe
from tournament.events.editing import edit_event, edit_player
from tournament.events.errors import EventError
from tournament.events.models import Event, Player, Registration, StaffRole
from tournament.events.site_url import site_url_is_loopback
from tournament.rounds.round_admin import finish_event
from tournament.seating.models import Round, Seat, Table

RANDOM_TOKENS = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"|nonce="[^"]*"')


@pytest.fixture
def registration(event):
    return services.add_player(event, name="佐藤 花子", club="東京", country="JP")


def seat_rounds(event, players, rounds):
    """``rounds`` seated rounds of ``players`` registrations, without the planner."""
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number, status="seated")
        for t in range(len(players) // 4):
            table = Table.objects.create(round=round_, number=t + 1)
            for wind, reg in zip("ESWN", players[t * 4 : t * 4 + 4], strict=True):
                Seat.objects.create(round=round_, table=table, wind=wind, registration=reg)


EDIT_POST = {
    "name": "Cup 2026",
    "start_date": "2026-06-01",
    "end_date": "2026-06-03",
    "is_public": "on",
    "rounds_planned": "6",
    "hands_per_session": "",
    "time_limit_minutes": "90",
    "entry_level": "tiles",
    "ruleset": "wrc",
    "ruleset_overrides": "{}",
}


def manage_pages(event, registration):
    return [
        ("get", f"/manage/{event.slug}/edit/"),
        ("post", f"/manage/{event.slug}/edit/"),
        ("get", f"/manage/{event.slug}/players/{registration.pk}/edit/"),
        ("post", f"/manage/{event.slug}/players/{registration.pk}/edit/"),
        ("post", f"/manage/{event.slug}/finish/"),
        ("post", f"/manage/{event.slug}/staff/new/"),
        ("post", f"/manage/{event.slug}/roles/1/remove/"),
    ]


@pytest.mark.parametrize("role", ["stranger", "viewer", "judge"])
def test_only_directors_open_the_new_pages(client, login, event, registration, role):
    login(role)
    for method, url in manage_pages(event, registration):
        assert getattr(client, method)(url).status_code == 403, url


def test_anonymous_users_are_sent_to_login(client, event, registration):
    for method, url in manage_pages(event, registration):
        response = getattr(client, method)(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/"), url


def test_get_is_refused_for_actions(client, login, event):
    login("director")
    assert client.get("/manage/cup/finish/").status_code == 405
    assert client.get("/manage/cup/staff/new/").status_code == 405


# -- the event --------------------------------------------------------------------------


def test_director_edits_the_event(client, login, event):
    user = login("director")
    response = client.get("/manage/cup/edit/")
    assert response.status_code == 200
    assert "Number of rounds" in response.content.decode()
    response = client.post("/manage/cup/edit/", EDIT_POST)
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.name, event.rounds_planned, event.entry_level) == ("Cup 2026", 6, "tiles")
    assert event.end_date == datetime.date(2026, 6, 3)
    record = event.history.first()
    assert record.history_user == user
    assert record.history_change_reason.startswith("event.edited")
    assert "rounds_planned" in record.history_change_reason
    assert describe(record.history_change_reason) == "event settings changed"


def test_the_rules_change_in_draft_only(client, login, event):
    login("director")
    post = {**EDIT_POST, "ruleset_overrides": '{"kiriage": true}'}
    assert client.post("/manage/cup/edit/", post).status_code == 302
    event.refresh_from_db()
    assert event.ruleset_overrides == {"kiriage": True}
    services.start_event(event)
    post = {**EDIT_POST, "ruleset_overrides": '{"kiriage": false}'}
    html = html_of(client.post("/manage/cup/edit/", post), 400)
    assert "Ruleset overrides" in html
    assert "ruleset and options can no longer change" in html
    event.refresh_from_db()
    assert event.ruleset_overrides == {"kiriage": True}
    # everything else still changes after the start
    post = {**EDIT_POST, "ruleset_overrides": '{"kiriage": true}', "name": "Renamed"}
    assert client.post("/manage/cup/edit/", post).status_code == 302
    event.refresh_from_db()
    assert event.name == "Renamed"


def test_the_service_refuses_new_rules_after_the_start(event):
    services.start_event(event)
    with pytest.raises(EventError, match="ruleset and options are fixed"):
        edit_event(
            event,
            name="Cup",
            start_date=event.start_date,
            end_date=event.end_date,
            is_public=True,
            ruleset="mcr",
        )


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"ruleset_overrides": '{"no_such_option": 1}'}, "Ruleset overrides", "not an option"),
        ({"ruleset_overrides": "[1"}, "Ruleset overrides", "not valid JSON"),
        ({"end_date": "2026-05-01"}, "Last day", "cannot end before"),
        ({"rounds_planned": "0"}, "Number of rounds", ""),
        ({"rounds_planned": "abc"}, "Number of rounds", ""),
        ({"name": ""}, "Event name", ""),
    ],
)
def test_bad_event_settings_name_the_field(client, login, event, change, field, words):
    login("director")
    refused_on(client.post("/manage/cup/edit/", {**EDIT_POST, **change}), field, words)


def test_rounds_cannot_go_below_a_published_round(client, login, event):
    login("director")
    players = [services.add_player(event, name=f"P{i}") for i in range(4)]
    seat_rounds(event, players, 4)
    Round.objects.filter(number__lte=3).update(status="published", published_at=timezone.now())
    refused_on(
        client.post("/manage/cup/edit/", {**EDIT_POST, "rounds_planned": "2"}),
        "Number of rounds",
        "Round 3 is already published or played",
    )
    # round 4 is only seated ahead: a re-plan (or Delete round) removes it
    assert client.post("/manage/cup/edit/", {**EDIT_POST, "rounds_planned": "3"}).status_code == 302


# -- players ----------------------------------------------------------------------------

PLAYER_POST = {
    "name": "佐藤 花子",
    "latin_first_name": "Hanako",
    "latin_last_name": "Satō",
    "club": "Tokyo Riichi",
    "country": "jp",
    "ema_id": "04290042",
    "group": "Team A",
    "reason": "spelling on the entry form",
}


def test_director_edits_a_player(client, login, event, registration):
    user = login("director")
    url = f"/manage/cup/players/{registration.pk}/edit/"
    html = client.get(url).content.decode()
    assert "First name (Latin letters)" in html
    assert 'value="東京"' in html
    response = client.post(url, PLAYER_POST)
    assert response.status_code == 302
    player = Player.objects.get(pk=registration.player_id)
    assert (player.latin_first_name, player.latin_last_name) == ("Hanako", "Satō")
    assert player.ema_id == "04290042"
    registration.refresh_from_db()
    assert (registration.club, registration.country) == ("Tokyo Riichi", "JP")
    assert registration.group == "Team A"
    record = player.history.first()
    assert record.history_user == user
    assert "spelling on the entry form" in record.history_change_reason
    assert registration.history.first().history_change_reason.startswith("registration.edited")


def test_the_dashboard_links_each_player_to_its_edit_page(client, login, registration):
    login("director")
    html = client.get("/manage/cup/").content.decode()
    assert f"/manage/cup/players/{registration.pk}/edit/" in html


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"latin_last_name": "佐藤"}, "Last name (Latin letters)", "romanisation"),
        ({"latin_first_name": "Hana3"}, "First name (Latin letters)", "Latin letters"),
        ({"name": ""}, "Name", ""),
        ({"country": "XX"}, "Country", "not a country code"),
        ({"ema_id": "12ab"}, "EMA id", "not an EMA id"),
        ({"club": "a\x07b"}, "Club", "control character"),
    ],
)
def test_bad_player_fields_are_refused(client, login, registration, change, field, words):
    login("director")
    url = f"/manage/cup/players/{registration.pk}/edit/"
    refused_on(client.post(url, {**PLAYER_POST, **change}), field, words)
    registration.refresh_from_db()
    assert registration.club == "東京"


def test_accents_apostrophes_and_hyphens_are_latin(event, registration):
    edit_player(
        registration,
        name="Siobhán O'Neill-Ødegård",
        latin_first_name="Siobhán",
        latin_last_name="O’Neill-Ødegård",
    )
    assert Player.objects.get(pk=registration.player_id).latin_last_name == "O’Neill-Ødegård"


def test_an_ema_id_of_another_player_is_refused(event, registration, make_event):
    services.add_player(make_event(slug="elsewhere"), name="Someone", ema_id="111")
    with pytest.raises(EventError, match="already belongs to Someone"):
        edit_player(registration, name="佐藤 花子", ema_id="111")


def test_a_registration_of_another_event_is_404(client, login, make_event):
    other = make_event(slug="other")
    reg = services.add_player(other, name="Elsewhere")
    login("director")
    assert client.get(f"/manage/cup/players/{reg.pk}/edit/").status_code == 404


# -- staff accounts ---------------------------------------------------------------------


def test_director_creates_a_judge_with_a_password(client, login, event):
    director = login("director")
    response = client.post(
        "/manage/cup/staff/new/",
        {"username": "judy", "role": "judge", "password": "tiles-and-dragons-42"},
    )
    assert response.status_code == 302
    judy = get_user_model().objects.get(username="judy")
    assert judy.check_password("tiles-and-dragons-42")
    assert not judy.is_staff and not judy.is_superuser
    role = StaffRole.objects.get(event=event, user=judy)
    assert role.role == "judge"
    record = role.history.first()
    assert record.history_user == director
    assert record.history_change_reason == 'staff.account_created {"role":"judge"}'


def test_a_weak_password_is_refused_on_its_field(client, login, event):
    login("director")
    response = client.post(
        "/manage/cup/staff/new/", {"username": "judy", "role": "judge", "password": "123"}
    )
    refused_on(response, "Password", "too short")
    assert not get_user_model().objects.filter(username="judy").exists()


def test_a_taken_username_is_refused(client, login, event):
    login("director")
    response = client.post("/manage/cup/staff/new/", {"username": "user-director", "role": "judge"})
    assert response.status_code == 400
    assert "is taken; give that user a role instead" in response.content.decode()


def test_a_one_time_link_works_once(client, login, event):
    login("director")
    response = client.post("/manage/cup/staff/new/", {"username": "wang", "role": "viewer"})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    html = response.content.decode()
    start = html.index("/accounts/welcome/")
    path = html[start : html.index("<", start)]
    wang = get_user_model().objects.get(username="wang")
    assert not wang.has_usable_password()
    client.logout()
    page = client.get(path)
    assert page.status_code == 200
    assert "wang" in page.content.decode()
    weak = client.post(path, {"new_password1": "abc", "new_password2": "abc"})
    assert weak.status_code == 400
    response = client.post(
        path, {"new_password1": "east-wind-round-9", "new_password2": "east-wind-round-9"}
    )
    assert response.status_code == 302
    assert client.login(username="wang", password="east-wind-round-9")
    client.logout()
    used = client.get(path)
    assert used.status_code == 400
    assert "This link does not work" in used.content.decode()


@pytest.mark.parametrize(
    "path", ["/accounts/welcome/xx/yy/", "/accounts/welcome/MTIzNDU2/abc-def/"]
)
def test_a_bad_link_is_no_500(client, db, path):
    assert client.get(path).status_code == 400


def test_giving_a_role_to_an_existing_user_still_works(client, login, event, django_user_model):
    login("director")
    django_user_model.objects.create_user("li")
    response = client.post("/manage/cup/roles/", {"username": "li", "role": "judge"})
    assert response.status_code == 302
    assert StaffRole.objects.get(event=event, user__username="li").role == "judge"


def test_director_removes_a_role_with_confirm(client, login, event, django_user_model):
    director = login("director")
    judge = django_user_model.objects.create_user("j")
    role = StaffRole.objects.create(event=event, user=judge, role="judge")
    url = f"/manage/cup/roles/{role.pk}/remove/"
    client.post(url)
    assert StaffRole.objects.filter(pk=role.pk).exists()
    assert client.post(url, {"confirm": "1"}).status_code == 302
    assert not StaffRole.objects.filter(pk=role.pk).exists()
    record = StaffRole.history.filter(id=role.pk, history_type="-").get()
    assert record.history_user == director
    assert record.history_change_reason == 'staff.role_removed {"role":"judge"}'
    assert get_user_model().objects.filter(pk=judge.pk).exists()


def test_the_last_director_cannot_leave(client, login, event):
    director = login("director")
    role = StaffRole.objects.get(user=director)
    response = client.post(f"/manage/cup/roles/{role.pk}/remove/", {"confirm": "1"}, follow=True)
    assert "only director of this event" in response.content.decode()
    assert StaffRole.objects.filter(pk=role.pk).exists()
    response = client.post("/manage/cup/roles/", {"username": "user-director", "role": "judge"})
    assert StaffRole.objects.get(pk=role.pk).role == "director"


# -- finishing the event ----------------------------------------------------------------


def test_finish_refuses_unconfirmed_sheets_then_locks_results(client, login, event):
    from tournament.results.sheet import services as results

    director = login("director")
    judge = get_user_model().objects.create_user("judge2")
    StaffRole.objects.create(event=event, user=judge, role="judge")
    players = [services.add_player(event, name=f"P{i}") for i in range(8)]
    services.start_event(event)
    seat_rounds(event, players, 1)
    table1, table2 = Table.objects.order_by("number")
    scores = dict(zip("ESWN", (40000, 30000, 27000, 23000), strict=True))
    sheet = results.save_final_scores(table1, scores, by=director, base_version=0)
    results.submit_sheet(table1, by=director, version=sheet.version)
    results.confirm_sheet(table1, by=judge, version=sheet.version)
    response = client.post("/manage/cup/finish/", {"confirm": "1"}, follow=True)
    assert "round 1 (Table 2)" in response.content.decode()
    assert Event.objects.get(pk=event.pk).status == "running"
    sheet = results.save_final_scores(table2, scores, by=director, base_version=0)
    results.submit_sheet(table2, by=director, version=sheet.version)
    results.confirm_sheet(table2, by=judge, version=sheet.version)
    assert client.post("/manage/cup/finish/", {"confirm": "1"}).status_code == 302
    event.refresh_from_db()
    assert event.status == "finished"
    assert event.history.first().history_change_reason == "event.finished"
    assert event.history.first().history_user == director
    with pytest.raises(EventError, match="results are locked"):
        results.save_final_scores(table1, scores, by=director, base_version=2, reason="late fix")
    with pytest.raises(EventError, match="already finished"):
        finish_event(event)


def test_finish_needs_the_confirm_box_and_a_started_event(client, login, event):
    login("director")
    client.post("/manage/cup/finish/")
    assert Event.objects.get(pk=event.pk).status == "draft"
    response = client.post("/manage/cup/finish/", {"confirm": "1"}, follow=True)
    assert "has not started yet" in response.content.decode()


# -- dashboard: rounds of, counts, SITE_URL, no admin links ----------------------------


def test_round_of_rounds_on_the_dashboard_and_public_pages(client, login, event):
    login("director")
    players = [services.add_player(event, name=f"P{i}") for i in range(4)]
    seat_rounds(event, players, 3)
    Event.objects.filter(pk=event.pk).update(rounds_planned=6)
    # Seated is not played (issue #34): the dashboard counts the published rounds.
    html = client.get("/manage/cup/").content.decode()
    assert "Round 3 of 6" not in html and "Next to publish: round 1" in html
    Round.objects.filter(event=event).update(status="published")
    assert "Round 3 of 6" in client.get("/manage/cup/").content.decode()
    assert "Round 3 of 6" in client.get("/e/cup/").content.decode()
    assert "Round 2 of 6" in client.get("/e/cup/round/2/").content.decode()
    Event.objects.filter(pk=event.pk).update(rounds_planned=None)
    assert " of 6" not in client.get("/e/cup/round/2/").content.decode()


def test_your_events_counts_players_and_rounds_once(client, login, event):
    login("director")
    players = [services.add_player(event, name=f"Player {i}") for i in range(36)]
    seat_rounds(event, players, 6)
    row = Event.objects.with_player_count().filter(pk=event.pk)
    from django.db.models import Count

    row = row.annotate(round_count=Count("rounds", distinct=True)).get()
    assert (row.player_count, row.round_count) == (36, 6)
    html = client.get("/manage/").content.decode()
    html = RANDOM_TOKENS.sub("", html)  # a CSRF token or a nonce may hold "216" by chance
    assert "216" not in html and "222" not in html
    assert "36" in html


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://localhost:8000", True),
        ("http://[::1]:8000", True),
        ("http://0.0.0.0:8000", True),
        ("http://192.168.1.10:8000", False),
        ("https://mahjong.example.org", False),
    ],
)
def test_site_url_loopback(url, loopback):
    assert site_url_is_loopback(url) is loopback


def test_site_url_warning_on_the_dashboard_and_print_page(client, login, settings):
    login("director")
    settings.SITE_URL = "http://127.0.0.1:8000"
    for url in ("/manage/cup/", "/manage/cup/print/"):
        html = client.get(url).content.decode()
        assert "QR codes on printed sheets will point at this computer" in html, url
        assert "SITE_URL=http://192.168.1.10:8000" in html
    settings.SITE_URL = "http://192.168.1.10:8000"
    for url in ("/manage/cup/", "/manage/cup/print/"):
        assert "will point at this computer" not in client.get(url).content.decode()


def test_no_staff_link_points_at_the_admin(client, login, event):
    login("director")
    players = [services.add_player(event, name=f"P{i}") for i in range(4)]
    seat_rounds(event, players, 1)
    for url in ("/manage/", "/manage/cup/", "/manage/cup/round/1/", "/manage/cup/edit/"):
        html = client.get(url).content.decode()
        assert 'href="/admin' not in html, url
        assert 'action="/admin' not in html, url


def test_refused_edits_of_a_finished_event(event, registration):
    Event.objects.filter(pk=event.pk).update(status="finished")
    with pytest.raises(EventError, match="has finished"):
        edit_player(Registration.objects.get(pk=registration.pk), name="X")


def test_a_director_may_leave_when_another_director_stays(client, login, event, django_user_model):
    director = login("director")
    other = django_user_model.objects.create_user("second")
    StaffRole.objects.create(event=event, user=other, role="director")
    role = StaffRole.objects.get(user=director)
    response = client.post(f"/manage/cup/roles/{role.pk}/remove/", {"confirm": "1"})
    assert response["Location"] == "/manage/"
    assert not StaffRole.objects.filter(pk=role.pk).exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ja", ["大会の設定", "新しいスタッフアカウント", "大会を終了"]),
        ("zh-hans", ["赛事设置", "结束赛事"]),
    ],
)
def test_the_new_dashboard_strings_are_translated(client, login, event, language, words):
    login("director")
    services.start_event(event)
    html = client.get("/manage/cup/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for word in words:
        assert word in html
