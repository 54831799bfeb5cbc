"""Issue #34: a round's final scores through the staff API, by the results grid's service.

``POST /api/v1/manage/events/<event>/rounds/<n>/results/``: all or nothing,
bad rows refused in the API's error shape with ``rows[i].<column>``, the
same entry key twice saves once, ``dry_run`` saves nothing.
"""

from __future__ import annotations

import uuid

import pytest

from tests.tournament.results import conftest as results_fixtures
from tournament.results.models import ScoreSheet
from tournament.results.sheet.state import head_of

# The results tests' fixtures: a seated round of riichi tables, and the event's staff.
make_table, staff = results_fixtures.make_table, results_fixtures.staff
NAMES = ("Akagi Shigeru", "Bai Lan", "Carla Diaz", "Dmitri Orlov")
SCORES = {1: (45000, 30000, 25000, 20000), 2: (10000, 50000, 30000, 30000)}


@pytest.fixture
def tables(make_table):
    return make_table("jpml-b", tables=2, slug="api-grid")


def rows(scores=SCORES) -> list[dict]:
    out = []
    for table, four in scores.items():
        suffix = "" if table == 1 else f" {table}"
        out += [
            {"table": table, "player": n + suffix, "seat": s, "score": v}
            for n, s, v in zip(NAMES, "ESWN", four, strict=True)
        ]
    return out


URL = "/api/v1/manage/events/api-grid/rounds/1/results/"


def test_a_round_in_one_request_once(tables, staff, bearer):
    judge = staff(tables[0].round.event)["judge"]
    client = bearer(judge)
    key = str(uuid.uuid4())
    dry = client.post(URL, {"rows": rows(), "entry_key": key, "dry_run": True}, format="json")
    assert dry.status_code == 200 and dry.json()["saved"] == 0
    assert [t["change"] for t in dry.json()["tables"]] == ["new", "new"]
    assert not ScoreSheet.objects.exists()
    saved = client.post(URL, {"rows": rows(), "entry_key": key}, format="json")
    assert saved.status_code == 201, saved.json()
    assert saved.json()["saved"] == 2
    assert [t["status"] for t in saved.json()["tables"]] == ["submitted", "submitted"]
    head = head_of(tables[0])
    assert (head.created_by, head.reason_code) == (judge, "results_api")
    count = ScoreSheet.objects.count()
    again = client.post(URL, {"rows": rows(), "entry_key": key}, format="json")
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert ScoreSheet.objects.count() == count


def test_bad_rows_are_refused_with_their_row_and_field(tables, staff, bearer):
    client = bearer(staff(tables[0].round.event)["judge"])
    bad = rows()
    bad[3]["score"] = 10**40
    bad[6]["player"] = "Someone Else"
    bad[5]["table"] = 9
    answer = client.post(URL, {"rows": bad, "entry_key": str(uuid.uuid4())}, format="json")
    assert answer.status_code == 400
    fields = {e["field"] for e in answer.json()["errors"]}
    assert {"rows[3].score", "rows[6].player", "rows[5].table"} <= fields
    assert not ScoreSheet.objects.exists()


def test_a_wrong_total_names_the_table_in_japanese(tables, staff, bearer):
    client = bearer(staff(tables[0].round.event)["judge"])
    wrong = rows({1: (45000, 31000, 25000, 20000)})
    answer = client.post(
        URL,
        {"rows": wrong, "entry_key": str(uuid.uuid4())},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ja",
    )
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert error["field"] == "rows" and "第1回戦" in error["message"]
    assert not ScoreSheet.objects.exists()


def test_a_viewer_may_not(tables, staff, bearer):
    viewer = staff(tables[0].round.event)["viewer"]
    answer = bearer(viewer).post(
        URL, {"rows": rows(), "entry_key": str(uuid.uuid4())}, format="json"
    )
    assert answer.status_code == 403
