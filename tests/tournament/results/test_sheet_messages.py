"""A replay's notes, warnings and chombo reasons shown in the reader's language.

The replay stores each as a code with parameters (scoring/sheets/messages.py);
the judge's page, the printed sheet and the public player page put it into
words (tournament/results/sheet_messages.py), seats by the players' names. A
result stored before (English strings) and a judge's own reason are shown as
stored.

Uses the results fixtures (``make_table``, ``staff``): players sit E Akagi
Shigeru, S Bai Lan, W Carla Diaz, N Dmitri Orlov.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from scoring.sheets.messages import ENGLISH
from tournament.glossary.notes import NOTES as SENTENCES
from tournament.printing.sheets import event_layout, filled_sheet
from tournament.public import history
from tournament.results.page.display import sheet_view
from tournament.results.page.sheet_messages import message_text
from tournament.results.sheet import services
from tournament.results.sheet.rulings import consequences
from tournament.seating.models import Round
from tournament.standings.services import publish_results

NAMES = {"E": "Akagi Shigeru", "S": "Bai Lan", "W": "Carla Diaz", "N": "Dmitri Orlov"}


def url() -> str:
    return "/j/cup/1/1/"


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def enter(table, user, *entries):
    sheet = services.head_of(table)
    for entry in entries:
        sheet = services.add_hand(table, entry, by=user, base_version=sheet.version if sheet else 0)
    return sheet


def chombo(table, user, player, decision):
    effect = consequences(table.round.event, "chombo", player)
    sheet = services.head_of(table)
    return services.record_ruling(
        table,
        by=user,
        base_version=sheet.version if sheet else 0,
        kind="chombo",
        player=player,
        decision=decision,
        rule_reference=effect["rule_reference"],
        penalties=effect["penalties"],
        hand_entry=effect["hand_entry"],
    )


@pytest.fixture
def judge_at(client, make_table, staff):
    """``judge_at(ruleset)`` -> the table, its staff and its judge (``table.judge``) logged in."""

    def make(ruleset):
        table = make_table(ruleset, slug="cup", entry_level="value")
        table.staff = staff(table.round.event)
        table.judge = table.staff["judge"]
        client.force_login(table.judge)
        return table

    return make


def test_every_code_the_engine_writes_has_a_sentence():
    assert set(SENTENCES) == set(ENGLISH)


def test_an_mcr_time_limit_note_and_warning_on_the_japanese_page(client, judge_at):
    table = judge_at("mcr")
    # rules/mcr.md §6 (issue 15): one "not played" marks the rest of the session (2-16).
    sheet = enter(table, table.judge, {"outcome": "draw"}, {"outcome": "not_played"})
    assert sheet.complete
    assert sheet.result["rows"][1]["notes"] == [{"code": "not_played", "params": {}}]
    assert sheet.result["warnings"] == [
        {"code": "hands_not_played", "params": {"first": 2, "last": 16}}
    ]
    html = text(client.get(url(), HTTP_ACCEPT_LANGUAGE="ja"))
    assert html.count('<p class="hand-note">未実施（時間切れ）</p>') == 1
    assert '<p class="message">第2局〜第16局は未実施（時間切れ）</p>' in html
    assert "not played" not in html
    english = text(client.get(url(), HTTP_ACCEPT_LANGUAGE="en"))
    assert '<p class="message">hands 2–16 were not played (time limit)</p>' in english


def test_a_riichi_chombo_note_on_the_japanese_and_chinese_pages(client, judge_at):
    table = judge_at("jpml-b")
    chombo(table, table.judge, "N", "called ron on a tile he could not win on")
    row = services.head_of(table).result["rows"][0]
    assert row["outcome"] == "chombo"
    assert row["notes"] == [{"code": "chombo_replayed", "params": {"seat": "N"}}]
    html = text(client.get(url(), HTTP_ACCEPT_LANGUAGE="ja"))
    # The seat is shown as the player's name, as the page names winners.
    assert '<p class="hand-note">Dmitri Orlovのチョンボ：点の移動なし、同じ局をやり直し</p>' in html
    html = text(client.get(url(), HTTP_ACCEPT_LANGUAGE="zh-hans"))
    assert '<p class="hand-note">Dmitri Orlov错和：不付点，本局重打</p>' in html


def test_a_riichi_warning_with_points_on_the_japanese_page(client, judge_at):
    # jpml-b E1-0: dealer E rons N for a yakuman, 48,000: N 30,000 -> -18,000, play goes on.
    table = judge_at("jpml-b")
    yakuman = {"outcome": "ron", "level": "value", "winner": "E", "discarder": "N", "yakuman": 1}
    enter(table, table.judge, yakuman)
    html = text(client.get(url(), HTTP_ACCEPT_LANGUAGE="ja"))
    warned = "第1局（東1局0本場）の後、Dmitri Orlovが0点未満（-18,000）、対局は続行"
    assert f'<p class="message">{warned}</p>' in html


def test_an_old_results_english_strings_are_shown_unchanged(client, judge_at):
    table = judge_at("mcr")
    sheet = enter(table, table.judge, {"outcome": "draw"}, {"outcome": "not_played"})
    old = sheet.result
    old["rows"][1]["notes"] = ["not played (time limit)"]
    old["warnings"] = ["hands 2-2 were not played (time limit)"]
    sheet.save(update_fields=["result"])
    html = text(client.get(url(), HTTP_ACCEPT_LANGUAGE="ja"))
    assert '<p class="hand-note">not played (time limit)</p>' in html  # never taken apart
    assert '<p class="message">hands 2-2 were not played (time limit)</p>' in html
    with translation.override("ja"):
        view = sheet_view(old, NAMES, "ja", family="mcr")
    assert view["rows"][1]["notes"] == ["not played (time limit)"]
    assert view["warnings"] == ["hands 2-2 were not played (time limit)"]


def test_a_message_that_does_not_fit_its_sentence_shows_its_code():
    with translation.override("ja"):
        assert message_text({"code": "chombo_replayed", "params": {}}) == (
            "chombo_replayed"  # no seat to name: the code itself, not a broken sentence
        )
        assert message_text({"code": "something_new", "params": {}}) == "something_new"
        assert message_text("a judge's own words") == "a judge's own words"
        assert message_text(None) == ""


def test_the_printed_penalty_block_shows_the_chombo_reason_translated(judge_at):
    table = judge_at("jpml-b")
    enter(table, table.judge, {"outcome": "draw", "level": "value", "tenpai": []})
    sheet = chombo(table, table.judge, "W", "won on a tile he had discarded")
    reasons = [p["reason"] for p in sheet.result["penalties"]]
    parts = {"kind": "honba", "hand": 2, "wind": "E", "count": 1}
    assert reasons == [{"code": "chombo_in", "params": {"label": "E2-1", "label_parts": parts}}]
    event = table.round.event
    with translation.override("ja"):
        printed = filled_sheet(event, table.round, table, event_layout(event), sheet, "ja")
        [penalty] = printed["penalties"]
        assert str(penalty["category"]) == "チョンボ"
        assert penalty["reason"] == "東2局1本場でチョンボ（規則 §7）"
    with translation.override("en"):
        printed = filled_sheet(event, table.round, table, event_layout(event), sheet, "en")
    assert printed["penalties"][0]["reason"] == "chombo in E2-1 (rules §7)"


def test_the_public_player_page_shows_the_chombo_reason_translated(client, judge_at):
    table = judge_at("jpml-b")
    sheet = chombo(table, table.judge, "S", "won on a tile he had discarded")
    services.submit_sheet(table, by=table.judge, version=sheet.version)
    services.confirm_sheet(table, by=table.staff["director"], version=sheet.version)
    round_ = table.round
    round_.status = Round.Status.PUBLISHED
    round_.save()
    publish_results(round_)
    bai = table.seats.get(wind="S").registration
    html = text(client.get(f"/e/cup/player/{bai.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans"))
    assert "— 东1局0本场错和（规则 §7）" in html
    # A judge's own reason, stored as typed, is shown as typed.
    penalties = history._penalties({"penalties": [{"player": "S", "reason": "slow"}]}, "S")
    assert penalties[0]["reason"] == "slow"
