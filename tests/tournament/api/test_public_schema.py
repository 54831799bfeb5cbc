"""Every public read answers what the schema says, on a played event (Schemathesis checks).

Each operation is called with real values (a published event, round and
player) and with missing ones (404), and ``call_and_validate`` checks the
status, the content type and the body against the schema the API serves.
The URLs are this part's alone (the public pages, the public reads and the
schema), so the check covers exactly the public reads.
"""

from __future__ import annotations

import hypothesis
import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from tests.tournament.public.play import BAI_PENALTY, ROUND_1, make_played
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)
from tests.tournament.stages.line_tie import full_tie, played, tied_pair
from tournament.api.public.throttles import AnonymousClients
from tournament.stages.services import make_cut
from tournament.standings.services import publish_results
from tournament.standings.stage_rows import stages_of

PREFIX = "/api/v1/events/"


class Schema(SpectacularAPIView):
    required_permission = "public"


api_urls = [
    path("schema/", Schema.as_view(), name="schema"),
    path("", include("tournament.api.public.urls")),
]
urlpatterns = [
    path("", include("tournament.public.urls")),
    path("api/v1/", include((api_urls, "api"))),
]
pytestmark = pytest.mark.urls(__name__)


@pytest.fixture
def schema(db):
    """The app called straight through WSGI, inside the test's transaction.

    Django's handler closes the database connection at the end of each request
    (``close_old_connections``); inside a test transaction on PostgreSQL that
    closes the test's own connection. Django's test client disconnects it for
    the same reason; so does this fixture, for its duration.
    """
    cache.clear()
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", get_wsgi_application())
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def published(make_event, make_player, staff):  # noqa: F811
    played = make_played(make_event, make_player, staff)
    round_ = played.seat(1)
    played.play(round_, ROUND_1, penalties=BAI_PENALTY)
    publish_results(round_)
    played.seat(2)  # seating published, results not
    return played


def operations(schema):
    return [
        op.ok()
        for op in schema.get_all_operations()
        if op.ok().path.startswith(PREFIX) and "statistics" not in op.ok().path
    ]


def test_every_public_read_matches_the_schema(schema, published):
    bai = published.registrations[1].pk
    values = [
        ({"slug": "spring", "registration": bai, "number": 1}, {"name": "bai"}),
        ({"slug": "spring", "registration": bai, "number": 2}, {"name": "佐藤"}),
        ({"slug": "spring", "registration": 999999, "number": 9}, {"name": " "}),
        ({"slug": "nowhere", "registration": 999999, "number": 9}, {"name": ""}),
    ]
    seen = set()
    for operation in operations(schema):
        params = {p.name for p in operation.path_parameters}
        for path_values, query in values:
            case = operation.Case(
                path_parameters={k: v for k, v in path_values.items() if k in params},
                query=query if operation.path.endswith("/where/") else None,
                headers={"Accept-Language": "ja"},
            )
            response = case.call_and_validate()
            seen.add((operation.path, response.status_code))
    paths = {path for path, _status in seen}
    assert len(paths) == 11, paths  # stages/ and teams/ (issue #21) too
    assert {status for _path, status in seen} == {200, 400, 404}


def test_not_modified_and_throttled_answers_match_the_schema(schema, published, monkeypatch):
    operation = schema["/api/v1/events/{slug}/standings/"]["GET"]
    first = operation.Case(path_parameters={"slug": "spring"}).call_and_validate()
    etag = {k.lower(): v for k, v in first.headers.items()}["etag"]
    etag = etag[0] if isinstance(etag, list) else etag
    again = operation.Case(path_parameters={"slug": "spring"}, headers={"If-None-Match": etag})
    assert again.call_and_validate().status_code == 304
    monkeypatch.setattr(AnonymousClients, "THROTTLE_RATES", {"anon": "1/min"})
    cache.clear()
    operation.Case(path_parameters={"slug": "spring"}).call_and_validate()
    refused = operation.Case(path_parameters={"slug": "spring"}).call_and_validate()
    assert refused.status_code == 429


def test_generated_requests_get_documented_answers(schema, published):
    """Whatever the client sends (huge ids, odd names), the answer is one the schema lists."""
    for operation in operations(schema):

        @hypothesis.given(case=operation.as_strategy())
        @hypothesis.settings(
            max_examples=25,
            deadline=None,
            suppress_health_check=list(hypothesis.HealthCheck),
            derandomize=True,
            database=None,
        )
        def check(case):
            cache.clear()  # the rate limit is another test's business
            case.call_and_validate()

        check()


def test_the_stages_read_with_a_cut_line_matches_the_schema(schema):
    """Issue #34: a cut's line (method, the pair either side, the reason) as the schema says."""
    event, director, _judge, _round = played("schemacut", full_tie)
    first, _second = tied_pair(event)
    stage = stages_of(event)[1]
    make_cut(stage, chosen=[first], tie_method="choice", tie_reason="rule 4.2", by=director)
    operation = schema["/api/v1/events/{slug}/stages/"]["GET"]
    response = operation.Case(path_parameters={"slug": "schemacut"}).call_and_validate()
    assert response.json()["stages"][1]["cut_line"]["method"] == "choice"
