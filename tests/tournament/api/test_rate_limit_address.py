"""The anonymous rate limit counts the client's address, the same one the login limit counts.

Issue #32, M3: the limit trusted ``X-Forwarded-For`` from anyone. A client
sending a different value on each request was never limited (130 × 200 at
120/min), and one sending a victim's address as its own used up the victim's
allowance (the victim got 429). The address is now
``tournament.accounts.login_limit.client_address``: ``REMOTE_ADDR``, or behind a
proxy named in ``TRUSTED_PROXIES`` the last forwarded address that is not one.
"""

from __future__ import annotations

import pytest
from rest_framework.settings import api_settings
from rest_framework.test import APIClient

from tournament.api.public.throttles import AnonymousClients

pytestmark = pytest.mark.django_db
ROOT = "/api/v1/"
PROXY = "127.0.0.1"
ATTACKER, VICTIM, NEIGHBOUR = "198.51.100.7", "203.0.113.5", "203.0.113.77"


@pytest.fixture
def small_rate(monkeypatch):
    monkeypatch.setattr(AnonymousClients, "THROTTLE_RATES", {"anon": "5/min"})
    return 5


def get(remote: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return APIClient().get(ROOT, **extra)


def test_a_new_forwarded_address_on_each_request_does_not_escape_the_limit(settings):
    # The steps at the site's rate (120/min): 130 requests, each claiming another client.
    settings.TRUSTED_PROXIES = []
    allowed, _period = AnonymousClients().parse_rate(api_settings.DEFAULT_THROTTLE_RATES["anon"])
    codes = [get(ATTACKER, f"10.0.{i // 250}.{i % 250}").status_code for i in range(allowed + 10)]
    assert codes[:allowed] == [200] * allowed
    assert codes[allowed:] == [429] * 10


def test_a_spoofed_victim_address_does_not_use_up_the_victims_allowance(settings, small_rate):
    settings.TRUSTED_PROXIES = []
    for _ in range(small_rate):
        assert get(ATTACKER, VICTIM).status_code == 200
    assert get(ATTACKER, VICTIM).status_code == 429  # the attacker is counted as itself
    assert get(VICTIM).status_code == 200


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_allowance(settings, small_rate):
    settings.TRUSTED_PROXIES = [PROXY]
    for _ in range(small_rate):
        assert get(PROXY, VICTIM).status_code == 200
    refused = get(PROXY, VICTIM)
    assert refused.status_code == 429 and refused.json()["errors"][0]["code"] == "throttled"
    # Another client behind the same proxy is not held back by the first one.
    assert get(PROXY, NEIGHBOUR).status_code == 200
    # A client cannot forge past the proxy: the proxy appends the address it saw.
    assert get(PROXY, f"{NEIGHBOUR}, {VICTIM}").status_code == 429
    # A sender that is not a trusted proxy is counted by its own address, whatever it forwards.
    assert get(ATTACKER, VICTIM).status_code == 200
