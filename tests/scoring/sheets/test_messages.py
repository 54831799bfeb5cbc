"""Notes, warnings and engine-written reasons as codes and parameters (sheets/messages.py)."""

from __future__ import annotations

import json

import pytest

from scoring.sheets.messages import ENGLISH, Message, english, message


def test_a_message_is_stored_as_its_code_and_params():
    note = message("head_bump", seat="N", seats=("S", "W"))
    assert note == Message("head_bump", {"seat": "N", "seats": ["S", "W"]})
    assert json.loads(json.dumps(note.to_dict())) == {
        "code": "head_bump",
        "params": {"seat": "N", "seats": ["S", "W"]},
    }
    assert note.text == "head bump: N wins; claims by S, W lapse"
    assert english(note.to_dict()) == note.text


def test_an_unknown_code_is_refused():
    with pytest.raises(ValueError, match="unknown message code"):
        message("chombo by N: no payments, hand replayed")


def test_points_are_written_with_thousands_separators():
    warning = message("below_zero", seat="N", points=-18_000, index=0, label="E1-0")
    assert warning.text == "N is below 0 (-18,000) after hands[0] (E1-0); play continues"


def test_an_old_english_string_is_given_back_as_stored():
    assert english("chombo by N: no payments, hand replayed") == (
        "chombo by N: no payments, hand replayed"
    )
    assert english(None) == ""


def test_a_stored_message_that_does_not_fit_shows_its_code():
    assert english({"code": "chombo_replayed", "params": {}}) == "chombo_replayed"
    assert english({"code": "not_a_code"}) == "not_a_code"


def test_every_template_names_only_documented_parameters():
    documented = {"seat", "seats", "label", "index", "first", "last", "points"}
    for code, template in ENGLISH.items():
        names = {part.split("}")[0] for part in template.split("{")[1:]}
        assert names <= documented, code
