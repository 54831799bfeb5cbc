"""The public API of stages and teams (issue #21): what the services say, as JSON.

A staged team event (``staged_team_event``: 16 players, a qualifying stage
and a final of 8) is read through ``/api/v1/events/<slug>/stages/``,
``standings/?stage=N`` and ``teams/``, and each answer is compared with
``stages.services`` and ``standings.teams``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.tournament.standings.staged_team_event import build
from tournament.standings.services import standings
from tournament.standings.stage_rows import stage_rows, stages_of
from tournament.standings.teams import team_standings

pytestmark = pytest.mark.django_db
API = "/api/v1/events/"


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # the anonymous rate limit counts in the cache
    yield
    cache.clear()


@pytest.fixture
def event():
    return build("apistaged")


def _get(path: str, **headers):
    return APIClient().get(API + path, **headers)


def test_the_stages_with_their_rounds_cut_and_entrants(event):
    body = _get(f"{event.slug}/stages/").json()
    assert body["current"] == 2
    first, final = body["stages"]
    assert (first["number"], first["kind"], first["rounds"]) == (1, "qualifying", [1, 2])
    assert first["cut_made"] and first["entrants"] == [] and first["size"] is None
    assert (final["kind"], final["rounds"], final["size"], final["carry"]) == (
        "final",
        [3],
        8,
        "half",
    )
    assert final["cut_made"] and final["cut_at"] and final["kind_name"] == "Final"
    stage = stages_of(event)[1]
    expected = {e.registration_id: e for e in stage.entrants.all()}
    assert {e["registration"] for e in final["entrants"]} == set(expected)
    for entrant in final["entrants"]:
        mine = expected[entrant["registration"]]
        assert entrant["reason"] == mine.reason and entrant["rank_before"] == mine.rank_before
        assert entrant["team"]
    japanese = _get(f"{event.slug}/stages/", HTTP_ACCEPT_LANGUAGE="ja").json()
    assert japanese["stages"][1]["kind"] == "final"  # the code never changes


def test_standings_rows_carry_team_and_stage(event):
    body = _get(f"{event.slug}/standings/").json()
    rows = standings(event).rows
    assert body["stage"] is None
    assert [r["name"] for r in body["rows"]] == [r["player"] for r in rows]
    assert [r["team"] for r in body["rows"]] == [r["team"] for r in rows]
    assert [r["stage"] for r in body["rows"]] == [r["stage"] for r in rows]


def test_a_stages_own_standings_with_carried_points(event):
    body = _get(f"{event.slug}/standings/?stage=2").json()
    final = stage_rows(stages_of(event)[1], "public")
    assert body["stage"] == 2 and body["rounds"] == [3]
    assert [r["name"] for r in body["rows"]] == [r["player"] for r in final]
    for mine, row in zip(body["rows"], final, strict=True):
        assert Fraction(mine["carried"]) == Fraction(row["carried"])
        assert Fraction(mine["total"]) == Fraction(row["points"])
    first = _get(f"{event.slug}/standings/?stage=1").json()
    assert len(first["rows"]) == 16 and first["rounds"] == [1, 2]
    assert _get(f"{event.slug}/standings/?stage=9").status_code == 404
    assert _get(f"{event.slug}/standings/?stage=two").status_code == 400


def test_team_standings(event):
    body = _get(f"{event.slug}/teams/").json()
    tables = team_standings(event)
    assert [r["kind"] for r in body["rankings"]] == ["all", "best"]
    for ranking, table in zip(body["rankings"], tables, strict=True):
        assert [r["team"] for r in ranking["rows"]] == [r["team"] for r in table.rows]
        assert [r["points"] for r in ranking["rows"]] == [r["points"] for r in table.rows]
        assert all(len(r["members"]) == 4 for r in ranking["rows"])
    assert body["rankings"][1]["title"] == "Best 2 per round"


def test_an_event_without_stages_or_teams(db):
    from tournament.public.bench_data import build_event

    event = build_event(players=8, rounds=1, seed=1, ruleset="mcr", slug="plain-api")
    event.is_public = True
    event.save()
    assert _get(f"{event.slug}/stages/").json() == {"current": None, "stages": []}
    assert _get(f"{event.slug}/teams/").json() == {"rankings": []}
    rows = _get(f"{event.slug}/standings/").json()["rows"]
    assert rows and all(r["team"] == "" and r["stage"] is None for r in rows)
    assert _get(f"{event.slug}/standings/?stage=1").status_code == 404
