"""Nagashi mangan on the judge's page, where the preset's rules include it.

rules/riichi.md §4 ("Nagashi mangan": tenhou yes, JPML/WRC/EMA no; seed 003 has
none): the form offers it from the family's EntryData, asks who made it and who
was tenpai, and no value or tiles (the rules fix it at mangan).
"""

from __future__ import annotations

import re

import pytest

from tournament.results.sheet import services


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def judge_at(client, make_table, staff):
    def make(ruleset):
        table = make_table(ruleset, slug="cup", entry_level="value")
        judge = staff(table.round.event)["judge"]
        client.force_login(judge)
        return table

    return make


# rules/riichi.md §4 (tenhou)
def test_tenhou_form_offers_nagashi_and_saves_it(client, judge_at):
    table = judge_at("tenhou")
    page = text(client.get("/j/cup/1/1/", HTTP_ACCEPT_LANGUAGE="en"))
    assert re.search(r'value="nagashi"[^>]*data-kind="win draw fixed"', page) or re.search(
        r'data-kind="win draw fixed"[^>]*value="nagashi"', page
    )
    assert "Nagashi mangan" in page
    form = {
        "base_version": "0",
        "level": "value",
        "outcome": "nagashi",
        "winner": "S",
        "tenpai": ["E"],
        "action": "save",
    }
    response = client.post("/j/cup/1/1/hand/", form, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code in (200, 302), text(response)[:2000]
    sheet = services.head_of(table)
    assert sheet is not None and sheet.version == 1, text(response)[:3000]
    row = sheet.result["rows"][0]
    assert row["outcome"] == "nagashi"
    assert row["deltas"] == {"E": -4000, "S": 8000, "W": -2000, "N": -2000}
    japanese = text(client.get("/j/cup/1/1/", HTTP_ACCEPT_LANGUAGE="ja"))
    assert "流し満貫" in japanese
    editing = client.get("/j/cup/1/1/hand/1/", HTTP_ACCEPT_LANGUAGE="en")
    assert editing.status_code == 200
    assert re.search(r'name="winner" value="S"[^>]*checked', text(editing))


# rules/riichi.md §4 (jpml-b: no nagashi)
def test_jpml_form_does_not_offer_nagashi(client, judge_at):
    judge_at("jpml-b")
    page = text(client.get("/j/cup/1/1/", HTTP_ACCEPT_LANGUAGE="en"))
    assert 'value="nagashi"' not in page
