"""``manage.py score_hands --ruleset hkos`` as a process (hand-format.md)."""

from __future__ import annotations

import json

from tests.tournament import commands

# Pure one suit 7 + all pungs 3 + self-draw 1 + South's own flower 1 = 12: V = u(12) × 4 = 1,024.
PURE_PUNGS = {
    "id": "pure",
    "concealed": "77m99m",
    "win_tile": "7m",
    "win": "tsumo",
    "seat_wind": "S",
    "round_wind": "E",
    "flowers": [2],
    "melds": [
        {"type": "pon", "tiles": "111m"},
        {"type": "pon", "tiles": "333m"},
        {"type": "kan", "tiles": "5555m", "concealed": True},
    ],
}
# Thirteen orphans, drawn with all eight bonus tiles: 13 and nothing else, V = 1,536.
ORPHANS = {
    "id": "orphans",
    "concealed": "19m19p19s1234567z",
    "win_tile": "1m",
    "win": "tsumo",
    "seat_wind": "E",
    "round_wind": "E",
    "flowers": [1, 2, 3, 4, 5, 6, 7, 8],
}
# Seven pairs is no win in HKOS; a bare flower count is refused; 2 faan is below 3.
SEVEN_PAIRS = {
    "id": "pairs",
    "concealed": "1133m5577p99s112z",
    "win_tile": "2z",
    "win": "ron",
    "flowers": [],
}
COUNT = {**PURE_PUNGS, "id": "count", "flowers": 2}
SMALL = {
    "id": "small",
    "concealed": "34s99m",
    "win_tile": "5s",
    "win": "tsumo",
    "seat_wind": "S",
    "flowers": [],
    "melds": [
        {"type": "chi", "tiles": "234m"},
        {"type": "chi", "tiles": "567p"},
        {"type": "pon", "tiles": "888s"},
    ],
    # No flowers 1 (an option, off by default: seed 002 L23) + self-draw 1 = 2 faan.
    "options": {"faan_table": {"no_flowers": 1}},
}


def _manage(*args, stdin=""):
    return commands.manage("score_hands", *args, stdin=stdin)


def _lines(*hands):
    return "".join(json.dumps(h) + "\n" for h in hands)


def test_hkos_hands_through_the_command():
    out = _manage("--ruleset", "hkos", stdin=_lines(PURE_PUNGS, ORPHANS, SEVEN_PAIRS, COUNT, SMALL))
    assert out.returncode == 0, out.stderr
    pure, orphans, pairs, count, small = (json.loads(line) for line in out.stdout.splitlines())
    assert (pure["id"], pure["ruleset"], pure["valid"]) == ("pure", "hkos", True)
    assert (pure["total"], pure["points"], pure["han"], pure["fu"]) == (12, 1024, None, None)
    assert {i["key"]: i["value"] for i in pure["items"]} == {
        "pure_one_suit": 7,
        "all_pungs": 3,
        "self_draw": 1,
        "seat_flower": 1,
    }
    assert (orphans["total"], orphans["points"]) == (13, 1536)
    assert [i["key"] for i in orphans["items"]] == ["thirteen_orphans"]
    assert pairs["error"]["code"] == "not_winning" and "seven pairs" in pairs["error"]["message"]
    assert count["error"]["code"] == "bad_input"
    assert small["valid"] is False and small["error"]["code"] == "below_minimum"
    assert (small["total"], small["points"]) == (2, None)
    assert small["error"]["message"] == "2 faan; a win needs 3"


def test_options_and_names_in_japanese():
    hand = {**PURE_PUNGS, "options": {"faan_table": {"pure_one_suit": 6}}}
    out = _manage("--ruleset", "hkos", "--lang", "ja", stdin=_lines(hand))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["total"] == 11 and result["points"] == 192 * 4
    assert result["items"][0] == {"key": "pure_one_suit", "name": "清一色", "value": 6, "count": 1}


def test_a_line_naming_hkos_wins_over_the_flag():
    out = _manage("--ruleset", "mcr", stdin=_lines({**ORPHANS, "ruleset": "hkos"}))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["ruleset"] == "hkos"
