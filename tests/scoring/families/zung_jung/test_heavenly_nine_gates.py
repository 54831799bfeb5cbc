"""A heavenly hand in Nine Gates form scores Blessing of Heaven only.

Seed 001 L60-62 (rules/zung-jung.md §5): East's dealt hand has 14 tiles and no
drawn tile to keep apart, so "「天和」の「九蓮宝灯」は無効となり、「天和」のみ数えられる":
Nine Gates is void *and* nothing else is counted, 155 (9.4.1) alone, not
155 + Pure One-Suit 80 + Concealed Hand 5 + Two Concealed Triplets 5 = 245.
"""

from __future__ import annotations

import pytest

from tests.zung_jung_hands import breakdown, zj


# seed 001 L60-62
@pytest.mark.parametrize(
    ("concealed", "win_tile"),
    [
        ("1112345678999m", "5m"),  # the extra tile in the middle
        ("1112345678999p", "1p"),  # a fourth 1
        ("1123456789999s", "1s"),  # the "winning tile" entered is any of the 14
    ],
)
def test_heavenly_nine_gates_is_blessing_of_heaven_only(concealed, win_tile):
    result = zj(concealed, win_tile, "tsumo", seat="E", flags=["heavenly"])
    assert result.valid
    assert (result.total, breakdown(result)) == (155, {"blessing_of_heaven": 155})


# seed 001 L60-62: without the heavenly flag it is Nine Gates (2.2, 480) alone.
def test_nine_gates_self_drawn_is_480():
    result = zj("1112345678999m", "5m", "tsumo", seat="E")
    assert (result.total, breakdown(result)) == (480, {"nine_gates": 480})


# seed 001 L60-62 names Nine Gates only: another heavenly hand keeps its patterns.
def test_other_heavenly_hands_still_add_their_patterns():
    result = zj("123m456m789m111p2p", "2p", "tsumo", seat="E", flags=["heavenly"])
    assert breakdown(result) == {
        "concealed_hand": 5,
        "nine_tile_straight": 40,
        "blessing_of_heaven": 155,
    }
