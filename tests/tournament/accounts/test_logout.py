"""Issue #35 (polish): a GET of /accounts/logout/ answered 405; it now asks with a button.

Logging out stays a POST (Django 5): the GET page logs nobody out.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

LOGOUT = "/accounts/logout/"


def test_a_get_asks_with_a_button_and_logs_nobody_out(client, django_user_model):
    user = django_user_model.objects.create_user("judy", password="a-long-pass-1")
    client.force_login(user)
    page = client.get(LOGOUT)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="logout-form"' in html and 'method="post"' in html
    assert client.get(reverse("manage:events")).status_code == 200  # still logged in


def test_the_button_logs_out(client, django_user_model):
    user = django_user_model.objects.create_user("judy", password="a-long-pass-1")
    client.force_login(user)
    assert client.post(LOGOUT).status_code == 302
    assert client.get(reverse("manage:events")).status_code == 302  # to the login page


def test_nobody_logged_in_goes_home(client):
    assert client.get(LOGOUT)["Location"] == reverse("public:home")


def test_the_page_speaks_japanese(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("judy", password="a-long-pass-1"))
    client.cookies["django_language"] = "ja"
    assert "ログアウト" in client.get(LOGOUT).content.decode()
