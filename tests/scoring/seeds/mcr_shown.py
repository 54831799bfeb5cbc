"""The MCR seed tables' hands (seed 000, lines 17-59): one helper for the three modules.

A ``Shown`` hand carries the fans and total the seed gives it and the statements
it shows; :func:`check_shown` asserts the engine agrees, fan by fan.
"""

from __future__ import annotations

from typing import NamedTuple

from scoring.engine import score
from tests.scoring.seeds.statements import case

TEST = "test_seed_000_hand_fans"


class Shown(NamedTuple):
    """A hand, its fans (key -> value x count, the statement's own fan first), its total,
    and the statements it shows: text -> "+fan" (counted) / "-fan" (not counted) words."""

    hand: dict
    fans: dict[str, int]
    total: int
    line: int
    checks: dict[str, str]


def _meld(spec: str) -> dict:
    kind, tiles = spec.split(":")
    if kind == "ankan":
        return {"type": "kan", "tiles": tiles, "concealed": True}
    return {"type": kind, "tiles": tiles}


def hand(concealed: str, win_tile: str, win: str = "ron", *melds: str, **more) -> dict:
    """Seat South, prevalent wind East; melds as "chi:234m", "pon:555z", "kan:", "ankan:"."""
    made = {"concealed": concealed, "win_tile": win_tile, "win": win}
    made |= {"seat_wind": "S", "round_wind": "E", "melds": [_meld(m) for m in melds]}
    return made | more


def fans(result) -> dict[str, int]:
    return {i.key: i.total for i in result.items}


def rows(*shown: Shown) -> list:
    """One ``case`` per statement a hand shows (cited as shown by :data:`TEST`)."""
    return [
        case("000", s.line, text, s, words.split(), by=TEST)
        for s in shown
        for text, words in s.checks.items()
    ]


def check_shown(shown: Shown, words: list[str]) -> None:
    """The engine's fans and total are the seed's; "+fan" counted, "-fan" not."""
    result = score(shown.hand, "mcr")
    assert result.valid, result.error
    got = fans(result)
    assert next(iter(shown.fans)) in got  # the statement's own fan
    for word in words:
        assert (word[1:] in got) == (word[0] == "+"), word
    assert got == shown.fans
    assert result.total == shown.total
