"""The login limit holds while Redis (the cache) is down (issue #32, L3).

Before, the failures were counted in the cache only, and the resilient cache
turns every read into a miss while Redis is away: with a real redis-server
stopped, the sixth wrong password was checked like the first, and guessing
went on without a limit. The counts now live in the database
(``tournament.accounts.models.LoginFailures``), which every web process
shares whether Redis is up or not.
"""

from __future__ import annotations

import shutil

import pytest
from django.contrib.auth import get_user_model

from tests.tournament.test_resilient_cache import redis  # noqa: F401 (a fixture)
from tournament.accounts.models import LoginFailures

pytestmark = pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")
LOGIN = "/accounts/login/"


def _login(client, password, address="10.0.0.7"):
    fields = {"username": "judy", "password": password}
    return client.post(LOGIN, fields, REMOTE_ADDR=address)


def test_with_redis_down_the_sixth_wrong_password_is_refused(
    client,
    db,
    settings,
    redis,  # noqa: F811
):
    settings.LOGIN_FAILURE_LIMIT = 5
    settings.LOGIN_FAILURE_WINDOW = 15 * 60
    get_user_model().objects.create_user("judy", password="pw-judy-123")
    redis.stop()
    for _ in range(5):
        assert _login(client, "wrong").status_code == 200  # the form again, with its error
    sixth = _login(client, "wrong")
    assert sixth.status_code == 429
    assert "Too many failed logins for this username from your device" in sixth.content.decode()
    assert _login(client, "pw-judy-123").status_code == 429  # even the right password now
    assert "_auth_user_id" not in client.session
    assert _login(client, "pw-judy-123", address="10.0.0.8").status_code == 302  # another device

    redis.start()  # the count does not depend on Redis coming back either
    client.logout()
    assert _login(client, "pw-judy-123").status_code == 429
    assert LoginFailures.objects.count() == 1  # one row: judy at 10.0.0.7
