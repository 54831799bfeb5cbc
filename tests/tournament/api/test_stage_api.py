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
from django.utils import translation
from rest_framework.test import APIClient

from tests.tournament.stages.line_tie import full_tie, played, second_of, tiebreak, tied_pair
from tests.tournament.standings.staged_team_event import build
from tournament.events.models import Registration
from tournament.stages.models import Stage
from tournament.stages.services import make_cut
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


def _line(slug: str, **headers) -> dict | None:
    return _get(f"{slug}/stages/", **headers).json()["stages"][1]["cut_line"]


def _player(pk) -> dict:
    return {"registration": pk, "name": Registration.objects.get(pk=pk).name, "rank": 8}


def test_a_cut_line_decided_by_the_directors_choice(db):
    """Issue #34: the stages read says how the line was decided, as codes, with the two
    players either side of it and the director's reason (the public page's note)."""
    event, director, _judge, _round = played("apichoice", full_tie)
    assert _line("apichoice") is None  # before the cut: no line
    before = _get("apichoice/stages/")["ETag"]
    first, second = tied_pair(event)
    make_cut(
        stages_of(event)[1],
        chosen=[second],
        tie_method="choice",
        tie_reason="host club rule 4.2",
        by=director,
    )
    after = _get("apichoice/stages/")
    assert after["ETag"] != before  # a client polling the stages sees the cut
    line = after.json()["stages"][1]["cut_line"]
    assert line == {
        "method": "choice",
        "method_name": "By the director's choice",
        "tiebreak": "",
        "reason": "host club rule 4.2",
        "last_in": _player(second),
        "first_out": _player(first),
    }
    japanese = _line("apichoice", HTTP_ACCEPT_LANGUAGE="ja")
    assert japanese["method"] == "choice" and japanese["reason"] == "host club rule 4.2"
    assert japanese["last_in"] == line["last_in"]  # codes and names never change
    with translation.override("ja"):
        assert japanese["method_name"] == str(Stage.CutMethod.CHOICE.label) != line["method_name"]
    assert _get("apichoice/stages/").json()["stages"][0]["cut_line"] is None  # the first stage


def test_a_cut_line_decided_by_lot_and_by_the_declared_tiebreak(db):
    event, director, _judge, _round = played("apilot", full_tie)
    first, second = tied_pair(event)
    make_cut(stages_of(event)[1], chosen=[second], tie_method="lot", by=director)
    line = _line("apilot")
    assert (line["method"], line["tiebreak"], line["reason"]) == ("lot", "", "")
    assert (line["last_in"]["registration"], line["first_out"]["registration"]) == (second, first)
    event, director, _judge, round_ = played("apitiebreak", tiebreak)
    make_cut(stages_of(event)[1], by=director)
    line = _line("apitiebreak")
    assert (line["method"], line["tiebreak"], line["reason"]) == ("tiebreak", "points_total", "")
    assert line["last_in"]["registration"] == second_of(round_, 3).pk
    assert line["first_out"]["registration"] == second_of(round_, 4).pk
    assert line["last_in"]["rank"] == 8 and line["first_out"]["rank"] == 9
