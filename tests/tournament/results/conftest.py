"""A started event with one seated table, and its staff, for the results tests.

``table`` and ``users`` are the judges' page's usual ones: riichi (jpml-b) at
value level in the event "cup"; a test file that needs another table or other
staff defines its own.
"""

import pytest
from django.contrib.auth import get_user_model

from tests.tournament.staff_users import staff_users
from tournament.events.models import Registration, StaffRole
from tournament.events.services import start_event
from tournament.seating.models import Round, Seat, Table

NAMES = {"E": "Akagi Shigeru", "S": "Bai Lan", "W": "Carla Diaz", "N": "Dmitri Orlov"}


@pytest.fixture
def make_table(make_event, make_player):
    """``make_table(ruleset, **event_fields)`` -> a round-1 table with players seated E, S, W, N."""

    def make(ruleset="jpml-b", tables=1, **fields):
        event = make_event(ruleset=ruleset, **fields)
        start_event(event)
        round_ = Round.objects.create(event=event, number=1, status=Round.Status.SEATED)
        made = []
        for t in range(1, tables + 1):
            table = Table.objects.create(round=round_, number=t)
            for wind, name in NAMES.items():
                registration = Registration.objects.create(
                    event=event, player=make_player(), name=name if t == 1 else f"{name} {t}"
                )
                Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
            made.append(table)
        return made[0] if tables == 1 else made

    return make


@pytest.fixture
def table(make_table):
    return make_table("jpml-b", slug="cup", entry_level="value")


@pytest.fixture
def staff(db):
    """``staff(event)`` -> users: director, judge, judge2, viewer, outsider (judge elsewhere)."""
    User = get_user_model()

    def make(event, other_event=None):
        Role = StaffRole.Role
        users = staff_users(
            event, director=Role.DIRECTOR, judge=Role.JUDGE, judge2=Role.JUDGE, viewer=Role.VIEWER
        )
        outsider = User.objects.create_user(f"outsider-{event.slug}", password="pw")
        if other_event is not None:
            StaffRole.objects.create(event=other_event, user=outsider, role=StaffRole.Role.JUDGE)
        users["outsider"] = outsider
        return users

    return make


@pytest.fixture
def users(staff, table):
    return staff(table.round.event)
