"""``manage.py score_hands --ruleset zung-jung`` as a process (hand-format.md).

The worked totals of rules/zung-jung.md §4 and each penalty-tile restriction
of §6, one line each, answered in order with the input's id.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.zung_jung_hands import hand

ROOT = Path(__file__).resolve().parents[3]
PENALTY = "penalty_tile"

LINES = [
    # §4 row 1: 125 + 30 + 5
    ("row1", hand("222m444p666s888s3z", "3z", "tsumo"), 160, None),
    # §4 row 2: 130 + 3 × 10
    ("row2", hand("555z23m55p", "4m", meld="pon777z pon666z"), 160, None),
    # §4 row 3: 120 + 40 + 10
    ("row3", hand("111s222s33s99m", "3s", meld="pon777z"), 170, None),
    # §4 row 4: 360 capped at 320
    ("row4", hand("333s555s7s", "7s", "tsumo", "ankan1111s ankan2222s"), 320, None),
    # §4 row 5: 60 + 80 + 5 + 5
    ("row5", hand("11s22s55s77s88s99s3s", "3s"), 150, None),
    # §6: the pung made with the discard 5p would hold the penalty 5p.
    ("pung", hand("777p999s55p88m", "5p", meld="chi234m", penalty_tiles="5p"), None, PENALTY),
    # §6: the chow 678s made with the discard 6s would hold the penalty 7s.
    ("chow", hand("567p345s78s99p", "6s", meld="chi234m", penalty_tiles="7s"), None, PENALTY),
    # §6: the pair of a single wait on a discard.
    ("pair", hand("345p666p456s5m", "5m", meld="chi234m", penalty_tiles="5m"), None, PENALTY),
    # §6: a Seven Pairs pair completed by a discard.
    ("pairs", hand("11m44m66p88p33s77s5z", "5z", penalty_tiles="5z"), None, "penalty_tile"),
    # §6: Thirteen Terminals on a discard of a penalty tile's kind.
    ("thirteen", hand("19m19p19s1234567z", "1m", penalty_tiles="1m"), None, "penalty_tile"),
    # §6: three penalty tiles: only a self-draw wins …
    ("three", hand("567p345s78s99p", "6s", meld="chi234m", penalty_tiles="599p"), None,
     "penalty_tile"),
    # … which this one is: 1.1 (5).
    ("three_drawn", hand("567p345s78s99p", "6s", "tsumo", "chi234m", penalty_tiles="599p"), 5,
     None),
    # A penalty tile that is not standing in the hand.
    ("absent", hand("567p345s78s99p", "6s", meld="chi234m", penalty_tiles="5m"), None,
     "bad_input"),
]  # fmt: skip


def test_zung_jung_lines_through_the_command():
    text = "".join(json.dumps({"id": i, **data}) + "\n" for i, data, _, _ in LINES)
    out = subprocess.run(
        [sys.executable, "manage.py", "score_hands", "--ruleset", "zung-jung"],
        cwd=ROOT,
        input=text,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["id"] for r in results] == [i for i, *_ in LINES]
    for (name, _, total, code), result in zip(LINES, results, strict=True):
        assert result["ruleset"] == "zung-jung", name
        if code is None:
            assert result["valid"] and result["total"] == total, (name, result)
            assert sum(i["value"] * i["count"] for i in result["items"]) == total
        else:
            assert result["error"]["code"] == code, (name, result)
            assert not result["valid"]
    assert results[5]["error"]["message"] == (
        "penalty_tiles: 5p is a penalty tile; "
        "it cannot be part of the pung made with the discard (5p)"
    )
    limit = results[3]["items"][-1]
    assert (limit["key"], limit["name"], limit["value"]) == ("limit", "Limit 320", -40)


def test_names_in_japanese_through_the_command():
    line = json.dumps({"id": "ja", **hand("555z23m55p", "4m", meld="pon777z pon666z")})
    out = subprocess.run(
        [sys.executable, "manage.py", "score_hands", "--ruleset", "zung-jung", "--lang", "ja"],
        cwd=ROOT,
        input=line + "\n",
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert [i["name"] for i in result["items"]] == ["役牌", "大三元"]
