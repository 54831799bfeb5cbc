"""Whether a logged game can stand as a sheet of an event: the lobby's rules against the event's.

A sheet replays its hands under the event's rules, so a game played under
other rules would be scored as a game nobody played: red fives that count
for nothing (or the reverse), an open tanyao the event does not allow, an
east-only game where a sheet is a whole hanchan, other starting points. Each
such difference is named (a code and both sides) and the game is not saved
as the event's sheet; the director enters its final scores instead.

Other figures (uma, return, honba, kiriage) may differ too: they change the
payments or the result, not the hands played, so the sheet settles them as
the event says and the preview marks each hand paid differently.
"""

from __future__ import annotations

from typing import Any

from scoring.families.riichi.setup import RiichiSetup
from scoring.logs.lobby import Lobby


def mismatches(lobby: Lobby, start: int, setup: RiichiSetup) -> list[dict[str, Any]]:
    """Each rule of the lobby the event plays otherwise: ``{"code", "log", "event"}``."""
    checks = (
        ("red_fives", lobby.red_fives, setup.hand.red_fives),
        ("open_tanyao", lobby.open_tanyao, setup.hand.open_tanyao),
        # Every riichi sheet is a hanchan (east-south): rows.py ends it after South 4.
        ("east_south", lobby.east_south, True),
        ("start", start, setup.session.start),
    )
    return [
        {"code": c, "log": played, "event": wanted}
        for c, played, wanted in checks
        if played != wanted
    ]
