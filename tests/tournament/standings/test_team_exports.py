"""Standings files and the ``standings`` command for stages and teams (issue #21).

The old columns and the command's five keys stay as they were; a staged
team event gains columns at the end ("Team", "Stage"), a per-stage CSV,
the team standings as CSV and JSON, and ``standings --stage N`` /
``--teams``. Every value is checked against the services' own rows.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from tests.tournament.standings.staged_team_event import build
from tournament.standings.services import standings
from tournament.standings.stage_rows import stage_rows, stages_of
from tournament.standings.teams import team_standings

pytestmark = pytest.mark.django_db
OLD_HEADERS = ["Rank", "Player", "Club", "Country", "EMA id", "Table points", "Total points"]
FIVE = {"rank", "player", "points", "score", "sessions"}


@pytest.fixture
def event():
    return build("exp")


def _csv(response) -> list[list[str]]:
    body = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(body)))


def _run(*args) -> object:
    out = io.StringIO()
    call_command("standings", *args, stdout=out)
    return json.loads(out.getvalue())


def test_the_standings_csv_gains_team_and_stage_at_the_end(event):
    rows = _csv(Client().get(reverse("public_standings:csv", args=[event.slug])))
    header, body = rows[0], rows[1:]
    assert header[: len(OLD_HEADERS)] == OLD_HEADERS
    assert header[-2:] == ["Team", "Stage"]
    expected = standings(event).rows
    assert [r[1] for r in body] == [r["player"] for r in expected]
    assert [r[-2] for r in body] == [r["team"] for r in expected]
    assert [r[-1] for r in body][:8] == ["Final"] * 8
    assert set(r[-1] for r in body[8:]) == {"Qualifying"}


def test_a_stage_csv_is_that_stages_standings(event):
    answer = Client().get(reverse("public_standings:csv", args=[event.slug]) + "?stage=2")
    assert 'filename="exp-stage-2-standings.csv"' in answer["Content-Disposition"]
    body = _csv(answer)[1:]
    final = stage_rows(stages_of(event)[1], "public")
    assert [r[1] for r in body] == [r["player"] for r in final]
    missing = Client().get(reverse("public_standings:csv", args=[event.slug]) + "?stage=7")
    assert missing.status_code == 404


def test_team_standings_csv_and_json(event):
    client = Client()
    tables = team_standings(event)
    rows = _csv(client.get(reverse("public_standings:teams_csv", args=[event.slug])))
    assert rows[0][:3] == ["Ranking", "Rank", "Team"] and rows[0][-1] == "Members"
    expected = [(t.kind, r) for t in tables for r in t.rows]
    assert len(rows) - 1 == len(expected) == 8
    for cells, (kind, row) in zip(rows[1:], expected, strict=True):
        assert cells[0] == ("All members" if kind == "all" else "Best 2 per round")
        assert cells[2] == row["team"] and Fraction(cells[3]) == Fraction(row["points"])
        assert cells[-1] == ", ".join(m["player"] for m in row["members"])
    data = json.loads(client.get(reverse("public_standings:teams_json", args=[event.slug])).content)
    assert [r["kind"] for r in data["rankings"]] == ["all", "best"]
    assert data["rankings"][1]["best"] == 2
    first = data["rankings"][0]["rows"]
    assert [r["team"] for r in first] == [r["team"] for r in tables[0].rows]
    assert first[0]["points"] == tables[0].rows[0]["points"]  # exact, as a string


def test_staff_team_downloads_need_a_login(event):
    url = reverse("standings:staff_teams_csv", args=[event.slug])
    assert Client().get(url).status_code in (302, 403)
    client = Client()
    client.force_login(event.staff_roles.get(role="director").user)
    assert client.get(url).status_code == 200
    page = client.get(reverse("standings:staff", args=[event.slug])).content.decode()
    assert 'id="stage-downloads"' in page and "?stage=2" in page


def test_the_command_keeps_its_five_keys_and_adds_team_and_stage(event):
    out = _run(event.slug, "--format", "json", "--published")
    assert all(set(item) >= FIVE for item in out)
    assert [i["player"] for i in out] == [r["player"] for r in standings(event).rows]
    assert {i["stage"] for i in out} == {1, 2} and all(i["team"] for i in out)


def test_the_command_prints_a_stage(event):
    out = _run(event.slug, "--format", "json", "--stage", "2")
    final = stage_rows(stages_of(event)[1], "staff")
    assert [i["player"] for i in out] == [r["player"] for r in final]
    assert all(set(i) >= FIVE and i["stage"] == 2 for i in out)
    assert [Fraction(str(i["carried"])) for i in out] == [Fraction(r["carried"]) for r in final]
    with pytest.raises(CommandError, match="no stage 3"):
        call_command("standings", event.slug, "--stage", "3", stdout=io.StringIO())


def test_the_command_prints_the_teams(event):
    out = _run(event.slug, "--format", "json", "--teams")
    tables = team_standings(event, "staff")
    assert [r["kind"] for r in out["rankings"]] == ["all", "best"]
    assert [r["team"] for r in out["rankings"][0]["rows"]] == [r["team"] for r in tables[0].rows]
    text = io.StringIO()
    call_command("standings", event.slug, "--teams", stdout=text)
    assert "All members" in text.getvalue() and "Best 2 per round" in text.getvalue()


def test_an_old_event_keeps_the_old_shape(db):
    from tournament.public.bench_data import build_event

    event = build_event(players=8, rounds=1, seed=1, ruleset="mcr", slug="old-shape")
    out = _run(event.slug, "--format", "json")
    assert out and all(set(item) == FIVE for item in out)
    header = _csv(Client().get(reverse("public_standings:csv", args=[event.slug])))[0]
    assert "Team" not in header and "Stage" not in header
    empty = _csv(Client().get(reverse("public_standings:teams_csv", args=[event.slug])))
    assert empty[0][:3] == ["Ranking", "Rank", "Team"] and len(empty) == 1
    with pytest.raises(CommandError, match="no team standings"):
        call_command("standings", event.slug, "--teams", stdout=io.StringIO())
