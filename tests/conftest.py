"""Fixtures shared by the whole suite.

Nothing here touches the database at import time: ``tests/scoring`` runs
without one. Database fixtures ask for pytest-django's ``db`` explicitly.
"""

import datetime
import itertools
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def demo_event(db):
    """The demo event as ``make run`` loads it: 32 players seated for 4 published rounds."""
    from tournament.events.models import Event

    call_command("load_demo", "--time-budget", "0.2", verbosity=0)
    return Event.objects.get(slug="demo-open")


@pytest.fixture
def make_event(db):
    """Factory for events; keyword arguments override the defaults."""
    from tournament.events.models import Event

    counter = itertools.count(1)

    def make(**fields):
        n = next(counter)
        defaults = {
            "slug": f"event-{n}",
            "name": f"Event {n}",
            "start_date": datetime.date(2026, 6, 1),
            "end_date": datetime.date(2026, 6, 2),
            "ruleset": "wrc",
            "is_public": True,
        }
        return Event.objects.create(**{**defaults, **fields})

    return make


@pytest.fixture
def make_player(db):
    """Factory for players; keyword arguments override the defaults."""
    from tournament.events.models import Player

    counter = itertools.count(1)

    def make(**fields):
        return Player.objects.create(**{"name": f"Player {next(counter)}", **fields})

    return make
