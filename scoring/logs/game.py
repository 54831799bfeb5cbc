"""A logged game read for a site: its rows, its names, and how it fits the event.

This is what the riichi family answers when a table's game log is attached
(``Family.read_game_log``): pure data, so the Django side files it without
knowing the log's format.

- ``entries``: the sheet's rows (:mod:`scoring.logs.sheet_rows`), seat 0 first.
- ``names`` and ``fingerprint``: for matching the players and for knowing
  the same game again (:class:`scoring.logs.tenhou.GameLog`).
- ``mismatches``: the lobby's rules the event plays otherwise
  (:mod:`scoring.logs.fit`); a game with any is not saved as a sheet.
- ``hands``: per hand, our engine's check of the log under Tenhou's own
  rules for that lobby (:func:`scoring.logs.replay.replay_game`): the
  differences found, and the payments as the log records them, which the
  site compares with what its sheet pays under the event's rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.families.riichi.setup import RiichiSetup
from scoring.logs.compare import POINTS_UNIT
from scoring.logs.fit import mismatches
from scoring.logs.lobby import read_lobby
from scoring.logs.replay import replay_game
from scoring.logs.sheet_rows import sheet_entries
from scoring.logs.tenhou import PLAYERS, numbers, read_log

ENGINE_CHECK = "tenhou"  # the preset that plays as Tenhou's rooms do (lobby.py)


@dataclass(frozen=True)
class LoggedHand:
    label: str  # E1-0, as the replay placed it
    logged: tuple[int, ...]  # each seat's payment as the log records it
    differs: tuple[dict[str, Any], ...]  # our engine against the log, this hand


@dataclass(frozen=True)
class LoggedGame:
    names: tuple[str, ...]
    fingerprint: str
    lobby_type: int
    start: int
    entries: list[dict[str, Any]]
    mismatches: list[dict[str, Any]]
    hands: tuple[LoggedHand, ...]
    final_differs: tuple[dict[str, Any], ...]  # the game's end (owari) against ours
    finished: bool  # the log reaches the game's end

    def to_dict(self) -> dict[str, Any]:
        """Plain data, for keeping with a sheet and for the API."""
        return {
            "names": list(self.names),
            "fingerprint": self.fingerprint,
            "lobby_type": self.lobby_type,
            "start": self.start,
            "mismatches": self.mismatches,
            "finished": self.finished,
            "differs": [d for h in self.hands for d in h.differs] + list(self.final_differs),
        }


def read_game(data: bytes, setup: RiichiSetup) -> LoggedGame:
    """The game in ``data`` for an event playing ``setup``, or :class:`LogError`."""
    log = read_log(data)
    lobby = read_lobby(log.go)
    start = numbers(log.hands[0].init, "ten", "hand 1 <INIT>", PLAYERS)[0] * POINTS_UNIT
    out, logged = replay_game(log, ENGINE_CHECK)
    entries = sheet_entries(log, nagashi_mangan=setup.nagashi_mangan, pao_yaku=setup.pao_yaku)
    hands = tuple(
        LoggedHand(
            row["round"],
            tuple(paid),
            tuple(d for d in out["differs"] if d["hand"] == row["round"]),
        )
        for row, paid in zip(out["hands"], logged, strict=True)
    )
    return LoggedGame(
        names=log.names or ("",) * PLAYERS,
        fingerprint=log.fingerprint,
        lobby_type=lobby.type,
        start=start,
        entries=entries,
        mismatches=mismatches(lobby, start, setup),
        hands=hands,
        final_differs=tuple(d for d in out["differs"] if d["hand"] is None),
        finished=out["session_scores"] is not None,
    )
