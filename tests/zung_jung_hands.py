"""Building Zung Jung test hands in a line: ``zj("234m567p", "8s", melds="chi234m pon777z")``."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.core.result import Result
from scoring.engine import score
from scoring.sheets import SheetError, replay_sheet

# Seed 001 L87-L92 (§12 罰牌), the sheets' penalty-tile hand: S holds 13s 456s 789s 11z
# 555z and wins on E's 2s, the discard making the chow 123s; a penalty 1s is then in the
# exposed chow, a penalty 5z is not (its pung is concealed).
PENALTY_TILES_HAND = {"concealed": "13456789s11z555z", "win_tile": "2s"}
PENALTY_TILES_BY_DISCARD = {
    "outcome": "discard",
    "level": "tiles",
    "winner": "S",
    "discarder": "E",
    "hand": PENALTY_TILES_HAND,
}

MELD_WORDS = {"chi": "chi", "pon": "pon", "kan": "kan", "ankan": "kan", "addkan": "kan"}


def melds(text: str) -> list[dict[str, Any]]:
    """``"chi234m pon777z kan2222m ankan1111s addkan5555p"`` as hand-format.md melds."""
    out = []
    for word in text.split():
        kind = word.rstrip("0123456789mpsz")
        meld: dict[str, Any] = {"type": MELD_WORDS[kind], "tiles": word[len(kind) :]}
        if kind == "ankan":
            meld["concealed"] = True
        if kind == "addkan":
            meld["added"] = True
        out.append(meld)
    return out


def hand(
    concealed: str,
    win_tile: str,
    win: str = "ron",
    meld: str = "",
    seat: str = "S",
    **extra: Any,
) -> dict[str, Any]:
    """A hand-format.md object; seat South and round East unless told."""
    return {
        "concealed": concealed,
        "win_tile": win_tile,
        "win": win,
        "seat_wind": seat,
        "round_wind": "E",
        "melds": melds(meld),
        **extra,
    }


def zj(*args: Any, lang: str = "en", **kwargs: Any) -> Result:
    return score(hand(*args, **kwargs), "zung-jung", lang)


def breakdown(result: Result) -> dict[str, int]:
    """Item key -> points it adds (value × count); the limit line is negative."""
    return {i.key: i.total for i in result.items}


def tiles_ruling(tiles: str, after_hand: int = 0, player: str = "S") -> dict[str, Any]:
    """A ledger entry: ``player`` holds ``tiles`` as penalty tiles after hand ``after_hand``."""
    return {"player": player, "category": "penalty_tiles", "after_hand": after_hand, "tiles": tiles}


def refused(rows, ledger) -> SheetError:
    """The error a Zung Jung sheet of ``rows`` with ``ledger`` is refused with."""
    with pytest.raises(SheetError) as caught:
        replay_sheet("zung-jung", {}, rows, ledger)
    return caught.value
