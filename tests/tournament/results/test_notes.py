"""Engine notes for people (issue #19): every code translated, seats as the players' names.

The codes are listed from the engine's own table (``scoring.sheets.messages.ENGLISH``),
so a code a family starts writing fails here until it has a sentence in
English, Japanese and Chinese.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.sheets.messages import ENGLISH
from tournament.glossary.notes import NOTES as SENTENCES
from tournament.results.page.sheet_messages import joined, message_text

NAMES = {"E": "Akagi", "S": "Bob", "W": "Carol", "N": "Dan"}
PARAMS = {
    "seat": "S",
    "seats": ["S", "N"],
    "label": "E2-1",
    "label_parts": {"kind": "honba", "wind": "E", "hand": 2, "count": 1},
    "index": 3,
    "first": 14,
    "last": 16,
    "points": -1200,
}


@pytest.mark.parametrize("code", sorted(ENGLISH))
@pytest.mark.parametrize("lang", ["ja", "zh-hans"])
def test_every_engine_code_is_translated(code, lang):
    assert code in SENTENCES, f"{code} has no sentence on the Django side"
    stored = {"code": code, "params": PARAMS}
    with translation.override("en"):
        english = message_text(stored, NAMES)
    with translation.override(lang):
        shown = message_text(stored, NAMES)
    assert shown and shown != english, f"{code} is not translated into {lang}"
    for raw in (" S,", "E2-1", "hands[", code):  # English pages keep E2-1; these do not
        assert raw not in shown, f"{code} in {lang} shows the engine's {raw!r}: {shown}"


def test_a_double_ron_names_its_winners():
    stored = {"code": "double_ron", "params": {"seats": ["S", "N"]}}
    with translation.override("en"):
        assert message_text(stored, NAMES) == "double ron: Bob and Dan win"
    with translation.override("ja"):
        assert message_text(stored, NAMES) == "ダブロン：BobとDanが和了"
    with translation.override("zh-hans"):
        assert message_text(stored, NAMES) == "一炮双响：Bob和Dan和牌"


def test_a_label_inside_a_note_is_in_the_readers_words():
    stored = {
        "code": "chombo_in",
        "params": {"label": "E2-1", "label_parts": PARAMS["label_parts"]},
    }
    with translation.override("ja"):
        assert "東2局1本場" in message_text(stored, NAMES)


def test_names_are_listed_as_a_reader_lists_them():
    with translation.override("en"):
        assert joined(["A", "B", "C"]) == "A, B and C"
        assert joined(["A"]) == "A"
    with translation.override("ja"):
        assert joined(["A", "B", "C"]) == "A、BとC"


@pytest.mark.parametrize("stored", [{"code": "from_the_future", "params": {}}, "an old note", None])
def test_an_unknown_code_or_old_text_still_shows_readably(stored):
    with translation.override("ja"):
        shown = message_text(stored, NAMES)
    assert isinstance(shown, str)
