"""The four seats of a table and the winds, defined once for the engine and the site.

Vocabulary (rules/sessions.md §1): a *seat* is a player's starting place,
named by the wind it starts with, E, S, W, N in turn order; E deals first.
The prevailing winds come in the same order. Every module that names seats
or counts players at a table imports them from here.
"""

from __future__ import annotations

from typing import Literal

Seat = Literal["E", "S", "W", "N"]
SEATS: tuple[Seat, ...] = ("E", "S", "W", "N")  # turn order; E deals first
WINDS: tuple[Seat, ...] = SEATS  # the prevailing winds, in the order of the rounds
PLAYERS_PER_TABLE = len(SEATS)
