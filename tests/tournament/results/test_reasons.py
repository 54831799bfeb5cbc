"""Version reasons in the reader's language: the services' English defaults translated,
a judge's own words shown as typed (tournament/results/reasons.py)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tournament.results import services
from tournament.results.reasons import reason_text
from tournament.results.rulings import consequences

RON = {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30}


@pytest.fixture
def table(make_table):
    return make_table("jpml-b", slug="cup", entry_level="value")


@pytest.fixture
def users(staff, table):
    return staff(table.round.event)


def _every_default(table, users):
    """Drive the services through every kind of change; the reasons they stored, oldest first."""
    judge = users["judge"]
    sheet = services.add_hand(table, RON, by=judge, base_version=0)
    sheet = services.add_hand(table, {**RON, "winner": "E"}, by=judge, base_version=sheet.version)
    sheet = services.replace_hand(table, 2, RON, by=judge, base_version=sheet.version)
    sheet = services.remove_hand(table, 2, by=judge, base_version=sheet.version)
    effect = consequences(table.round.event, "chombo", "N")
    sheet = services.record_ruling(
        table, by=judge, base_version=sheet.version, kind="chombo", player="N",
        decision="won on a tile he had discarded", penalties=effect["penalties"],
        rule_reference=effect["rule_reference"],
    )  # fmt: skip
    key = str(sheet.rulings.get().key)
    sheet = services.void_ruling(
        table, key, by=judge, base_version=sheet.version, reason="misheard"
    )
    return list(table.sheets.order_by("version").values_list("reason", flat=True))


def test_every_default_a_service_writes_is_known(table, users):
    stored = _every_default(table, users)
    assert stored == [
        "hand 1 entered",
        "hand 2 entered",
        "hand 2 corrected",
        "hand 2 removed",
        "ruling: chombo (N)",
        "misheard",  # a void always has the judge's own reason
    ]
    with translation.override("ja"):
        shown = [reason_text(r) for r in stored]
    assert shown == [
        "第1局を入力",
        "第2局を入力",
        "第2局を訂正",
        "第2局を削除",
        "裁定：チョンボ（N）",
        "misheard",
    ]
    with translation.override("en"):
        assert reason_text("hand 12 entered") == "hand 12 entered"


def test_final_scores(make_table, staff):
    table = make_table("jpml-b", slug="final", entry_level="final")
    judge = staff(table.round.event)["judge"]
    scores = {"E": 40000, "S": 30000, "W": 20000, "N": 30000}
    sheet = services.save_final_scores(table, scores, by=judge, base_version=0)
    assert sheet.reason == "final scores entered"
    with translation.override("ja"):
        assert reason_text(sheet.reason) == "最終点を入力"


def test_a_judges_own_words_are_shown_as_typed():
    with translation.override("ja"):
        assert reason_text("wrong winner, see the scoresheet") == "wrong winner, see the scoresheet"
        assert reason_text("hand 1 entered twice") == "hand 1 entered twice"
        assert reason_text("") == ""


def test_the_history_page_in_japanese(client, table, users):
    services.add_hand(table, RON, by=users["judge"], base_version=0)
    services.add_hand(table, RON, by=users["judge"], base_version=1, reason="点数の訂正")
    client.force_login(users["viewer"])
    html = re.sub(
        r"\s+", " ", client.get("/j/cup/1/1/history/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    )
    assert "第1局を入力" in html
    assert "点数の訂正" in html
    assert "hand 1 entered" not in html
