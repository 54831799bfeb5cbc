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


def _strict(text: str):
    """JSON as the standard has it: NaN and Infinity are not numbers."""

    def refuse(name):
        raise AssertionError(f"{name} in an answer: {text}")

    return json.loads(text, parse_constant=refuse)


def test_a_byte_order_mark_on_the_first_line_is_not_part_of_the_hand():
    lines = ["\ufeff" + json.dumps(GOOD)] * 2
    first, second = (_strict(out) for out in score_lines(lines, "tenhou"))
    assert first["valid"] is True and first["id"] == "h1"
    # Only a file's start carries one; further on it is junk like any other.
    assert second["valid"] is False and second["error"]["code"] == "bad_input"


def test_nan_infinity_and_huge_numbers_are_not_json_and_never_echoed():
    lines = [
        '{"id": NaN, "concealed": "123m"}',
        '{"id": "h2", "round_wind": Infinity}',
        '{"id": 1e999}',
        '{"id": -Infinity}',
    ]
    answers = [_strict(out) for out in score_lines(lines, "tenhou")]
    for answer in answers:
        assert answer["valid"] is False
        assert answer["error"]["code"] == "bad_input"
        assert answer["id"] is None
    assert answers[0]["error"]["message"] == "line 1: not valid JSON (NaN is not a JSON number)"
    assert "too large" in answers[2]["error"]["message"]
