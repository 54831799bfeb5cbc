"""The PostgreSQL pass really uses PostgreSQL, with separate connections per thread.

``postgres_only`` tests are skipped on SQLite and never skipped under
``make test-pg`` (TEST_REQUIRE_POSTGRES): see tests/conftest.py.
"""

import threading

import pytest
from django.db import connection

pytestmark = pytest.mark.postgres_only


def in_thread(work):
    """Run ``work()`` in a thread, which gets its own database connection; return its result."""
    outcome = {}

    def target():
        from django.db import connection as thread_connection

        try:
            outcome["value"] = work()
        except BaseException as exc:  # re-raised in the test's thread
            outcome["error"] = exc
        finally:
            thread_connection.close()

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(timeout=30)
    assert not thread.is_alive(), "the thread did not finish"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def backend_pid() -> int:
    """The server process behind this thread's connection: one per connection."""
    from django.db import connection as this_threads_connection

    with this_threads_connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_default_database_is_postgresql():
    assert connection.vendor == "postgresql"


def test_two_connections_see_each_others_committed_rows(transactional_db):
    from tournament.events.models import Player

    Player.objects.create(ema_id="1")  # "from the test"

    def other_connection():
        seen = list(Player.objects.values_list("ema_id", flat=True))
        Player.objects.create(ema_id="2")  # "from the thread"
        return backend_pid(), seen

    thread_pid, seen = in_thread(other_connection)
    assert thread_pid != backend_pid()
    assert seen == ["1"]
    assert set(Player.objects.values_list("ema_id", flat=True)) == {"1", "2"}
