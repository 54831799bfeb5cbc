"""Staff sessions end after SESSION_IDLE_SECONDS without a request; each request extends them.

Issue #32, L6: sessions lasted Django's 14 days, on phones that judges share.
"""

from __future__ import annotations

import os
import time
from datetime import timedelta

import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.sessions.models import Session
from django.db import OperationalError, connection
from django.urls import reverse
from django.utils import timezone

from tournament.accounts.idle_sessions import LAST_SEEN

pytestmark = pytest.mark.django_db
HOME = "/manage/"


@pytest.fixture
def judge(client):
    user = get_user_model().objects.create_user("idle-judge", password="pw")
    client.force_login(user)
    return user


def stored(client):
    return client.session  # a fresh SessionStore read from the database


def rewind(client, seconds_ago: float) -> None:
    """Pretend the session's last use was ``seconds_ago``, its row kept as a store may keep it."""
    session = stored(client)
    session[LAST_SEEN] = time.time() - seconds_ago
    session.save()


def test_the_default_is_twelve_hours_not_two_weeks(settings):
    if "SESSION_IDLE_SECONDS" not in os.environ:
        assert settings.SESSION_IDLE_SECONDS == 12 * 3600
    assert settings.SESSION_COOKIE_AGE == settings.SESSION_IDLE_SECONDS


def test_a_session_idle_longer_than_the_limit_is_logged_out(client, judge, settings):
    assert client.get(HOME).status_code == 200
    rewind(client, settings.SESSION_IDLE_SECONDS + 5)
    response = client.get(HOME, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert SESSION_KEY not in stored(client)
    login = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "You were logged out after 12\xa0hours without activity" in login


def test_an_active_session_is_kept_and_extended(client, judge, settings):
    assert client.get(HOME).status_code == 200
    idle = settings.SESSION_IDLE_SECONDS
    rewind(client, idle - 120)  # two minutes left
    Session.objects.update(expire_date=timezone.now() + timedelta(seconds=120))
    response = client.get(HOME)
    assert response.status_code == 200
    session = stored(client)
    assert session[SESSION_KEY] == str(judge.pk)
    assert time.time() - session[LAST_SEEN] < 30  # the clock starts again
    row = Session.objects.get(session_key=session.session_key)
    assert row.expire_date > timezone.now() + timedelta(seconds=idle - 60)
    assert int(response.cookies["sessionid"]["max-age"]) == idle


def test_a_session_is_not_saved_on_every_request(client, judge):
    assert client.get(HOME).status_code == 200
    first = stored(client)[LAST_SEEN]
    assert client.get(HOME).status_code == 200
    assert stored(client)[LAST_SEEN] == first  # within the minute: no write


def test_the_limit_is_configurable(client, judge, settings):
    settings.SESSION_IDLE_SECONDS = settings.SESSION_COOKIE_AGE = 600
    assert client.get(HOME).status_code == 200
    rewind(client, 590)
    assert client.get(HOME).status_code == 200
    rewind(client, 610)
    assert client.get(HOME).status_code == 302


def test_a_session_unreadable_while_the_database_is_down_gives_the_503_page(client, judge):
    """The fault drill saw 500s here: the session was read before any view, out of the 503's reach.

    The database is made to fail the way a stopped PostgreSQL does (Django's
    own query hook raising its OperationalError), for the session's table only,
    so the request gets as far as a real outage lets it.
    """

    def session_table_down(execute, sql, params, many, context):
        if "django_session" in sql:
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    client.raise_request_exception = False
    with connection.execute_wrapper(session_table_down):
        response = client.get(HOME)
    assert response.status_code == 503, response.status_code
    assert response["Retry-After"] == "10"
