"""Staff pages and downloads are never kept in a cache; public pages keep their own caching.

Issue #32, L6: staff downloads (standings CSV/XLSX, EMA results, round and
team exports, printed PDFs) had no ``Cache-Control: private, no-store``, on
phones and laptops that judges and directors share. The staff URLs are walked
from the resolver as the permission matrix walks them
(``tests/tournament/events/test_staff_permissions.py``), so a page added later is
checked too; every answer counts (a page, a download, a redirect to the
login, a refusal), for every kind of user.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournament.events.test_staff_permissions import (  # noqa: F401  (world: a fixture)
    PUBLIC,
    STAFF,
    _publish_results,
    clients,
    world,
)

pytestmark = pytest.mark.django_db
# Downloads a staff member takes away (files, not pages): each must answer 200 here.
STAFF_DOWNLOADS = {
    "standings:staff_csv",
    "standings:staff_xlsx",
    "standings:staff_ema_results",
    "standings:staff_rounds",
    "standings:staff_teams_csv",
    "standings:staff_teams_json",
    "printing:download",
}
WHO = ("anonymous", "viewer", "judge", "director", "superuser")


def directives(response) -> set[str]:
    header = response.get("Cache-Control", "")
    return {part.strip().split("=")[0].lower() for part in header.split(",") if part.strip()}


def not_stored(response) -> bool:
    found = directives(response)
    return {"private", "no-store"} <= found and "public" not in found


def test_every_staff_page_and_download_is_private_and_not_stored(world):  # noqa: F811
    users = clients(world["users"])
    by_name = {route.name: route for route in STAFF}
    assert set(by_name) >= STAFF_DOWNLOADS, "a staff download was renamed: update this list"
    problems = []
    # Every download, as a director: a file, answered 200, never stored.
    for name in sorted(STAFF_DOWNLOADS):
        response = users["director"].get(by_name[name].url(world["values"]))
        if response.status_code != 200 or not not_stored(response):
            problems.append(f"{name}: {response.status_code} {response.get('Cache-Control')!r}")
    # Every staff URL, every user: reads first, then the writes (which may change the event).
    for method in ("get", "post"):
        for route in STAFF:
            url = route.url(world["values"])
            for who in WHO:
                response = getattr(users[who], method)(url)
                if not not_stored(response):
                    header = response.get("Cache-Control")
                    problems.append(
                        f"{method.upper()} {url} as {who}: {response.status_code} {header!r}"
                    )
    assert not problems, "\n".join(problems)


def test_the_login_welcome_and_admin_pages_are_not_stored(client):
    for url in (
        reverse("login"),
        reverse("welcome", args=["MQ", "not-a-token"]),
        reverse("admin:index"),
        reverse("admin:login"),
    ):
        response = client.get(url)
        assert not_stored(response), (url, response.status_code, response.get("Cache-Control"))


# The public pages and downloads kept in PUBLIC_PAGE_CACHE_SECONDS (the live JSON of the
# hall, the clock and the calls, say no-store of their own).
CACHED_PUBLIC = ("public:", "public_standings:", "public_stats:")


def test_public_pages_keep_their_own_caching(world, client):  # noqa: F811
    # Round 1's results published, so every public page has something to show.
    _publish_results(world["round"])
    routes = [r for r in PUBLIC if r.name.startswith(CACHED_PUBLIC)]
    assert len(routes) >= 10
    for route in routes:
        response = client.get(route.url(world["values"]))
        assert "private" not in directives(response), (route.route, response.get("Cache-Control"))
