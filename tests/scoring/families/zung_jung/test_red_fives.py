"""Zung Jung has no red fives: 136 plain tiles (rules/zung-jung.md §1).

Issue 15 (with seed 002 L5 for HKOS): a red five is no Zung Jung tile, so
``0m``/``0p``/``0s`` is refused with ``bad_tile`` in every tile field,
penalty tiles included.
"""

from __future__ import annotations

from tests.zung_jung_hands import hand, zj

CHICKEN = ("567s23p11z", "4p")


# rules/zung-jung.md §1: 136 tiles (seed 001 has no red five)
def test_zung_jung_refuses_a_red_five():
    result = zj("067s23p11z", "4p", meld="chi234m pon999p")
    assert result.error.code == "bad_tile"
    assert result.error.message.startswith("concealed: 0s is a red five")


# rules/zung-jung.md §1
def test_zung_jung_refuses_a_red_five_penalty_tile():
    result = zj(*CHICKEN, meld="chi234m pon999p", penalty_tiles="0m")
    assert result.error.code == "bad_tile"
    assert result.error.message.startswith("penalty_tiles: ")


def test_zung_jung_plain_fives_are_no_tile_error():
    result = zj("567s23p11z", "4p", meld="chi234m pon999p")
    assert result.error.code != "bad_tile"
    assert hand(*CHICKEN)["win_tile"] == "4p"
