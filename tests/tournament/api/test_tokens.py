"""The user's API tokens on their own page: made (key shown once), used, revoked."""

import hashlib
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone

from tournament.api.models import ApiToken
from tournament.api.tokens import DEFAULT_DAYS, MAX_DAYS, make_token, user_for_key
from tournament.events.errors import EventError
from tournament.events.models import Event, StaffRole
from tournament.events.services import create_event, grant_role

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


# --- expiry and event scope (issue #32, L6: tokens never expired and acted in every event) ---


def test_a_token_made_on_the_page_ends_after_the_default_lifetime(client, judge):
    before = timezone.now()
    make_on_page(client)
    token = ApiToken.objects.get(user=judge)
    lifetime = token.expires_at - before
    assert timedelta(days=DEFAULT_DAYS) <= lifetime < timedelta(days=DEFAULT_DAYS, minutes=1)
    assert token.event is None
    page = client.get(reverse("apiaccount:account"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "expires at" in page and "every event where you have a role" in page


def test_the_lifetime_is_chosen_on_the_page_up_to_the_maximum(client, judge):
    response = client.post(reverse("apiaccount:token_make"), {"name": "overlay", "days": 7})
    assert response.status_code == 200
    token = ApiToken.objects.get(user=judge)
    assert timedelta(days=7) - (token.expires_at - timezone.now()) < timedelta(minutes=1)
    assert "It works until" in response.content.decode()
    too_long = client.post(
        reverse("apiaccount:token_make"),
        {"name": "forever", "days": MAX_DAYS + 1},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert too_long.status_code == 400 and 'href="#id_days"' in too_long.content.decode()
    assert ApiToken.objects.filter(user=judge).count() == 1
    with pytest.raises(EventError) as refused:
        make_token(judge, "forever", days=MAX_DAYS + 1)
    assert refused.value.field == "days" and str(MAX_DAYS) in str(refused.value)


def test_an_expired_token_is_refused_in_the_error_shape_and_shown_expired(
    client, judge, api_client
):
    _response, key = make_on_page(client)
    ApiToken.objects.filter(user=judge).update(expires_at=timezone.now() - timedelta(seconds=1))
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    answer = api_client.get("/api/v1/manage/events/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 401
    (error,) = answer.json()["errors"]
    assert error["code"] == "token_expired" and error["field"] is None
    assert "This token expired on" in error["message"] and "/manage/account/" in error["message"]
    assert user_for_key(key) is None
    page = client.get(reverse("apiaccount:account"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "expired at" in page and ">expired<" in page and 'class="token-revoke"' not in page


@pytest.fixture
def two_events(api_event):
    """The API event's director directs the other event too: rights in both."""
    director = api_event.users["director"]
    grant_role(api_event.other_event, director, StaffRole.Role.DIRECTOR)
    director.user_permissions.add(Permission.objects.get(codename="add_event"))
    return api_event


def test_a_token_kept_to_one_event_is_refused_in_the_users_other_events(two_events, api_client):
    event, other = two_events.event, two_events.other_event
    _token, key = make_token(two_events.users["director"], "overlay", event=event)
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    assert api_client.get(f"/api/v1/manage/events/{event.slug}/").status_code == 200
    for method, url in [
        ("get", f"/api/v1/manage/events/{other.slug}/"),
        ("post", f"/api/v1/manage/events/{other.slug}/players/"),
        ("post", "/api/v1/manage/events/"),  # a new event is outside its one event
    ]:
        answer = getattr(api_client, method)(url, {}, format="json", HTTP_ACCEPT_LANGUAGE="en")
        assert answer.status_code == 403, (method, url, answer.content)
        (error,) = answer.json()["errors"]
        assert error["code"] == "token_scope", (method, url)
        assert f"only in the event “{event.slug}”" in error["message"]
    # What anyone may read stays readable.
    assert api_client.get(f"/api/v1/events/{event.slug}/").status_code == 200
    # The same user's unscoped token still acts in both.
    api_client.credentials(
        HTTP_AUTHORIZATION=f"Bearer {make_token(two_events.users['director'], 'all')[1]}"
    )
    assert api_client.get(f"/api/v1/manage/events/{other.slug}/").status_code == 200


def test_the_event_is_chosen_on_the_page_among_the_users_events(two_events, client):
    director = two_events.users["director"]
    client.force_login(director)
    event = two_events.event
    form = client.get(reverse("apiaccount:account")).content.decode()
    assert f'value="{event.slug}"' in form and f'value="{two_events.other_event.slug}"' in form
    made = client.post(
        reverse("apiaccount:token_make"),
        {"name": "overlay", "event": event.slug},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert made.status_code == 200 and "It acts only in the event" in made.content.decode()
    assert ApiToken.objects.get(user=director, name="overlay").event == event
    page = client.get(reverse("apiaccount:account"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"<code>{event.slug}</code>" in page
    # An event where the user has no role is not offered, and refused if sent.
    stranger = Event.objects.exclude(pk__in=[event.pk, two_events.other_event.pk]).first()
    stranger = stranger or create_event(slug="elsewhere", name="Elsewhere", ruleset="wrc")
    refused = client.post(reverse("apiaccount:token_make"), {"name": "x", "event": stranger.slug})
    assert refused.status_code == 400 and 'href="#id_event"' in refused.content.decode()
    with pytest.raises(EventError) as error:
        make_token(director, "x", event=stranger)
    assert error.value.field == "event"


def test_the_lifetime_and_scope_are_translated(client, judge):
    make_token(judge, "overlay")
    ja = client.get(reverse("apiaccount:account"), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "有効期間" in ja and "有効期限" in ja and "30日" in ja
    zh = client.get(reverse("apiaccount:account"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "有效期" in zh and "到期时间" in zh and "你有角色的所有赛事" in zh
