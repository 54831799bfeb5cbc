"""Red fives: HKOS has none (seed 002 L5), riichi keeps them.

Seed 002 L5: "ジョーカーもレッドファイブもありません" (no jokers, no red fives), so a
``0m``/``0p``/``0s`` typed into any tile field of an HKOS hand is refused with
``bad_tile``, naming the field and the plain five to enter instead.
"""

from __future__ import annotations

import pytest

from scoring.engine import score, score_configured
from scoring.families.rulesets import get_ruleset
from tests.scoring.hands import PLAIN_HAND

BASE = {**PLAIN_HAND, "flowers": [3]}


# seed 002 L5
@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"win_tile": "0s"}, "win_tile"),
        ({"concealed": "30s99m", "win_tile": "4s"}, "concealed"),
        (
            {"melds": [BASE["melds"][0], {"type": "chi", "tiles": "067p"}, BASE["melds"][2]]},
            "melds",
        ),
    ],
)
def test_hkos_refuses_a_red_five_in_every_field(changes, field):
    result = score({**BASE, **changes}, "hkos")
    assert not result.valid
    assert result.error.code == "bad_tile"
    assert result.error.message.startswith(f"{field}: ")
    assert "red five" in result.error.message


# seed 002 L5
def test_hkos_plain_fives_still_score():
    result = score(BASE, "hkos")
    assert result.error is None or result.error.code != "bad_tile"


# seed 002 L5: the event's frozen config is checked the same way
def test_hkos_red_five_refused_under_a_frozen_config():
    config = get_ruleset("hkos").config({})
    result = score_configured({**BASE, "ruleset": "hkos", "win_tile": "0s"}, config)
    assert result.error.code == "bad_tile"


# seed 003 (riichi keeps its red fives: 赤ドラ)
def test_riichi_keeps_red_fives():
    hand = {
        "concealed": "234m067p23488s66z",
        "win_tile": "6z",
        "win": "ron",
        "seat_wind": "S",
        "round_wind": "E",
    }
    result = score(hand, "jpml-a")
    assert result.error is None or result.error.code != "bad_tile"
    assert get_ruleset("jpml-a").red_fives
    assert not get_ruleset("hkos").red_fives
