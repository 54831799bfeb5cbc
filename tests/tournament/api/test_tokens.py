"""The user's API tokens on their own page: made (key shown once), used, revoked."""

import hashlib
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournament.api.models import ApiToken
from tournament.api.tokens import make_token, user_for_key

pytestmark = pytest.mark.django_db
KEY = re.compile(r"mjt_[A-Za-z0-9_-]{20,}")


@pytest.fixture
def judge(client):
    user = get_user_model().objects.create_user("tok-judge", password="pw")
    client.force_login(user)
    return user


def make_on_page(client, name="stream overlay"):
    response = client.post(reverse("apiaccount:token_make"), {"name": name})
    assert response.status_code == 200
    keys = set(KEY.findall(response.content.decode()))
    assert len(keys) == 1
    return response, keys.pop()


def test_the_page_needs_a_login(client):
    response = client.get(reverse("apiaccount:account"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_token_made_on_the_page_works_as_bearer(client, judge, api_client):
    response, key = make_on_page(client)
    assert "not shown again" in response.content.decode()
    assert "no-store" in response["Cache-Control"] or "no-cache" in response["Cache-Control"]
    assert user_for_key(key) == judge
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    assert api_client.get("/api/v1/schema/?format=json").status_code == 200
    token = ApiToken.objects.get(user=judge)
    assert token.last_used_at is not None and token.name == "stream overlay"


def test_the_key_is_stored_only_as_a_digest_and_never_listed(client, judge):
    _response, key = make_on_page(client)
    token = ApiToken.objects.get(user=judge)
    assert token.digest == hashlib.sha256(key.encode()).hexdigest()
    stored = [str(v) for v in ApiToken.objects.values_list().get(pk=token.pk)]
    assert key not in stored
    page = client.get(reverse("apiaccount:account")).content.decode()
    assert "stream overlay" in page and token.prefix in page
    assert key not in page and not KEY.search(page.replace(token.prefix + "…", ""))


def test_a_nameless_token_is_refused_with_the_field_named(client, judge):
    response = client.post(
        reverse("apiaccount:token_make"), {"name": "  "}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert 'href="#id_name"' in page and "Name the token" in page
    assert not ApiToken.objects.exists()


def test_a_revoked_token_answers_401_with_the_error_shape(client, judge, api_client):
    _response, key = make_on_page(client)
    token = ApiToken.objects.get(user=judge)
    response = client.post(
        reverse("apiaccount:token_revoke", args=[token.pk]), {"reason": "laptop lost"}
    )
    assert response.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None and token.revoked_by == judge
    assert token.revoke_reason == "laptop lost"
    assert user_for_key(key) is None
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    answer = api_client.get("/api/v1/schema/?format=json", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 401
    errors = answer.json()["errors"]
    assert errors and {"code", "field", "message"} <= set(errors[0])
    page = client.get(reverse("apiaccount:account")).content.decode()
    assert "laptop lost" in page and "revoked" in page


def test_another_users_token_cannot_be_revoked(client, judge):
    other = get_user_model().objects.create_user("tok-other", password="pw")
    token, key = make_token(other, "theirs")
    response = client.post(reverse("apiaccount:token_revoke", args=[token.pk]), {"reason": "x"})
    assert response.status_code == 404
    token.refresh_from_db()
    assert token.revoked_at is None and user_for_key(key) == other
    assert "theirs" not in client.get(reverse("apiaccount:account")).content.decode()


def test_revoking_needs_post(client, judge):
    token, _key = make_token(judge, "mine")
    assert client.get(reverse("apiaccount:token_revoke", args=[token.pk])).status_code == 405


def test_the_page_is_translated(client, judge):
    page = client.get(reverse("apiaccount:account"), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert 'lang="ja"' in page and "API" in page


def test_the_menus_lead_to_the_account_and_the_api_page(client):
    home = client.get("/").content.decode()
    assert 'href="/api/v1/docs/"' in home and 'href="/manage/account/"' not in home
    client.force_login(get_user_model().objects.create_user("tok-menu", password="pw"))
    assert 'href="/manage/account/"' in client.get("/").content.decode()
