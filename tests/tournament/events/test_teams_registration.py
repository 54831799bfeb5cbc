"""Teams at registration and on the director's pages (issue #21, part A).

A team comes in with the CSV (a ``team`` column, however the sheet spells
it), the ``create_event`` command, the add-player form or the API, is
corrected on the edit form with a reason (history kept), and shows on the
registration list, the player's public page and the standings. The event's
settings choose the team rankings. Seating keeps a team apart first; the
round page names teammates who still meet.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.utils import translation
from rest_framework.test import APIClient

from tests.tournament.public.play import make_played
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)
from tournament.api.tokens import make_token
from tournament.events import csv_import, services
from tournament.events.change_reasons import describe
from tournament.events.editing import EventFieldError, edit_event, edit_player
from tournament.events.errors import EventError
from tournament.events.models import Event, Registration
from tournament.rounds.services import seat_round
from tournament.seating.models import Round, Seat, Table
from tournament.seating.quality import event_quality
from tournament.standings.services import publish_results

LONG = "T" * 201


def _team_of(event, name):
    return Registration.objects.get(event=event, name=name).team


# -- CSV and the command --------------------------------------------------------------


@pytest.mark.parametrize(
    "header",
    [
        "name,club,country,team",
        "Player;Club;Country;Team name",
        "名前,クラブ,国,チーム",
        "姓名,俱乐部,国家,队伍",
    ],
)
def test_the_csv_team_column_in_each_language(event, director, header):
    delimiter = ";" if ";" in header else ","
    rows = [["Ana", "Riichi Lisboa", "PT", "  Portugal   A "], ["Ben", "Tiles", "DE", ""]]
    text = header + "\n" + "\n".join(delimiter.join(row) for row in rows) + "\n"
    preview = csv_import.import_players_preview(event, text)
    assert preview.ok, preview.problems
    assert [(r.name, r.club, r.team) for r in preview.rows] == [
        ("Ana", "Riichi Lisboa", "Portugal A"),
        ("Ben", "Tiles", ""),
    ]
    csv_import.import_players(event, text, by=director)
    assert _team_of(event, "Ana") == "Portugal A"
    assert Registration.objects.get(event=event, name="Ana").club == "Riichi Lisboa"


def test_the_preview_page_shows_nothing_saved_and_the_import_keeps_the_team(
    client, event, director
):
    text = "name,team\nAna,Red\nBen,Blue\n"
    response = client.post("/manage/cup/players/import/", {"text": text})
    assert response.status_code == 200
    html = response.content.decode()
    assert '<th scope="col">Team</th>' in html and "<td>Blue</td>" in html
    assert not Registration.objects.filter(event=event).exists()
    response = client.post("/manage/cup/players/import/confirm/", {"csv_text": text})
    assert response.status_code == 302
    assert (_team_of(event, "Ana"), _team_of(event, "Ben")) == ("Red", "Blue")


@pytest.mark.parametrize(
    ("team", "words"),
    [(LONG, "Team: at most 200 characters"), ("Red\x07", "Team contains a control character")],
)
def test_a_bad_team_in_the_csv_is_named_with_its_line(event, team, words):
    preview = csv_import.import_players_preview(event, f"name,team\nAna,Red\nBen,{team}\n")
    assert not preview.ok
    assert [p.line for p in preview.problems] == [3]
    assert words in str(preview.problems[0])
    with pytest.raises(EventError):
        csv_import.import_players(event, f"name,team\nAna,Red\nBen,{team}\n")
    assert not Registration.objects.filter(event=event).exists()  # all or nothing


def test_the_team_problem_in_japanese(event):
    with translation.override("ja"):
        preview = csv_import.import_players_preview(event, f"名前,チーム\nAna,{LONG}\n")
        assert "チーム" in str(preview.problems[0])


def test_create_event_registers_the_teams(db, tmp_path, capsys):
    players = tmp_path / "players.csv"
    players.write_text(
        "name,club,country,team\n" + "".join(f"P{i},C{i % 3},JP,Team {i // 4}\n" for i in range(8)),
        encoding="utf-8",
    )
    call_command(
        "create_event", "team-cup", "--name", "Team Cup", "--ruleset", "mcr", "--players", players
    )
    event = Event.objects.get(slug="team-cup")
    teams = sorted(event.registrations.values_list("team", flat=True))
    assert teams == ["Team 0"] * 4 + ["Team 1"] * 4


# -- the add and edit forms ------------------------------------------------------------


def test_the_add_player_form_takes_a_team(client, event, director):
    html = client.get("/manage/cup/players/add/").content.decode()
    assert 'name="team"' in html
    post = {"name": "Ana", "team": " Red  Dragons ", "status": "active"}
    assert client.post("/manage/cup/players/add/", post).status_code == 302
    registration = Registration.objects.get(event=event, name="Ana")
    assert registration.team == "Red Dragons"
    assert registration.history.first().history_change_reason == "registration.added"
    html = client.get("/manage/cup/").content.decode()
    assert "Team Red Dragons" in html  # the registration list


def test_a_team_too_long_is_refused_next_to_the_field(client, event, director):
    response = client.post("/manage/cup/players/add/", {"name": "Ana", "team": LONG})
    assert response.status_code == 200
    html = response.content.decode()
    assert '<a href="#id_team">Team</a>:' in html
    assert 'value="Ana"' in html  # nothing typed is lost
    assert not Registration.objects.filter(event=event).exists()
    with pytest.raises(EventError, match="Team: at most 200"):
        services.add_player(event, name="Ana", team=LONG)


def test_a_typo_in_the_team_is_corrected_with_a_reason(client, event, director):
    registration = services.add_player(event, name="Ana", club="Tiles", team="Portgual")
    url = f"/manage/cup/players/{registration.pk}/edit/"
    html = client.get(url).content.decode()
    assert 'value="Portgual"' in html
    post = {"name": "Ana", "club": "Tiles", "team": "Portugal", "reason": "typo"}
    assert client.post(url, post).status_code == 302
    registration.refresh_from_db()
    assert registration.team == "Portugal"
    latest, before = registration.history.all()[:2]
    assert latest.history_user == director
    assert latest.history_change_reason.startswith("registration.team_set")
    assert describe(latest.history_change_reason) == "team set: typo"
    with translation.override("ja"):
        assert describe(latest.history_change_reason).endswith("typo")
    assert before.team == "Portgual"  # the history keeps the old team
    # Nothing changes: no new record.
    assert client.post(url, post).status_code == 302
    assert registration.history.count() == 2


def test_the_edit_form_refuses_a_bad_team_and_keeps_the_old_one(client, event, director):
    registration = services.add_player(event, name="Ana", team="Red")
    url = f"/manage/cup/players/{registration.pk}/edit/"
    response = client.post(url, {"name": "Ana", "team": "Re\x07d"})
    assert response.status_code == 400
    assert '<a href="#id_team">Team</a>:' in response.content.decode()
    with pytest.raises(EventFieldError) as refused:
        edit_player(registration, name="Ana", team=LONG)
    assert refused.value.field == "team"
    registration.refresh_from_db()
    assert registration.team == "Red"


def test_edit_player_without_a_team_keeps_it(event):
    registration = services.add_player(event, name="Ana", team="Red", group="G")
    edit_player(registration, name="Ana", group="H")
    registration.refresh_from_db()
    assert (registration.team, registration.group) == ("Red", "H")
    assert registration.history.first().history_change_reason == "registration.edited"


def test_the_api_registers_a_team(event, director):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {make_token(director, 'test')[1]}")
    body = {"name": "Ana", "team": "Red", "latin_first_name": "Ana"}
    response = api.post("/api/v1/manage/events/cup/players/", body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["registrations"][0]["team"] == "Red"
    assert _team_of(event, "Ana") == "Red"  # the Latin names' edit keeps the team
    response = api.post("/api/v1/manage/events/cup/players/", {"name": "Ben"}, format="json")
    assert response.json()["registrations"][0]["team"] == ""


# -- the event's team rankings ---------------------------------------------------------

SETTINGS = {
    "name": "Cup",
    "start_date": "2026-06-01",
    "end_date": "2026-06-02",
    "is_public": "on",
    "ruleset": "wrc",
    "ruleset_overrides": "{}",
}


def _teams(event, sizes):
    for t, size in enumerate(sizes):
        for i in range(size):
            services.add_player(event, name=f"P{t}-{i}", team=f"Team {t}")


def test_the_settings_form_sets_the_team_rankings(client, event, director):
    _teams(event, [4, 4, 3])
    html = client.get("/manage/cup/edit/").content.decode()
    assert "Rank teams by all members" in html and "Rank teams by their best members" in html
    post = {**SETTINGS, "team_sum_all": "on", "team_best_n": "3"}
    response = client.post("/manage/cup/edit/", post, follow=True)
    assert response.redirect_chain
    assert "No player has a team yet" not in response.content.decode()
    event.refresh_from_db()
    assert (event.team_sum_all, event.team_best_n) == (True, 3)
    record = event.history.first()
    assert "team_sum_all" in record.history_change_reason
    assert record.history_user == director
    # Both off again: no team standings.
    assert client.post("/manage/cup/edit/", SETTINGS).status_code == 302
    event.refresh_from_db()
    assert (event.team_sum_all, event.team_best_n) == (False, None)


@pytest.mark.parametrize(
    ("best", "words"),
    [
        ("0", "Ensure this value is greater than or equal to 1."),
        ("5", "The largest team has 4 members: count at most 4"),
        ("two", "Enter a whole number."),
    ],
)
def test_a_bad_best_n_is_refused_next_to_the_field(client, event, director, best, words):
    _teams(event, [4, 3])
    response = client.post("/manage/cup/edit/", {**SETTINGS, "team_best_n": best})
    assert response.status_code == 400
    html = response.content.decode()
    assert '<a href="#id_team_best_n">Rank teams by their best members</a>:' in html
    assert words in html
    event.refresh_from_db()
    assert event.team_best_n is None


def test_best_n_in_japanese(client, event, director):
    _teams(event, [2])
    with translation.override("ja"):
        with pytest.raises(EventFieldError) as refused:
            edit_event(event, **_dates(event), team_best_n=3)
        assert refused.value.field == "team_best_n"
        assert "2" in str(refused.value.message) and "The largest" not in refused.value.message
    with pytest.raises(EventFieldError, match="at least one member"):
        edit_event(event, **_dates(event), team_best_n=0)


def _dates(event):
    return {
        "name": event.name,
        "start_date": event.start_date,
        "end_date": event.end_date,
        "is_public": event.is_public,
    }


def test_rankings_before_any_team_are_saved_with_a_warning(client, event, director):
    services.add_player(event, name="Ana")
    post = {**SETTINGS, "team_best_n": "3"}
    response = client.post("/manage/cup/edit/", post, follow=True)
    assert "No player has a team yet" in response.content.decode()
    event.refresh_from_db()
    assert event.team_best_n == 3


def test_callers_that_do_not_know_the_team_rankings_leave_them(event):
    Event.objects.filter(pk=event.pk).update(team_sum_all=True, team_best_n=2)
    event.refresh_from_db()
    edit_event(event, **{**_dates(event), "name": "Cup 2"})
    event.refresh_from_db()
    assert (event.name, event.team_sum_all, event.team_best_n) == ("Cup 2", True, 2)


# -- the public pages ------------------------------------------------------------------

ROUND_1 = [
    {"E": 45200, "S": 36000, "W": 22000, "N": 16800},
    {"E": 30000, "S": 30000, "W": 30000, "N": 30000},
]


@pytest.fixture
def played(make_event, make_player, staff):  # noqa: F811
    return make_played(make_event, make_player, staff)


def test_the_player_page_and_the_standings_show_the_team(client, played):
    akagi, bai = played.registrations[:2]
    slug = played.event.slug
    round_ = played.seat(1)
    played.play(round_, ROUND_1)
    publish_results(round_)
    html = client.get(f"/e/{slug}/standings/").content.decode()
    assert "col-team" not in html  # no team in the event: no column
    edit_player(akagi, name=akagi.name, club=akagi.club, team="Kanto")
    html = client.get(f"/e/{slug}/player/{akagi.pk}/").content.decode()
    assert '<dd class="player-team">Kanto</dd>' in html
    assert "player-team" not in client.get(f"/e/{slug}/player/{bai.pk}/").content.decode()
    html = client.get(f"/e/{slug}/standings/").content.decode()
    assert ">Team</a></th>" in html
    assert '<td class="col-team prio-mid">Kanto</td>' in html
    # A typo corrected: the standings follow.
    edit_player(akagi, name=akagi.name, club=akagi.club, team="Kantō")
    html = client.get(f"/e/{slug}/standings/").content.decode()
    assert '<td class="col-team prio-mid">Kantō</td>' in html and ">Kanto<" not in html
    with translation.override("ja"):
        html = client.get(f"/e/{slug}/standings/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert ">チーム</a></th>" in html


# -- seating ---------------------------------------------------------------------------


def test_seating_keeps_teams_apart(event):
    _teams(event, [4, 4, 4, 4])
    services.start_event(event)
    seat_round(event, 1, seed=1)
    assert event_quality(event).club_meetings == 0


def test_the_round_page_names_teammates_who_meet(client, event, director):
    _teams(event, [4, 4])  # two teams, two tables: teammates must meet
    services.add_player(event, name="Solo", club="Tiles")  # a club, not a team
    services.start_event(event)
    regs = list(event.registrations.order_by("pk"))
    round_ = Round.objects.create(event=event, number=1, status="seated")
    for t, four in enumerate([regs[0:2] + regs[4:6], regs[2:4] + regs[6:8]], start=1):
        table = Table.objects.create(round=round_, number=t)
        for wind, registration in zip("ESWN", four, strict=True):
            Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    html = client.get("/manage/cup/round/1/").content.decode()
    assert 'id="quality-teammates"' in html
    assert "Teammates at one table" in html and "Teammate or club meetings" in html
    assert "Round 1: P0-0 and P0-1" in html
    assert "These teammates sit at one table" in html
    assert "Clubmates at one table" not in html
    with translation.override("ja"):
        html = client.get("/manage/cup/round/1/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "Teammates at one table" not in html
