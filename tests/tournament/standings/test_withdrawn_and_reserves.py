"""Standings with reserves, house substitutes and withdrawn players (issue "[4/8]").

Reserves who played are ranked with the active players; house substitutes
never are (their opponents' results count); withdrawn players stay, marked,
ranked after every active player, in every place the standings are shown.
"""

import csv
import io

import pytest
from django.urls import reverse

from tournament.events import services as event_services
from tournament.printing.lists import score_card_context, standings_context
from tournament.seating.models import Round
from tournament.standings.services import publish_results, standings

ROUND_1 = [[45000, 32000, 25000, 18000], [35000, 35000, 30000, 20000]]


@pytest.fixture
def messy(tournament):
    """Eight played round 1: one then left, one was a reserve, one a house substitute."""
    built = tournament("jpml-b", tables=2, rounds=1)
    built.play_round(1, ROUND_1)
    publish_results(Round.objects.get(event=built.event, number=1))
    seats = built.seats(1, 1)
    built.leaver, built.reserve, built.house = seats["E"], seats["S"], seats["N"]
    director = built.users["director"]
    event_services.drop_player(built.leaver, by=director, reason="went home")
    event_services.reinstate_player(built.reserve, "reserve", by=director)
    event_services.reinstate_player(built.house, "substitute", by=director)
    built.idle = event_services.add_player(built.event, name="Idle Reserve", status="reserve")
    return built


def rows_by_registration(snapshot):
    return {row["registration"]: row for row in snapshot.rows}


@pytest.mark.parametrize("scope", ["staff", "public"])
def test_who_is_ranked_and_where(messy, scope):
    rows = standings(messy.event, scope).rows
    found = rows_by_registration(standings(messy.event, scope))
    assert messy.house.pk not in found, "a house substitute is never ranked"
    assert messy.idle.pk not in found, "a reserve who has not played is not ranked yet"
    assert found[messy.reserve.pk]["withdrawn"] is False
    leaver = found[messy.leaver.pk]
    assert leaver["withdrawn"] is True and leaver["sessions"] == 1
    # The leaver won their table, yet comes after all six active players and the reserve.
    assert rows[-1]["registration"] == messy.leaver.pk
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)
    assert leaver["rank"] == len(rows) == 7


def test_the_substitutes_opponents_keep_their_results(messy):
    found = rows_by_registration(standings(messy.event, "staff"))
    west = messy.seats(1, 1)["W"]
    assert found[west.pk]["points"] == "-10"  # 25,000, third: -5, and -5 uma (JPML-B)


def test_a_withdrawn_player_brought_back_is_ranked_again(messy):
    event_services.reinstate_player(messy.leaver, "active", by=messy.users["director"])
    rows = standings(messy.event, "staff").rows
    assert rows[0]["registration"] == messy.leaver.pk and not rows[0]["withdrawn"]


def test_the_files_mark_the_withdrawn_player(client, messy):
    client.force_login(messy.users["viewer"])
    slug = messy.event.slug
    text = client.get(reverse("standings:staff_csv", args=[slug])).content.decode("utf-8-sig")
    header, *rows = list(csv.reader(io.StringIO(text)))
    assert header[-1] == "Note"
    assert rows[-1][1] == messy.leaver.name and rows[-1][-1] == "withdrawn"
    assert {row[-1] for row in rows[:-1]} == {""}
    ema = client.get(reverse("standings:staff_ema_results", args=[slug]))
    header, *rows = list(csv.reader(io.StringIO(ema.content.decode("utf-8-sig"))))
    assert header[-1] == "Note" and rows[-1][-1] == "withdrawn" and rows[-1][0] == "7"
    assert len(rows) == 7


def test_the_pages_mark_the_withdrawn_player(client, messy):
    client.force_login(messy.users["viewer"])
    html = client.get(reverse("standings:staff", args=[messy.event.slug])).content.decode()
    assert 'class="is-withdrawn"' in html and "Withdrawn" in html
    client.logout()
    html = client.get(reverse("public:standings", args=[messy.event.slug])).content.decode()
    assert "is-withdrawn" in html and "badge-dropped" in html
    assert 'data-search="player 02"' in html  # the as-you-type filter's folded keys
    assert 'id="standings-no-match"' in html
    assert messy.house.name not in html


def test_the_printed_standings_and_score_cards(messy):
    context = standings_context(messy.event, "public")
    assert [row["withdrawn"] for row in context["rows"]] == [False] * 6 + [True]
    cards = {card["registration"].player.pk for card in score_card_context(messy.event)["cards"]}
    assert messy.leaver.player.pk in cards and messy.reserve.player.pk in cards
    assert messy.house.player.pk not in cards and messy.idle.player.pk not in cards


def test_the_round_by_round_download(client, messy):
    client.force_login(messy.users["viewer"])
    response = client.get(reverse("standings:staff_rounds", args=[messy.event.slug]))
    assert response.status_code == 200
    header, *rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert header[:4] == ["Round", "Table", "Seat", "Player"]
    assert len(rows) == 8  # every seat played, the house substitute's too
    first = rows[0]
    assert first[:4] == ["1", "1", "E", messy.leaver.name]
    assert first[5:] == ["Withdrawn", "1", "30", "", "45000"]  # riichi: no rank points
    assert rows[3][5] == "House substitute"
    client.logout()
    assert client.get(reverse("standings:staff_rounds", args=[messy.event.slug])).status_code == 302


def test_the_dashboard_counts_and_changes_statuses(client, messy):
    client.force_login(messy.users["director"])
    html = client.get(reverse("manage:event", args=[messy.event.slug])).content.decode()
    assert "5 active, 2 reserves, 1 house substitutes, 1 withdrawn" in html
    assert "Make reserve" in html and "Make house substitute" in html and "Bring back" in html
    url = reverse("manage:player_status", args=[messy.event.slug, messy.idle.pk])
    assert client.post(url, {"status": "substitute"}).status_code == 302
    messy.idle.refresh_from_db()
    assert messy.idle.status == "substitute"
