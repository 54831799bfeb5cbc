"""Every staff URL × GET and POST × every kind of user: who gets in, who is turned away.

The URL list is not written down here: it is walked from the resolver
(``django.urls.get_resolver()``, through every ``include``), so a page added
tomorrow is in the matrix without anyone remembering to add it. Each pattern
is put in one of three groups and the walk fails on one that fits none:

- **staff**: everything under ``manage/`` and ``j/``;
- **public**: ``""`` and ``e/…``, checked apart: answered without login, and an
  unpublished event or round is a 404;
- **left out**: Django's own (``admin/``, ``accounts/``, ``i18n/``), ``healthz``
  and the static files.

A URL is made concrete by filling its parameters from one real event (a
seated table with a hand entered, a registration, a print job). A parameter
name the mapping does not know fails the test, so a new URL cannot escape.

What each user may do is written here from the roles' meaning (the
``tournament.events.permissions`` docstring), not read from its table, and
compared with the verb each view declares through
``event_permission_required``. For every URL, method and user:

- nothing answers 5xx (an exception in a view fails the test with its traceback);
- anonymous: the login page (or 403, or 405 for a method the URL does not take); never 200;
- a judge, or the director, of another event: 403 (or 404, 405); never a page;
- a user whose role lacks the view's verb: 403 (or 405);
- a user whose role has it, a director, a superuser: anything but 403;
- a refused request, and any request by a viewer, changes no row in the database.

The results pages have their own detailed matrix (tests/tournament/results/test_views.py);
this one is generic and shallow on purpose: empty POSTs, no form data.
"""

from __future__ import annotations

import re
import traceback
from dataclasses import dataclass

import pytest
from django.apps import apps
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.shortcuts import resolve_url
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.resolvers import RoutePattern
from django.utils import timezone

from tournament.api.tokens import make_token
from tournament.events.models import Registration, StaffRole
from tournament.events.services import start_event
from tournament.printing.models import PrintJob
from tournament.results.sheet import services
from tournament.seating.models import Round, Seat, Table
from tournament.stages.services import define_stages

# --- the URL map ------------------------------------------------------------------------

LEFT_OUT_PREFIXES = ("admin/", "accounts/", "i18n/")
LEFT_OUT_NAMES = {"healthz", "static", "favicon"}  # no event, no data
STAFF_PREFIXES = ("manage/", "j/")
# The players' phone pages (issue #19): no login, the table PIN; 404 unless the option is on.
PLAYERS_PREFIXES = ("p/",)
# Staff addresses that show a public page to a visitor without the verb, on a GET:
# the table's page is the sheet's QR code, where players call a judge (issue #18).
PUBLIC_TO_VISITORS = {"results:table"}
# The JSON API (issue #20) has a matrix of its own over every route and method, with
# tokens instead of a login: tests/tournament/api/test_permission_matrix.py.
API_PREFIXES = ("api/",)
# Staff pages that belong to no event, and what guards them instead of a verb: a login,
# the right to create events, or the thing being the user's own (their API tokens).
NOT_EVENT_PAGES = {
    "manage:events": "login",
    "manage:event_create": "create_events",
    "apiaccount:account": "login",
    "apiaccount:token_make": "login",
    "apiaccount:token_revoke": "own",
}
TOKEN_OWNER = "judge"

# The verbs of tournament/events/permissions.py, by role, from what each role is for.
ROLE_VERBS = {
    "viewer": {"view"},
    "judge": {"view", "enter_results", "confirm"},
    "director": {"view", "enter_results", "confirm", "manage"},
}
# Staff of another event: its judge, and its director (more rights, elsewhere).
OUTSIDERS = {"other_judge": StaffRole.Role.JUDGE, "other_director": StaffRole.Role.DIRECTOR}
USERS = ["anonymous", *OUTSIDERS, "viewer", "judge", "director", "superuser"]
METHODS = ["get", "post"]


@dataclass(frozen=True)
class Route:
    route: str  # e.g. "j/<slug:slug>/<int:round_number>/"
    name: str  # "namespace:name", or "" when unnamed
    callback: object
    converters: dict
    regex: bool  # a re_path: no named parameters to fill

    @property
    def params(self) -> list[str]:
        return re.findall(r"<(?:\w+:)?(\w+)>", self.route)

    @property
    def group(self) -> str:
        if self.route.startswith(LEFT_OUT_PREFIXES) or self.name.split(":")[-1] in LEFT_OUT_NAMES:
            return "left out"
        if self.route.startswith(API_PREFIXES):
            return "api"
        if self.route.startswith(STAFF_PREFIXES):
            return "staff"
        if self.route.startswith(PLAYERS_PREFIXES):
            return "players"
        if self.route == "" or self.route.startswith("e/"):
            return "public"
        return "unclassified"

    def url(self, values: dict) -> str:
        def fill(match):
            converter = self.converters[match.group(2)]
            return converter.to_url(values[match.group(2)])

        return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", fill, self.route)


def walk(resolver=None, prefix="", namespace="", converters=None) -> list[Route]:
    """Every URL pattern under ``resolver``, through includes, with its full route."""
    resolver = resolver or get_resolver()
    converters = converters or {}
    out = []
    for entry in resolver.url_patterns:
        pattern = entry.pattern
        here = {**converters, **getattr(pattern, "converters", {})}
        route = prefix + str(pattern)
        if isinstance(entry, URLResolver):
            inner = f"{namespace}:{entry.namespace}" if entry.namespace else namespace
            out += walk(entry, route, inner, here)
        elif isinstance(entry, URLPattern):
            name = f"{namespace}:{entry.name}".lstrip(":") if entry.name else ""
            regex = not isinstance(pattern, RoutePattern)
            out.append(Route(route, name, entry.callback, here, regex))
    return out


ROUTES = walk()
STAFF = [r for r in ROUTES if r.group == "staff"]
PUBLIC = [r for r in ROUTES if r.group == "public"]
PLAYERS = [r for r in ROUTES if r.group == "players"]


def test_every_url_is_staff_public_or_left_out():
    unclassified = [r.route for r in ROUTES if r.group == "unclassified"]
    assert unclassified == [], "new top-level URLs: put them in a group of this matrix"
    assert len(STAFF) >= 30 and len(PUBLIC) >= 6
    assert {r.route for r in STAFF if r.regex} == set()  # staff URLs have named parameters


def test_every_staff_view_declares_its_verb():
    """Every event page goes through event_permission_required; the others are listed."""
    missing = [
        r.route
        for r in STAFF
        if getattr(r.callback, "event_permission", None) is None and r.name not in NOT_EVENT_PAGES
    ]
    assert missing == []
    verbs = {getattr(r.callback, "event_permission", None) for r in STAFF} - {None}
    assert verbs <= set(ROLE_VERBS["director"])


# --- one real event --------------------------------------------------------------------

WINDS = "ESWN"
RON = {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30}


@pytest.fixture
def world(make_event, make_player, settings, tmp_path):
    """An event with a published round, one table, a hand entered, a print job, and its staff."""
    # Publishing a team ranking (issue #21): the team pages answer too.
    event = make_event(slug="cup", ruleset="jpml-b", is_public=True, team_sum_all=True)
    other = make_event(slug="other", ruleset="mcr")
    start_event(event)
    round_ = Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED)
    table = Table.objects.create(round=round_, number=1)
    registrations = []
    for wind in WINDS:
        registration = Registration.objects.create(event=event, player=make_player())
        Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
        registrations.append(registration)
    User = get_user_model()
    users = {"anonymous": None}
    for role in ROLE_VERBS:
        users[role] = User.objects.create_user(role, password="pw")
        StaffRole.objects.create(event=event, user=users[role], role=role)
    for who, role in OUTSIDERS.items():
        users[who] = User.objects.create_user(who, password="pw")
        StaffRole.objects.create(event=other, user=users[who], role=role)
    users["superuser"] = User.objects.create_superuser("root", "root@example.org", "pw")
    # Entered by a judge outside the matrix, so no one below confirms their own sheet.
    entrant = User.objects.create_user("entrant", password="pw")
    StaffRole.objects.create(event=event, user=entrant, role=StaffRole.Role.JUDGE)
    services.add_hand(table, RON, by=entrant, base_version=0)
    # A finished PDF, so that the download answers 200 to those who may fetch it.
    settings.MEDIA_ROOT = tmp_path / "media"
    now = timezone.now()
    job = PrintJob(event=event, kind=PrintJob.Kind.STANDINGS, status=PrintJob.Status.DONE)
    job.heartbeat_at = job.finished_at = now
    job.file.save("standings.pdf", ContentFile(b"%PDF-1.4 matrix"), save=False)
    job.save()
    token, _key = make_token(users[TOKEN_OWNER], "matrix")
    # Stages (issue #21), so the stage pages answer with a page: stage 1 here, a final to cut.
    define_stages(
        event, [{"kind": "qualifying", "rounds": 1}, {"kind": "final", "rounds": 1, "size": 4}]
    )
    values = {
        "token_id": token.pk,
        "slug": event.slug,
        "round_number": round_.number,
        "table_number": table.number,
        "number": 1,  # hand 1 under j/, round 1 under manage/ and e/
        "registration_id": registrations[0].pk,
        "registration": registrations[0].pk,
        "job_uuid": job.uuid,
        "version": 1,
        "role_id": StaffRole.objects.get(event=event, user=users["judge"]).pk,
    }
    return {"event": event, "round": round_, "users": users, "values": values}


# force_login writes a session (and last_login) before the first look; the standings
# snapshot is a cache that any reader of the standings may fill.
IGNORED_MODELS = {"sessions.Session", "standings.StandingSnapshot"}


def database_rows() -> dict:
    """Every row of every model, to show that a refused request changed nothing."""
    return {
        model._meta.label: list(model._default_manager.order_by("pk").values_list())
        for model in apps.get_models()
        if model._meta.label not in IGNORED_MODELS and model._meta.managed
    }


def clients(users) -> dict[str, Client]:
    out = {}
    for who, user in users.items():
        out[who] = Client()
        if user is not None:
            out[who].force_login(user)
    return out


def expectation(route: Route, who: str) -> str:
    """'login', 'refused' (staff of another event), 'forbidden' or 'allowed'."""
    if who == "anonymous":
        return "login"
    guard = NOT_EVENT_PAGES.get(route.name)
    if guard == "own":  # someone else's token is not found, a superuser's neither
        return "allowed" if who == TOKEN_OWNER else "refused"
    if who == "superuser":
        return "allowed"
    if guard == "login":
        return "allowed"  # the list of one's own events
    if guard == "create_events":
        return "forbidden"  # superusers or the add_event permission only
    if who in OUTSIDERS:
        return "refused"
    return "allowed" if route.callback.event_permission in ROLE_VERBS[who] else "forbidden"


def check(route: Route, who: str, response) -> str | None:
    """What is wrong with one answer, or None."""
    status = response.status_code
    wanted = expectation(route, who)
    if status >= 500:
        return f"answered {status}"
    visitor = wanted in ("login", "refused") and route.name in PUBLIC_TO_VISITORS
    if visitor and response.request["REQUEST_METHOD"] == "GET" and status == 200:
        public = 'id="call-judge"' in response.content.decode()
        return None if public else f"{who} got a staff page, not the public one"
    if wanted == "login":
        login = resolve_url(django_settings.LOGIN_URL)
        if status in (403, 405) or (status == 302 and response["Location"].startswith(login)):
            return None
        return f"anonymous got {status}, not the login page"
    if wanted == "refused" and status not in (403, 404, 405):
        return f"{who} (staff of another event) got {status}"
    if wanted == "forbidden" and status not in (403, 405):
        return f"{who} got {status}, not 403"
    if wanted == "allowed" and status == 403:
        return f"{who} was refused (403)"
    return None


@pytest.mark.parametrize("route", STAFF, ids=lambda r: r.route)
def test_staff_url_matrix(route, world):
    unknown = set(route.params) - set(world["values"])
    assert not unknown, f"{route.route}: no value for {sorted(unknown)}; add it to world()"
    url = route.url(world["values"])
    assert resolve(url).func is route.callback, url
    users = clients(world["users"])
    problems = []
    for who in USERS:  # the ones who may change things come last
        for method in METHODS:
            watch = who in ("anonymous", "viewer") or expectation(route, who) != "allowed"
            before = database_rows() if watch else None
            try:
                response = getattr(users[who], method)(url)
            except Exception:
                problems.append(
                    f"{method.upper()} {url} as {who}: raised\n{traceback.format_exc()}"
                )
                continue
            if problem := check(route, who, response):
                problems.append(f"{method.upper()} {url} as {who}: {problem}")
            elif watch and database_rows() != before:
                problems.append(f"{method.upper()} {url} as {who}: changed the database")
    assert not problems, "\n".join(problems)


# --- the players' phone pages ---------------------------------------------------------------


@pytest.mark.parametrize("route", PLAYERS, ids=lambda r: r.route)
def test_players_pages_need_the_option_and_never_fail(route, world, client):
    """Option off: 404 and nothing written; on: no 5xx, and no page without the table PIN."""
    url = route.url({**world["values"], "number": 1})
    before = database_rows()
    for method in METHODS:
        assert getattr(client, method)(url).status_code in (404, 405), (method, url)
    assert client.post(url).status_code == 404
    assert database_rows() == before
    world["event"].player_entry = True
    world["event"].save()
    for method in METHODS:
        response = getattr(client, method)(url)
        assert response.status_code < 500, (method, url)
        if route.name != "playerentry:pin":
            assert response.status_code in (302, 405), (method, url)


# --- the public pages ---------------------------------------------------------------------


def _publish_results(round_):
    Round.objects.filter(pk=round_.pk).update(results_published_at=timezone.now())


@pytest.mark.parametrize("route", PUBLIC, ids=lambda r: r.route or "home")
def test_public_page_answers_without_login(route, world, client):
    unknown = set(route.params) - set(world["values"])
    assert not unknown, f"{route.route}: no value for {sorted(unknown)}; add it to world()"
    _publish_results(world["round"])
    url = route.url(world["values"])
    before = database_rows()
    for method in METHODS:
        response = getattr(client, method)(url)
        assert response.status_code < 500, (method, url)
        if method == "get":
            assert response.status_code in (200, 404), url
    assert database_rows() == before


@pytest.mark.parametrize("route", [r for r in PUBLIC if "slug" in r.params], ids=lambda r: r.route)
def test_an_unpublished_event_is_not_found(route, world, client):
    event = world["event"]
    _publish_results(world["round"])
    assert client.get(route.url(world["values"])).status_code == 200  # while it is public
    event.is_public = False
    event.save()
    assert client.get(route.url(world["values"])).status_code == 404
    assert event.name not in client.get("/").content.decode()


def test_an_unpublished_round_and_its_results_are_not_found(world, client):
    round_ = world["round"]
    values = {**world["values"], "number": 2}
    Round.objects.create(event=world["event"], number=2, status=Round.Status.SEATED)
    by_name = {r.name: r for r in PUBLIC}
    assert client.get(by_name["public:round"].url(values)).status_code == 404
    assert client.get(by_name["public:round_results"].url(values)).status_code == 404
    # Round 1 is seated in public but its results are not published yet.
    assert client.get(by_name["public:round"].url(world["values"])).status_code == 200
    assert round_.results_published_at is None
    assert client.get(by_name["public:round_results"].url(world["values"])).status_code == 404
