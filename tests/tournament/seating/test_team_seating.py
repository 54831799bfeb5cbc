"""Teams as a separation group: 64 players in 16 teams of 4, 6 qualifying rounds (issue #21).

Acceptance: 0 teammate meetings and 0 repeats. Counted here from the Seat
rows (not by ``quality.py``), for the rounds seated through the director's
pages (the "Seat round" and "Publish" buttons, as POSTs), for the pure
planner given the same input, and for the demo team event's qualifying.
"""

from __future__ import annotations

import datetime
import io
import itertools
from collections import Counter

import pytest
from django.core.management import call_command

from tournament.events.models import Event, StaffRole
from tournament.events.services import add_player, create_event, start_event
from tournament.seating.models import Round, Seat
from tournament.seating.planner import plan
from tournament.stages.services import define_stages

pytestmark = pytest.mark.django_db

TEAMS, MEMBERS, ROUNDS = 16, 4, 6
QUALIFYING = [
    {"kind": "qualifying", "rounds": ROUNDS, "method": "balanced"},
    {"kind": "semifinal", "rounds": 2, "size": 16, "carry": "half", "method": "rank"},
]


@pytest.fixture(autouse=True)
def _budget(settings):
    settings.SEATING_TIME_BUDGET = 5  # the planner stops as soon as a seating is perfect


def meetings(tables) -> tuple[int, Counter]:
    """(repeats, how often each pair met) over ``tables`` of player ids."""
    met: Counter = Counter()
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            met[frozenset((a, b))] += 1
    return sum(m - 1 for m in met.values() if m > 1), met


def count(tables, team) -> tuple[int, int]:
    """(repeats, teammate meetings); ``team`` maps a player id to the team."""
    repeats, met = meetings(tables)
    mates = sum(n for pair, n in met.items() if len({team[p] for p in pair}) == 1)
    return repeats, mates


def seated_tables(event, rounds) -> list[list[int]]:
    tables: dict = {}
    seats = Seat.objects.filter(round__event=event, round__number__in=rounds)
    for round_no, table_no, player in seats.values_list(
        "round__number", "table__number", "registration_id"
    ):
        tables.setdefault((round_no, table_no), []).append(player)
    assert all(len(t) == 4 for t in tables.values())
    return list(tables.values())


@pytest.fixture
def team_event(django_user_model, client):
    """A started MCR event: 64 players in 16 teams (names in several scripts), a director."""
    event = create_event(
        slug="teams-64",
        name="Teams 64",
        ruleset="mcr",
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2026, 9, 2),
    )
    names = ("山田", "Zoë", "王芳", "Łukasz")
    for t, m in itertools.product(range(TEAMS), range(MEMBERS)):
        add_player(event, name=f"{names[m]} {t:02d}", team=f"Team {t:02d}")
    define_stages(event, QUALIFYING)
    event = start_event(Event.objects.get(pk=event.pk))
    director = django_user_model.objects.create_user("td")
    StaffRole.objects.create(event=event, user=director, role=StaffRole.Role.DIRECTOR)
    client.force_login(director)
    return event


def test_pages_seat_64_in_teams_for_6_rounds_without_meetings_or_repeats(team_event, client):
    slug = team_event.slug
    for number in range(1, ROUNDS + 1):
        response = client.post(
            f"/manage/{slug}/rounds/seat/", {"number": number, "method": "balanced"}
        )
        assert response.status_code == 302
        assert response.url == f"/manage/{slug}/round/{number}/", response.url
        assert client.post(f"/manage/{slug}/round/{number}/publish/").status_code == 302
    rounds = Round.objects.filter(event=team_event).order_by("number")
    assert [r.status for r in rounds] == [Round.Status.PUBLISHED] * ROUNDS
    team = dict(team_event.registrations.values_list("pk", "team"))
    tables = seated_tables(team_event, range(1, ROUNDS + 1))
    assert len(tables) == TEAMS * ROUNDS
    assert count(tables, team) == (0, 0)
    for number in range(1, ROUNDS + 1):  # everyone sits once a round
        seated = Seat.objects.filter(round__event=team_event, round__number=number)
        assert sorted(seated.values_list("registration_id", flat=True)) == sorted(team)


def test_the_pure_planner_with_the_same_input():
    players = list(range(1, TEAMS * MEMBERS + 1))
    team = {p: f"Team {(p - 1) // MEMBERS:02d}" for p in players}
    answer = plan.plan_seating(players, ROUNDS, seed=1, groups=team, time_budget=5)
    tables = [list(t) for tables in answer.rounds for t in tables]
    assert len(tables) == TEAMS * ROUNDS
    assert count(tables, team) == (0, 0)


@pytest.fixture
def demo():
    call_command("load_demo", "--time-budget", "2", stdout=io.StringIO())
    return Event.objects.get(slug="demo-teams")


def test_the_demo_team_event_qualifying(demo):
    team = dict(demo.registrations.values_list("pk", "team"))
    assert len(set(team.values())) == TEAMS and len(team) == TEAMS * MEMBERS
    tables = seated_tables(demo, range(1, ROUNDS + 1))
    assert len(tables) == TEAMS * ROUNDS
    assert count(tables, team) == (0, 0)
