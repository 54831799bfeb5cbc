"""The public pages, on the demo event that ``make run`` loads."""

import pytest
from django.core.management import call_command

from tests.tournament.pages import html_of
from tournament.events.models import Event, Registration
from tournament.seating.models import Seat

DEMO_PLAYERS = 32
DEMO_ROUNDS = 4


def test_demo_loads_one_running_public_event(demo_event):
    assert demo_event.name == "Demo Open 2026"
    assert demo_event.ruleset == "jpml-b"
    assert demo_event.status == Event.Status.RUNNING
    assert demo_event.is_public
    assert demo_event.registrations.filter(status="active").count() == DEMO_PLAYERS
    assert demo_event.registrations.filter(name="佐藤 花子", country="JP").exists()
    assert demo_event.ruleset_config["ruleset"] == "jpml-b"
    rounds = demo_event.rounds.order_by("number")
    assert [(r.number, r.status) for r in rounds] == [
        (n, "published") for n in range(1, DEMO_ROUNDS + 1)
    ]
    for round_ in rounds:
        assert round_.seats.count() == DEMO_PLAYERS


def test_demo_loads_again_without_duplicates(demo_event):
    """``make run`` loads it on every start."""
    call_command("load_demo", "--time-budget", "0.2", "--without-teams", verbosity=0)
    assert Event.objects.count() == 1
    assert Registration.objects.count() == DEMO_PLAYERS
    assert Seat.objects.count() == DEMO_PLAYERS * DEMO_ROUNDS


def test_demo_seating_page(client, demo_event):
    html = html_of(client.get("/e/demo-open/round/1/"))
    assert html.count('class="table-card"') == DEMO_PLAYERS // 4
    assert "佐藤 花子" in html


def test_home_lists_the_demo_event(client, demo_event):
    response = client.get("/")
    html = html_of(response)
    assert "Demo Open 2026" in html
    assert "JPML Rules B" in html
    assert "16 May 2026" in html  # day first (tournament/formats, #35)
    assert response.context["events"][0].player_count == DEMO_PLAYERS
    assert f'href="/e/{demo_event.slug}/"' in html


def test_home_hides_unpublished_events(client, make_event):
    make_event(name="Secret Invitational", is_public=False)
    response = client.get("/")
    assert response.status_code == 200
    assert "Secret Invitational" not in response.content.decode()


def test_home_says_when_nothing_is_published(client, db):
    response = client.get("/")
    assert "No tournaments have been published yet." in response.content.decode()


def test_event_page_lists_the_players(client, demo_event):
    html = html_of(client.get("/e/demo-open/"))
    for registration in demo_event.registrations.select_related("player"):
        assert registration.name in html
    assert "佐藤 花子" in html
    assert "王芳" in html


def test_event_page_marks_substitutes_and_lists_dropped_players_apart(
    client, make_event, make_player
):
    event = make_event()
    for name, status in [("Ana", "active"), ("Ben", "substitute"), ("Cleo", "dropped")]:
        Registration.objects.create(event=event, player=make_player(), name=name, status=status)
    response = client.get(f"/e/{event.slug}/")
    assert [r.name for r in response.context["playing"]] == ["Ana", "Ben"]
    assert [r.name for r in response.context["dropped"]] == ["Cleo"]
    html = response.content.decode()
    assert "House substitute" in html
    assert "Withdrawn" in html


@pytest.mark.parametrize("slug", ["no-such-event", "hidden"])
def test_missing_or_unpublished_event_is_404(client, make_event, slug):
    make_event(slug="hidden", is_public=False)
    assert client.get(f"/e/{slug}/").status_code == 404


def test_healthz(client, db):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\ndatabase: ok\ncache: ok\n"
    assert response["Content-Type"].startswith("text/plain")


def test_the_demo_says_which_round_of_how_many(client, demo_event):
    """The demo plays 4 of its 6 planned rounds; its seating stays that of 4 rounds."""
    assert demo_event.rounds_planned == 6
    assert "Round 4 of 6" in client.get("/e/demo-open/").content.decode()
    assert "Round 2 of 6" in client.get("/e/demo-open/round/2/").content.decode()
