"""Issue #35: a judge's refused hand on a Japanese page reads in Japanese, its label said once.

The issue's example: "状況役: 第7局, 状況役: … (haitei is a self-draw; use houtei
for a ron)": the input's label repeated by the refusal's own place, then the
engine's English with its code names. Now the refusal is the family's code
with its params, worded by the glossary: next to the Situation input, and in
the summary after its label, the sentence alone, with the flags by their
Japanese names.
"""

from __future__ import annotations

import html
import re

import pytest

from tournament.results.sheet import services

URL = "/j/cup/1/1/hand/"
# Bai (S) wins on Carla's (W) 4s, ticked as haitei (a self-draw's) on a ron.
HAITEI_RON = {
    "base_version": "0",
    "level": "tiles",
    "outcome": "ron",
    "winner": "S",
    "discarder": "W",
    "concealed": "234567m456p2388s",
    "win_tile": "4s",
    "flags": ["haitei"],
    "action": "save",
}
CODE_NAMES = re.compile(r"\b(haitei|houtei|robbing_kong|[a-z]+_[a-z_]+)\b")


@pytest.fixture
def tiles_table(make_table, staff, client):
    table = make_table("jpml-b", slug="cup", entry_level="tiles")
    client.force_login(staff(table.round.event)["judge"])
    return table


def _errors(response) -> tuple[list[str], list[str]]:
    page = response.content.decode()
    at_input = [html.unescape(e) for e in re.findall(r'<p class="error">([^<]*)</p>', page)]
    summary = re.search(r'<div class="error-summary".*?</div>', page, re.S)
    items = re.findall(r"<li>(.*?)</li>", summary.group(0), re.S) if summary else []
    return at_input, [html.unescape(re.sub(r"<[^>]+>", "", i)) for i in items]


def test_a_refused_hand_reads_in_japanese_with_its_label_once(client, tiles_table):
    response = client.post(URL, HAITEI_RON, HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 400
    at_input, summary = _errors(response)
    sentence = "海底摸月は自摸での和了です。捨て牌での和了なら河底撈魚を選んでください。"
    assert at_input == [sentence]
    assert summary == [f"状況役: {sentence}"]
    for text in (*at_input, *summary):
        assert not CODE_NAMES.search(text), text
        assert "第1局" not in text
    assert services.head_of(tiles_table) is None


def test_the_same_refusal_in_english_and_chinese(client, tiles_table):
    response = client.post(URL, HAITEI_RON, HTTP_ACCEPT_LANGUAGE="en")
    (english,) = _errors(response)[0]
    assert english.startswith("Haitei (last draw) is a self-draw")
    assert "Houtei (last discard)" in english
    response = client.post(URL, HAITEI_RON, HTTP_ACCEPT_LANGUAGE="zh-hans")
    (chinese,) = _errors(response)[0]
    assert chinese == "海底摸月是自摸和：点和请选河底捞鱼。"


def test_a_refused_input_names_the_rules_on_a_japanese_page(client, make_table, staff):
    table = make_table("jpml-a", slug="cup", entry_level="tiles")
    client.force_login(staff(table.round.event)["judge"])
    posted = {**HAITEI_RON, "flags": [], "dora_indicators": "4p1m"}
    response = client.post(URL, posted, HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 400
    (at_input,), _summary = _errors(response)
    assert at_input.startswith(
        "日本プロ麻雀連盟 Aルールのドラ表示牌は1枚だけで、カンドラはありません"
    )
    assert services.head_of(table) is None
