"""A Redis that goes away never turns a saved entry into an error page (issue 16).

Real Redis, no mocks: a throwaway ``redis-server`` on a free port is the shared
cache (``CACHE_URL``'s backend, ``tournament.resilient_cache``), then stopped
while a judge saves, a director logs in and the public reads the standings;
then started again. Before: the page cache's generation bump after the commit
raised, the judge saw 500 for a hand that was saved, and typing it again made
a duplicate; logins and public pages answered 500; ``/healthz`` said ok.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest
from django.core.cache import cache
from django.test import override_settings

from tests.tournament.results.conftest import make_table, staff  # noqa: F401 (fixtures)
from tournament.results.sheet import services

pytestmark = pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")
HAND = {"level": "value", "outcome": "discard", "winner": "S", "discarder": "W", "fan": "8"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Redis:
    """A redis-server of our own that the test stops and starts."""

    def __init__(self):
        self.port = _free_port()
        self.process = None

    def start(self):
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture
def redis():
    server = Redis()
    server.start()
    location = f"redis://127.0.0.1:{server.port}/2"
    backend = {"BACKEND": "tournament.resilient_cache.ResilientRedisCache", "LOCATION": location}
    with override_settings(CACHES={"default": backend}):
        yield server
    if server.process.poll() is None:
        server.stop()


def test_healthz_names_the_cache_apart_from_the_database(client, db, redis):
    assert client.get("/healthz").content == b"ok\ndatabase: ok\ncache: ok\n"
    redis.stop()
    response = client.get("/healthz")
    assert response.status_code == 200  # the site still saves and shows entries
    assert response.content == b"degraded\ndatabase: ok\ncache: unavailable\n"
    redis.start()
    assert client.get("/healthz").content == b"ok\ndatabase: ok\ncache: ok\n"


@pytest.mark.django_db(transaction=True)  # commit hooks run: the generation bump after commit
def test_a_save_with_redis_down_is_saved_once_and_answers_saved(
    client,
    make_table,  # noqa: F811 (the results fixtures, imported above)
    staff,  # noqa: F811
    redis,
):
    table = make_table("mcr", slug="cup")
    judge = staff(table.round.event)["judge"]
    client.force_login(judge)
    assert client.get("/e/cup/standings/").status_code == 200
    redis.stop()
    response = client.post("/j/cup/1/1/hand/", {**HAND, "base_version": "0", "action": "save"})
    assert response.status_code == 302  # saved, and said so
    assert services.head_of(table).hands.count() == 1
    assert client.get("/j/cup/1/1/").status_code == 200
    client.logout()
    assert client.get("/e/cup/standings/").status_code == 200  # the public page
    # A director logs in (the login limit counts in the database, not in Redis).
    response = client.post("/accounts/login/", {"username": judge.username, "password": "pw"})
    assert response.status_code == 302
    redis.start()
    cache.set("after", 1)
    assert cache.get("after") == 1  # back in use as soon as Redis is
