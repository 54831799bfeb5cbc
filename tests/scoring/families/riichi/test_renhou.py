"""JPML's renhou (人和): mangan, with no other yaku or dora.

Seed 003 L293-296 (first rule block, jpml-a) and L614-617 (second, jpml-b):
"人和 (レンホー) 満貫 役 / 配牌時にテンパイしていて自分の第一ツモの前にロンアガりをする /
※手役・ドラは複合しない". A non-dealer's ron before the first draw: 8,000 (4 × 2,000).
Other presets have no renhou (rules/riichi.md §4): bad_flag.
"""

from __future__ import annotations

import pytest

from scoring.engine import score

# 234m 567p 234s 88s + 79s, ron on 8s (kanchan): no yaku of its own; the indicator 7s
# makes 8s the dora (three of them), which alone do not make a win.
NO_YAKU = {
    "concealed": "234m567p23488s79s",
    "win_tile": "8s",
    "win": "ron",
    "seat_wind": "S",
    "round_wind": "E",
    "dora_indicators": "7s",
}
# 234m 567p 234s 88s + 66z, ron on 6z: hatsu 1 + dora (indicator 5z: 6z ×3) = 4 han.
WITH_YAKU = {**NO_YAKU, "concealed": "234m567p23488s66z", "win_tile": "6z", "dora_indicators": "5z"}
# 1123456789m556m, ron on 6m: a closed full flush, chinitsu 6 han alone (40 fu): haneman.
FLUSH = {**NO_YAKU, "concealed": "1123456789m556m", "win_tile": "6m", "dora_indicators": ""}


def _keys(result):
    return {i.key: i.total for i in result.items}


# seed 003 L293-296 (jpml-a), L614-617 (jpml-b)
@pytest.mark.parametrize("preset", ["jpml-a", "jpml-b"])
def test_renhou_is_mangan_without_yaku(preset):
    assert score(NO_YAKU, preset).error.code == "no_yaku"
    result = score({**NO_YAKU, "flags": ["renhou"]}, preset)
    assert result.valid
    assert (result.points, result.limit, result.basic) == (8000, "mangan", 2000)
    assert _keys(result) == {"renhou": 5}


# seed 003 L295: "※手役・ドラは複合しない" — hatsu and three dora are not added
@pytest.mark.parametrize("preset", ["jpml-a", "jpml-b"])
def test_renhou_takes_no_other_yaku_or_dora(preset):
    plain = score(WITH_YAKU, preset)
    assert {"yakuhai_hatsu", "dora"} <= set(_keys(plain))
    result = score({**WITH_YAKU, "flags": ["renhou"]}, preset)
    assert _keys(result) == {"renhou": 5}
    assert result.points == 8000


# seed 003 L295-296 (cut: "…以上のアガリ形の場合は…法に基づく"), read as: a hand worth
# more than mangan by itself is scored the ordinary way (chinitsu 6 han: haneman 12,000).
def test_renhou_on_a_bigger_hand_is_scored_the_ordinary_way():
    result = score({**FLUSH, "flags": ["renhou"]}, "jpml-a")
    assert (result.points, result.limit) == (12000, "haneman")
    assert "renhou" not in _keys(result)


# seed 003 L294: a ron before one's own first draw: a non-dealer, no call, no tsumo, no riichi
@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"seat_wind": "E"}, "non-dealer"),
        ({"win": "tsumo"}, "renhou is a ron"),
        ({"flags": ["renhou", "riichi"]}, "riichi"),
        ({"flags": ["renhou", "houtei"]}, "houtei"),
    ],
)
def test_renhou_situations_that_cannot_be(changes, words):
    result = score({**NO_YAKU, "flags": ["renhou"], **changes}, "jpml-b")
    assert result.error.code == "bad_flag"
    assert words in result.error.message


# rules/riichi.md §4: no renhou in wrc, ema, tenhou
@pytest.mark.parametrize("preset", ["wrc", "ema", "tenhou"])
def test_no_renhou_elsewhere(preset):
    result = score({**NO_YAKU, "flags": ["renhou"]}, preset)
    assert result.error.code == "bad_flag"
    assert f"not a yaku under {preset}" in result.error.message
