"""Several players win on one discard, entered on the judge's page (/j/…/hand/).

Which rules let them (rules/riichi.md §4 "Several rons"): jpml-a, jpml-b and
wrc play head bump (only the claimant nearest the discarder wins), ema pays
every claimant ("all win"), tenhou pays two (a third ron makes an abortive
draw); HKOS has one winner unless the event plays ``multiple_winners``
(rules/hkos.md §1). The form posts winner 2 and 3 as ``w2_*`` / ``w3_*`` with
``w<k>_on``; the entry the replay gets lists them under ``wins``.

Uses the results fixtures (``make_table``, ``staff``): players sit E Akagi
Shigeru, S Bai Lan, W Carla Diaz, N Dmitri Orlov.
"""

from __future__ import annotations

import re

import pytest

from tests.tournament.results.hands import DOUBLE_RON_TILES
from tournament.printing.sheets import event_layout, filled_sheet
from tournament.results.models import ScoreSheet
from tournament.results.sheet import services

ADD_WINNER = "Another player also won on this discard"


def url(*parts) -> str:
    return "/j/cup/1/1/" + "".join(f"{p}/" for p in parts)


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def block(html: str, k: int) -> str:
    """The opening tag of winner ``k``'s block."""
    found = re.search(rf'<fieldset class="win-block" id="win-{k}"[^>]*>', html)
    assert found, f"no block for winner {k}"
    return found.group(0)


@pytest.fixture
def judge_at(client, make_table, staff):
    """``judge_at(ruleset, **event_fields)`` -> the table, with its judge logged in."""

    def make(ruleset, **fields):
        table = make_table(ruleset, slug="cup", entry_level="value", **fields)
        table.judge = staff(table.round.event)["judge"]
        client.force_login(table.judge)
        return table

    return make


# Tenhou, E1-1 after a draw: W discards, S (2 han 30 fu) and N (4 han 30 fu, riichi) ron.
TENHOU_DOUBLE_RON = {
    "base_version": "1",
    "level": "value",
    "outcome": "ron",
    "discarder": "W",
    "riichi": ["N"],
    "winner": "S",
    "han": "2",
    "fu": "30",
    "w2_on": "1",
    "w2_winner": "N",
    "w2_han": "4",
    "w2_fu": "30",
    "action": "save",
}


def tenhou_after_a_draw(judge_at):
    """E1-0 is a draw with E riichi and alone tenpai: E1-1 has 1 honba and 1 stick out."""
    table = judge_at("tenhou")
    draw = {"outcome": "draw", "level": "value", "riichi": ["E"], "tenpai": ["E"]}
    services.add_hand(table, draw, by=table.judge, base_version=0)
    return table


def test_tenhou_double_ron_by_value(client, judge_at):
    table = tenhou_after_a_draw(judge_at)
    html = text(client.get(url()))
    assert ADD_WINNER in html
    assert "hidden disabled" in block(html, 2)  # shown in place by script, or by a post
    assert 'id="win-3"' not in html  # tenhou: a third ron is an abortive draw, not a win

    response = client.post(url("hand"), TENHOU_DOUBLE_RON)
    assert response.status_code == 302, text(response)
    record = services.head_of(table).hands.get(number=2)
    assert record.entry == {
        "outcome": "ron",
        "riichi": ["N"],
        "discarder": "W",
        "wins": [
            {"level": "value", "winner": "S", "han": 2, "fu": 30},
            {"level": "value", "winner": "N", "han": 4, "fu": 30},
        ],
    }
    # rules/riichi.md §2-§4, tenhou (start 25,000, no kiriage): after E1-0, E 27,000 and
    # the others 24,000, one honba, E's stick on the table.
    # S: 2 han 30 fu, non-dealer ron: 30 x 2^4 = 480 basic x 4 = 1,920 -> 2,000 from W.
    # N: 4 han 30 fu: 1,920 basic x 4 = 7,680 -> 7,700 from W; N declares riichi (-1,000).
    # Double ron (tenhou note): honba (1 x 300) and every stick (E's and N's: 2,000) go
    # only to the winner nearest the discarder in turn order; after W comes N.
    # N +7,700 + 300 + 2,000 - 1,000 = +9,000; S +2,000; W -(2,000 + 7,700 + 300) = -10,000.
    assert record.deltas == {"E": 0, "S": 2000, "W": -10000, "N": 9000}
    assert record.totals == {"E": 27000, "S": 26000, "W": 14000, "N": 33000}
    assert record.pool_after == 0 and record.winners == "N,S" and record.level == "value"
    html = text(client.get(url()))
    assert "Hand 2 (E1-1) saved." in html
    assert "Dmitri Orlov: 4 han 30 fu" in html and "Bai Lan: 2 han 30 fu" in html
    assert "<b>Dmitri Orlov</b>, <b>Bai Lan</b> ← Carla Diaz" in html
    assert "Next: E2-0" in html  # the dealer E did not win: the deal passes
    # The history shows the version with both winners too.
    history = text(client.get(url("v2")))
    assert "Dmitri Orlov: 4 han 30 fu" in history and "Bai Lan: 2 han 30 fu" in history


def test_ema_triple_ron_by_value(client, judge_at):
    table = judge_at("ema")
    html = text(client.get(url()))
    assert 'id="win-2"' in html and 'id="win-3"' in html  # ema: every claimant wins
    tapped = {
        "base_version": "0",
        "level": "value",
        "outcome": "ron",
        "discarder": "N",
        "riichi": ["W"],
        "winner": "E",
        "han": "1",
        "fu": "30",
        "w2_on": "1",
        "w2_winner": "S",
        "w2_han": "2",
        "w2_fu": "30",
        "w3_on": "1",
        "w3_winner": "W",
        "w3_han": "3",
        "w3_fu": "30",
        "action": "save",
    }
    response = client.post(url("hand"), tapped)
    assert response.status_code == 302, text(response)
    record = services.head_of(table).hands.get()
    assert [w["winner"] for w in record.entry["wins"]] == ["E", "S", "W"]
    # rules/riichi.md §4 ema "all win" (no kiriage): N pays each winner in full.
    # E (dealer) 1 han 30 fu: 240 x 6 = 1,440 -> 1,500; S 2 han 30 fu: 480 x 4 -> 2,000;
    # W 3 han 30 fu: 960 x 4 = 3,840 -> 3,900 and takes back their own riichi stick.
    assert record.deltas == {"E": 1500, "S": 2000, "W": 3900, "N": -7400}
    assert "Next: E1-1" in text(client.get(url()))  # the dealer won: the deal stays


# Two tiles hands on W's 5m: S waits on a single 5m (tanyao, 1 han 40 fu); N, in riichi,
# on 2m-5m with a concealed 666s (riichi + tanyao, 2 han 40 fu).
TILES_DOUBLE_RON = {"base_version": "0", "level": "tiles", **DOUBLE_RON_TILES, "action": "save"}


def test_tenhou_double_ron_by_tiles(client, judge_at):
    table = judge_at("tenhou")
    response = client.post(url("hand"), {**TILES_DOUBLE_RON, "action": "check"})
    assert response.status_code == 200, text(response)
    html = text(response)
    assert "Nothing is saved yet." in html and not ScoreSheet.objects.exists()
    # Each winner's breakdown, under their name.
    assert "Dmitri Orlov: 2 han 40 fu" in html and "Bai Lan: 1 han 40 fu" in html
    preview = html[html.index('id="check"') :]
    assert preview.index("Riichi") < preview.index("Bai Lan: 1 han 40 fu")
    assert "All simples" in preview[preview.index("Bai Lan: 1 han 40 fu") :]

    response = client.post(url("hand"), TILES_DOUBLE_RON)
    assert response.status_code == 302, text(response)
    record = services.head_of(table).hands.get()
    first, second = record.entry["wins"]
    assert first == {
        "level": "tiles",
        "winner": "S",
        "hand": {
            "concealed": "234m567p234s678s5m",
            "melds": [],
            "win_tile": "5m",
            "dora_indicators": "1z",
        },
    }
    # The winning tile and the indicators are the discard's; riichi is N's alone.
    assert second["hand"] == {
        "concealed": "34m678p345s666s22p",
        "melds": [],
        "win_tile": "5m",
        "dora_indicators": "1z",
        "flags": ["riichi"],
    }
    # S 1 han 40 fu: 320 x 4 = 1,280 -> 1,300; N 2 han 40 fu: 640 x 4 = 2,560 -> 2,600,
    # and N, nearest after W, takes the sticks on the table (their own).
    assert record.deltas == {"E": 0, "S": 1300, "W": -3900, "N": 2600}
    assert record.level == "tiles"
    # Correcting it shows both winners' tiles again.
    html = text(client.get(url("hand", 1)))
    assert "hidden disabled" not in block(html, 2)
    assert 'value="34m678p345s666s22p"' in html and 'value="234m567p234s678s5m"' in html


def test_the_same_winner_twice_or_the_discarder_is_refused(client, judge_at):
    tenhou_after_a_draw(judge_at)
    response = client.post(url("hand"), {**TENHOU_DOUBLE_RON, "w2_winner": "S"})
    assert response.status_code == 400
    html = text(response)
    assert "Winner (Second winner)" not in html
    assert '<a href="#id_w2_winner">Second winner</a>: Bai Lan is already a winner' in html
    assert re.search(
        r'id="id_w2_winner">.*?<p class="error">Bai Lan is already a winner of this discard',
        html,
    )
    assert "hidden disabled" not in block(html, 2)  # the block stays open, as typed
    response = client.post(url("hand"), {**TENHOU_DOUBLE_RON, "w2_winner": "W"})
    assert response.status_code == 400
    assert "Carla Diaz discarded the tile and cannot also win on it." in text(response)
    response = client.post(url("hand"), {**TENHOU_DOUBLE_RON, "w2_winner": ""})
    assert response.status_code == 400
    assert "Choose who also won on this discard, or remove them." in text(response)
    assert services.head_of(ScoreSheet.objects.get().table).hands.count() == 1


def test_an_engine_error_lands_in_the_right_winners_block(client, judge_at):
    tenhou_after_a_draw(judge_at)
    response = client.post(url("hand"), {**TENHOU_DOUBLE_RON, "w2_han": "1", "w2_fu": "20"})
    assert response.status_code == 400
    html = text(response)
    # Next to winner 2's input the sentence alone: its block and label say where (issue #35).
    assert "Hand 2, Winner 2, fu:" not in html
    assert re.search(
        r'for="id_w2_fu">Fu</label>.*?<p class="error">no hand is worth 1 han 20 fu\.', html
    )
    assert '<div class="field fu-field"> <label for="id_fu">' in html  # winner 1: no error
    # Japanese: the same refusal in the reader's language.
    html = text(
        client.post(
            url("hand"),
            {**TENHOU_DOUBLE_RON, "w2_winner": "S"},
            HTTP_ACCEPT_LANGUAGE="ja",
        )
    )
    assert "2人目の和了者" in html and "Bai Lan はすでにこの打牌の和了者です" in html


def test_a_head_bump_preset_refuses_a_second_winner(client, judge_at):
    table = judge_at("jpml-b")
    html = text(client.get(url()))
    assert ADD_WINNER not in html and 'id="win-2"' not in html
    assert "only the one nearest the discarder in turn order wins (head bump)" in html
    tapped = {**TENHOU_DOUBLE_RON, "base_version": "0", "riichi": []}
    response = client.post(url("hand"), tapped)
    assert response.status_code == 400
    html = text(response)
    # rules/riichi.md §4: jpml-b plays head bump; after W, N is nearer than S.
    assert (
        "Second winner: under JPML Rules B only one player wins on a discard, the claimant "
        "nearest the discarder in turn order (head bump): here Dmitri Orlov." in html
    )
    assert services.head_of(table) is None


def test_tenhou_refuses_a_third_winner(client, judge_at):
    tenhou_after_a_draw(judge_at)
    tapped = {**TENHOU_DOUBLE_RON, "w3_on": "1", "w3_winner": "E", "w3_han": "1", "w3_fu": "30"}
    response = client.post(url("hand"), tapped)
    assert response.status_code == 400
    assert (
        "Third winner: under Tenhou rules three rons on one discard end the hand as an "
        "abortive draw. Record an abortive draw instead." in text(response)
    )


# W deals in; E (3 faan) and N (4 faan) both win on the discard.
HKOS_TWO_WINNERS = {
    "base_version": "0",
    "level": "value",
    "outcome": "discard",
    "discarder": "W",
    "winner": "E",
    "faan": "3",
    "w2_on": "1",
    "w2_winner": "N",
    "w2_faan": "4",
    "action": "save",
}


def test_hkos_multiple_winners_when_the_event_plays_them(client, judge_at):
    table = judge_at("hkos", ruleset_overrides={"multiple_winners": True})
    tapped = HKOS_TWO_WINNERS
    html = text(client.get(url()))
    assert 'id="win-3"' in html and "Same winning tile as the first winner." in html
    response = client.post(url("hand"), tapped)
    assert response.status_code == 302, text(response)
    record = services.head_of(table).hands.get()
    assert record.entry["wins"] == [
        {"level": "value", "winner": "E", "faan": 3},
        {"level": "value", "winner": "N", "faan": 4},
    ]
    # rules/hkos.md §4-§5 (half-pay): W deals in to E (3 faan, V 32) and N (4 faan, V 64);
    # the discarder pays each winner in full, as if each had won alone.
    assert record.deltas == {"E": 32, "S": 0, "W": -96, "N": 64}
    html = text(client.get(url()))
    assert "Akagi Shigeru: 3 faan" in html and "Dmitri Orlov: 4 faan" in html


def test_hkos_without_multiple_winners_refuses_a_second(client, judge_at):
    table = judge_at("hkos")
    tapped = {
        "base_version": "0",
        "level": "value",
        "outcome": "discard",
        "discarder": "W",
        "winner": "S",
        "faan": "3",
        "w2_on": "1",
        "w2_winner": "E",
        "w2_faan": "4",
    }
    response = client.post(url("hand"), tapped)
    assert response.status_code == 400
    # After W come N, E, S: E is nearer than S.
    assert "Second winner: under Hong Kong Old Style only one player wins" in text(response)
    assert "here Akagi Shigeru" in text(response)
    assert services.head_of(table) is None


def test_without_script_a_post_adds_and_removes_the_block(client, judge_at):
    table = tenhou_after_a_draw(judge_at)
    typed = {k: v for k, v in TENHOU_DOUBLE_RON.items() if not k.startswith("w2_")}
    response = client.post(url("hand"), {**typed, "action": "add_winner"})
    assert response.status_code == 200
    html = text(response)
    assert "hidden disabled" not in block(html, 2)
    assert "Nothing was saved. Please correct" not in html  # nothing was checked yet
    assert re.search(r'name="han" value="2" checked', html)  # what was typed stays
    assert 'name="base_version" value="1"' in html
    # Tenhou has no third winner: no more "add".
    assert re.search(r'id="add-winner"[^>]* hidden', html)
    response = client.post(
        url("hand"), {**TENHOU_DOUBLE_RON, "action": "drop_winner_2", "w2_winner": "N"}
    )
    html = text(response)
    assert "hidden disabled" in block(html, 2)
    assert services.head_of(table).hands.count() == 1


def test_a_double_ron_corrected_to_a_single_win(client, judge_at):
    table = tenhou_after_a_draw(judge_at)
    client.post(url("hand"), TENHOU_DOUBLE_RON)
    html = text(client.get(url("hand", 2)))
    assert "hidden disabled" not in block(html, 2)
    assert re.search(r'name="w2_winner" value="N" checked', html)
    assert re.search(r'name="w2_han" value="4" checked', html)
    # The block removed (a hidden block posts nothing): S alone, as before any of this.
    single = {k: v for k, v in TENHOU_DOUBLE_RON.items() if not k.startswith("w2_")}
    response = client.post(url("hand", 2), {**single, "base_version": "2"})
    assert response.status_code == 302, text(response)
    record = services.head_of(table).hands.get(number=2)
    assert record.entry == {
        "outcome": "ron",
        "level": "value",
        "riichi": ["N"],
        "winner": "S",
        "discarder": "W",
        "han": 2,
        "fu": 30,
    }


def test_the_printed_sheet_shows_both_winners(client, judge_at):
    table = tenhou_after_a_draw(judge_at)
    client.post(url("hand"), TENHOU_DOUBLE_RON)
    event, sheet = table.round.event, services.head_of(table)
    printed = filled_sheet(event, table.round, table, event_layout(event), sheet, "en")
    cells = [text for text, _css in printed["rows"][1]["cells"]]
    assert "N, S" in cells  # the winners, nearest the discarder first
    assert "N: 4 han 30 fu; S: 2 han 30 fu" in cells
    assert "W" in cells


def test_the_printed_hkos_sheet_shows_each_winners_faan(client, judge_at):
    table = judge_at("hkos", ruleset_overrides={"multiple_winners": True})
    assert client.post(url("hand"), HKOS_TWO_WINNERS).status_code == 302
    event, sheet = table.round.event, services.head_of(table)
    printed = filled_sheet(event, table.round, table, event_layout(event), sheet, "en")
    cells = [text for text, _css in printed["rows"][0]["cells"]]
    assert "3/4" in cells  # E's 3 faan, then N's 4
    assert "96" in cells  # what the discarder paid: 32 + 64 (rules/hkos.md §4-§5)
