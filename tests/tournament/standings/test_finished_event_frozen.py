"""Issue #32 H2: a finished event's standings and exports never change afterwards.

The steps of the issue: a player known by EMA id finishes an event for one
club, then registers for a new event with a new club (the CSV import), and
the director corrects their name and country there. The finished event's
standings page, player page, CSV/XLSX/EMA downloads and the API answer
exactly as before: the name, club and country belong to each registration,
so a later event writes its own and never the earlier one's.
"""

from __future__ import annotations

import io
import re

import openpyxl
import pytest
from django.core.cache import cache
from django.urls import reverse

from tournament.events import csv_import, editing
from tournament.events.models import Event, Registration
from tournament.printing.lists import score_card_context, seating_rows, standings_context
from tournament.rounds.round_admin import finish_event
from tournament.seating.models import Round
from tournament.standings.services import publish_results

pytestmark = pytest.mark.django_db

# The language form's token changes with every response, and a clock on a page moves
# (the round's clock, the time the standings were worked out); nothing else may.
MOVING = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"|<time[^>]*>[^<]*</time>')


def _xlsx_cells(content: bytes) -> list[list]:
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def _what_the_world_sees(client, event: Event, registration: Registration) -> dict:
    """Every public face of the finished event that shows a name, club or country."""
    cache.clear()  # what the database says now, not a page kept from before
    slug = event.slug
    pages = {
        "standings.csv": reverse("public_standings:csv", args=[slug]),
        "standings-ema.csv": reverse("public_standings:ema_results", args=[slug]),
        "standings page": reverse("public:standings", args=[slug]),
        "player page": reverse("public:player", args=[slug, registration.pk]),
        "round page": reverse("public:round", args=[slug, 1]),
        "api standings": f"/api/v1/events/{slug}/standings/",
        "api players": f"/api/v1/events/{slug}/players/",
        "api round": f"/api/v1/events/{slug}/rounds/1/",
    }
    seen = {}
    for label, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, (label, response.status_code)
        seen[label] = MOVING.sub("", response.content.decode("utf-8"))
    xlsx = client.get(reverse("public_standings:xlsx", args=[slug]))
    seen["standings.xlsx"] = _xlsx_cells(xlsx.content)
    # What the PDFs print: the standings, the score cards, the seating list.
    seen["standings pdf"] = standings_context(event, "public")["rows"]
    seen["score cards pdf"] = [
        (c["registration"].name, c["registration"].club, c["registration"].country)
        for c in score_card_context(event)["cards"]
    ]
    seen["seating pdf"] = seating_rows(event.rounds.get(number=1))
    return seen


def test_a_later_event_never_rewrites_a_finished_one(client, tournament, make_event):
    built = tournament("jpml-b", tables=1, rounds=1)
    built.play_round(1, [[45300, 31700, 24600, 18400]])
    publish_results(Round.objects.get(event=built.event, number=1))
    finish_event(built.event)
    known = built.registrations[0]  # Player 01, club "Club", DE, EMA id 04000001
    ema_id = known.player.ema_id
    before = _what_the_world_sees(client, built.event, known)
    assert "Club" in before["standings.csv"] and "Player 01" in before["standings.csv"]

    # The steps: the same EMA id, imported into a new event with a new club.
    later = make_event(slug="autumn", name="Autumn Open")
    csv_import.import_players(
        later, f"name,club,country,ema_id\nPlayer 01,Brand New Club,FR,{ema_id}\n"
    )
    # ... and the person's details corrected in the new event.
    registration = later.registrations.get()
    editing.edit_player(
        registration,
        name="Player One Renamed",
        club="Brand New Club",
        country="NL",
        ema_id=ema_id,
        reason="married",
    )

    after = _what_the_world_sees(client, built.event, known)
    for label in before:
        assert after[label] == before[label], f"the finished event's {label} changed"
    assert "Brand New Club" not in after["standings.csv"]
    assert "Player One Renamed" not in after["api players"]
    # The new event has the new facts, and the one person.
    registration.refresh_from_db()
    assert registration.player_id == known.player_id
