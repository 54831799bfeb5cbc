"""Zung Jung settlement (rules/zung-jung.md §7), false-win rulings (§6) and sessions (§8).

Vocabulary:

- *player*: an opaque, hashable id; a table has exactly four. Settlement
  names players, never seats: winds matter only to the hand's value.
- *v*: the hand's value in points after the limit (the engine's ``total``).
- *par* P (``zj_par``, 25): under the formal payoff the players who did not
  feed the win pay at most P each.
- *responsible* player: on a discard win, the player who pays the large
  share: the discarder, or an earlier discarder of the same kind named by
  same-turn immunity (:func:`same_turn_responsible`); on Robbing a Kong, the
  player who added to the kong.
- *formal* payoff (``zj_payoff``): the winner always receives 3v. Self-draw:
  each other player pays v. Discard win: the others pay min(v, P) each and the
  responsible player 3v − 2·min(v, P). With nobody responsible, all pay v.
  *uniform*: every loser pays v on any win.
- *draw* (流局): nobody pays; the deal still passes.
- *delta*: the change in a player's points. Every hand sums to zero.
- *session*: ``hands_per_session`` hands (16); the deal passes after every
  hand; a player's session points are the sum of their deltas.

Everything here is a pure function of plain data, like :mod:`scoring.families.mcr.settlement`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from fractions import Fraction
from functools import partial
from typing import Any

from scoring.core.errors import HandError
from scoring.core.hand import Hand
from scoring.core.money import Transfer, ZeroSum
from scoring.core.numbers import is_int
from scoring.core.placement import placements, rank_points
from scoring.core.seats import PLAYERS_PER_TABLE, WINDS
from scoring.core.seats import Seat as Wind
from scoring.core.table import FieldError, player_at
from scoring.core.table import check_players as check_table
from scoring.core.tiles import NUM_KINDS, Tile, kind_name, parse_tile
from scoring.families.zung_jung.hand import PRESET, ZungJungConfig
from scoring.families.zung_jung.options import ALL_OPTIONS

PlayerId = Hashable
PAYOFFS = ("formal", "uniform")  # §7 zj_payoff


class ZJSettlementError(FieldError):
    """Input that cannot describe a real Zung Jung hand or session; ``field`` names it."""


class ZJOutcome(StrEnum):
    """How a hand ended (§7)."""

    SELF_DRAW = "self_draw"  # including Win on Kong
    DISCARD = "discard"
    ROBBING_KONG = "robbing_kong"  # the player who added to the kong is responsible
    DRAW = "draw"  # 流局: no payments


def _checked(overrides: Mapping[str, Any], mine: Mapping[str, str]) -> dict:
    """The overrides this reader applies (option -> field); others' options pass."""
    changes = {}
    for option, value in overrides.items():
        if option in mine:
            changes[mine[option]] = value
        elif option not in ALL_OPTIONS:
            known = ", ".join(sorted(ALL_OPTIONS))
            raise ZJSettlementError(option, f"is not a Zung Jung option; use {known}")
    return changes


@dataclass(frozen=True)
class ZJSettlementRules:
    """The payment options of §7."""

    payoff: str = "formal"  # §7 zj_payoff: Zung Jung's formal competition payoff
    par: int = 25  # §7 zj_par: the most a player who did not feed the win pays

    OPTIONS = {"zj_payoff": "payoff", "zj_par": "par"}

    def __post_init__(self) -> None:
        if self.payoff not in PAYOFFS:
            raise ZJSettlementError("zj_payoff", f"must be formal or uniform, not {self.payoff!r}")
        if not is_int(self.par) or self.par < 0:
            raise ZJSettlementError("zj_par", f"must be a whole number ≥ 0, not {self.par!r}")

    def resolve(self, overrides: Mapping[str, Any]) -> ZJSettlementRules:
        return replace(self, **_checked(overrides, self.OPTIONS))


ZJ_SETTLEMENT_RULES = ZJSettlementRules()


@dataclass(frozen=True)
class ZJSettlement(ZeroSum):
    """The points one hand moves; ``deltas`` in the order the players were given."""

    family = "Zung Jung"

    deltas: dict[PlayerId, int]
    outcome: ZJOutcome
    winner: PlayerId | None = None
    responsible: PlayerId | None = None
    value: int | None = None
    transfers: tuple[Transfer, ...] = ()


# The four players of a table, in the order given, and one of them named by a
# field: each refusal a ZJSettlementError naming the field.
check_players = partial(check_table, error=ZJSettlementError)
_player = partial(player_at, error=ZJSettlementError)


def _nothing(**given: object) -> None:
    for name, value in given.items():
        if value not in (None, False):
            raise ZJSettlementError(name, f"must be empty for this outcome, not {value!r}")


def settle_zung_jung(
    players: Iterable[PlayerId],
    outcome: ZJOutcome | str,
    *,
    winner: PlayerId | None = None,
    value: int | None = None,
    responsible: PlayerId | None = None,
    all_immune: bool = False,
    rules: ZJSettlementRules = ZJ_SETTLEMENT_RULES,
) -> ZJSettlement:
    """Settle one hand (§7). ``value`` is v, the hand's points after the limit.

    - ``"self_draw"``: winner +3v, each other −v.
    - ``"discard"``: name the ``responsible`` player (the discarder, or whom
      :func:`same_turn_responsible` names). Formal payoff: responsible
      −(3v − 2·min(v, P)), the others −min(v, P). When same-turn immunity
      frees everyone, pass ``all_immune=True`` and no ``responsible``: all pay v.
      70 on a discard: +210 / −160 / −25 / −25.
    - ``"robbing_kong"``: a discard win with the kong's owner as ``responsible``.
    - ``"draw"``: all 0.

    Uniform payoff: every loser pays v. Bad input raises :class:`ZJSettlementError`.
    """
    table = check_players(players)
    try:
        kind = ZJOutcome(outcome)
    except ValueError:
        known = ", ".join(o.value for o in ZJOutcome)
        raise ZJSettlementError("outcome", f"must be one of {known}, not {outcome!r}") from None
    if kind is ZJOutcome.DRAW:
        _nothing(winner=winner, value=value, responsible=responsible, all_immune=all_immune)
        return ZJSettlement(dict.fromkeys(table, 0), kind)
    won_by = _player(winner, table, "winner")
    if not is_int(value) or value < 1:
        raise ZJSettlementError("value", f"must be a positive whole number, not {value!r}")
    if kind is ZJOutcome.DISCARD and all_immune and responsible is not None:
        raise ZJSettlementError(
            "responsible", f"must be empty when same-turn immunity frees all, not {responsible!r}"
        )
    if kind is ZJOutcome.SELF_DRAW or (kind is ZJOutcome.DISCARD and all_immune):
        _nothing(responsible=responsible)
        payer = None
    else:
        _nothing(all_immune=all_immune)
        payer = _player(responsible, table, "responsible")
        if payer == won_by:
            raise ZJSettlementError("responsible", f"{payer!r} is the winner")
    transfers = tuple(
        Transfer(p, won_by, *_share(value, p, payer, rules)) for p in table if p != won_by
    )
    deltas = dict.fromkeys(table, 0)
    for t in transfers:
        deltas[t.payer] -= t.amount
        deltas[t.payee] += t.amount
    return ZJSettlement(deltas, kind, won_by, payer, value, transfers)


def _share(v: int, player: PlayerId, responsible: PlayerId | None, rules: ZJSettlementRules):
    """(amount, reason) one loser pays (§7)."""
    if rules.payoff == "uniform":
        return v, "uniform"
    if responsible is None:
        return v, "each pays v"
    capped = min(v, rules.par)
    if player == responsible:
        return 3 * v - 2 * capped, "responsible"
    return capped, "par"


def _kind(value: object, field: str) -> int:
    """A tile kind given as 0-33 or as one mpsz tile ('5p'; a red five is a five)."""
    if is_int(value) and 0 <= value < NUM_KINDS:
        return value
    if isinstance(value, str):
        try:
            return parse_tile(value, field).kind
        except HandError as problem:
            raise ZJSettlementError(field, str(problem)) from None
    raise ZJSettlementError(field, f"must be a tile such as '5p' or a kind 0-33, not {value!r}")


def same_turn_responsible(
    discards: Sequence[tuple[PlayerId, str | int]],
    winning_kind: str | int,
    *,
    winner_last_discard: str | int | None = None,
) -> PlayerId | None:
    """Same-turn immunity (同巡內免責, §7): who is responsible for a discard win.

    ``discards`` are the (player, tile) discards since the winner's own last
    discard, in order; the last is the tile won on. The first player who
    discarded the winning kind is responsible, later ones are immune. If the
    winner's own last discard was that kind, nobody is: returns None, and
    all three pay v (``all_immune=True`` in :func:`settle_zung_jung`).
    """
    win = _kind(winning_kind, "winning_kind")
    rows = list(discards) if not isinstance(discards, str | bytes) else None
    if not rows:
        raise ZJSettlementError("discards", "must list at least the winning discard")
    kinds = [_kind(tile, f"discards[{i}]") for i, (_, tile) in enumerate(rows)]
    if kinds[-1] != win:
        raise ZJSettlementError(
            "discards", f"the last one must be the winning discard {kind_name(win)}"
        )
    if winner_last_discard is not None and _kind(winner_last_discard, "winner_last_discard") == win:
        return None
    return next(player for (player, _), kind in zip(rows, kinds, strict=True) if kind == win)


# --- false win (§6) ------------------------------------------------------------


@dataclass(frozen=True)
class ZJFalseWinRuling:
    """A false win (錯和): no points change; the offender's standing tiles lie face up."""

    penalty_tiles: tuple[Tile, ...]
    self_draw_only: bool  # §6: with 3 or more penalty tiles, only a self-draw can win
    points: int = 0  # §6: "no point penalty"


def false_win_ruling(hand: Hand, config: ZungJungConfig = PRESET) -> ZJFalseWinRuling:
    """§6: the whole hand becomes penalty tiles, play continues, no point penalty.

    The tiles are the offender's standing tiles (``concealed``, which already
    holds any earlier penalty tiles) plus a tile they claimed to self-draw;
    a discard they claimed stays the discarder's. Melds stay melds.
    """
    tiles = (*hand.concealed, hand.win_tile) if hand.is_tsumo else tuple(hand.concealed)
    tiles = tuple(sorted(tiles))
    return ZJFalseWinRuling(tiles, len(tiles) >= config.penalty_self_draw_only)


# --- sessions (§8) -------------------------------------------------------------


@dataclass(frozen=True)
class ZJSessionRules:
    """The session options of §8."""

    hands_per_session: int = 16  # §8: 4 cycles of 4 hands, as in later WSoM events
    # §8 zj_match_points ⚠: points per place 1st-4th (ties split), or None to
    # rank by session points (the WSOM default; the later formula is unknown).
    match_points: tuple[int | Fraction, ...] | None = None

    OPTIONS = {"hands_per_session": "hands_per_session", "zj_match_points": "match_points"}

    def __post_init__(self) -> None:
        if not is_int(self.hands_per_session) or self.hands_per_session < 1:
            raise ZJSettlementError(
                "hands_per_session", f"must be a whole number ≥ 1, not {self.hands_per_session!r}"
            )
        points = self.match_points
        if points is not None:
            ok = isinstance(points, list | tuple) and len(points) == PLAYERS_PER_TABLE
            if not ok or not all(is_int(p) or isinstance(p, Fraction) for p in points):
                raise ZJSettlementError("zj_match_points", f"must be 4 numbers, not {points!r}")
            if any(a < b for a, b in zip(points, points[1:], strict=False)):
                raise ZJSettlementError(
                    "zj_match_points", f"a better place cannot earn less: {points!r}"
                )
            object.__setattr__(self, "match_points", tuple(points))

    def resolve(self, overrides: Mapping[str, Any]) -> ZJSessionRules:
        return replace(self, **_checked(overrides, self.OPTIONS))


ZJ_SESSION_RULES = ZJSessionRules()


def dealer_of(players: Iterable[PlayerId], hand_index: int) -> PlayerId:
    """§1: the deal passes after every hand, dealer win or draw alike (players in E, S, W, N)."""
    table = check_players(players)
    if not is_int(hand_index) or hand_index < 0:
        raise ZJSettlementError("hand_index", f"must be a whole number ≥ 0, not {hand_index!r}")
    return table[hand_index % PLAYERS_PER_TABLE]


def seat_winds(players: Iterable[PlayerId], hand_index: int) -> dict[PlayerId, Wind]:
    """Each player's seat wind in a hand: the dealer is East, then turn order."""
    table = check_players(players)
    first = table.index(dealer_of(table, hand_index))
    return {p: WINDS[(i - first) % PLAYERS_PER_TABLE] for i, p in enumerate(table)}


@dataclass(frozen=True)
class ZJHandRecord:
    """One row of the sheet (arguments of :func:`settle_zung_jung`)."""

    outcome: ZJOutcome | str
    winner: PlayerId | None = None
    value: int | None = None
    responsible: PlayerId | None = None
    all_immune: bool = False


@dataclass(frozen=True)
class ZJPlayerResult:
    player: PlayerId
    session_points: int
    placement: int
    standing: int | Fraction  # what standings add up: session points, or match points


@dataclass(frozen=True)
class ZJSessionResult:
    players: dict[PlayerId, ZJPlayerResult]  # in the order given (starting seats E, S, W, N)
    hands: tuple[ZJSettlement, ...]
    rules: ZJSessionRules

    @property
    def complete(self) -> bool:
        return len(self.hands) == self.rules.hands_per_session


def zung_jung_session_result(
    players: Iterable[PlayerId],
    hands: Sequence[ZJHandRecord],
    rules: ZJSessionRules = ZJ_SESSION_RULES,
    *,
    settlement: ZJSettlementRules = ZJ_SETTLEMENT_RULES,
) -> ZJSessionResult:
    """A session (§8): the sum of each player's hand deltas, placements, standings value."""
    table = check_players(players)
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise ZJSettlementError("hands", f"must be a list, not {hands!r}")
    if len(hands) > rules.hands_per_session:
        raise ZJSettlementError(
            "hands", f"a session has at most {rules.hands_per_session} hands, got {len(hands)}"
        )
    settled = []
    for i, row in enumerate(hands):
        if not isinstance(row, ZJHandRecord):
            raise ZJSettlementError(f"hands[{i}]", f"must be a ZJHandRecord, not {row!r}")
        args = {f.name: getattr(row, f.name) for f in fields(row)}
        try:
            settled.append(settle_zung_jung(table, rules=settlement, **args))
        except ZJSettlementError as e:
            raise ZJSettlementError(f"hands[{i}].{e.field}", e.reason) from None
    points = {p: sum(h.deltas[p] for h in settled) for p in table}
    if sum(points.values()) != 0:
        raise AssertionError(f"session points are not zero-sum: {points}")
    rank = placements(points)
    standing = rank_points(points, rules.match_points) if rules.match_points else points
    results = {p: ZJPlayerResult(p, points[p], rank[p], standing[p]) for p in table}
    return ZJSessionResult(results, tuple(settled), rules)
