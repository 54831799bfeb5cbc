"""MCR settlement: the outcome of one hand -> points moving between the four players.

Vocabulary (rules/mcr.md §5):

- *player*: an opaque, hashable id (a registration id, a name). A table has
  exactly four. MCR players change seats every round (§6), so settlement
  names players, never seats: who won and who discarded is all that money
  depends on. Winds matter only to the fan count, which is done before this.
- *F*: the hand's total fan **including flowers**. Whether the hand reached
  the minimum (8 fan without flowers, §1) is the fan engine's check, not this
  module's; here F only has to be a positive whole number.
- *base*: what every loser pays on top of the fan (8, §5).
- *discard win*: a win on another player's discard; the *discarder* pays
  F + base, the two others base each. Robbing the Kong (抢杠和) is settled the
  same way, with the player who added the kong as the discarder (§5).
- *self-draw*: a win on a tile the winner drew; the three others pay F + base.
- *draw* (荒庄, wall exhausted): nobody pays. A hand *not played* (cut off by
  the time limit, §6) pays nothing either.
- *delta*: the change in a player's score. Points only move between players,
  so ``sum(deltas) == 0`` for every :class:`MCRSettlement`.

Everything here is a pure function of plain data, so the entry form, the
validator and a rescoring job all share one implementation.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import partial

from scoring.core.money import Transfer, ZeroSum
from scoring.core.numbers import is_int
from scoring.core.table import FieldError, player_at
from scoring.core.table import check_players as check_table

PlayerId = Hashable


class MCRSettlementError(FieldError):
    """Input that cannot describe a real MCR hand; ``field`` names the culprit."""


class MCROutcome(StrEnum):
    """How a hand ended (rules/mcr.md §5; sessions.md §2 "Result types")."""

    DISCARD = "discard"  # also Robbing the Kong: the kong's owner is the discarder
    SELF_DRAW = "self_draw"
    DRAW = "draw"  # wall exhausted, 荒庄
    NOT_PLAYED = "not_played"  # cut off by the time limit (rules/mcr.md §6)


@dataclass(frozen=True)
class MCRSettlementRules:
    """The settlement values of MCR (rules/mcr.md §5)."""

    # rules/mcr.md §5 "Every loser pays a base of 8" (Green Book: 8 points from
    # each loser, then the discarder or each self-draw payer adds the fan).
    base: int = 8

    def __post_init__(self) -> None:
        if not is_int(self.base) or self.base < 0:
            raise MCRSettlementError(
                "base", f"must be a whole number, 0 or more, not {self.base!r}"
            )


MCR_SETTLEMENT_RULES = MCRSettlementRules()


@dataclass(frozen=True)
class MCRSettlement(ZeroSum):
    """The points one hand moves.

    ``deltas`` has one entry per player, in the order the players were given.
    ``transfers`` explain the numbers to a person (one per payment: the fan
    part and the base part separately). ``fan`` is F (None without a win).
    """

    family = "MCR"

    deltas: dict[PlayerId, int]
    outcome: MCROutcome
    winner: PlayerId | None = None
    discarder: PlayerId | None = None
    fan: int | None = None
    transfers: tuple[Transfer, ...] = ()


# The four players of a table, in the order given, and one of them named by a
# field: each refusal a MCRSettlementError naming the field.
check_players = partial(check_table, error=MCRSettlementError)
_player = partial(player_at, error=MCRSettlementError)


def _outcome(value: object) -> MCROutcome:
    try:
        return MCROutcome(value)
    except ValueError:
        known = ", ".join(o.value for o in MCROutcome)
        raise MCRSettlementError("outcome", f"must be one of {known}, not {value!r}") from None


def _fan(value: object) -> int:
    # The 8-fan minimum is the fan engine's check (rules/mcr.md §1); here F
    # only has to be a count a winning hand can have.
    if not is_int(value) or value < 1:
        raise MCRSettlementError(
            "fan", f"must be a positive whole number (total fan with flowers), not {value!r}"
        )
    return value


def _nothing(**given: object) -> None:
    for name, value in given.items():
        if value is not None:
            raise MCRSettlementError(name, f"must be empty for this outcome, not {value!r}")


def settle_mcr(
    players: Iterable[PlayerId],
    outcome: MCROutcome | str,
    *,
    winner: PlayerId | None = None,
    discarder: PlayerId | None = None,
    fan: int | None = None,
    rules: MCRSettlementRules = MCR_SETTLEMENT_RULES,
) -> MCRSettlement:
    """Settle one MCR hand (rules/mcr.md §5).

    - ``"discard"``: winner +(F + 3·base), discarder −(F + base), the other two
      −base each (with base 8: +(F+24) / −(F+8) / −8 / −8). **Robbing the
      Kong** is a discard win: pass the player whose added kong was robbed as
      ``discarder``.
    - ``"self_draw"``: winner +3(F + base), each other player −(F + base);
      ``discarder`` must be empty.
    - ``"draw"`` (wall exhausted) and ``"not_played"`` (time limit): all 0;
      ``winner``, ``discarder`` and ``fan`` must be empty.

    ``fan`` is F, the total including flowers. Deltas come back in the order of
    ``players``. Bad input raises :class:`MCRSettlementError` naming the field.
    """
    table = check_players(players)
    kind = _outcome(outcome)
    if kind in (MCROutcome.DRAW, MCROutcome.NOT_PLAYED):
        _nothing(winner=winner, discarder=discarder, fan=fan)
        return MCRSettlement(dict.fromkeys(table, 0), kind)
    won_by = _player(winner, table, "winner")
    value = _fan(fan)
    transfers: list[Transfer] = []
    if kind is MCROutcome.SELF_DRAW:
        _nothing(discarder=discarder)
        for payer in table:
            if payer != won_by:
                transfers += _pays(payer, won_by, value, rules.base)
    else:
        fed_by = _player(discarder, table, "discarder")
        if fed_by == won_by:
            raise MCRSettlementError("discarder", f"{fed_by!r} cannot also be the winner")
        for payer in table:
            if payer != won_by:
                transfers += _pays(payer, won_by, value if payer == fed_by else 0, rules.base)
    deltas = dict.fromkeys(table, 0)
    for t in transfers:
        deltas[t.payer] -= t.amount
        deltas[t.payee] += t.amount
    return MCRSettlement(deltas, kind, won_by, discarder, value, tuple(transfers))


def _pays(payer: PlayerId, payee: PlayerId, fan: int, base: int) -> list[Transfer]:
    """A loser's payment: the fan (discarder or self-draw payer only), then the base."""
    parts = [Transfer(payer, payee, fan, "fan"), Transfer(payer, payee, base, "base")]
    return [t for t in parts if t.amount]
