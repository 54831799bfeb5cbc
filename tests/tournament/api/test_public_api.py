"""The public read API shows what the public pages show, and nothing unpublished.

The event is ``tests/tournament/public/play.py``'s "spring" (WRC, eight
players, two tables), played through the judges' services; round 1 as in
``test_standings_pages``: Akagi +30.2, Bai −4 after a −10 conduct penalty
off the overall total, table 2 four times 30,000.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.tournament.public.play import BAI_PENALTY, ROUND_1, ROUND_2, make_played
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)
from tournament.api.public.throttles import AnonymousClients
from tournament.api.tokens import make_token
from tournament.results.sheet import services
from tournament.seating.models import Round
from tournament.standings.services import publish_results

API = "/api/v1/events/"


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def played(make_event, make_player, staff):  # noqa: F811
    return make_played(make_event, make_player, staff)


@pytest.fixture
def round_one(played):
    """Round 1 seated, played and confirmed; its results not yet published."""
    round_ = played.seat(1)
    played.play(round_, ROUND_1, penalties=BAI_PENALTY)
    return round_


def get(api, path, status=200, **headers):
    response = api.get(path, **headers)
    assert response.status_code == status, (path, response.status_code, response.content)
    return response.json() if response.content else None


def test_events_lists_only_public_events(api, played, make_event):
    make_event(slug="hidden", name="Hidden Cup", is_public=False)
    events = get(api, API)
    assert [e["slug"] for e in events] == ["spring"]
    spring = events[0]
    assert spring["ruleset"] == "wrc" and spring["ruleset_title"]
    assert spring["player_count"] == 8
    assert spring["url"].endswith("/e/spring/")
    assert get(api, f"{API}spring/") == spring
    error = get(api, f"{API}hidden/", 404)["errors"][0]
    assert error["code"] == "not_found" and error["field"] is None
    for tail in ("players/", "rounds/", "standings/", "rounds/1/", "where/?name=a"):
        get(api, f"{API}hidden/{tail}", 404)


def test_players_with_their_registration_ids_and_statuses(api, played):
    bai = played.registrations[1]
    bai.status = "dropped"
    bai.save()
    players = get(api, f"{API}spring/players/")
    assert len(players) == 8
    row = next(p for p in players if p["id"] == bai.pk)
    assert row["name"] == "Bai Lan" and row["status"] == "dropped"
    assert row["country"] == "CN" and row["url"].endswith(f"/e/spring/player/{bai.pk}/")


def test_nothing_unpublished_shows(api, played, round_one):
    rounds = get(api, f"{API}spring/rounds/")
    assert rounds == [
        {
            "number": 1,
            "seating_published": True,
            "results_published": False,
            "results_published_at": None,
        }
    ]
    get(api, f"{API}spring/rounds/1/results/", 404)
    akagi = played.registrations[0]
    assert get(api, f"{API}spring/players/{akagi.pk}/")["sessions"] == []
    standings = get(api, f"{API}spring/standings/")
    assert standings["rounds"] == []
    assert {row["total"] for row in standings["rows"]} == {"0"}
    # A round seated but not published: no seating, not listed.
    Round.objects.create(event=played.event, number=2, status=Round.Status.SEATED)
    get(api, f"{API}spring/rounds/2/", 404)
    assert [r["number"] for r in get(api, f"{API}spring/rounds/")] == [1]


def test_seating_of_a_published_round(api, played, round_one):
    seating = get(api, f"{API}spring/rounds/1/")
    assert seating["number"] == 1
    table = seating["tables"][0]
    assert table["number"] == 1
    assert [s["wind"] for s in table["seats"]] == ["E", "S", "W", "N"]
    assert [s["registration"] for s in table["seats"]] == [r.pk for r in played.registrations[:4]]
    assert table["seats"][0]["name"] == "Akagi Shigeru"
    get(api, f"{API}spring/rounds/9/", 404)


def test_round_results_parts_add_up_to_the_score(api, played, round_one):
    publish_results(round_one)
    results = get(api, f"{API}spring/rounds/1/results/")
    assert [t["number"] for t in results["tables"]] == [1, 2]
    first = results["tables"][0]["seats"]
    assert [s["name"] for s in first] == ["Akagi Shigeru", "Bai Lan", "Carla Diaz", "Dmitri Orlov"]
    akagi = first[0]
    assert akagi["placement"] == 1 and akagi["final_points"] == "45200"
    assert Fraction(akagi["score"]) == Fraction("30.2")
    for table in results["tables"]:
        for seat in table["seats"]:
            assert sum(Fraction(p["value"]) for p in seat["parts"]) == Fraction(seat["score"])
    bai = first[1]
    assert any(p["code"] == "overall_penalty" for p in bai["apart"])
    assert bai["penalties"][0]["category"] == "conduct"
    assert bai["penalties"][0]["reason"] == "Slow play after two warnings"


def test_player_history_is_the_player_page(api, played, round_one):
    publish_results(round_one)
    round_two = played.seat(2)
    played.play(round_two, ROUND_2)
    bai = played.registrations[1]
    history = get(api, f"{API}spring/players/{bai.pk}/")
    assert [s["round"] for s in history["sessions"]] == [1]  # round 2 not published yet
    publish_results(round_two)
    history = get(api, f"{API}spring/players/{bai.pk}/")
    assert history["player"]["name"] == "Bai Lan"
    first, second = history["sessions"]
    assert (first["round"], first["table"], first["wind"]) == (1, 1, "S")
    assert (second["round"], second["table"], second["wind"]) == (2, 1, "W")
    assert second["placement"] == 2
    assert {o["name"] for o in second["opponents"]} == {"Akagi Shigeru", "佐藤 花子", "Finn Murphy"}
    assert history["total"] == second["total"]
    assert first["running_rank"] == 6  # after round 1 (see test_standings_pages)
    assert second["running_rank"] == history["rank"]
    standings = get(api, f"{API}spring/standings/")
    row = next(r for r in standings["rows"] if r["registration"] == bai.pk)
    assert (history["rank"], history["total"]) == (row["rank"], row["total"])
    get(api, f"{API}spring/players/999999/", 404)


def test_standings_match_the_standings_command(api, played, round_one):
    publish_results(round_one)
    standings = get(api, f"{API}spring/standings/")
    assert standings["rounds"] == [1]
    codes = [m["code"] for m in standings["metrics"]]
    out = io.StringIO()
    call_command("standings", "spring", "--published", "--format", "json", stdout=out)
    command = json.loads(out.getvalue())
    assert [
        (r["rank"], r["name"], r["points"], r["score"], r["sessions"]) for r in standings["rows"]
    ] == [(r["rank"], r["player"], r["points"], r["score"], r["sessions"]) for r in command]
    top = standings["rows"][0]
    assert top["name"] == "Akagi Shigeru" and top["total"] == "151/5"  # 30.2
    assert [p["code"] for p in top["parts"]] == codes
    assert top["parts"][0]["value"] == top["total"] and top["parts"][0]["shown"] == "30.2"
    bai = next(r for r in standings["rows"] if r["name"] == "Bai Lan")
    assert Fraction(bai["total"]) == -4 and bai["points"] == -4
    tied = [r for r in standings["rows"] if r["rank"] == 2]
    assert len(tied) == 4 and all(r["tied"] for r in tied)


def test_where_do_i_sit(api, played, round_one):
    publish_results(round_one)
    played.seat(2)
    where = get(api, f"{API}spring/where/?name=akagi")
    assert where["current_round"] == 2
    (akagi,) = where["players"]
    assert akagi["registration"] == played.registrations[0].pk
    assert akagi["current"] == {
        "round": 2,
        "table": 1,
        "table_name": "Table 1",
        "wind": "E",
        "wind_name": "East",
    }
    assert [s["round"] for s in akagi["rounds"]] == [1, 2]
    (sato,) = get(api, f"{API}spring/where/?name=佐藤")["players"]
    assert sato["current"]["wind"] == "S"
    assert get(api, f"{API}spring/where/?name=nobody")["players"] == []


@pytest.mark.parametrize("query", ["", "?name=", "?name=%20%20"])
def test_where_without_a_name_is_a_400_naming_the_field(api, played, query):
    errors = get(api, f"{API}spring/where/{query}", 400)["errors"]
    assert errors[0]["field"] == "name" and errors[0]["message"]


def test_etag_gives_304_until_a_round_is_published(api, played, round_one):
    url = f"{API}spring/standings/"
    first = api.get(url)
    etag = first["ETag"]
    assert etag
    again = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and not again.content
    publish_results(round_one)
    changed = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    seating = api.get(f"{API}spring/rounds/")
    played.seat(2)
    assert api.get(f"{API}spring/rounds/")["ETag"] != seating["ETag"]


def test_anonymous_clients_are_rate_limited_but_token_holders_are_not(api, played, monkeypatch):
    monkeypatch.setattr(AnonymousClients, "THROTTLE_RATES", {"anon": "3/min"})
    for _ in range(3):
        get(api, API)
    refused = api.get(API)
    assert refused.status_code == 429
    assert refused.json()["errors"][0]["code"] == "throttled"
    key = make_token(played.users["viewer"], "overlay")[1]
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    for _ in range(5):
        get(api, API)


def test_ruleset_title_and_errors_in_the_readers_language(api, played):
    english = get(api, f"{API}spring/", HTTP_ACCEPT_LANGUAGE="en")["ruleset_title"]
    japanese = get(api, f"{API}spring/", HTTP_ACCEPT_LANGUAGE="ja")["ruleset_title"]
    assert japanese != english
    en = get(api, f"{API}spring/where/", 400, HTTP_ACCEPT_LANGUAGE="en")["errors"][0]
    zh = get(api, f"{API}spring/where/", 400, HTTP_ACCEPT_LANGUAGE="zh-hans")["errors"][0]
    assert zh["field"] == en["field"] == "name"
    assert zh["message"] != en["message"]
    missing = get(api, f"{API}nowhere/", 404, HTTP_ACCEPT_LANGUAGE="ja")["errors"][0]
    assert missing["message"] != get(api, f"{API}nowhere/", 404)["errors"][0]["message"]


def test_unconfirmed_sheets_do_not_show(api, played, round_one):
    publish_results(round_one)
    round_two = played.seat(2)
    tables = list(round_two.tables.order_by("number"))
    judge = played.users["judge"]
    sheet = services.save_final_scores(tables[0], ROUND_2[0], by=judge, base_version=0)
    services.submit_sheet(tables[0], by=judge, version=sheet.version)  # not confirmed
    get(api, f"{API}spring/rounds/2/results/", 404)
    standings = get(api, f"{API}spring/standings/")
    assert standings["rounds"] == [1]
    assert all(r["sessions"] <= 1 for r in standings["rows"])


@pytest.mark.django_db
def test_the_root_says_where_to_start(client):
    """``/api/v1/`` names the page for people, the schema and the events; each answers."""
    root = client.get("/api/v1/")
    assert root.status_code == 200 and root["ETag"]
    links = root.json()
    assert links["version"] == "1"
    for name in ("docs", "schema", "events"):
        assert client.get(links[name]).status_code == 200, name
    missing = client.get("/api/v1/no-such-thing/", HTTP_ACCEPT_LANGUAGE="ja")
    assert missing.status_code == 404
    assert missing.json()["errors"][0]["code"] == "not_found"
    assert "API" in missing.json()["errors"][0]["message"]
