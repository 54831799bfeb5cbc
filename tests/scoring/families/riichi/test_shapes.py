"""The riichi adapter lets the ``mahjong`` library decide whether a hand is a win.

It runs our own shape check (:func:`scoring.core.shapes.arrangements`) only when the
library refuses a hand, to keep the precise ``not_winning`` message. That is
only right if the library never values a hand that our check would refuse.
These tests build many hands near a win (four sets and a pair with melds,
seven pairs, thirteen orphans, then one tile changed) and compare the two.
"""

from __future__ import annotations

import random

import pytest
from mahjong.hand_calculating.hand import HandCalculator

from scoring.core.errors import HandError
from scoring.core.hand import hand_from_dict
from scoring.core.shapes import ORPHANS, arrangements
from scoring.core.tiles import kind_name
from scoring.engine import score
from scoring.families.riichi import hand as riichi
from scoring.families.rulesets import get_ruleset

SEEDS = range(40)
HANDS_PER_SEED = 100


def _tile(kind: int) -> str:
    return kind_name(kind)


def _set(rng: random.Random) -> list[int]:
    if rng.random() < 0.5:
        suit = rng.randrange(3) * 9
        start = suit + rng.randrange(7)
        return [start, start + 1, start + 2]
    return [rng.randrange(34)] * 3


def _hand(rng: random.Random) -> dict:
    """A random hand shape, often a win, sometimes one tile off."""
    form = rng.random()
    melds = []
    if form < 0.1:
        tiles = [*ORPHANS, rng.choice(ORPHANS)]
    elif form < 0.25:
        kinds = rng.sample(range(34), 7) if rng.random() < 0.8 else [rng.randrange(34)] * 7
        tiles = [k for k in kinds for _ in range(2)]
    else:
        tiles = [rng.randrange(34)] * 2
        for _ in range(4):
            group = _set(rng)
            if rng.random() < 0.25:
                kind = "chi" if group[0] != group[1] else rng.choice(["pon", "kan"])
                size = 4 if kind == "kan" else 3
                text = "".join(_tile(k) for k in (group if kind == "chi" else [group[0]] * size))
                concealed = kind == "kan" and rng.random() < 0.5
                melds.append({"type": kind, "tiles": text, "concealed": concealed})
            else:
                tiles += group
    if rng.random() < 0.4:
        tiles[rng.randrange(len(tiles))] = rng.randrange(34)
    rng.shuffle(tiles)
    win = tiles.pop()
    return {
        "ruleset": "tenhou",
        "concealed": "".join(_tile(k) for k in tiles),
        "melds": melds,
        "win_tile": _tile(win),
        "win": rng.choice(["tsumo", "ron"]),
        "seat_wind": "E",
        "round_wind": "E",
    }


def _library_verdict(hand, config) -> str | None:
    tiles, win_tile, melds = riichi._to_library_tiles(hand, config)
    response = HandCalculator.estimate_hand_value(
        tiles, win_tile, melds=melds, config=riichi._library_config(hand, config)
    )
    return response.error


@pytest.mark.parametrize("seed", SEEDS)
def test_the_library_values_only_hands_our_shape_check_accepts(seed):
    rng = random.Random(seed)
    rules = get_ruleset("tenhou")
    compared = 0
    for _ in range(HANDS_PER_SEED):
        data = _hand(rng)
        try:
            hand = hand_from_dict(data)
        except HandError:
            continue  # too many copies and the like: stopped before either check
        compared += 1
        config = rules.config(hand.options)
        verdict = _library_verdict(hand, config)
        ours = bool(arrangements(hand))
        library_win = verdict != HandCalculator.ERR_HAND_NOT_WINNING
        assert library_win == ours, (data, verdict)
        result = score(data)
        if not ours:
            assert result.error.code == "not_winning", (data, result)
            assert result.error.message.startswith("not a winning hand: ")
    assert compared > HANDS_PER_SEED // 2


def test_a_non_win_with_an_impossible_situation_is_still_not_winning():
    """Riichi with an open meld: the library would object to the riichi first."""
    data = {
        "ruleset": "tenhou",
        "concealed": "123m456p789s1z",
        "melds": [{"type": "pon", "tiles": "777z"}],
        "win_tile": "2z",
        "win": "ron",
        "flags": ["riichi"],
    }
    result = score(data)
    assert result.error.code == "not_winning"
    assert result.error.message == (
        "not a winning hand: 123m456p789s1z + 2z does not complete; it waits on 1z"
    )
    data["win_tile"] = "1z"
    assert score(data).error.code == "bad_flag"
