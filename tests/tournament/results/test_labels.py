"""Hand labels in the reader's words (issue #19): 東1局0本場, 东1局0本场, "East 1, 0 honba".

The replay gives each row and the next hand a label as parts with a kind
(scoring/sheets/labels.py); the page formats the kind, never the string.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.sheets import replay_sheet
from scoring.sheets.labels import KINDS
from tournament.glossary.hand_labels import LABEL_FORMATS as FORMATS
from tournament.results.page.labels import label_text


def _replay(ruleset: str, entries: list[dict]):
    return replay_sheet(ruleset, {}, entries)


RIICHI_DRAW = {"outcome": "draw", "level": "value", "tenpai": ["E"]}
MCR_DRAW = {"outcome": "draw", "level": "value"}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "E1-1"), ("ja", "東1局1本場"), ("zh-hans", "东1局1本场")],
)
def test_a_riichi_label_in_each_language(lang, expected):
    parts = {"kind": "honba", "wind": "E", "hand": 1, "count": 1}
    with translation.override(lang):
        assert label_text(parts, "E1-1") == expected


@pytest.mark.parametrize(
    ("parts", "lang", "expected"),
    [
        ({"kind": "wind_hand", "wind": "S", "hand": 3}, "zh-hans", "南风圈 第3局"),
        ({"kind": "wind_hand", "wind": "S", "hand": 3}, "ja", "南場 第3局"),
        ({"kind": "wind_hand", "wind": "S", "hand": 3}, "en", "x"),
        ({"kind": "repeat", "wind": "E", "hand": 2, "count": 0}, "zh-hans", "东风圈 第2局"),
        ({"kind": "repeat", "wind": "E", "hand": 2, "count": 1}, "zh-hans", "东风圈 第2局 连庄1"),
        ({"kind": "cycle_hand", "cycle": 2, "hand": 4}, "zh-hans", "第2圈 第4局"),
        ({"kind": "cycle_hand", "cycle": 2, "hand": 4}, "en", "x"),
    ],
)
def test_other_kinds(parts, lang, expected):
    with translation.override(lang):
        assert label_text(parts, "x") == expected


def test_english_without_a_stored_string_says_it_in_words():
    with translation.override("en"):
        assert (
            label_text({"kind": "honba", "wind": "E", "hand": 1, "count": 1}) == "East 1, 1 honba"
        )


def test_every_kind_the_engine_makes_has_a_format():
    assert set(KINDS) == set(FORMATS)


@pytest.mark.parametrize(
    "parts",
    [None, {}, {"kind": "future_kind", "hand": 1}, "E1-0", {"kind": "honba", "wind": "E"}],
)
def test_missing_or_unknown_parts_fall_back_to_the_stored_string(parts):
    with translation.override("ja"):
        shown = label_text(parts, "E1-0")
    assert shown == "E1-0"


@pytest.mark.parametrize(
    ("ruleset", "entries", "first", "then"),
    [
        ("jpml-b", [RIICHI_DRAW], "E1-0", {"kind": "honba", "hand": 1, "wind": "E", "count": 1}),
        ("mcr", [MCR_DRAW] * 5, "E-E", {"kind": "wind_hand", "hand": 2, "wind": "S"}),
        ("hkos", [], None, {"kind": "repeat", "hand": 1, "wind": "E", "count": 0}),
        ("zung-jung", [MCR_DRAW] * 4, "1-1", {"kind": "cycle_hand", "hand": 1, "cycle": 2}),
    ],
)
def test_each_family_gives_the_parts_next_to_the_string(ruleset, entries, first, then):
    result = _replay(ruleset, entries).to_dict()
    if first:
        row = result["rows"][0]
        assert row["label"] == first  # the compact string is unchanged
        assert row["label_parts"]["hand"] == 1
    assert result["next_label_parts"] == then


def test_the_judges_page_shows_labels_in_japanese_and_chinese(client, make_table, staff):
    import re

    from tournament.results.sheet import services

    table = make_table("jpml-b", slug="cup", entry_level="value")
    judge = staff(table.round.event)["judge"]
    client.force_login(judge)
    services.add_hand(table, RIICHI_DRAW, by=judge, base_version=0)
    page = client.get("/j/cup/1/1/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    page = re.sub(r"\s+", " ", page)
    assert '<span class="hand-label">東1局0本場</span>' in page
    assert "東1局1本場" in page  # next: the dealer repeats
    edit = client.get("/j/cup/1/1/hand/1/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "东1局0本场" in edit and "E1-0" not in re.sub(r"<[^>]*>", "", edit)
