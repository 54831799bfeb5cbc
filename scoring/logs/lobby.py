"""A Tenhou lobby's rules, from the log's ``<GO type=… csrule=…>``.

``type`` is a bit field (Tenhou's own, as its clients and the logs show):

=======  ==============================================================
0x0001   against people (not the computer)
0x0002   no red fives (red fives are the copies 16, 52 and 88: 0m, 0p, 0s)
0x0004   no open tanyao
0x0008   east-south game; otherwise east only, whose uma is 5-10 (+10/+5/-5/-10)
0x0010   three players
0x0020, 0x0040, 0x0080   the lobby's level and speed (no rule changes)
0x0200   chips (祝儀): kiriage mangan, and the uma is 30-10 (+30/+10/-10/-30)
0x0400   honba of 1,500 (500 from each on a self-draw), as the log of such a lobby shows
0x0800   a one-hand table (雀荘戦, the ``ratio`` lobbies): each player's result
         is their points against what they started with, no uma, no oka
=======  ==============================================================

A private lobby (``lobby`` not 0) may carry its own figures in ``csrule``:
the start points (5th field), the return points (6th) and the uma of 2nd,
3rd and 4th (22nd-24th; 1st takes the rest); its results are exact (one
decimal) and tied players share their places' uma.

Only a preset that plays as Tenhou's own rooms do (the riichi family's
``tenhou_flow``, the ``tenhou`` preset) takes the room's own figures
(kiriage, honba, uma, return): another ruleset replays the game under its
own values, starting from the points the log starts with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.logs.tenhou import LogError

NO_RED, NO_KUITAN, EAST_SOUTH, THREE_PLAYERS = 0x2, 0x4, 0x8, 0x10
CHIPS, BIG_HONBA, ONE_HAND = 0x200, 0x400, 0x800
BIG_HONBA_VALUES = {"honba_ron": 1_500, "honba_tsumo_each": 500}
EAST_ONLY_UMA = (10, 5, -5, -10)  # Tenhou's east-only games
CHIP_UMA = (30, 10, -10, -30)  # the chip lobbies' uma, as their logs' owari show
NO_UMA = (0, 0, 0, 0)
CSRULE_START, CSRULE_RETURN = 4, 5
CSRULE_UMA = slice(21, 24)  # 2nd, 3rd, 4th


@dataclass(frozen=True)
class Lobby:
    type: int
    red_fives: bool
    open_tanyao: bool
    kiriage: bool
    east_south: bool
    session: dict[str, Any]  # the lobby's own payments and session figures (riichi options)

    def overrides(self, start: int, room: bool) -> dict[str, Any]:
        """The riichi options of the game as played here; ``room``: with the room's figures."""
        out: dict[str, Any] = {"red_fives": self.red_fives, "open_tanyao": self.open_tanyao}
        if room:
            out |= {"kiriage": self.kiriage, **self.session}
            if "return_points" in out and out["return_points"] is None:
                out["return_points"] = start  # one-hand tables: against one's own start
        out["start"] = start
        return out


def read_lobby(go: dict[str, str]) -> Lobby:
    """The lobby of a log's GO attributes; three-player games are refused."""
    try:
        bits = int(go.get("type", ""))
    except ValueError:
        raise LogError("bad_log", f"<GO>: type={go.get('type')!r} is not a number") from None
    if bits & THREE_PLAYERS:
        raise three_players("the lobby (GO type) is a three-player room")
    session: dict[str, Any] = {} if bits & EAST_SOUTH else {"uma": EAST_ONLY_UMA}
    if bits & CHIPS:
        session["uma"] = CHIP_UMA
    if bits & BIG_HONBA:
        session |= BIG_HONBA_VALUES
    if bits & ONE_HAND:
        session |= {"uma": NO_UMA, "return_points": None, "final_rounding": False}
    if go.get("csrule"):
        session |= _csrule(go["csrule"])
    return Lobby(
        bits,
        red_fives=not bits & NO_RED,
        open_tanyao=not bits & NO_KUITAN,
        kiriage=bool(bits & CHIPS),
        east_south=bool(bits & EAST_SOUTH),
        session=session,
    )


def _csrule(text: str) -> dict[str, Any]:
    fields = text.split(",")
    try:
        start = int(fields[CSRULE_START])
        back = int(fields[CSRULE_RETURN])
        rest = [int(v) for v in fields[CSRULE_UMA]]
    except (IndexError, ValueError):
        raise LogError("bad_log", f"<GO>: csrule={text[:60]!r} is not a lobby's figures") from None
    if len(rest) != 3:
        raise LogError("bad_log", "<GO>: csrule has no uma of 2nd, 3rd and 4th")
    uma = (-sum(rest), *rest)
    return {
        "start": start,
        "return_points": back,
        "uma": uma,
        "ties": "split",
        "final_rounding": False,
    }


def three_players(why: str) -> LogError:
    return LogError(
        "three_player", f"a three-player game ({why}): only four-player riichi is scored"
    )
