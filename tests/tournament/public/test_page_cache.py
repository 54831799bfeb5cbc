"""Public pages served from memory (tournament.page_cache), on the played event.

What a visitor must never see: a page older than a change this process made,
someone else's CSRF token, or a staff member's page. What the cache is for:
an anonymous repeat view runs no query at all.
"""

from __future__ import annotations

import re
import time

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from tests.tournament.public.play import ROUND_1
from tests.tournament.public.test_standings_pages import _names_in_order
from tournament import page_cache
from tournament.events.models import Player, Registration
from tournament.seating.models import Round
from tournament.standings.services import publish_results

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def published(played):
    round_ = played.seat(1)
    played.play(round_, ROUND_1)
    publish_results(round_)
    return played


def _get(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return response, len(queries)


def test_a_repeat_anonymous_view_runs_no_query_and_is_the_same_page(client, published):
    url = f"/e/{published.event.slug}/standings/"
    first, first_queries = _get(client, url)
    again, again_queries = _get(Client(), url)
    assert first_queries > 0
    assert again_queries == 0
    strip = lambda html: TOKEN.sub("", html.decode())  # noqa: E731
    assert strip(again.content) == strip(first.content)
    assert "Akagi Shigeru" in again.content.decode()
    assert again["Content-Type"] == first["Content-Type"]
    assert "Cookie" in again["Vary"]


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/e/{slug}/",
        "/e/{slug}/player/{reg}/",
        "/e/{slug}/round/1/",
        "/e/{slug}/round/1/results/",
    ],
)
def test_every_public_page_is_kept(client, published, path):
    url = path.format(slug=published.event.slug, reg=published.registrations[0].pk)
    _get(client, url)
    assert _get(Client(), url)[1] == 0


def test_a_change_in_this_process_shows_on_the_next_view(client, published):
    url = f"/e/{published.event.slug}/standings/"
    _get(client, url)
    akagi = Registration.objects.get(name="Akagi Shigeru")
    akagi.name = "Akagi Shigeru (corrected)"
    akagi.save()
    html, queries = _get(client, url)
    assert queries > 0
    assert "Akagi Shigeru (corrected)" in html.content.decode()


def test_publishing_a_round_shows_at_once(client, played):
    round_ = played.seat(1)
    played.play(round_, ROUND_1)
    url = f"/e/{played.event.slug}/standings/"
    assert "No results have been published yet." in client.get(url).content.decode()
    publish_results(round_)
    assert _names_in_order(client.get(url).content.decode())[0] == "Akagi Shigeru"


def test_a_change_seen_by_another_process_through_the_shared_cache(client, published):
    url = f"/e/{published.event.slug}/standings/"
    _get(client, url)
    # Another web process saved something: it bumped the shared generation only.
    cache.incr(page_cache.GENERATION_KEY) if cache.get(page_cache.GENERATION_KEY) else cache.set(
        page_cache.GENERATION_KEY, 1
    )
    assert _get(client, url)[1] > 0


def test_a_change_without_signals_shows_once_the_seconds_are_up(client, published):
    url = f"/e/{published.event.slug}/round/1/results/"
    with override_settings(PUBLIC_PAGE_CACHE_SECONDS=0.2):
        _get(client, url)
        Round.objects.filter(event=published.event, number=1).update(results_published_at=None)
        assert _get(client, url)[1] == 0  # still the stored page: nothing said it changed
        time.sleep(0.25)
        assert client.get(url).status_code == 404


@override_settings(PUBLIC_PAGE_CACHE_SECONDS=0)
def test_zero_seconds_turns_the_cache_off(client, published):
    url = f"/e/{published.event.slug}/standings/"
    _get(client, url)
    assert _get(client, url)[1] > 0


def test_staff_and_visitors_with_messages_get_the_live_page(client, published):
    url = f"/e/{published.event.slug}/standings/"
    _get(Client(), url)
    client.force_login(published.users["director"])
    html, queries = _get(client, url)
    assert queries > 0
    assert "Log out" in html.content.decode()

    visitor = Client()
    visitor.cookies["messages"] = "anything"
    assert _get(visitor, url)[1] > 0


def test_each_visitor_gets_a_token_of_their_own_that_works(published):
    url = f"/e/{published.event.slug}/standings/"
    Client().get(url)
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    tokens = []
    for visitor in (first, second):
        html, queries = _get(visitor, url)
        assert queries == 0
        tokens.append(TOKEN.search(html.content.decode()).group(1))
        assert visitor.cookies.get("csrftoken")
    assert tokens[0] != tokens[1]
    for visitor, token in zip((first, second), tokens, strict=True):
        answer = visitor.post("/i18n/setlang/", {"language": "ja", "csrfmiddlewaretoken": token})
        assert answer.status_code == 302
    # A token only works with its own cookie.
    stranger = Client(enforce_csrf_checks=True)
    stranger.get("/")
    refused = stranger.post("/i18n/setlang/", {"language": "ja", "csrfmiddlewaretoken": tokens[0]})
    assert refused.status_code == 403


def test_each_language_has_its_own_page(published):
    url = f"/e/{published.event.slug}/standings/"
    english = Client().get(url, headers={"accept-language": "en"}).content.decode()
    japanese = Client().get(url, headers={"accept-language": "ja"}).content.decode()
    assert 'lang="en"' in english and 'lang="ja"' in japanese
    again = Client().get(url, headers={"accept-language": "ja"}).content.decode()
    assert 'lang="ja"' in again


def test_not_found_is_never_kept(client, published):
    url = f"/e/{published.event.slug}/round/9/results/"
    assert client.get(url).status_code == 404
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 404
    assert len(queries) > 0


def test_the_store_keeps_to_its_bytes_dropping_the_least_recently_used():
    store = page_cache._Store()

    def page(size):
        return page_cache._Stored(b"x" * size, (), (0, 0), 0.0, False, "")

    store.put("a", page(40), max_bytes=100)
    store.put("b", page(40), max_bytes=100)
    assert store.get("a") is not None  # "a" is now the most recently used
    store.put("c", page(40), max_bytes=100)
    assert store.get("b") is None
    assert store.get("a") is not None and store.get("c") is not None
    store.put("huge", page(101), max_bytes=100)
    assert store.get("huge") is None and len(store) == 2


@pytest.mark.django_db(transaction=True)
def test_other_processes_hear_of_a_change_once_per_transaction_at_commit():
    before = cache.get(page_cache.GENERATION_KEY, 0)
    with transaction.atomic():
        for ema_id in ["1", "2", "3"]:
            Player.objects.create(ema_id=ema_id)
        hooks = [hook for hook in connection.run_on_commit if hook[1] is page_cache._bump]
        assert len(hooks) == 1
        assert cache.get(page_cache.GENERATION_KEY, 0) == before  # not before the commit
    assert cache.get(page_cache.GENERATION_KEY, 0) == before + 1


def test_an_unchanged_page_is_not_sent_again(published):
    """What live.js does every refresh (fetch with cache "no-cache"): ask with the ETag."""
    url = f"/e/{published.event.slug}/standings/?fragment=1"
    phone = Client()
    first, _queries = _get(phone, url)
    etag = first["ETag"]
    assert etag.startswith('W/"')
    with CaptureQueriesContext(connection) as queries:
        again = phone.get(url, headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    assert len(queries) == 0
    assert again["ETag"] == etag and again["Cache-Control"] == "no-cache"
    # The table has no form: every visitor's copy is the same.
    assert Client().get(url, headers={"if-none-match": etag}).status_code == 304

    akagi = Registration.objects.get(name="Akagi Shigeru")
    akagi.club = "Changed club"
    akagi.save()
    changed = phone.get(url, headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "Changed club" in changed.content.decode()


def test_a_page_with_a_form_is_current_only_with_the_same_csrf_cookie(published):
    url = f"/e/{published.event.slug}/standings/"
    visitor = Client(enforce_csrf_checks=True)
    visitor.get(url)  # sets the CSRF cookie
    first = visitor.get(url)
    etag = first["ETag"]
    assert visitor.get(url, headers={"if-none-match": etag}).status_code == 304
    # Another browser (another cookie) would keep a token that is not its own: full page.
    stranger = Client(enforce_csrf_checks=True)
    stranger.get(url)
    assert stranger.get(url, headers={"if-none-match": etag}).status_code == 200
    # The kept copy's token still works for its own browser.
    token = TOKEN.search(first.content.decode()).group(1)
    answer = visitor.post("/i18n/setlang/", {"language": "ja", "csrfmiddlewaretoken": token})
    assert answer.status_code == 302
