"""A game log replayed: each hand rebuilt, scored, settled and compared (COMMANDS.md).

Each win is scored by the engine under the ruleset's resolved hand config
(the lobby's red fives and open tanyao applied), and every hand is settled
by the riichi family's own settlement (honba, riichi sticks, noten
payments, nagashi, abortive draws, pao, several rons on one discard), from
the position our replay reached: the honba and the sticks carried are ours,
not the log's. The game's result is the family's session code. The log's
figures are only compared (:mod:`scoring.logs.compare`).

A win the engine refuses is reported in ``differs`` and settled at the
log's value, so that the rest of the game can still be checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scoring.core.money import SettlementError
from scoring.core.placement import SessionError
from scoring.core.result import Result
from scoring.core.seats import SEATS, WINDS
from scoring.families.protocol import OptionError
from scoring.families.riichi.draws import (
    settle_abortive_draw,
    settle_exhaustive_draw,
    settle_multiple_ron,
    settle_nagashi,
)
from scoring.families.riichi.points import (
    MANGAN,
    YAKUMAN,
    PointsError,
    basic_points,
    hand_payments,
)
from scoring.families.riichi.rows import Position
from scoring.families.riichi.session import RIICHI_SESSION_PRESETS, riichi_session_result
from scoring.families.riichi.settlement import (
    Outcome,
    RonClaim,
    Settlement,
    next_hand_state,
    settle_win,
)
from scoring.families.riichi.setup import RiichiSetup, riichi_setup
from scoring.families.rulesets import score_configured
from scoring.logs import compare
from scoring.logs.compare import POINTS_UNIT, STICK
from scoring.logs.lobby import read_lobby
from scoring.logs.play import Table, Win
from scoring.logs.tenhou import (
    PLAYERS,
    GameLog,
    HandLog,
    LogError,
    numbers,
    read_log,
    seat_of,
)

RULESETS = tuple(RIICHI_SESSION_PRESETS)  # the riichi presets a log can be replayed under
DEFAULT_RULESET = "tenhou"
DORA_KEYS = compare.DORA_KEYS
ROUNDS_PER_WIND = 4
TENHOU_LIMIT_YAKUMAN = 5


def replay_file(data: bytes, name: str, ruleset: str = DEFAULT_RULESET) -> dict[str, Any]:
    """The output line of one file (COMMANDS.md): the replay, or the error that refused it."""
    if ruleset not in RULESETS:
        raise ValueError(f"{ruleset!r} is not a riichi ruleset; use {', '.join(RULESETS)}")
    try:
        return {"file": name, **replay(read_log(data), ruleset)}
    except LogError as problem:
        return {"file": name, "error": problem.to_dict()}


@dataclass
class _Game:
    """Our side of the replay as it goes: points, position, rows and differences."""

    setup: RiichiSetup
    points: list[int]
    wind: int
    dealer: int
    honba: int = 0
    pool: int = 0
    hands: list[dict[str, Any]] = field(default_factory=list)
    differs: list[dict[str, Any]] = field(default_factory=list)
    logged: list[list[int]] = field(default_factory=list)  # each hand's payments, as logged


def replay(log: GameLog, ruleset: str = DEFAULT_RULESET) -> dict[str, Any]:
    """The command's output for one game (COMMANDS.md), without its ``file``."""
    return replay_game(log, ruleset)[0]


def replay_game(
    log: GameLog, ruleset: str = DEFAULT_RULESET
) -> tuple[dict[str, Any], list[list[int]]]:
    """:func:`replay`'s output, and each hand's payments by seat as the log records them."""
    lobby = read_lobby(log.go)
    first = log.hands[0].init
    ten = numbers(first, "ten", "hand 1 <INIT>", PLAYERS)
    if len(set(ten)) != 1:
        raise LogError("bad_log", "hand 1 <INIT>: the game does not start with equal points")
    start = ten[0] * POINTS_UNIT
    try:
        setup = riichi_setup(ruleset, lobby.overrides(start, room=False))
        if setup.tenhou_flow:  # a preset of Tenhou's rooms takes the room's own figures
            setup = riichi_setup(ruleset, lobby.overrides(start, room=True))
    except OptionError as problem:
        raise LogError(
            "bad_log", f"<GO>: the lobby's rules cannot be played: {problem.message}"
        ) from None
    seed = numbers(first, "seed", "hand 1 <INIT>", 6)
    dealer = seat_of(first, "oya", "hand 1 <INIT>")
    if dealer != seed[0] % ROUNDS_PER_WIND:
        # Seat 0 deals first (COMMANDS.md), so the dealer of round k is seat k.
        raise LogError("bad_log", f"hand 1 <INIT>: seat {dealer} deals round {seed[0]}")
    game = _Game(setup, [start] * PLAYERS, seed[0] // ROUNDS_PER_WIND, dealer)
    for hand in log.hands:
        _hand(game, hand, lobby.red_fives)
    last = log.hands[-1].events[-1].attrs
    owari = last if "owari" in last else None
    final, results = _session(game, complete=owari is not None)
    game.differs += compare.game_end(owari, final, results, "the game's end <owari>")
    out = {
        "hands": game.hands,
        "final_points": final,
        "session_scores": None if results is None else [float(r) for r in results],
        "differs": game.differs,
    }
    return out, game.logged


def _hand(game: _Game, hand: HandLog, red: bool) -> None:
    where = f"hand {hand.number + 1} <INIT>"
    seed = numbers(hand.init, "seed", where, 6)
    dealer = seat_of(hand.init, "oya", where)
    wind = seed[0] // ROUNDS_PER_WIND
    if not 0 <= wind < len(WINDS):
        raise LogError("bad_log", f"{where}: no such round or dealer ({seed[0]}, {dealer})")
    label = Position(wind, SEATS[dealer], seed[1], seed[2]).label
    ours = {
        "round": game.wind * ROUNDS_PER_WIND + game.dealer,
        "dealer": game.dealer,
        "honba": game.honba,
        "sticks": game.pool,
        "points": list(game.points),
    }
    game.differs += compare.position(label, ours, hand.init, where)
    play = Table(hand, red, WINDS[wind]).play(hand)
    row, settlement = _settle(game, play, label, dealer)
    game.hands.append({"round": label, **row, "deltas": [settlement.deltas[s] for s in SEATS]})
    ends = [w.log for w in play.wins] or [play.end]
    theirs = compare.log_deltas(ends, play.riichi, f"hand {hand.number + 1}")
    game.logged.append(theirs)
    game.differs += compare.payments(label, game.hands[-1]["deltas"], theirs)
    if not play.wins:
        game.differs += compare.draw_figures(label, play)
    game.points = [game.points[i] + settlement.deltas[s] for i, s in enumerate(SEATS)]
    nxt = next_hand_state(SEATS[dealer], game.honba, settlement.outcome)
    following = SEATS.index(nxt.dealer)
    game.wind = wind + (following != dealer and following == 0)
    game.dealer, game.honba, game.pool = following, nxt.honba, settlement.pool_after


def _settle(game: _Game, play, label: str, dealer: int) -> tuple[dict[str, Any], Settlement]:
    rules, setup = game.setup.settle, game.setup
    common = {"dealer": SEATS[dealer], "rules": rules, "pool": game.pool}
    riichi = [SEATS[s] for s in play.riichi]
    try:
        if play.wins:
            return _settle_wins(game, play, label, common, riichi)
        kind = (play.end or {}).get("type")
        if kind not in (None, "nm"):
            return _row("abort"), settle_abortive_draw(rules=rules, riichi=riichi, pool=game.pool)
        tenpai = sorted({*play.tenpai, *play.riichi})  # a riichi is ready: Tenhou allows no other
        ready = [SEATS[s] for s in tenpai]
        if play.nagashi and setup.nagashi_mangan:
            done = settle_nagashi(
                winners=[SEATS[s] for s in play.nagashi], tenpai=ready, riichi=riichi, **common
            )
            return _row("nagashi", [_nagashi_winner(s, dealer) for s in play.nagashi]), done
        return _row("draw"), settle_exhaustive_draw(tenpai=ready, riichi=riichi, **common)
    except (SettlementError, PointsError) as problem:
        raise LogError("bad_log", f"{label}: the hand cannot be settled: {problem}") from None


def _row(outcome: str, winners: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"outcome": outcome, "winners": winners or []}


def _nagashi_winner(seat: int, dealer: int) -> dict[str, Any]:
    points = hand_payments(MANGAN, dealer_won=seat == dealer, tsumo=True).total
    return {"seat": seat, "han": None, "fu": None, "points": points, "yaku": ["nagashi_mangan"]}


def _settle_wins(
    game: _Game, play, label: str, common, riichi
) -> tuple[dict[str, Any], Settlement]:
    claims, winners = [], []
    if len({w.discarder for w in play.wins}) > 1 or (len(play.wins) > 1 and first_is_tsumo(play)):
        raise LogError("bad_log", f"{label}: several wins that are not rons on one discard")
    for win in play.wins:
        result = score_configured({**win.hand, "ruleset": game.setup.name}, game.setup.hand)
        game.differs += compare.win_figures(label, win, result, f"{label} <AGARI>")
        basic = result.basic if result.valid else _logged_basic(game.setup, win)
        liable, liable_basic = _liability(game.setup, win, result)
        claims.append(RonClaim(SEATS[win.seat], basic, liable, liable_basic))
        winners.append(_winner(win, result))
    first = play.wins[0]
    honba = {"honba": game.honba, "riichi": riichi}
    if first.discarder is None:
        claim = claims[0]
        done = settle_win(
            winner=claim.winner,
            basic=claim.basic,
            tsumo=True,
            liable=claim.liable,
            liable_basic=claim.liable_basic,
            **common,
            **honba,
        )
        return _row("tsumo", winners), done
    discarder = SEATS[first.discarder]
    done = settle_multiple_ron(claims=claims, discarder=discarder, **common, **honba)
    if done.outcome is Outcome.ABORTIVE_DRAW:
        return _row("abort"), done
    return _row("ron", winners), done


def first_is_tsumo(play) -> bool:
    return play.wins[0].discarder is None


def _winner(win: Win, result: Result) -> dict[str, Any]:
    if not result.valid:
        return {"seat": win.seat, "han": None, "fu": None, "points": None, "yaku": []}
    yaku = [i.key for i in result.items if i.key not in DORA_KEYS]
    return {
        "seat": win.seat,
        "han": result.han,
        "fu": result.fu,
        "points": result.points,
        "yaku": yaku,
    }


def _liability(setup: RiichiSetup, win: Win, result: Result) -> tuple[str | None, int | None]:
    """Pao (rules/riichi.md §2): the feeder of the completing call pays for that yakuman only."""
    if win.liable is None or not result.valid or not result.yakuman:
        return None, None
    if win.liable_yaku not in setup.pao_yaku or win.liable_yaku not in {
        i.key for i in result.items
    }:
        return None, None
    return SEATS[win.liable], (YAKUMAN if result.yakuman > 1 else None)


def _logged_basic(setup: RiichiSetup, win: Win) -> int:
    """Basic points from the log's own ``ten`` (a win the engine refused)."""
    fu, _, limit = numbers(win.log, "ten", "AGARI")
    yaku = numbers(win.log, "yaku", "AGARI") if win.log.get("yaku") else []
    yakuman = len(numbers(win.log, "yakuman", "AGARI")) if win.log.get("yakuman") else 0
    han = sum(yaku[1::2])
    if limit == TENHOU_LIMIT_YAKUMAN and not yakuman:
        yakuman = 1
    kazoe = "yakuman" if setup.hand.kazoe_yakuman else "sanbaiman"
    return basic_points(
        max(han, 1), max(fu, 20), kiriage=setup.hand.kiriage, kazoe=kazoe, yakuman=yakuman
    )


def _session(game: _Game, complete: bool) -> tuple[list[int], list[Fraction] | None]:
    """Final points, leftover sticks paid as the ruleset says; the results if the game ended."""
    points = dict(zip(SEATS, game.points, strict=True))
    try:
        result = riichi_session_result(SEATS, points, game.setup.session, leftover_sticks=game.pool)
    except SessionError as problem:
        raise LogError("bad_log", f"the game's result cannot be worked out: {problem}") from None
    final = [points[s] + int(result.players[s].sticks * STICK) for s in SEATS]
    if not complete:
        return final, None
    return final, [result.players[s].session_score for s in SEATS]
