"""MCR has no red fives: 144 tiles = 136 plain suit and honour tiles + 8 bonus tiles.

Seed 000 L158 (144 tiles, the 136 plain ones and the 8 flowers/seasons;
rules/mcr.md "144 tiles"): a red five is no MCR tile, so ``0m``/``0p``/``0s``
is refused with ``bad_tile`` (issue 15, as seed 002 L5 for HKOS).
"""

from __future__ import annotations

from scoring.engine import score
from tests.scoring.hands import PLAIN_HAND

BASE = PLAIN_HAND


# seed 000 L158
def test_mcr_refuses_a_red_five():
    result = score({**BASE, "win_tile": "0s"}, "mcr")
    assert result.error.code == "bad_tile"
    assert result.error.message.startswith("win_tile: 0s is a red five")


# seed 000 L158
def test_mcr_refuses_a_red_five_in_a_meld():
    melds = [BASE["melds"][0], {"type": "chi", "tiles": "607p"}, BASE["melds"][2]]
    result = score({**BASE, "melds": melds}, "mcr")
    assert result.error.code == "bad_tile"
    assert result.error.message.startswith("melds: ")
