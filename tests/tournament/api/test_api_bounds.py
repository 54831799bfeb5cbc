"""Issue #32 M4 and L1: the API keeps to the page's bounds and answers bad bodies in its shape.

M4: the API took ``fan: 10**40`` and ``2**63`` (201); such a hand was
confirmed and published, and the standings, CSV, XLSX and PDFs showed a
40-digit number. Now every hand value, final score and penalty is held to
the bounds of ``tournament.events.bounds``: 400, the field named, nothing saved.

L1: a JSON body nested deeper than Python's recursion limit gave a 500 (an
HTML page), an oversized body a 400 HTML page; both are now a 400 in the
API's error shape.
"""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from tests.tournament.results.conftest import make_table, staff  # noqa: F401  (fixtures)
from tournament.api.tokens import make_token
from tournament.results.models import ScoreSheet

MCR_WIN = {"outcome": "discard", "level": "value", "winner": "S", "discarder": "W"}


@pytest.fixture
def mcr(make_table, staff):  # noqa: F811  (the fixtures imported above)
    """An MCR table (round 1 table 1 of ``bounds``) and an API client with the judge's token."""
    table = make_table("mcr", slug="bounds")
    client = APIClient()
    judge = staff(table.round.event)["judge"]
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {make_token(judge, 'test')[1]}")
    return table, client


URL = "/api/v1/manage/events/bounds/rounds/1/tables/1/"


def post(client, path: str, body: dict, **extra):
    data = {"base_version": 0, "entry_key": str(uuid.uuid4()), **body}
    return client.post(URL + path, json.dumps(data), content_type="application/json", **extra)


@pytest.mark.parametrize("fan", [10**40, 2**63, 1000, -1])
def test_a_fan_past_the_bound_is_a_400_naming_the_field(mcr, fan):
    table, client = mcr
    response = post(client, "hands/", {"entry": {**MCR_WIN, "fan": fan}})
    assert response.status_code == 400, response.content
    (error,) = response.json()["errors"]
    assert error["field"] == "hands[0].fan"  # the place the replay names, as for every refusal
    assert error["code"] == "out_of_range"
    assert error["message"] == f"Hand 1: fan “{fan}” is out of range: from 0 to 999."
    assert not ScoreSheet.objects.filter(table=table).exists()


def test_the_bound_itself_is_accepted(mcr):
    table, client = mcr
    response = post(client, "hands/", {"entry": {**MCR_WIN, "fan": 999}})
    assert response.status_code == 201, response.content
    assert response.json()["hands"][0]["entry"]["fan"] == 999


def test_a_second_winners_han_is_named_with_its_place(make_table, staff):  # noqa: F811
    table = make_table("tenhou", slug="bounds")  # tenhou: a discard can have two winners
    client = APIClient()
    judge = staff(table.round.event)["judge"]
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {make_token(judge, 'test')[1]}")
    entry = {
        "outcome": "ron",
        "discarder": "W",
        "wins": [
            {"level": "value", "winner": "S", "han": 2, "fu": 30},
            {"level": "value", "winner": "N", "han": 10**40},
        ],
    }
    response = post(client, "hands/", {"entry": entry})
    assert response.status_code == 400, response.content
    (error,) = response.json()["errors"]
    assert (error["field"], error["code"]) == ("hands[0].wins[1].han", "out_of_range")
    assert error["message"] == f"Hand 1, Winner 2: han “{10**40}” is out of range: from 0 to 13."
    assert not ScoreSheet.objects.filter(table=table).exists()


def test_a_final_score_past_the_bound_is_a_400_in_the_same_words(mcr):
    table, client = mcr
    scores = {"E": 10**40, "S": -(10**40), "W": 0, "N": 0}
    response = post(client, "final-scores/", {"scores": scores})
    assert response.status_code == 400
    errors = {e["field"]: e for e in response.json()["errors"]}
    assert errors["scores.E"]["code"] == "out_of_range"
    assert errors["scores.E"]["message"] == (
        f"score “{10**40}” is out of range: from -10,000,000 to 10,000,000."
    )
    assert not ScoreSheet.objects.filter(table=table).exists()


def test_a_penalty_past_the_bound_is_a_400(mcr):
    table, client = mcr
    body = {"kind": "conduct", "player": "N", "decision": "warned", "points": -(10**40)}
    response = post(client, "rulings/", body)
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["field"], error["code"]) == ("points", "out_of_range")
    assert error["message"] == (f"penalty “{-(10**40)}” is out of range: from -10,000,000 to 0.")
    assert not ScoreSheet.objects.filter(table=table).exists()


def test_japanese_readers_get_the_bound_in_japanese(mcr):
    table, client = mcr
    response = post(
        client, "hands/", {"entry": {**MCR_WIN, "fan": 1000}}, HTTP_ACCEPT_LANGUAGE="ja"
    )
    (error,) = response.json()["errors"]
    assert error["code"] == "out_of_range" and "1000" in error["message"]
    assert "out of range" not in error["message"]


# --- L1: bodies the JSON reader cannot take ------------------------------------------------


def deep(levels: int) -> str:
    return '{"entry": ' + "[" * levels + "]" * levels + "}"


@pytest.mark.parametrize("levels", [1_000, 100_000])
def test_a_deeply_nested_body_is_a_400_in_the_error_shape(mcr, levels):
    table, client = mcr
    response = client.post(URL + "hands/", deep(levels), content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    (error,) = response.json()["errors"]
    assert error["code"] == "parse_error" and error["field"] is None
    assert "nested" in error["message"]
    assert not ScoreSheet.objects.filter(table=table).exists()


def test_a_deep_body_is_refused_on_every_write_and_in_the_readers_language(mcr):
    table, client = mcr
    for path in ("hands/", "final-scores/", "rulings/", "submit/"):
        response = client.post(
            URL + path, deep(5_000), content_type="application/json", HTTP_ACCEPT_LANGUAGE="ja"
        )
        assert response.status_code == 400, path
        (error,) = response.json()["errors"]
        assert error["code"] == "parse_error" and "nested" not in error["message"]


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_an_oversized_body_is_a_400_in_the_error_shape(mcr):
    table, client = mcr
    body = json.dumps({"base_version": 0, "entry_key": str(uuid.uuid4()), "reason": "x" * 2000})
    response = client.post(URL + "hands/", body, content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    (error,) = response.json()["errors"]
    assert error["code"] == "too_large" and error["field"] is None
    assert "1,000" in error["message"] or "1000" in error["message"]
    assert not ScoreSheet.objects.filter(table=table).exists()
