"""The API's staff answers are never stored; its public reads keep their ETag caching.

Issue #32, L6 (``Cache-Control: private, no-store`` on staff answers). The
routes are the permission matrix's, read from the resolver
(``test_permission_matrix.ROUTES``), so a staff route added later is checked.
"""

from __future__ import annotations

from django.contrib.auth.models import Permission

from tests.tournament.api.test_permission_matrix import ROUTES, WRITES, fill, url_values

STAFF_API = "api/v1/manage/"


def directives(response) -> set[str]:
    header = response.get("Cache-Control", "")
    return {part.strip().split("=")[0].lower() for part in header.split(",") if part.strip()}


def test_staff_api_answers_are_private_and_not_stored(api_event, bearer):
    director = api_event.users["director"]
    director.user_permissions.add(Permission.objects.get(codename="add_event"))
    values = url_values(api_event)
    staff = [(route, method) for route, method, _view in ROUTES if route.startswith(STAFF_API)]
    assert len(staff) >= 20
    problems = []
    # Reads first: a write may change what a later read finds (its header must hold anyway).
    for route, method in sorted(staff, key=lambda rm: rm[1] in WRITES):
        url = fill(route, values)
        for who in (None, director):
            client = bearer(who)
            if method in WRITES:
                response = getattr(client, method)(url, {}, format="json")
            else:
                response = getattr(client, method)(url)
            found = directives(response)
            if not {"private", "no-store"} <= found or "public" in found:
                problems.append(f"{method.upper()} {url}: {response.get('Cache-Control')!r}")
    assert not problems, "\n".join(problems)


def test_public_reads_keep_their_etag_caching(api_event, bearer):
    values = url_values(api_event)
    public = [
        route
        for route, method, _view in ROUTES
        if method == "get" and route.startswith("api/v1/events/")
    ]
    assert public
    for route in public:
        response = bearer(None).get(fill(route, values))
        assert "private" not in directives(response), (route, response.get("Cache-Control"))
