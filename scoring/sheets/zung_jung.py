"""A Zung Jung sheet (rules/zung-jung.md §6-§8): fixed seats, the deal passes every hand.

Rows are labelled cycle-hand (``1-1`` … ``4-4``). The judge's ``discarder``
is the *responsible* player of §7 (the discarder, or whom same-turn immunity
names; the kong's owner on Robbing a Kong); ``all_immune`` records that
immunity freed everyone. A false win costs no points (§6): its ledger entry
is a zero-point record, and the hand itself goes on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.rulesets import get_ruleset
from scoring.settlement_zung_jung import (
    ZJ_SESSION_RULES,
    ZJ_SETTLEMENT_RULES,
    ZJHandRecord,
    ZJSettlementError,
    seat_winds,
    settle_zung_jung,
    zung_jung_session_result,
)
from scoring.sheets.common import (
    SEATS,
    WINDS,
    RowResult,
    SheetError,
    SheetResult,
    balance,
    running,
    session_over,
    wrap,
)
from scoring.sheets.penalties import Entry, PenaltyPolicy, read_penalties
from scoring.sheets.ranking import ranked_session, zero_sum_final_scores
from scoring.sheets.reading import Row, not_discarder, resolve_options, score_tiles

OUTCOMES = ("discard", "self_draw", "robbing_kong", "draw")
HANDS_PER_CYCLE = 4  # §1: one cycle is four hands


def _false_win_is_free(entry: Entry, where: str) -> None:
    if entry.category == "false_win" and entry.points:
        raise SheetError(
            f"{where}.points",
            "not_allowed",
            "a Zung Jung false win costs no points (rules §6): the hand becomes penalty tiles",
            {"value": entry.points},
        )


POLICY = PenaltyPolicy(
    scope={"*": "overall_score"},  # ⚠ the rules name no point penalty; referee amounts
    distribution={"*": "none"},
    points={"false_win": 0},  # §6: "no point penalty"
    check=_false_win_is_free,
)


def label(index: int) -> str:
    cycle, hand = divmod(index, HANDS_PER_CYCLE)
    return f"{cycle + 1}-{hand + 1}"


def replay_zung_jung(
    overrides: Mapping[str, Any],
    entries: Sequence[Any],
    penalties: Sequence[Any],
    *,
    final_scores: Mapping[str, int] | None,
    lang: str,
) -> SheetResult:
    config, payoff, rules = resolve_options(
        [get_ruleset("zung-jung").config, ZJ_SETTLEMENT_RULES.resolve, ZJ_SESSION_RULES.resolve],
        overrides,
    )
    if final_scores is not None:
        points = zero_sum_final_scores(final_scores)
        ledger = read_penalties(penalties, 0, POLICY)
        return _result(points, (), ledger, rules, complete=True, warnings=())
    rows, records = [], []
    totals = dict.fromkeys(SEATS, 0)
    for i, data in enumerate(entries):
        where = f"hands[{i}]"
        if i >= rules.hands_per_session:
            raise session_over(where, rows[-1].label)
        row = Row(data, where)
        record, level, score = _read(row, i, config, overrides, lang)
        try:
            settled = settle_zung_jung(SEATS, rules=payoff, **vars(record))
        except ZJSettlementError as problem:
            raise wrap(where, problem) from None
        records.append(record)
        totals = running(totals, settled.deltas)
        discarder = row.seat("discarder", required=False)
        v = record.value
        rows.append(
            RowResult(
                index=i,
                label=label(i),
                dealer=SEATS[i % len(SEATS)],
                honba=0,
                outcome=record.outcome,
                level=level,
                winners=(record.winner,) if record.winner else (),
                discarder=discarder,
                value_text="" if v is None else f"{v} point{'s' * (v != 1)}",
                score=score,
                deltas=settled.deltas,
                totals=totals,
                notes=("same-turn immunity: all three pay v",) if record.all_immune else (),
            )
        )
    ledger = read_penalties(penalties, len(rows), POLICY)
    checked = zung_jung_session_result(SEATS, records, rules, settlement=payoff)
    result = _result(
        totals, tuple(rows), ledger, rules, complete=checked.complete, warnings=_warn(rows, ledger)
    )
    if any(e.scope == "table_score" for e in ledger):
        return result
    for seat, mine in result.session.items():
        if mine["placement"] != checked.players[seat].placement:
            raise AssertionError(f"Zung Jung footer disagrees for {seat}")
    return result


def _read(row: Row, i: int, config, overrides, lang) -> tuple[ZJHandRecord, str, dict | None]:
    outcome = row.choice("outcome", OUTCOMES)
    if outcome == "draw":
        row.empty("winner", "discarder", "points", "hand", "all_immune")
        return ZJHandRecord(outcome), "value", None
    level = row.level()
    winner = row.seat("winner")
    immune = row.data.get("all_immune", False)
    if not isinstance(immune, bool):
        raise row.missing("all_immune", f"must be true or false, not {immune!r}")
    if outcome != "discard":
        row.empty("all_immune", why="except on a discard win")
    responsible = None
    if outcome == "self_draw":
        row.empty("discarder", why="on a self-draw")
    else:
        discarder = row.seat("discarder", required=not immune)
        not_discarder(winner, discarder, row.field("discarder"))
        # §7: with everyone immune nobody is responsible; the discarder is only recorded.
        responsible = None if immune else discarder
    if level == "value":
        row.empty("hand", why="at value level (use level 'tiles')")
        value, score = _value(row, config), None
    else:
        row.empty("points", why="at tiles level: the hand gives the points")
        if not row.has("hand"):
            raise row.missing("hand", "is required at tiles level")
        result = score_tiles(
            row,
            _hand(row, outcome),
            "zung-jung",
            fill=_fill(i, winner, outcome),
            options=overrides,
            lang=lang,
        )
        value, score = result.total, result.to_dict()
    return ZJHandRecord(outcome, winner, value, responsible, immune), level, score


def _value(row: Row, config) -> int:
    v = row.integer("points")
    least = max(config.zj_min_points, 1)
    if v < least:
        raise SheetError(
            row.field("points"),
            "below_minimum",
            f"{v} points; a win needs at least {least}",
            {"value": v, "minimum": least},
        )
    if v > config.limit:
        raise SheetError(
            row.field("points"),
            "above_maximum",
            f"{v} points is above the limit of {config.limit} (rules §3)",
            {"value": v, "maximum": config.limit},
        )
    return v


def _hand(row: Row, outcome: str) -> Any:
    hand = row.data["hand"]
    flags = hand.get("flags") or [] if isinstance(hand, Mapping) else None
    if outcome == "robbing_kong" and isinstance(flags, list) and "robbing_kong" not in flags:
        hand = {**hand, "flags": [*flags, "robbing_kong"]}  # anything else: the engine refuses
    return hand


def _fill(i: int, winner: str, outcome: str) -> dict[str, Any]:
    """Winds from the position: the dealer is East; the prevailing wind follows the cycle ⚠."""
    seat_wind = seat_winds(SEATS, i)[winner]
    return {
        "seat_wind": seat_wind,
        # ⚠ §1 and §8 do not say; the prevailing wind is not scored (§2 3.1) anyway.
        "round_wind": WINDS[(i // HANDS_PER_CYCLE) % len(WINDS)],
        "dealer": seat_wind == "E",
        "win": "tsumo" if outcome == "self_draw" else "ron",
    }


def _warn(rows: Sequence[RowResult], ledger: Sequence[Entry]) -> tuple[str, ...]:
    """§6 read with the ≥ 3 penalty-tile rule: after a false win, only a self-draw can win ⚠."""
    out = []
    for entry in ledger:
        if entry.category != "false_win" or entry.after_hand is None:
            continue
        row = rows[entry.after_hand]
        if entry.player in row.winners and row.outcome != "self_draw":
            out.append(
                f"hands[{row.index}] ({row.label}): {entry.player} made a false win in this hand "
                "and may then win only by self-draw (rules §6)"
            )
    return tuple(out)


def _result(points, rows, ledger, rules, *, complete, warnings) -> SheetResult:
    n = len(rows)
    return SheetResult(
        ruleset="zung-jung",
        family="zung-jung",
        start=0,
        rows=rows,
        final_points=dict(points),
        pool=0,
        balance=balance(points, 0),
        penalties=tuple(e.to_dict() for e in ledger),
        session=ranked_session(points, ledger, rules.match_points),
        complete=complete,
        next_label=None if complete else label(n),
        next_dealer=None if complete else SEATS[n % len(SEATS)],
        warnings=tuple(warnings),
    )
