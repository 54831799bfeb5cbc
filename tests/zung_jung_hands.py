"""Building Zung Jung test hands in a line: ``zj("234m567p", "8s", melds="chi234m pon777z")``."""

from __future__ import annotations

from typing import Any

from scoring.core.result import Result
from scoring.engine import score

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
