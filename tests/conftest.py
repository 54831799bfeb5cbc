"""Fixtures shared by the whole suite.

Nothing here touches the database at import time: ``tests/scoring`` runs
without one. Database fixtures ask for pytest-django's ``db`` explicitly.

Tests marked ``postgres_only`` are skipped on other databases, except when
TEST_REQUIRE_POSTGRES is set (``make test-pg``, CI): then the session refuses
to start on anything but PostgreSQL and such a test may never be skipped.

Tests marked ``needs_worker`` start real Celery workers (a Redis broker and
PostgreSQL, so the worker sees the test database); they are skipped elsewhere,
except when TEST_REQUIRE_WORKER is set (``make test-stack``, CI). Every other
test runs Celery tasks eagerly, in the test process, whatever the broker: its
rows live in a transaction no worker could see.

The suite runs as a development site on plain http (``make test`` sets
DEBUG=1; the stack pass sets DEBUG=0, SECRET_KEY and HTTPS=0): it refuses to
start with HTTPS on, where every request of the test client would be redirected.
"""

import datetime
import itertools
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _postgres_required() -> bool:
    return bool(os.environ.get("TEST_REQUIRE_POSTGRES", "").strip())


def _database_vendor() -> str:
    # The backend's vendor is known without connecting.
    from django.db import connections

    return connections["default"].vendor


def _worker_required() -> bool:
    return bool(os.environ.get("TEST_REQUIRE_WORKER", "").strip())


def _worker_possible() -> bool:
    """A Celery worker can run the tests' tasks: a Redis broker and a shared database."""
    from django.conf import settings

    broker = str(getattr(settings, "CELERY_BROKER_URL", "") or "")
    return broker.startswith(("redis://", "rediss://")) and _database_vendor() == "postgresql"


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "needs_worker: starts real Celery workers (Redis broker, PostgreSQL); skipped "
        "elsewhere unless TEST_REQUIRE_WORKER is set",
    )


def pytest_sessionstart(session):
    from django.conf import settings

    from tournament.envconfig import DEV_SECRET_KEY

    if getattr(settings, "HTTPS", False):
        pytest.exit(
            "HTTPS is on (the default when DEBUG is off), so the test client's plain-http "
            "requests would all be redirected: run make test (it sets DEBUG=1), or set "
            "DEBUG=1 or HTTPS=0",
            returncode=pytest.ExitCode.USAGE_ERROR,
        )
    if getattr(settings, "SECRET_KEY_REQUIRED", False) and settings.SECRET_KEY == DEV_SECRET_KEY:
        pytest.exit(
            "DEBUG is off and SECRET_KEY is not set, so the site refuses to serve: run make "
            "test (it sets DEBUG=1), or set DEBUG=1 or SECRET_KEY",
            returncode=pytest.ExitCode.USAGE_ERROR,
        )
    if _postgres_required() and (vendor := _database_vendor()) != "postgresql":
        pytest.exit(
            f"TEST_REQUIRE_POSTGRES is set but the default database is {vendor}, not "
            "postgresql: set DATABASE_URL=postgres://... (or run make test-pg)",
            returncode=pytest.ExitCode.USAGE_ERROR,
        )
    if _worker_required() and not _worker_possible():
        pytest.exit(
            "TEST_REQUIRE_WORKER is set but Celery workers cannot run the tests: they need "
            "CELERY_BROKER_URL=redis://... and a PostgreSQL DATABASE_URL (make test-stack)",
            returncode=pytest.ExitCode.USAGE_ERROR,
        )


TOURNAMENT_TESTS = ROOT / "tests" / "tournament"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """The tiers' markers that follow from others, before ``-m`` selects (README, "Tests").

    ``stack``: the tests that need PostgreSQL or a Celery worker. ``pure``:
    everything outside ``tests/tournament/`` (the rules engine, the scans), whose
    answer no database, cache or broker can change. The tests that start Celery
    workers run one after another, in one xdist group (``--dist loadgroup`` in
    ``make test-stack``): two at once would halve the CPU their timings assume.
    """
    for item in items:
        if item.get_closest_marker("needs_worker"):
            item.add_marker(pytest.mark.xdist_group("celery_workers"))
        if item.get_closest_marker("postgres_only") or item.get_closest_marker("needs_worker"):
            item.add_marker(pytest.mark.stack)
        if TOURNAMENT_TESTS not in item.path.parents:
            item.add_marker(pytest.mark.pure)
    if not (_worker_required() or _worker_possible()):
        skip_worker = pytest.mark.skip(
            reason="needs a Redis broker and PostgreSQL (make test-stack)"
        )
        for item in items:
            if item.get_closest_marker("needs_worker"):
                item.add_marker(skip_worker)
    if _postgres_required() or _database_vendor() == "postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL (make test-pg)")
    for item in items:
        if item.get_closest_marker("postgres_only"):
            item.add_marker(skip)


def _may_not_skip(report, item, marker: str, required: bool, setting: str):
    """A ``marker`` test that skips itself fails instead while ``setting`` requires it to run."""
    if report.skipped and required and item.get_closest_marker(marker):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"{marker} test skipped with {setting} set: {reason}"
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    # With PostgreSQL required, a postgres_only test that skips itself fails instead.
    report = yield
    return _may_not_skip(
        report, item, "postgres_only", _postgres_required(), "TEST_REQUIRE_POSTGRES"
    )


@pytest.hookimpl(wrapper=True, specname="pytest_runtest_makereport")
def _worker_tests_may_not_skip(item, call):
    # With a worker required, a needs_worker test that skips itself fails instead.
    report = yield
    return _may_not_skip(report, item, "needs_worker", _worker_required(), "TEST_REQUIRE_WORKER")


@pytest.fixture(autouse=True)
def _celery_eager_unless_worker(request):
    """Tasks run in the test process, except in needs_worker tests (a real worker runs them)."""
    if request.node.get_closest_marker("needs_worker"):
        yield
        return
    from tournament.celery import app

    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts and ends with an empty cache: login failures, the API's rate limit
    counts and rendered standings (cached by fingerprint) of one test never reach another.

    Public pages kept in the process's memory (``tournament.page_cache``) go too: a
    test's rows are rolled back without a signal, so a page stored in one test was
    served for up to 3 s to the next one in the same process (the home page of a
    demo event to a test with none, in whatever order pytest-randomly ran them).
    """
    from django.core.cache import cache

    from tournament import page_cache

    cache.clear()
    page_cache.forget_stored()
    yield
    cache.clear()
    page_cache.forget_stored()


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
    """Factory for players (the person: EMA id, Latin names); keyword arguments are fields."""
    from tournament.events.models import Player

    def make(**fields):
        return Player.objects.create(**fields)

    return make


@pytest.fixture
def make_registration(db, make_player):
    """Factory for a new person registered in ``event``.

    ``name``, ``club``, ``country``, ``team``, ``group`` and ``status`` are the
    registration's (issue #32: the name as entered, club and country belong to the
    event); ``ema_id`` and the Latin names go to the new player.
    """
    from tournament.events.models import Registration

    counter = itertools.count(1)
    own = ("name", "club", "country", "team", "group", "status")

    def make(event, **fields):
        mine = {key: fields.pop(key) for key in own if key in fields}
        mine.setdefault("name", f"Player {next(counter)}")
        return Registration.objects.create(event=event, player=make_player(**fields), **mine)

    return make
