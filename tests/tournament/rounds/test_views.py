"""Seating pages: seat, swap, publish as a director; the public sees published rounds only."""

import pytest

from tournament.events import services as event_services
from tournament.events.models import StaffRole
from tournament.rounds import services
from tournament.seating.models import Round, Seat


@pytest.fixture(autouse=True)
def _quick_planner(settings):
    settings.SEATING_TIME_BUDGET = 0.5


@pytest.fixture
def event(make_event):
    event = make_event(slug="cup", name="Cup", is_public=True)
    for n, name in enumerate(
        ["佐藤 花子", "王芳", "Lena Fischer", "Ana", "Ben", "Cleo", "Dan", "Eve"]
    ):
        event_services.add_player(event, name=name, club=f"Club {n % 3}", country="JP")
    return event_services.start_event(event)  # seating needs a started event (issue #34)


@pytest.fixture
def user_with(client, django_user_model, event):
    def make(role):
        user = django_user_model.objects.create_user(f"u-{role}")
        if role != "stranger":
            StaffRole.objects.create(event=event, user=user, role=role)
        client.force_login(user)
        return user

    return make


def test_director_seats_a_round(client, user_with, event):
    user_with("director")
    response = client.post("/manage/cup/rounds/seat/", {"number": 1, "method": "balanced"})
    assert response.status_code == 302
    assert response["Location"] == "/manage/cup/round/1/"
    round_ = Round.objects.get(event=event, number=1)
    assert round_.status == "seated"
    response = client.get("/manage/cup/round/1/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="table-card"') == 2
    assert "佐藤 花子" in html
    assert "Swap two seats" in html
    assert 'id="publish-round"' in html


def test_seating_refusals_are_shown(client, user_with, event):
    user_with("director")
    event_services.add_player(event, name="Odd One")
    response = client.post(
        "/manage/cup/rounds/seat/", {"number": 1, "method": "balanced"}, follow=True
    )
    html = response.content.decode()
    assert "9 players cannot fill tables of four: add 3 substitute(s) or drop 1 player(s)." in html
    assert not Round.objects.exists()
    response = client.post(
        "/manage/cup/rounds/seat/", {"number": "x", "method": "balanced"}, follow=True
    )
    assert "Round: Enter a whole number." in response.content.decode()


@pytest.mark.parametrize("role", ["stranger", "viewer", "judge"])
def test_only_directors_seat_swap_and_publish(client, user_with, event, role):
    services.seat_round(event, 1)
    user_with(role)
    seat_a, seat_b = Seat.objects.all()[:2]
    for url, data in [
        ("/manage/cup/rounds/seat/", {"number": 2, "method": "balanced"}),
        ("/manage/cup/round/1/swap/", {"seat_a": seat_a.pk, "seat_b": seat_b.pk, "reason": "x"}),
        ("/manage/cup/round/1/publish/", {}),
    ]:
        assert client.post(url, data).status_code == 403
    assert Round.objects.get().status == "seated"
    assert Round.objects.count() == 1


@pytest.mark.parametrize(("role", "status"), [("stranger", 403), ("viewer", 200), ("judge", 200)])
def test_who_sees_the_staff_round_page(client, user_with, event, role, status):
    services.seat_round(event, 1)
    user_with(role)
    response = client.get("/manage/cup/round/1/")
    assert response.status_code == status
    if status == 200:
        html = response.content.decode()
        assert "Swap two seats" not in html
        assert 'id="publish-round"' not in html


def test_swap_by_hand(client, user_with, event):
    user = user_with("director")
    round_ = services.seat_round(event, 1)
    seat_a = Seat.objects.get(round=round_, table__number=1, wind="E")
    seat_b = Seat.objects.get(round=round_, table__number=2, wind="W")
    a, b = seat_a.registration_id, seat_b.registration_id
    response = client.post(
        "/manage/cup/round/1/swap/",
        {"seat_a": seat_a.pk, "seat_b": seat_b.pk, "reason": "table 1 is step-free"},
    )
    assert response.status_code == 302
    assert Seat.objects.get(round=round_, table__number=1, wind="E").registration_id == b
    assert Seat.objects.get(round=round_, table__number=2, wind="W").registration_id == a
    record = Seat.history.filter(round_id=round_.pk, history_type="+", history_user=user).get()
    assert record.history_change_reason == 'seat.swapped {"words":"table 1 is step-free"}'


def test_swap_form_errors(client, user_with, event):
    user_with("director")
    round_ = services.seat_round(event, 1)
    seat = Seat.objects.filter(round=round_).first()
    response = client.post(
        "/manage/cup/round/1/swap/", {"seat_a": seat.pk, "seat_b": seat.pk, "reason": ""}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Second player</a>: Choose two different players." in html
    assert "Reason</a>: This field is required." in html


def test_publish_then_public_page(client, user_with, event):
    user_with("director")
    services.seat_round(event, 1)
    assert client.get("/e/cup/round/1/").status_code == 404
    response = client.post("/manage/cup/round/1/publish/", follow=True)
    assert "Round 1 is published." in response.content.decode()
    client.logout()
    response = client.get("/e/cup/round/1/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Where do I sit?" in html
    assert html.count('class="table-card"') == 2
    by_name = response.context["by_name"]
    assert len(by_name) == 8
    assert [s.registration.name for s in by_name][:3] == ["Ana", "Ben", "Cleo"]
    assert 'href="#table-' in html
    # The event page links to the published round.
    assert 'href="/e/cup/round/1/"' in client.get("/e/cup/").content.decode()


def test_public_seating_in_japanese(client, event):
    round_ = services.seat_round(event, 1)
    services.publish_round(round_)
    html = client.get("/e/cup/round/1/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "第1回戦" in html
    assert "自分の席は？" in html
    assert "1卓" in html
    assert "東家" in html


@pytest.mark.parametrize("case", ["unpublished round", "private event", "no such round"])
def test_public_page_shows_published_rounds_of_public_events_only(client, event, case):
    round_ = services.seat_round(event, 1)
    if case != "unpublished round":
        services.publish_round(round_)
    if case == "private event":
        event.is_public = False
        event.save()
    number = 2 if case == "no such round" else 1
    assert client.get(f"/e/cup/round/{number}/").status_code == 404
