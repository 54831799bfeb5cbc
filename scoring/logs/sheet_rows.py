"""A logged game as the rows a judge would have entered on the table's sheet.

The site keeps an online table's game as an ordinary hand-by-hand sheet, so
everything downstream (the sheet's replay under the event's rules, the
confirmation, the standings, the printed sheet) treats it as any other. Each
hand becomes one row at tiles level, as the judge's form writes it
(``scoring/families/riichi/rows.py``): the outcome, who won from whom, the
riichi declarers, the winner's tiles and situation flags as the play showed
them, the dora indicators; at a draw, who was ready. Seats are the log's:
seat 0 deals first, so it is the sheet's East.

What the row leaves to the sheet: the winds, the dealer and ron or tsumo
(the sheet's position fills them in), and every payment.
"""

from __future__ import annotations

from typing import Any

from scoring.core.seats import SEATS, WINDS
from scoring.logs.lobby import read_lobby
from scoring.logs.play import HandPlay, Table, Win
from scoring.logs.tenhou import GameLog, LogError, numbers

ROUNDS_PER_WIND = 4
# What the sheet's position fills in, so a stored row does not carry it twice.
FILLED = ("win", "seat_wind", "round_wind", "dealer")
NOT_AN_ABORT = (None, "nm")  # an exhaustive draw; "nm": one where someone had nagashi


def sheet_entries(
    log: GameLog, *, nagashi_mangan: bool, pao_yaku: frozenset[str]
) -> list[dict[str, Any]]:
    """One sheet row per hand of ``log``; ``nagashi_mangan`` and ``pao_yaku`` are the event's."""
    red = read_lobby(log.go).red_fives
    rows = []
    for hand in log.hands:
        seed = numbers(hand.init, "seed", f"hand {hand.number + 1} <INIT>", 6)
        wind = WINDS[min(seed[0] // ROUNDS_PER_WIND, len(WINDS) - 1)]
        play = Table(hand, red, wind).play(hand)
        rows.append(_row(play, hand.number, nagashi_mangan, pao_yaku))
    return rows


def _row(play: HandPlay, number: int, nagashi_mangan: bool, pao_yaku) -> dict[str, Any]:
    riichi = [SEATS[s] for s in play.riichi]
    if play.wins:
        return _wins(play, riichi, pao_yaku)
    kind = (play.end or {}).get("type")
    if kind not in NOT_AN_ABORT:
        return {"outcome": "abortive", "riichi": riichi}
    tenpai = [SEATS[s] for s in sorted({*play.tenpai, *play.riichi})]
    if play.nagashi and nagashi_mangan:
        if len(play.nagashi) > 1:
            raise LogError(
                "not_on_a_sheet",
                f"hand {number + 1}: nagashi mangan by {len(play.nagashi)} players; "
                "a sheet's row has one",
            )
        return {
            "outcome": "nagashi",
            "winner": SEATS[play.nagashi[0]],
            "tenpai": tenpai,
            "riichi": riichi,
        }
    return {"outcome": "draw", "tenpai": tenpai, "riichi": riichi}


def _wins(play: HandPlay, riichi: list[str], pao_yaku) -> dict[str, Any]:
    first = play.wins[0]
    if first.discarder is None:
        return {"outcome": "tsumo", "riichi": riichi, **_claim(first, pao_yaku)}
    row = {"outcome": "ron", "discarder": SEATS[first.discarder], "riichi": riichi}
    if len(play.wins) == 1:
        return {**row, **_claim(first, pao_yaku)}
    return {**row, "wins": [_claim(w, pao_yaku) for w in play.wins]}


def _claim(win: Win, pao_yaku) -> dict[str, Any]:
    hand = {k: v for k, v in win.hand.items() if k not in FILLED}
    claim = {"winner": SEATS[win.seat], "level": "tiles", "hand": hand}
    if win.liable is not None and win.liable_yaku in pao_yaku:
        claim["liable"] = SEATS[win.liable]
    return claim
