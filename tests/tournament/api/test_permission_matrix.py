"""Every route of the API, every method, every persona: the declared permission is the one enforced.

The routes are read from the URL resolver under ``/api/v1/`` (not from a
hand-written list), so a route added later is checked without touching this
file; a view that declares no ``required_permission`` fails here. Each
route's URL keywords are filled with real objects of ``api_event``. For each
persona (anonymous, a judge of another event, this event's viewer, judge and
director), "allowed" means any answer but 401/403 (a 400 for the empty body
counts: the permission let it through), "refused" means 401 for anonymous
and 403 for the others. Who should be allowed is read from
``tournament.events.permissions.PERMISSIONS`` and the persona's role; a staff
view's reads may declare less in ``read_permission`` (see ``permission_for``).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Permission
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator

from tournament.api.docs_views import permission_for
from tournament.api.permissions import CREATE_EVENTS, KNOWN, PUBLIC
from tournament.events.models import StaffRole
from tournament.events.permissions import PERMISSIONS
from tournament.printing.models import Kind, PrintJob

API = "api/v1/"
WRITES = ("post", "put", "patch", "delete")
# Refused personas first: a write the director is allowed may change what the next one sees.
PERSONAS = ("anonymous", "outsider", "viewer", "judge", "director")
ROLE = {
    "anonymous": None,
    "outsider": None,  # a judge, but of another event
    "viewer": StaffRole.Role.VIEWER,
    "judge": StaffRole.Role.JUDGE,
    "director": StaffRole.Role.DIRECTOR,
}
CONVERTER = re.compile(r"<(?:(?P<conv>[^>:]+):)?(?P<name>[^>]+)>")


def _walk(patterns, prefix=""):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), entry.callback


def _view_class(callback):
    return getattr(callback, "cls", None) or getattr(callback, "view_class", None)


def _methods(view) -> list[str]:
    if view is None:
        return ["get"]
    names = getattr(view, "http_method_names", ["get"])
    return [m for m in names if m not in ("options", "head", "trace") and hasattr(view, m)]


def api_routes() -> list[tuple[str, str, type | None]]:
    """(route, method, view class) for every route under /api/v1/ and every method it answers."""
    found = []
    for route, callback in _walk(get_resolver().url_patterns):
        if route.startswith(API):
            view = _view_class(callback)
            found += [(route, method, view) for method in _methods(view)]
    return found


ROUTES = api_routes()


def _value(name: str, data: dict):
    for key, value in data.items():
        if name == key or name.endswith(key):
            return value
    raise AssertionError(f"the matrix does not know how to fill the URL keyword {name!r}")


def fill(route: str, data: dict) -> str:
    """The route with each keyword replaced by a real object's value; a regex route gets a miss."""
    if route.endswith(".*$"):
        return "/" + API + "no-such-address/"
    return "/" + CONVERTER.sub(lambda m: str(_value(m["name"], data)), route)


def url_values(api_event) -> dict:
    """Values for every URL keyword the API uses (longest names first: ``round_number``…)."""
    event, table = api_event.event, api_event.tables[0]
    director = api_event.users["director"]
    job = PrintJob.objects.create(event=event, kind=Kind.STANDINGS, requested_by=director)
    registration = api_event.registrations[0]
    return {
        "slug": event.slug,
        "registration_id": registration.pk,
        "registration": registration.pk,
        "player": registration.pk,
        "round_number": api_event.round.number,
        "table_number": table.number,
        "hand_number": 1,
        "ruling_key": api_event.ruling.key,
        "ruling": api_event.ruling.key,
        "key": api_event.ruling.key,
        "version": 1,
        "job_id": job.pk,
        "uuid": job.uuid,
        "job": job.pk,
        "role_id": StaffRole.objects.filter(event=event).first().pk,
        "role": StaffRole.objects.filter(event=event).first().pk,
        "round": api_event.round.number,
        "table": table.number,
        "hand": 1,
        "number": api_event.round.number,
        "id": registration.pk,
        "pk": registration.pk,
    }


def expected_allowed(need: str, persona: str) -> bool:
    if need == PUBLIC:
        return True
    if need == CREATE_EVENTS:
        return persona == "director"  # given events.add_event below, as an admin would
    return ROLE[persona] in PERMISSIONS[need]


def _call(client, method, url):
    if method in WRITES:
        return getattr(client, method)(url, {}, format="json")
    return getattr(client, method)(url)


@pytest.mark.parametrize(
    ("route", "method", "view"), ROUTES, ids=[f"{m.upper()} /{r}" for r, m, _ in ROUTES]
)
def test_each_route_enforces_its_declared_permission(route, method, view, api_event, bearer):
    need = permission_for(view, method)
    assert need in KNOWN, f"/{route} ({view}) declares no known required_permission: {need!r}"
    director = api_event.users["director"]
    director.user_permissions.add(Permission.objects.get(codename="add_event"))
    url = fill(route, url_values(api_event))
    for persona in PERSONAS:
        user = None if persona == "anonymous" else api_event.users[persona]
        response = _call(bearer(user), method, url)
        code = response.status_code
        assert code != 500, (persona, method, url, response.content[:500])
        if expected_allowed(need, persona):
            assert code not in (401, 403), (persona, method, url, need, code, response.content)
        else:
            refused = 401 if persona == "anonymous" else 403
            assert code == refused, (persona, method, url, need, code, response.content)
        if persona == "viewer" and method in WRITES:
            assert not 200 <= code < 300, f"a viewer wrote through {method.upper()} {url}"


def test_no_write_is_public_but_the_catch_all():
    for route, method, view in ROUTES:
        if method in WRITES and not route.endswith(".*$"):
            assert permission_for(view, method) != PUBLIC, (
                f"{method.upper()} /{route} is a public write"
            )


def test_the_matrix_covers_every_operation_of_the_schema():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    shape = re.compile(r"\{[^}]*\}")
    routes = {(CONVERTER.sub("{}", "/" + r), m) for r, m, _ in ROUTES}
    operations = [
        (shape.sub("{}", path), method)
        for path, item in schema["paths"].items()
        for method in item
        if method in ("get", *WRITES)
    ]
    missing = [op for op in operations if op not in routes]
    assert not missing, missing
    assert len(ROUTES) >= len(operations) + 2  # the page for people and the catch-all
