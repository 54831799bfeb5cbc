"""A fifth family from the tests alone: an event of the toy family, from creation to print.

The toy family (tests/toy_family.py: four fixed hands, flat payments, one
option ``stake``) is registered from the tests; nothing outside tests/ knows
it. With it a director creates an event (its options checked by the toy's own
validator), starts it (its rules frozen), seats a round with the planner, a
judge enters the hands at value level on the table's page, the sheet is
replayed, submitted and confirmed, the standings ranked, and the round's
blank scoresheets printed to PDF.
"""

from __future__ import annotations

import datetime
import io

import pytest
from django.contrib.auth import get_user_model
from pypdf import PdfReader

from tests.toy_family import registered_toy
from tournament.events.errors import EventError
from tournament.events.models import StaffRole
from tournament.events.services import add_player, create_event, grant_role, start_event
from tournament.printing.documents import blank_scoresheets
from tournament.results.sheet.confirmation import confirm_sheet, submit_sheet
from tournament.results.sheet.state import head_of, replay, state_of
from tournament.rounds.services import seat_round
from tournament.standings.services import standings

PLAYERS = [f"Toy Player {i}" for i in range(1, 9)]


@pytest.fixture
def toy():
    yield from registered_toy()


def judge_and_director(event):
    User = get_user_model()
    judge = User.objects.create_user("toy-judge", password="pw")
    director = User.objects.create_user("toy-director", password="pw")
    grant_role(event, judge, StaffRole.Role.JUDGE)
    grant_role(event, director, StaffRole.Role.DIRECTOR)
    return judge, director


def post_hand(client, url, version, **tapped):
    data = {"base_version": str(version), "level": "value", "action": "save", **tapped}
    response = client.post(url + "hand/", data)
    assert response.status_code == 302, response.content.decode()[:2000]


@pytest.mark.django_db
def test_a_toy_event_runs_from_creation_to_the_printed_sheet(client, toy):
    fields = {"slug": "toy-open", "name": "Toy Open", "ruleset": "toy"}
    fields["start_date"] = datetime.date(2026, 6, 1)
    with pytest.raises(EventError, match="“stake”"):
        create_event(**fields, ruleset_overrides={"stake": 0})
    event = create_event(**fields, ruleset_overrides={"stake": 2}, entry_level="value")
    for name in PLAYERS:
        add_player(event, name=name)
    event = start_event(event)
    assert event.ruleset_config["rules"] == {"ruleset": "toy", "stake": 2}
    judge, director = judge_and_director(event)

    round_ = seat_round(event, 1, seed=1)
    table = round_.tables.get(number=1)
    url = f"/j/{event.slug}/1/1/"
    client.force_login(judge)
    assert client.get(url).status_code == 200
    # Flat payments at stake 2: discard 5 -> S +10, W -10; self-draw 3 -> N +18, others -6.
    post_hand(client, url, 0, outcome="discard", winner="S", discarder="W", points="5")
    post_hand(client, url, 1, outcome="self_draw", winner="N", points="3")
    post_hand(client, url, 2, outcome="draw")
    post_hand(client, url, 3, outcome="discard", winner="E", discarder="N", points="1")

    head = head_of(table)
    result = replay(event, state_of(head))
    assert result.to_dict()["rows"][-1]["totals"] == {"E": -4, "S": 4, "W": -16, "N": 16}
    assert result.complete
    too_many = client.post(url + "hand/", {"base_version": "4", "level": "value",
                                           "action": "save", "outcome": "draw"})  # fmt: skip
    assert too_many.status_code == 400  # the session has four hands

    submitted = submit_sheet(table, by=judge, version=head.version)
    confirm_sheet(table, by=director, version=submitted.version)
    rows = standings(event, "staff").rows
    seated = {s.wind: s.registration.name for s in table.seats.all()}
    points = {row["player"]: row["points"] for row in rows if row["sessions"]}
    assert points == {seated["N"]: "16", seated["S"]: "4", seated["E"]: "-4", seated["W"]: "-16"}
    assert rows[0]["player"] == seated["N"] and rows[0]["rank"] == 1

    pdf = blank_scoresheets(round_)
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    assert len(pages) == 2  # one sheet per table
    assert all(name in pages[0] for name in seated.values())
    assert "Toy Open" in pages[0]
