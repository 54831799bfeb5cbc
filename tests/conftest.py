"""Fixtures shared by the whole suite.

Nothing here touches the database at import time: ``tests/scoring`` runs
without one. Database fixtures ask for pytest-django's ``db`` explicitly.

Tests marked ``postgres_only`` are skipped on other databases, except when
TEST_REQUIRE_POSTGRES is set (``make test-pg``, CI): then the session refuses
to start on anything but PostgreSQL and such a test may never be skipped.
"""

import datetime
import itertools
import os
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent


def _postgres_required() -> bool:
    return bool(os.environ.get("TEST_REQUIRE_POSTGRES", "").strip())


def _database_vendor() -> str:
    # The backend's vendor is known without connecting.
    from django.db import connections

    return connections["default"].vendor


def pytest_sessionstart(session):
    if _postgres_required() and (vendor := _database_vendor()) != "postgresql":
        pytest.exit(
            f"TEST_REQUIRE_POSTGRES is set but the default database is {vendor}, not "
            "postgresql: set DATABASE_URL=postgres://... (or run make test-pg)",
            returncode=pytest.ExitCode.USAGE_ERROR,
        )


def pytest_collection_modifyitems(config, items):
    if _postgres_required() or _database_vendor() == "postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL (make test-pg)")
    for item in items:
        if item.get_closest_marker("postgres_only"):
            item.add_marker(skip)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    # With PostgreSQL required, a postgres_only test that skips itself fails instead.
    report = yield
    if report.skipped and _postgres_required() and item.get_closest_marker("postgres_only"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"postgres_only test skipped with TEST_REQUIRE_POSTGRES set: {reason}"
    return report


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the default language, whatever a page before it activated.

    Django keeps the active language per thread after a request; a command run
    in-process after a Japanese page would otherwise answer in Japanese.
    """
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


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
