"""Nagashi mangan on the judge's page, where the event's rules include it.

rules/riichi.md §4 ("Nagashi mangan": tenhou yes, JPML/WRC/EMA no; seed 003 has
none): the form offers it from the family's EntryData, asks who made it and who
was tenpai, and no value or tiles (the rules fix it at mangan). It is an
option (issue #35): an event of another preset turns it on with
``{"nagashi_mangan": true}``, a tenhou event off with ``false``; where it is
off, a nagashi sent anyway is refused, naming the rules.

The payments, by hand (rules/riichi.md §1-§2, as tenhou.net plays it, ⚠ in
``draws.settle_nagashi``): a mangan's basic points b = 2,000, paid as by
tsumo: by a non-dealer, the dealer pays 2b = 4,000 and each other player
b = 2,000 (8,000 in all); by the dealer, each pays 2b = 4,000 (12,000). It
replaces the noten payments (none are made, whoever is tenpai), no honba is
paid, riichi sticks stay on the table, and the hand is otherwise a draw
(the dealer repeats when tenpai, honba + 1). The Tenhou logs of the corpus
(/work/shared/corpus/logs) hold no nagashi (no ``RYUUKYOKU type="nm"``), so
these figures are checked against the rules, not against a log.
"""

from __future__ import annotations

import re

import pytest

from tournament.results.sheet import services
from tournament.results.sheet.errors import SheetInputError


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
    # E1-0, E deals; S's nagashi: E pays 2b = 4,000, W and N b = 2,000 each, S gets 8,000.
    # E is tenpai and W, N noten, yet no noten payment: nagashi replaces it.
    assert row["deltas"] == {"E": -4000, "S": 8000, "W": -2000, "N": -2000}
    assert sheet.result["next_label"] == "E1-1"  # the tenpai dealer repeats, honba + 1
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


POSTED_NAGASHI = {
    "base_version": "0",
    "level": "value",
    "outcome": "nagashi",
    "winner": "W",
    "tenpai": [],
    "action": "save",
}


# Issue #35: the option turns it on under another preset (a house rule)
def test_jpml_b_with_the_option_offers_nagashi_and_scores_it(client, make_table, staff):
    table = make_table(
        "jpml-b", slug="cup", entry_level="value", ruleset_overrides={"nagashi_mangan": True}
    )
    client.force_login(staff(table.round.event)["judge"])
    page = text(client.get("/j/cup/1/1/", HTTP_ACCEPT_LANGUAGE="en"))
    assert 'value="nagashi"' in page and "Nagashi mangan" in page
    response = client.post("/j/cup/1/1/hand/", POSTED_NAGASHI, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302, text(response)[:2000]
    result = services.head_of(table).result
    # W (non-dealer) by hand: E (dealer) 2b = 4,000, S and N b = 2,000; nobody tenpai, so
    # no noten payment would have been due anyway; the dealer is noten: the deal passes.
    assert result["rows"][0]["deltas"] == {"E": -4000, "S": -2000, "W": 8000, "N": -2000}
    assert result["next_label"] == "E2-1"


# Issue #35: where the rules have none, it is not offered, and refused if sent anyway
def test_without_the_option_nagashi_is_refused_naming_the_rules(client, make_table, staff):
    table = make_table("jpml-b", slug="cup", entry_level="value")
    judge = staff(table.round.event)["judge"]
    client.force_login(judge)
    assert client.post("/j/cup/1/1/hand/", POSTED_NAGASHI).status_code == 400
    assert services.head_of(table) is None
    # The services (the API, an import, a player's phone) refuse it too, by name.
    entry = {"outcome": "nagashi", "level": "value", "winner": "W"}
    with pytest.raises(SheetInputError) as caught:
        services.add_hand(table, entry, by=judge, base_version=0)
    refused = caught.value
    assert (refused.field, refused.code) == ("hands[0].outcome", "outcome_not_in_rules")
    assert refused.params["ruleset"] == "jpml-b" and refused.params["outcome"] == "nagashi"
    assert refused.message.startswith("Hand 1, outcome: ")
    assert "nagashi mangan" in refused.message.lower()
    assert "must be left empty" not in refused.message
    assert services.head_of(table) is None


def test_a_tenhou_event_may_turn_it_off(client, make_table, staff):
    table = make_table(
        "tenhou", slug="cup", entry_level="value", ruleset_overrides={"nagashi_mangan": False}
    )
    client.force_login(staff(table.round.event)["judge"])
    assert 'value="nagashi"' not in text(client.get("/j/cup/1/1/"))
    assert client.post("/j/cup/1/1/hand/", POSTED_NAGASHI).status_code == 400
    assert services.head_of(table) is None
