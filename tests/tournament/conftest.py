"""Fixtures for the Django side: fast password hashing, users with roles, the demo event.

The demo (``demo_event``) is loaded once and kept while consecutive tests of
one module ask for it: about 200 tests read it, and loading it takes half a
second. It is kept inside an open transaction; each test runs in a savepoint
of its own (pytest-django's ``db``), so whatever a test changes is undone
before the next one. The first test that does not ask for it, and the end of
the module, roll the whole demo back, so a test that wants an empty database
never sees it (``test_demo_kept.py`` shows both).
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import transaction

DEMO_SLUG = "demo-open"


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The default hasher is slow on purpose; tests log in often.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def load_demo_event():
    """The demo event as ``make run`` loads it (32 players, 4 published rounds), without the
    team event (``tests/tournament/stages/test_demo_team_event.py`` has it)."""
    from tournament.events.models import Event

    call_command("load_demo", "--time-budget", "0.2", "--without-teams", verbosity=0)
    return Event.objects.get(slug=DEMO_SLUG)


def _transactional(item) -> bool:
    """Whether a test runs in real transactions (the database is emptied after it)."""
    marker = item.get_closest_marker("django_db")
    if marker and (marker.kwargs.get("transaction") or marker.args[:1] == (True,)):
        return True
    return bool({"transactional_db", "live_server"} & set(item.fixturenames))


class _Kept:
    """The demo kept for the next test: its module, event id and open transaction."""

    module = None
    event_id: int | None = None
    atomic = None


def _let_go(django_db_blocker) -> None:
    """Roll the kept demo back, and check that it is gone."""
    from tournament.events.models import Event

    if _Kept.atomic is None:
        return
    atomic, event_id = _Kept.atomic, _Kept.event_id
    _Kept.module = _Kept.event_id = _Kept.atomic = None
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        atomic.__exit__(None, None, None)
        assert not Event.objects.filter(pk=event_id).exists(), "the demo outlived its tests"


@pytest.fixture(autouse=True)
def _demo_kept_while_asked(request, django_db_blocker, _fast_password_hashing):
    """Load the demo for a test that asks for it, unless the test before kept it; let it go
    for any other test. Autouse, so it runs before the test's own savepoint is opened."""
    asked = "demo_event" in request.fixturenames
    if _Kept.atomic is not None and (not asked or _Kept.module is not request.module):
        _let_go(django_db_blocker)
    if asked and _Kept.atomic is None:
        if _transactional(request.node):
            pytest.fail("a transactional test empties the database: use committed_demo_event")
        with django_db_blocker.unblock():
            atomic = transaction.atomic()
            atomic.__enter__()
            try:
                _Kept.event_id = load_demo_event().pk
            except BaseException:
                transaction.set_rollback(True)
                atomic.__exit__(None, None, None)
                raise
        _Kept.module, _Kept.atomic = request.module, atomic
    yield


@pytest.fixture(scope="module", autouse=True)
def _demo_ends_with_its_module(django_db_blocker):
    yield
    _let_go(django_db_blocker)


@pytest.fixture
def demo_event(_demo_kept_while_asked, db):
    """The demo event (:func:`load_demo_event`) as it was loaded: what a test before changed
    in it was rolled back with that test's savepoint."""
    from tournament.events.models import Event

    return Event.objects.get(pk=_Kept.event_id)


@pytest.fixture
def committed_demo_event(transactional_db):
    """The demo for a transactional test: loaded for this test alone, emptied after it."""
    return load_demo_event()
