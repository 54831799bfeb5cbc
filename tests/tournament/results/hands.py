"""Hands the judges' and the players' page tests post, each written once.

On the results fixtures' table (``conftest.py``: Akagi E, Bai S, Carla W,
Dmitri N). The value-level ones are riichi's; each tile-level one is a valid
hand of its family, checked on the page by the tests that post it.
"""

from __future__ import annotations

# Bai (S) wins 2 han 30 fu off Carla (W): the entry the services take.
RON = {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30}

# Bai (S) wins 3 han 40 fu off Carla (W), as the value form posts it on a new sheet.
POSTED_RON = {
    "base_version": "0",
    "level": "value",
    "outcome": "ron",
    "winner": "S",
    "discarder": "W",
    "han": "3",
    "fu": "40",
    "action": "save",
}

# MCR by tiles: Bai (S) wins on Carla's (W) 5p with a pure straight, two flowers.
MCR_TILES = {
    "outcome": "discard",
    "winner": "S",
    "discarder": "W",
    "concealed": "123456789m 123p 5p",
    "win_tile": "5p",
    "flowers": "2",
}

# HKOS by tiles: Akagi (E) wins on Dmitri's (N) 5s with a pon of red dragons, a concealed
# kan of 1s and the flowers 1 and 5.
HKOS_TILES = {
    "outcome": "discard",
    "winner": "E",
    "discarder": "N",
    "concealed": "234m 678p 5s",
    "win_tile": "5s",
    "meld1_type": "pon",
    "meld1_tiles": "777z",
    "meld2_type": "kan_concealed",
    "meld2_tiles": "1111s",
    "flower_tiles": ["1", "5"],
}

# Two rons by tiles on Carla's (W) 5m: Bai (S) waits on a single 5m (tanyao, 1 han 40 fu);
# Dmitri (N), in riichi, on 2m-5m with a concealed 666s (riichi + tanyao, 2 han 40 fu).
DOUBLE_RON_TILES = {
    "outcome": "ron",
    "discarder": "W",
    "riichi": ["N"],
    "winner": "S",
    "concealed": "234m 567p 234s 678s 5m",
    "win_tile": "5m",
    "dora_indicators": "1z",
    "w2_on": "1",
    "w2_winner": "N",
    "w2_concealed": "34m 678p 345s 666s 22p",
}
