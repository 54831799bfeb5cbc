"""Live table progress, against an independent count on a real event with sheets in every state.

An MCR event of 4-hand sessions (the family counts hands) and a riichi event
(no fixed number: only the count shows); the public answer only for a
published round of a published event, with states and counts, never scores.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.events.models import Registration, StaffRole
from tournament.events.services import start_event
from tournament.hall.calls import services as calls
from tournament.hall.calls.progress import round_progress
from tournament.results.models import ScoreSheet
from tournament.results.sheet import services
from tournament.seating.models import Round, Seat, Table

WIN = {"outcome": "discard", "level": "value", "winner": "E", "discarder": "S", "fan": 8}
RON = {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30}


def seat_tables(event, round_, count, make_player, first=1):
    tables = []
    for number in range(first, first + count):
        table = Table.objects.create(round=round_, number=number)
        for wind in "ESWN":
            registration = Registration.objects.create(event=event, player=make_player())
            Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
        tables.append(table)
    return tables


@pytest.fixture
def users(db):
    User = get_user_model()
    return {name: User.objects.create_user(name, password="pw") for name in ("j1", "j2", "other")}


@pytest.fixture
def mcr_round(make_event, make_player, users):
    """Tables: 1 not started, 2 being entered (2 hands, 3 versions), 3 finished but not
    submitted, 4 submitted, 5 confirmed, 6 being entered with a judge called."""
    event = make_event(slug="mcr-cup", ruleset="mcr", hands_per_session=4, is_public=True)
    start_event(event)
    for name in ("j1", "j2"):
        StaffRole.objects.create(event=event, user=users[name], role="judge")
    round_ = Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED)
    tables = seat_tables(event, round_, 6, make_player)
    j1, j2 = users["j1"], users["j2"]

    def hands(table, n):
        sheet = None
        for _ in range(n):
            sheet = services.add_hand(table, WIN, by=j1, base_version=sheet.version if sheet else 0)
        return sheet

    hands(tables[1], 2)
    services.remove_hand(tables[1], 2, by=j1, base_version=2)
    services.add_hand(tables[1], WIN, by=j1, base_version=3)
    hands(tables[2], 4)
    sheet = hands(tables[3], 4)
    services.submit_sheet(tables[3], by=j1, version=sheet.version)
    sheet = hands(tables[4], 4)
    sheet = services.submit_sheet(tables[4], by=j1, version=sheet.version)
    services.confirm_sheet(tables[4], by=j2, version=sheet.version)
    hands(tables[5], 1)
    calls.call_judge(tables[5], "")
    return round_


def independent(round_) -> dict[int, tuple[int, str, bool]]:
    """Table number -> (hands in the head, state, complete), one table at a time."""
    out = {}
    for table in Table.objects.filter(round=round_):
        head = (
            ScoreSheet.objects.filter(table=table)
            .exclude(status="conflict")
            .order_by("-version")
            .first()
        )
        if head is None:
            out[table.number] = (0, "none", False)
            continue
        state = head.status if head.status in ("submitted", "confirmed") else "draft"
        out[table.number] = (head.hands.count(), state, head.complete)
    return out


def test_progress_matches_an_independent_count(mcr_round):
    progress = round_progress(mcr_round)
    found = {t.number: (t.hands, t.state, t.finished) for t in progress["tables"]}
    assert found == independent(mcr_round)
    assert found == {
        1: (0, "none", False),
        2: (2, "draft", False),
        3: (4, "draft", True),
        4: (4, "submitted", True),
        5: (4, "confirmed", True),
        6: (1, "draft", False),
    }
    assert progress["counts"] == {"none": 1, "draft": 3, "submitted": 1, "confirmed": 1}
    assert progress["session"] == 4
    assert [t.number for t in progress["tables"] if t.calling] == [6]
    assert progress["tables"][1].hands_text == "2/4 hands"


def test_a_riichi_session_shows_only_the_count(make_event, make_player, users):
    event = make_event(slug="riichi-cup", ruleset="jpml-b")
    start_event(event)
    StaffRole.objects.create(event=event, user=users["j1"], role="judge")
    round_ = Round.objects.create(event=event, number=1, status=Round.Status.SEATED)
    (table,) = seat_tables(event, round_, 1, make_player)
    services.add_hand(table, RON, by=users["j1"], base_version=0)
    (row,) = round_progress(round_)["tables"]
    assert (row.session, row.hands, row.hands_text) == (None, 1, "1 hand")


def test_the_number_of_queries_does_not_grow_with_the_tables(mcr_round, make_player):
    with CaptureQueriesContext(connection) as few:
        round_progress(mcr_round)
    event = mcr_round.event
    more = seat_tables(event, mcr_round, 10, make_player, first=7)
    for table in more:
        services.add_hand(
            table, WIN, by=get_user_model().objects.get(username="j1"), base_version=0
        )
    with CaptureQueriesContext(connection) as many:
        assert len(round_progress(mcr_round)["tables"]) == 16
    assert len(many) == len(few) <= 5


# --- the JSON answers ----------------------------------------------------------------------------


def test_the_public_answer_has_states_and_counts_but_no_scores(mcr_round, client):
    url = reverse("hall:progress_public", args=["mcr-cup", 1])
    answer = client.get(url)
    assert answer.status_code == 200 and answer["Cache-Control"] == "no-store"
    data = answer.json()
    assert data["counts"] == {"none": 1, "draft": 3, "submitted": 1, "confirmed": 1}
    keys = {"number", "label", "hands", "session", "finished", "state", "hands_text", "state_text"}
    assert all(set(t) == keys for t in data["tables"])  # no scores, no judge calls
    assert "1 not started" in data["counts_text"]


def test_the_public_answer_only_for_a_published_round_of_a_public_event(mcr_round, client):
    url = reverse("hall:progress_public", args=["mcr-cup", 1])
    Round.objects.filter(pk=mcr_round.pk).update(status=Round.Status.SEATED)
    assert client.get(url).status_code == 404
    Round.objects.filter(pk=mcr_round.pk).update(status=Round.Status.PUBLISHED)
    event = mcr_round.event
    event.is_public = False
    event.save()
    assert client.get(url).status_code == 404


def test_the_staff_answer_needs_a_role_in_the_event(mcr_round, users):
    url = reverse("hall:progress_staff", args=["mcr-cup", 1])
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    other = Client()
    other.force_login(users["other"])
    assert other.get(url).status_code == 403
    judge = Client()
    judge.force_login(users["j1"])
    data = judge.get(url).json()
    assert [t["number"] for t in data["tables"] if t["calling"]] == [6]


def test_the_pages_show_the_grid(mcr_round, users, client):
    html = client.get(reverse("public:round", args=["mcr-cup", 1])).content.decode()
    assert 'id="table-progress"' in html and "2/4 hands" in html
    assert "/calls/" not in html  # no staff links in public
    director = get_user_model().objects.create_user("dir", password="pw")
    StaffRole.objects.create(event=mcr_round.event, user=director, role="director")
    staff = Client()
    staff.force_login(director)
    html = staff.get(reverse("seating:round", args=["mcr-cup", 1])).content.decode()
    assert 'id="table-progress"' in html and reverse("hall:calls_report", args=["mcr-cup"]) in html
    assert "Judge!" in html
