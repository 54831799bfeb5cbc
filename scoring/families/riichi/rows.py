"""One riichi row -> the settlement it stands for (rules/riichi.md §1-§2, §7).

A row is read against the position it is played in (prevailing wind,
dealer, honba, sticks on the table), which :mod:`scoring.families.riichi.sheet`
carries from row to row. A win is valued either from han/fu/yakuman typed in
(value level, checked by :func:`scoring.families.riichi.points.check_value`) or from
the tiles by the engine (tiles level, its winds and dealer filled in from the
position), and paid by :mod:`scoring.families.riichi.settlement`, so the sheet uses the very
arithmetic the rest of the system does.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.core.money import SettlementError
from scoring.core.seats import SEATS, WINDS
from scoring.families.riichi.draws import (
    settle_abortive_draw,
    settle_exhaustive_draw,
    settle_multiple_ron,
    settle_nagashi,
)
from scoring.families.riichi.points import (
    YAKUMAN,
    PointsError,
    basic_points,
    check_value,
    hand_payments,
    limit_name,
)
from scoring.families.riichi.settlement import Outcome, RonClaim, Settlement, settle_win
from scoring.families.riichi.setup import RiichiSetup
from scoring.sheets.common import SheetError, refusal, sequence, wrap
from scoring.sheets.labels import HandLabel
from scoring.sheets.reading import Row, not_discarder, score_tiles
from scoring.sheets.values import WinValue, winner_value

OUTCOMES = ("ron", "tsumo", "draw", "abortive", "nagashi", "chombo")
WIN_FIELDS = ("winner", "han", "fu", "yakuman", "hand", "liable", "wins")
RIICHI_FLAGS = frozenset({"riichi", "double_riichi"})
STICK = 1_000


@dataclass(frozen=True)
class Position:
    """Where a row is played: wind 0 = East …, the dealer's seat, honba, sticks on the table."""

    wind: int
    dealer: str
    honba: int
    pool: int

    @property
    def label(self) -> str:
        """``E1-0``: prevailing wind, dealer number (E = 1 … N = 4), honba (sessions.md §2)."""
        return f"{WINDS[self.wind]}{SEATS.index(self.dealer) + 1}-{self.honba}"

    @property
    def label_parts(self) -> dict:
        """The label as parts (sheets/labels.py), for pages that say it in words: 東1局0本場."""
        hand = SEATS.index(self.dealer) + 1
        return HandLabel("honba", hand, wind=WINDS[self.wind], count=self.honba).to_dict()


@dataclass(frozen=True)
class Played:
    """A row read and settled. ``chombo`` names the offender of a chombo row."""

    outcome: str
    level: str
    settlement: Settlement
    winners: tuple[str, ...] = ()
    discarder: str | None = None
    value: tuple[WinValue, ...] = ()
    score: dict | None = None
    chombo: str | None = None


@dataclass(frozen=True)
class _Win:
    winner: str
    basic: int
    liable: str | None
    liable_basic: int | None
    value: WinValue
    level: str
    score: dict | None
    points: int | None  # the engine's base value (tiles level), to check settlement against


def _draw(row: Row, at: Position, setup: RiichiSetup, riichi, outcome: str) -> Played:
    """An exhaustive draw (tenpai payments) or an abortive draw, where the preset has them."""
    rules, pool = setup.settle, at.pool
    row.empty(*WIN_FIELDS, "discarder", why="on a draw")
    if outcome == "abortive":
        if not setup.abortive_draws:
            raise SheetError(
                row.field("outcome"),
                "not_allowed",
                f"{setup.name} has no abortive draws (rules/riichi.md §4)",
                {
                    "value": outcome,
                    **refusal("outcome_not_in_rules", ruleset=setup.name, outcome=outcome),
                },
            )
        row.empty("tenpai", why="on an abortive draw")
        done = settle_abortive_draw(rules=rules, riichi=riichi, pool=pool)
        return Played(outcome, "value", done)
    tenpai = row.seats("tenpai")
    if noten := [s for s in riichi if s not in tenpai]:
        raise SheetError(
            row.field("tenpai"),
            "noten_riichi",
            f"riichi declarer(s) {', '.join(noten)} are not tenpai: a noten riichi at "
            "the draw is a chombo (rules/riichi.md §7); record a chombo row instead",
            {"seats": noten},
        )
    done = settle_exhaustive_draw(
        tenpai=tenpai, dealer=at.dealer, rules=rules, riichi=riichi, pool=pool
    )
    return Played(outcome, "value", done)


def play(row: Row, at: Position, setup: RiichiSetup, lang: str) -> Played:
    outcome = row.choice("outcome", OUTCOMES)
    if outcome == "chombo":
        return _chombo(row, at)
    row.empty("player", why="except on a chombo")
    riichi = row.seats("riichi")
    rules, pool = setup.settle, at.pool
    try:
        if outcome == "nagashi":
            return _nagashi(row, at, setup, riichi)
        if outcome in ("draw", "abortive"):
            return _draw(row, at, setup, riichi, outcome)
        row.empty("tenpai", why="on a win")
        if row.has("wins"):
            return _multiple_ron(row, at, setup, riichi, lang, outcome)
        tsumo = outcome == "tsumo"
        discarder = None if tsumo else row.seat("discarder")
        if tsumo:
            row.empty("discarder", why="on a tsumo")
        win = _win(row, at, setup, riichi, lang, discarder, tsumo, row.field("discarder"))
        done = settle_win(
            winner=win.winner,
            dealer=at.dealer,
            basic=win.basic,
            tsumo=tsumo,
            rules=rules,
            discarder=discarder,
            honba=at.honba,
            pool=pool,
            riichi=riichi,
            liable=win.liable,
            liable_basic=win.liable_basic,
        )
    except (SettlementError, PointsError) as problem:
        raise wrap(row.where, problem) from None
    _check_paid(done, win, at, setup, riichi, tsumo)
    return Played(outcome, win.level, done, (win.winner,), discarder, (win.value,), win.score)


def _nagashi(row: Row, at: Position, setup: RiichiSetup, riichi) -> Played:
    """Nagashi mangan at the wall's end (rules/riichi.md §4: tenhou), draws.settle_nagashi."""
    if not setup.nagashi_mangan:
        # Named, not "must be empty": the rules lack the outcome (an event may turn it on).
        raise SheetError(
            row.field("outcome"),
            "outcome_not_in_rules",
            f"{setup.name} has no nagashi mangan (rules/riichi.md §4)",
            {"value": "nagashi", "ruleset": setup.name, "outcome": "nagashi"},
        )
    row.empty("han", "fu", "yakuman", "hand", "liable", "wins", "discarder", why="on nagashi")
    winner = row.seat("winner")
    tenpai = row.seats("tenpai")
    done = settle_nagashi(
        winners=(winner,),
        tenpai=tenpai,
        dealer=at.dealer,
        rules=setup.settle,
        riichi=riichi,
        pool=at.pool,
    )
    return Played("nagashi", "value", done, (winner,))


def _chombo(row: Row, at: Position) -> Played:
    row.empty(*WIN_FIELDS, "discarder", "tenpai")
    row.empty("riichi", why="on a chombo: the hand is replayed and its riichi sticks returned")
    player = row.seat("player")
    nothing = Settlement(dict.fromkeys(SEATS, 0), at.pool, at.pool, 0, Outcome.CHOMBO)
    return Played("chombo", "value", nothing, chombo=player)


def _multiple_ron(row, at, setup, riichi, lang, outcome) -> Played:
    if outcome != "ron":
        row.empty("wins", why="on a tsumo (only a discard can be claimed by several)")
    single = [f for f in WIN_FIELDS if f != "wins"]
    row.empty(*single, "level", why="when 'wins' lists the winners")
    discarder = row.seat("discarder")
    entries = sequence(row.data["wins"], row.field("wins"))
    wins = []
    for j, data in enumerate(entries):
        claim = Row(data, f"{row.field('wins')}[{j}]")
        win = _win(claim, at, setup, riichi, lang, discarder, False, row.field("discarder"))
        if any(w.winner == win.winner for w in wins):
            raise SheetError(
                f"{row.field('wins')}[{j}].winner",
                "duplicate",
                f"{win.winner} claims twice",
                {"value": win.winner},
            )
        wins.append(win)
    claims = [RonClaim(w.winner, w.basic, w.liable, w.liable_basic) for w in wins]
    done = settle_multiple_ron(
        claims=claims,
        discarder=discarder,
        dealer=at.dealer,
        rules=setup.settle,
        honba=at.honba,
        pool=at.pool,
        riichi=riichi,
    )
    order = [SEATS[(SEATS.index(discarder) + k) % 4] for k in range(1, 4)]
    wins.sort(key=lambda w: order.index(w.winner))
    winners = tuple(w.winner for w in wins)
    if setup.settle.multiple_ron == "head_bump":
        winners = winners[:1]
    elif done.outcome is Outcome.ABORTIVE_DRAW:
        winners = ()
    level = "tiles" if all(w.level == "tiles" for w in wins) else "value"
    scores = [w.score for w in wins]
    score = scores[0] if len(wins) == 1 else ({"wins": scores} if any(scores) else None)
    return Played("ron", level, done, winners, discarder, tuple(w.value for w in wins), score)


def _win(row: Row, at, setup, riichi, lang, discarder, tsumo, fed: str) -> _Win:
    """One winner's hand; ``fed`` is the field of the row's discarder, for errors."""
    winner = row.seat("winner")
    not_discarder(winner, discarder, fed)
    level = row.level()
    if level == "value":
        row.empty("hand", why="at value level (use level 'tiles')")
        han, fu, yakuman, basic = _typed_value(row, setup, tsumo)
        points, score, limit_yaku = None, None, None
    else:
        row.empty("han", "fu", "yakuman", why="at tiles level: the hand gives the value")
        result = _scored(row, at, setup, riichi, lang, winner, tsumo)
        han, fu, yakuman, basic = result.han, result.fu, result.yakuman, result.basic
        points, score = result.points, result.to_dict()
        limit_yaku = {i.key for i in result.items}
    liable = row.seat("liable", required=False)
    liable_basic = None
    if liable is not None:
        if liable == winner:
            raise SheetError(
                row.field("liable"),
                "liable_is_winner",
                f"{liable} is the winner",
                {"value": liable},
            )
        if not yakuman or (limit_yaku is not None and not limit_yaku & setup.pao_yaku):
            raise SheetError(
                row.field("liable"),
                "not_allowed",
                "pao applies only to a yakuman of "
                f"{', '.join(sorted(setup.pao_yaku))} (rules/riichi.md §2, §4)",
                {
                    "value": liable,
                    **refusal(
                        "pao_yaku_only",
                        yaku=sorted(setup.pao_yaku),
                        ruleset=setup.name,
                    ),
                },
            )
        # rules/riichi.md §2 ⚠: liability covers only the yakuman that triggered it.
        liable_basic = YAKUMAN if yakuman > 1 else None
    kw = {"kiriage": setup.hand.kiriage, "kazoe": setup.kazoe, "yakuman": yakuman}
    limit = limit_name(han, fu, **kw) if basic >= 2_000 else None
    value = _value(winner, han, fu, limit, yakuman)
    return _Win(winner, basic, liable, liable_basic, value, level, score, points)


def _typed_value(row: Row, setup: RiichiSetup, tsumo: bool) -> tuple[int, int, int, int]:
    yakuman = row.integer("yakuman", required=False, default=0)
    kw = {"kiriage": setup.hand.kiriage, "kazoe": setup.kazoe}
    if yakuman:
        cap = setup.hand.max_yakuman
        if not 1 <= yakuman <= cap:
            raise SheetError(
                row.field("yakuman"),
                "above_maximum" if yakuman > 0 else "bad_input",
                f"must be a count from 1 to {cap} under {setup.name}, not {yakuman}",
                {"value": yakuman, "maximum": cap, "field": row.field("yakuman")},
            )
        return 0, 0, yakuman, basic_points(0, 0, yakuman=yakuman, **kw)
    han = row.integer("han")
    fu = row.integer("fu", required=han < 5, default=0 if han >= 5 else None)
    try:
        check_value(han, fu, tsumo=tsumo)
        return han, fu, 0, basic_points(han, fu, **kw)
    except PointsError as problem:
        raise SheetError(
            row.field("han" if han < 1 else "fu"),
            "impossible_value",
            f"{han} han {fu} fu{' tsumo' if tsumo else ' ron'}: {problem}",
            {"han": han, "fu": fu},
        ) from None


def _scored(row: Row, at: Position, setup: RiichiSetup, riichi, lang, winner, tsumo):
    """The engine's result for the winner's tiles, played from the row's position."""
    hand = row.data.get("hand")
    if hand is None:
        raise row.missing("hand", "is required at tiles level")
    seat_wind = SEATS[(SEATS.index(winner) - SEATS.index(at.dealer)) % 4]
    fill = {
        "seat_wind": seat_wind,
        "round_wind": WINDS[at.wind],
        "dealer": winner == at.dealer,
        "win": "tsumo" if tsumo else "ron",
    }
    result = score_tiles(row, hand, setup, fill=fill, lang=lang)
    # The engine accepted the flags, so they are a list of known words here.
    if bool(set(hand.get("flags") or ()) & RIICHI_FLAGS) != (winner in riichi):
        raise SheetError(
            row.field("hand"),
            "inconsistent",
            f"the hand's riichi flag and the row's riichi list disagree about {winner}",
            {"value": winner},
        )
    return result


def _value(winner: str, han: int, fu: int, limit: str | None, yakuman: int) -> WinValue:
    """3 han 40 fu; 4 han 40 fu and mangan; haneman; yakuman; double_yakuman (the limit's code)."""
    if yakuman or (limit and han > 4):
        return winner_value(winner, ("limit", limit or "yakuman"))
    return winner_value(winner, ("han", han), ("fu", fu), ("limit", limit) if limit else None)


def _check_paid(done: Settlement, win: _Win, at: Position, setup, riichi, tsumo: bool) -> None:
    """The winner gets the hand's base value, honba and the pool (engine and settlement agree)."""
    rules = setup.settle
    base = hand_payments(win.basic, dealer_won=win.winner == at.dealer, tsumo=tsumo).total
    if win.points is not None and win.points != base:
        raise AssertionError(f"engine points {win.points} != settlement base {base}")
    honba = at.honba * (rules.honba_tsumo_each * 3 if tsumo else rules.honba_ron)
    sticks = (at.pool + len(riichi)) * STICK - (STICK if win.winner in riichi else 0)
    if done.deltas[win.winner] != base + honba + sticks:
        raise AssertionError(
            f"{win.winner} paid {done.deltas[win.winner]}, not {base + honba + sticks}"
        )
