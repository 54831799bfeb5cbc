"""A table of four players as settlement and session code sees it.

Players are opaque ids (a registration's key, a name in a test); what every
ruleset needs is the same: exactly four distinct ids, a named player that is
one of them, and errors that name the field a person got wrong. Each ruleset
raises its own subclass of :class:`FieldError`, so callers can tell them apart.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from scoring.core.errors import NamesField
from scoring.core.money import SettlementError
from scoring.core.seats import PLAYERS_PER_TABLE

PlayerId = Hashable


class FieldError(NamesField, SettlementError):
    """Input that cannot describe a real hand or session; ``field`` names the culprit."""


def check_players(
    players: Iterable[object], field: str = "players", error: type[FieldError] = FieldError
) -> tuple[PlayerId, ...]:
    """The four players of a table as a tuple, or ``error`` naming ``field``."""
    if isinstance(players, str | bytes):
        raise error(field, f"must be a sequence of player ids, not {players!r}")
    table = tuple(players)
    if len(table) != PLAYERS_PER_TABLE:
        raise error(field, f"a table has exactly {PLAYERS_PER_TABLE} players, got {len(table)}")
    for player in table:
        if player is None or not isinstance(player, Hashable):
            raise error(field, f"{player!r} is not a player id")
    if len(set(table)) != len(table):
        raise error(field, f"players must be distinct, got {list(table)!r}")
    return table


def player_at(
    value: object, table: tuple[PlayerId, ...], field: str, error: type[FieldError] = FieldError
) -> PlayerId:
    """``value`` if it is one of the table's players; required."""
    if value is None:
        raise error(field, "is required for this outcome")
    if not isinstance(value, Hashable) or value not in table:
        raise error(field, f"{value!r} is not one of the players {list(table)!r}")
    return value
