"""Hands shared by several test modules, each valued by hand in a comment."""

from __future__ import annotations

# Closed 234m 567m 456p 234s 88s, ron on 4s (two-sided wait), South seat,
# East round: riichi + pinfu + tanyao = 3 han, 30 fu; non-dealer ron
# 30 x 2^5 = 960, 4b = 3,840 -> 3,900.
RIICHI_PINFU_TANYAO = {
    "concealed": "234567m456p2388s",
    "win_tile": "4s",
    "win": "ron",
    "seat_wind": "S",
    "round_wind": "E",
    "flags": ["riichi"],
}

# The same with one dora (indicator 1m -> 2m): 4 han 30 fu, b = 1,920,
# ron 7,700 (dealer 11,600), or mangan 8,000 (12,000) with kiriage.
FOUR_HAN_THIRTY_FU = {**RIICHI_PINFU_TANYAO, "dora_indicators": "1m"}
