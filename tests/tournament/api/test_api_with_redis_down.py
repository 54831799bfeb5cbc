"""The API with its cache gone: a real redis-server stopped mid-test (issue #16's fault).

The cache holds the anonymous rate limit's counts and the public pages'
generation; neither may turn a read or a saved hand into an error. A client
that retries the same ``entry_key`` after the outage gets the same answer,
and the hand is stored once.
"""

from __future__ import annotations

import shutil
import uuid

import pytest
from rest_framework.test import APIClient

from tests.tournament.results.conftest import make_table, staff  # noqa: F401 (fixtures)
from tests.tournament.test_resilient_cache import redis  # noqa: F401 (a fixture)
from tournament.api.tokens import make_token
from tournament.results.sheet import services
from tournament.seating.models import Round

pytestmark = pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")

HAND = {"level": "value", "outcome": "discard", "winner": "S", "discarder": "W", "fan": 8}


@pytest.mark.django_db(transaction=True)  # commit hooks run: the generation bump after commit
def test_reads_and_a_saved_hand_survive_redis_going_away(
    make_table,  # noqa: F811
    staff,  # noqa: F811
    redis,  # noqa: F811
):
    table = make_table("mcr", slug="cup")
    event = table.round.event
    event.is_public = True
    event.save()
    Round.objects.filter(pk=table.round.pk).update(status=Round.Status.PUBLISHED)
    judge = staff(event)["judge"]
    anonymous, judge_api = APIClient(), APIClient()
    judge_api.credentials(HTTP_AUTHORIZATION=f"Bearer {make_token(judge, 'test')[1]}")
    sheet_url = "/api/v1/manage/events/cup/rounds/1/tables/1/"
    assert anonymous.get("/api/v1/events/cup/rounds/1/").status_code == 200

    redis.stop()
    assert anonymous.get("/api/v1/events/cup/rounds/1/").status_code == 200  # limit steps aside
    body = {"entry": HAND, "base_version": 0, "entry_key": str(uuid.uuid4())}
    saved = judge_api.post(sheet_url + "hands/", body, format="json")
    assert saved.status_code == 201, saved.content
    assert services.head_of(table).hands.count() == 1

    redis.start()
    again = judge_api.post(sheet_url + "hands/", body, format="json")  # a retry of the same entry
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert services.head_of(table).version == saved.json()["version"]
    assert services.head_of(table).hands.count() == 1
