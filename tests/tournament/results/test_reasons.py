"""Version reasons: the services store a code with parameters, put into the reader's
language when shown; a judge's own words are stored and shown as typed
(tournament/results/reasons.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.utils import translation

from tests.tournament.results.hands import RON
from tournament.results.models import ScoreSheet
from tournament.results.page import reasons
from tournament.results.page.reasons import describe, version_reason
from tournament.results.sheet import services
from tournament.results.sheet.errors import SheetConflict
from tournament.results.sheet.rulings import consequences


def _stored(table):
    return list(
        table.sheets.order_by("version").values_list("reason_code", "reason_params", "reason")
    )


def _every_service(table, users):
    """Drive the services through every kind of change."""
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
    services.void_ruling(table, key, by=judge, base_version=sheet.version, reason="misheard")


def test_each_service_stores_its_code_and_parameters(table, users):
    _every_service(table, users)
    assert _stored(table) == [
        ("hand_entered", {"number": 1}, ""),
        ("hand_entered", {"number": 2}, ""),
        ("hand_corrected", {"number": 2}, ""),
        ("hand_removed", {"number": 2}, ""),
        ("ruling_added", {"kind": "chombo", "seat": "N"}, ""),
        ("", {}, "misheard"),  # a void always has the judge's own reason
    ]


def test_the_codes_are_shown_in_the_readers_language(table, users):
    _every_service(table, users)
    sheets = list(table.sheets.order_by("version"))
    with translation.override("ja"):
        assert [version_reason(s) for s in sheets] == [
            "第1局を入力",
            "第2局を入力",
            "第2局を訂正",
            "第2局を削除",
            "裁定：チョンボ（N）",
            "misheard",
        ]
    with translation.override("zh-hans"):
        assert version_reason(sheets[2]) == "更正第2局"
        assert (
            version_reason(sheets[4]) == "裁定：错和（罚分）（N）"
        )  # not 罚符, the noten payment (#35)
    with translation.override("en"):
        assert version_reason(sheets[0]) == "hand 1 entered"
        assert version_reason(sheets[4]) == "ruling: Chombo (N)"


def test_final_scores(make_table, staff):
    table = make_table("jpml-b", slug="final", entry_level="final")
    judge = staff(table.round.event)["judge"]
    scores = {"E": 40000, "S": 30000, "W": 20000, "N": 30000}
    sheet = services.save_final_scores(table, scores, by=judge, base_version=0)
    assert (sheet.reason_code, sheet.reason_params, sheet.reason) == ("final_scores", {}, "")
    with translation.override("ja"):
        assert version_reason(sheet) == "最終点を入力"


def test_a_conflict_stores_both_versions_numbers(table, users):
    services.add_hand(table, RON, by=users["judge"], base_version=0)
    with pytest.raises(SheetConflict) as info:
        services.add_hand(table, RON, by=users["judge2"], base_version=0)
    conflict = info.value.mine
    assert conflict.status == ScoreSheet.Status.CONFLICT
    assert (conflict.reason_code, conflict.reason_params, conflict.reason) == (
        "conflict",
        {"base": 0, "head": 1},
        "",
    )
    with translation.override("ja"):
        assert version_reason(conflict) == (
            "未適用：第0版をもとにしましたが、第1版が保存されていました"
        )
    with translation.override("zh-hans"):
        assert version_reason(conflict) == "未应用：基于第0版，但第1版已被保存"


def test_a_results_file_import_stores_its_code(make_table, tmp_path):
    table = make_table("jpml-b", slug="file")
    path = tmp_path / "results.csv"
    path.write_text(
        "round,table,player,seat,score,penalty\n"
        "1,1,Akagi Shigeru,E,45000,\n1,1,Bai Lan,S,30000,\n"
        "1,1,Carla Diaz,W,25000,-20000\n1,1,Dmitri Orlov,N,20000,\n",
        encoding="utf-8",
    )
    with translation.override("ja"):  # the command's language is not stored
        call_command("import_results", "file", str(path), verbosity=0)
    assert _stored(table) == [("imported", {}, ""), ("imported", {}, "")]
    with translation.override("zh-hans"):
        assert version_reason(table.sheets.first()) == "从成绩文件导入"


def test_a_judges_own_words_are_stored_and_shown_as_typed(table, users):
    judge = users["judge"]
    # Words that look like a default are still the judge's words.
    sheet = services.add_hand(table, RON, by=judge, base_version=0, reason="hand 1 entered twice")
    sheet = services.replace_hand(table, 1, RON, by=judge, base_version=1, reason=" 点数の訂正 ")
    blank = services.add_hand(table, RON, by=judge, base_version=2, reason="   ")
    assert _stored(table) == [
        ("", {}, "hand 1 entered twice"),
        ("", {}, "点数の訂正"),
        ("hand_entered", {"number": 2}, ""),  # blank words are no words: the default
    ]
    with translation.override("ja"):
        assert version_reason(table.sheets.get(version=1)) == "hand 1 entered twice"
        assert version_reason(sheet) == "点数の訂正"
        assert version_reason(blank) == "第2局を入力"


def test_describe_is_a_lookup():
    with translation.override("ja"):
        assert describe("hand_removed", {"number": 7}) == "第7局を削除"
        assert (
            describe("ruling_added", {"kind": "false_win", "seat": "E"}) == "裁定：錯和（E）"
        )  # the Chinese rules' word (#35)
        assert describe("", {}, "wrong winner, see the scoresheet") == (
            "wrong winner, see the scoresheet"
        )
        assert describe("", {}, "") == ""
        # Parameters that do not fit (a row edited by hand): the code's name, no crash.
        assert describe("hand_entered", {}) == str(ScoreSheet.ReasonCode.HAND_ENTERED.label)
    with pytest.raises(ValueError):
        reasons.Reason("hand 3 entered")


def test_reasons_module_reads_no_english():
    source = Path(reasons.__file__).read_text(encoding="utf-8")
    assert not re.search(r"^\s*(import re|from re )", source, re.MULTILINE)


def test_a_version_says_why_in_a_code_or_in_words_not_both(table, users):
    sheet = services.add_hand(table, RON, by=users["judge"], base_version=0)
    for code, words in [("hand_entered", "typed too"), ("", "")]:
        with pytest.raises(IntegrityError), transaction.atomic():
            ScoreSheet.objects.filter(pk=sheet.pk).update(reason_code=code, reason=words)


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_the_history_page_in_japanese(client, table, users):
    services.add_hand(table, RON, by=users["judge"], base_version=0)
    services.add_hand(table, RON, by=users["judge"], base_version=1, reason="点数の訂正")
    services.add_hand(table, RON, by=users["judge"], base_version=2, reason="hand 1 entered")
    client.force_login(users["viewer"])
    html = _text(client.get("/j/cup/1/1/history/", HTTP_ACCEPT_LANGUAGE="ja"))
    assert '<span class="version-reason">第1局を入力</span>' in html
    assert '<span class="version-reason">点数の訂正</span>' in html
    # Typed words are never translated, even when they read like a default.
    assert '<span class="version-reason">hand 1 entered</span>' in html
    assert html.count("第1局を入力") == 1
    assert "hand_entered" not in html


def test_the_version_page_in_japanese(client, table, users):
    services.add_hand(table, RON, by=users["judge"], base_version=0)
    with pytest.raises(SheetConflict):
        services.add_hand(table, RON, by=users["judge2"], base_version=0)
    client.force_login(users["viewer"])
    html = _text(client.get("/j/cup/1/1/v1/", HTTP_ACCEPT_LANGUAGE="ja"))
    assert '<p class="muted">第1局を入力</p>' in html
    html = _text(client.get("/j/cup/1/1/v2/", HTTP_ACCEPT_LANGUAGE="ja"))
    assert '<p class="muted">未適用：第0版をもとにしましたが、第1版が保存されていました</p>' in html
    assert '<p class="muted">第1局を入力</p>' in html  # the head it lost to, beside it


def test_the_conflict_page_in_chinese(client, table, users):
    services.add_hand(table, RON, by=users["judge"], base_version=0)
    services.add_hand(table, RON, by=users["judge"], base_version=1)
    client.force_login(users["judge2"])
    response = client.post(
        "/j/cup/1/1/hand/1/remove/", {"base_version": "1"}, HTTP_ACCEPT_LANGUAGE="zh-hans"
    )
    assert response.status_code == 409
    html = _text(response)
    assert '<p class="muted">录入第2局</p>' in html  # theirs
    assert '<p class="muted">未应用：基于第1版，但第2版已被保存</p>' in html  # mine
