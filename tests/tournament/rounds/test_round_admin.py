"""The director's round actions: unpublish seating or results, finish, delete the last round."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tournament.events import services
from tournament.events.errors import EventError
from tournament.events.models import Event, StaffRole
from tournament.results.sheet import services as results
from tournament.rounds import round_admin
from tournament.seating.models import Round, Seat, Table

SCORES = dict(zip("ESWN", (40000, 30000, 27000, 23000), strict=True))


@pytest.fixture
def event(make_event):
    return make_event(slug="cup", name="Cup")


@pytest.fixture
def staff(event, django_user_model):
    director = django_user_model.objects.create_user("dir", password="pw")
    judge = django_user_model.objects.create_user("judge", password="pw")
    StaffRole.objects.create(event=event, user=director, role="director")
    StaffRole.objects.create(event=event, user=judge, role="judge")
    return director, judge


@pytest.fixture
def rounds(event):
    """Two rounds of two tables, seated in a fixed pattern (no planner), round 1 published."""
    players = [services.add_player(event, name=f"P{i}") for i in range(8)]
    services.start_event(event)
    made = []
    for number in (1, 2):
        round_ = Round.objects.create(event=event, number=number, status="seated")
        for t in (1, 2):
            table = Table.objects.create(round=round_, number=t)
            for wind, reg in zip("ESWN", players[(t - 1) * 4 : t * 4], strict=True):
                Seat.objects.create(round=round_, table=table, wind=wind, registration=reg)
        made.append(round_)
    Round.objects.filter(number=1).update(status="published", published_at=timezone.now())
    return [Round.objects.get(pk=r.pk) for r in made]


def play(table, staff, confirm=True):
    director, judge = staff
    sheet = results.save_final_scores(table, SCORES, by=director, base_version=0)
    if confirm:
        results.submit_sheet(table, by=director, version=sheet.version)
        results.confirm_sheet(table, by=judge, version=sheet.version)


@pytest.fixture
def director_client(client, staff):
    client.force_login(staff[0])
    return client


URLS = ["unpublish", "unpublish-results", "finish", "delete"]


@pytest.mark.parametrize("role", ["judge", "viewer", None])
@pytest.mark.parametrize("action", URLS)
def test_only_directors_act_on_rounds(client, event, rounds, role, action):
    if role is not None:
        user = get_user_model().objects.create_user(f"u-{role}")
        StaffRole.objects.create(event=event, user=user, role=role)
        client.force_login(user)
    response = client.post(f"/manage/cup/round/1/{action}/", {"reason": "x"})
    assert response.status_code == (403 if role else 302)
    if role is None:
        assert response["Location"].startswith("/accounts/login/")
    assert Round.objects.get(number=1).status == "published"


@pytest.mark.parametrize("action", URLS)
def test_actions_are_post_only(director_client, rounds, action):
    assert director_client.get(f"/manage/cup/round/1/{action}/").status_code == 405


def test_unpublish_the_seating_with_a_reason(director_client, rounds, staff):
    url = "/manage/cup/round/1/unpublish/"
    response = director_client.post(url, {"reason": ""}, follow=True)
    assert "Reason: This field is required." in response.content.decode()
    assert Round.objects.get(number=1).status == "published"
    director_client.post(url, {"reason": "wrong table numbers"})
    round_ = Round.objects.get(number=1)
    assert (round_.status, round_.published_at) == ("seated", None)
    record = round_.history.first()
    assert record.history_user == staff[0]
    assert record.history_change_reason == 'round.unpublished {"words":"wrong table numbers"}'


def test_unpublish_is_refused_once_results_are_entered(rounds, staff):
    play(rounds[0].tables.get(number=2), staff, confirm=False)
    with pytest.raises(EventError, match="results are entered at Table 2"):
        round_admin.unpublish_round(rounds[0], reason="oops")


def test_unpublish_results(director_client, rounds, staff):
    for table in rounds[0].tables.all():
        play(table, staff)
    Round.objects.filter(pk=rounds[0].pk).update(results_published_at=timezone.now())
    html = director_client.get("/manage/cup/round/1/").content.decode()
    assert "Unpublish results" in html
    director_client.post("/manage/cup/round/1/unpublish-results/", {"reason": "typo at table 2"})
    round_ = Round.objects.get(number=1)
    assert round_.results_published_at is None
    assert "typo at table 2" in round_.history.first().history_change_reason
    with pytest.raises(EventError, match="are not published"):
        round_admin.unpublish_results(round_, reason="again")


def test_finish_a_round_names_the_tables_not_confirmed(director_client, rounds, staff):
    play(rounds[0].tables.get(number=1), staff)
    play(rounds[0].tables.get(number=2), staff, confirm=False)
    assert "Finish round" not in director_client.get("/manage/cup/round/1/").content.decode()
    response = director_client.post("/manage/cup/round/1/finish/", follow=True)
    assert "no confirmed sheet for Table 2" in response.content.decode()
    assert Round.objects.get(number=1).status == "published"


def test_finish_a_round(director_client, rounds, staff):
    for table in rounds[0].tables.all():
        play(table, staff)
    assert "Finish round" in director_client.get("/manage/cup/round/1/").content.decode()
    director_client.post("/manage/cup/round/1/finish/")
    round_ = Round.objects.get(number=1)
    assert round_.status == "finished"
    assert round_.history.first().history_change_reason == "round.finished"
    assert round_.history.first().history_user == staff[0]


def test_delete_the_last_unplayed_round(director_client, rounds, staff):
    html = director_client.get("/manage/cup/round/2/").content.decode()
    assert "Delete round" in html
    assert "Delete round" not in director_client.get("/manage/cup/round/1/").content.decode()
    response = director_client.post("/manage/cup/round/2/delete/", {"reason": "seated twice"})
    assert response.status_code == 302
    assert response["Location"] == "/manage/cup/"
    assert not Round.objects.filter(number=2).exists()
    assert Table.objects.filter(round__number=2).count() == 0
    deleted = Round.history.filter(history_type="-").get()
    assert deleted.number == 2
    assert deleted.history_user == staff[0]
    assert deleted.history_change_reason == 'round.deleted {"number":2,"words":"seated twice"}'
    assert Seat.history.filter(history_type="-", history_user=staff[0]).count() == 8


def test_only_the_last_round_can_be_deleted(rounds):
    with pytest.raises(EventError, match="round 2 comes after it"):
        round_admin.delete_round(rounds[0], reason="x")


def test_a_played_round_cannot_be_deleted(rounds, staff):
    Round.objects.filter(pk=rounds[1].pk).update(status="published", published_at=timezone.now())
    play(rounds[1].tables.get(number=1), staff, confirm=False)
    with pytest.raises(EventError, match="results are entered at Table 1"):
        round_admin.delete_round(rounds[1], reason="x")
    assert Round.objects.filter(pk=rounds[1].pk).exists()


def test_a_reason_is_required_by_the_services(rounds):
    with pytest.raises(EventError, match="Say why"):
        round_admin.delete_round(rounds[1], reason="  ")


def test_nothing_changes_in_a_finished_event(director_client, rounds):
    Event.objects.filter(slug="cup").update(status="finished")
    html = director_client.get("/manage/cup/round/2/").content.decode()
    assert "Delete round" not in html
    response = director_client.post("/manage/cup/round/2/delete/", {"reason": "x"}, follow=True)
    assert "has finished" in response.content.decode()
    assert Round.objects.filter(number=2).exists()


def test_an_unknown_round_is_404(director_client, rounds):
    assert director_client.post("/manage/cup/round/9/delete/", {"reason": "x"}).status_code == 404
