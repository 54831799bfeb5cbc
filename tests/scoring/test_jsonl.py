"""JSON Lines in, one answer per line out, bad lines answered rather than skipped."""

from __future__ import annotations

import json

from scoring.jsonl import score_lines
from tests.sample_hands import RIICHI_PINFU_TANYAO

GOOD = {"id": "h1", **RIICHI_PINFU_TANYAO}


def _run(lines, ruleset="tenhou", lang="en"):
    return [json.loads(out) for out in score_lines(lines, ruleset, lang)]


def test_one_answer_per_line_in_order_with_ids():
    lines = [json.dumps({**GOOD, "id": f"h{i}"}) for i in range(3)]
    assert [r["id"] for r in _run(lines)] == ["h0", "h1", "h2"]


def test_result_object_has_the_contract_fields():
    (result,) = _run([json.dumps(GOOD)])
    assert result == {
        "id": "h1",
        "ruleset": "tenhou",
        "valid": True,
        "error": None,
        "total": 3,
        "han": 3,
        "fu": 30,
        "points": 3900,
        "limit": None,
        "items": [
            {"key": "riichi", "name": "Riichi", "value": 1, "count": 1},
            {"key": "pinfu", "name": "Pinfu", "value": 1, "count": 1},
            {"key": "tanyao", "name": "All simples", "value": 1, "count": 1},
        ],
    }


def test_bad_lines_are_answered_and_the_batch_goes_on():
    lines = ["{not json", "[1, 2]", "", json.dumps({"id": "x"}), json.dumps(GOOD)]
    results = _run(lines)
    assert len(results) == len(lines)
    assert [r["error"]["code"] for r in results[:4]] == ["bad_input"] * 4
    assert results[0]["error"]["message"].startswith("line 1: not valid JSON")
    assert results[1]["error"]["message"] == "line 2: a hand must be a JSON object, not list"
    assert results[3]["id"] == "x" and results[3]["error"]["message"].startswith("concealed:")
    assert results[4]["valid"] is True


def test_a_line_ruleset_wins_over_the_default():
    (result,) = _run([json.dumps({**GOOD, "ruleset": "jpml-b"})], ruleset="tenhou")
    assert result["ruleset"] == "jpml-b"


def test_names_in_japanese():
    (result,) = _run([json.dumps(GOOD)], lang="ja")
    assert [i["name"] for i in result["items"]] == ["立直", "平和", "断幺九"]
