"""A Zung Jung sheet (rules/zung-jung.md §6-§8): fixed seats, the deal passes every hand.

Rows are labelled cycle-hand (``1-1`` … ``4-4``). The judge's ``discarder``
is the *responsible* player of §7 (the discarder, or whom same-turn immunity
names; the kong's owner on Robbing a Kong); ``all_immune`` records that
immunity freed everyone. A false win costs no points (§6): its ledger entry
is a zero-point record, and the hand itself goes on. Penalty tiles and false
wins bind the offender's win in the hand they happened in
(:mod:`scoring.families.zung_jung.penalty_tiles`); the result lists who
holds penalty tiles (``SheetResult.penalty_tiles``) for the judge's form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from scoring.core.seats import SEATS, WINDS
from scoring.families.zung_jung.penalty_tiles import (
    RULE,
    Held,
    check_discard_win,
    held_penalty_tiles,
    with_penalty_tiles,
)
from scoring.families.zung_jung.rules import ZungJungRules
from scoring.families.zung_jung.settlement import (
    ZJHandRecord,
    ZJSettlementError,
    seat_winds,
    settle_zung_jung,
    zung_jung_session_result,
)
from scoring.sheets.common import SheetError, SheetResult, refusal
from scoring.sheets.labels import HandLabel
from scoring.sheets.messages import message
from scoring.sheets.penalties import Entry, PenaltyPolicy, read_penalties
from scoring.sheets.ranking import final_scores_result, point_total_result
from scoring.sheets.reading import (
    Row,
    Tally,
    not_discarder,
    score_tiles,
    settle_row,
)
from scoring.sheets.values import winner_value

OUTCOMES = ("discard", "self_draw", "robbing_kong", "draw")
HANDS_PER_CYCLE = 4  # §1: one cycle is four hands


def _false_win_is_free(entry: Entry, where: str) -> None:
    if entry.category == "false_win" and entry.points:
        raise SheetError(
            f"{where}.points",
            "not_allowed",
            "a Zung Jung false win costs no points (rules §6): the hand becomes penalty tiles",
            {"value": entry.points, **refusal("false_win_no_points", rule="Zung Jung §6")},
        )


POLICY = PenaltyPolicy(
    scope={"*": "overall_score"},  # ⚠ the rules name no point penalty; referee amounts
    distribution={"*": "none"},
    points={"false_win": 0, "penalty_tiles": 0},  # §6: "no point penalty" (seed 001 L97)
    check=_false_win_is_free,
)


def label(index: int) -> str:
    cycle, hand = divmod(index, HANDS_PER_CYCLE)
    return f"{cycle + 1}-{hand + 1}"


def label_parts(index: int) -> dict:
    """The label as parts (sheets/labels.py): the cycle (圈, §1) and the hand in it."""
    cycle, hand = divmod(index, HANDS_PER_CYCLE)
    return HandLabel("cycle_hand", hand + 1, cycle=cycle + 1).to_dict()


def replay_zung_jung(
    setup: ZungJungRules,
    entries: Sequence[Any],
    penalties: Sequence[Any],
    *,
    final_scores: Mapping[str, int] | None,
    lang: str,
) -> SheetResult:
    payoff, rules = setup.settlement, setup.session
    if final_scores is not None:
        return final_scores_result(
            setup.ruleset, final_scores, penalties, POLICY, rules.match_points
        )
    ledger = read_penalties(penalties, len(entries), POLICY)
    held = held_penalty_tiles(ledger, setup.hand.penalty_self_draw_only)
    tally = Tally()
    for i, data in enumerate(entries):
        row = tally.row(i, data, over=i >= rules.hands_per_session)
        record, level, score = _read(row, i, setup, lang, held)
        settled = settle_row(
            row, ZJSettlementError, settle_zung_jung, SEATS, rules=payoff, **vars(record)
        )
        v = record.value
        tally.add(
            record,
            settled,
            label=label(i),
            label_parts=label_parts(i),
            dealer=SEATS[i % len(SEATS)],
            level=level,
            winners=(record.winner,) if record.winner else (),
            discarder=row.seat("discarder", required=False),
            value=() if v is None else (winner_value(record.winner, ("points", v)),),
            score=score,
            notes=(message("all_immune"),) if record.all_immune else (),
        )
    checked = zung_jung_session_result(SEATS, tally.records, rules, settlement=payoff)
    n = len(tally.rows)
    result = point_total_result(
        setup.ruleset,
        tally.totals,
        tally.rows,
        ledger,
        rules.match_points,
        complete=checked.complete,
        warnings=(),
        upcoming=lambda: (label(n), SEATS[n % len(SEATS)], label_parts(n)),
    )
    result = replace(result, penalty_tiles=tuple(h.to_dict() for _, h in sorted(held.items())))
    if any(e.scope == "table_score" for e in ledger):
        return result
    for seat, mine in result.session.items():
        if mine["placement"] != checked.players[seat].placement:
            raise AssertionError(f"Zung Jung footer disagrees for {seat}")
    return result


def _read(
    row: Row, i: int, setup: ZungJungRules, lang, held: Mapping[tuple[int, str], Held]
) -> tuple[ZJHandRecord, str, dict | None]:
    config = setup.hand
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
        least = config.penalty_self_draw_only
        check_discard_win(held.get((i, winner)), row, level=level, least=least)
    if level == "value":
        row.empty("hand", why="at value level (use level 'tiles')")
        value, score = _value(row, config), None
    else:
        row.empty("points", why="at tiles level: the hand gives the points")
        if not row.has("hand"):
            raise row.missing("hand", "is required at tiles level")
        hand = with_penalty_tiles(_hand(row, outcome), held.get((i, winner)))
        result = _scored(row, hand, setup, fill=_fill(i, winner, outcome), lang=lang)
        value, score = result.total, result.to_dict()
    return ZJHandRecord(outcome, winner, value, responsible, immune), level, score


def _scored(row: Row, hand: Any, setup: ZungJungRules, **how: Any):
    """The engine's score; a penalty-tile refusal names the rule (seed 001 L87-L92)."""
    try:
        return score_tiles(row, hand, setup, **how)
    except SheetError as error:
        if error.code != "penalty_tile":
            raise
        detail = f"{error.params.get('detail', '')} ({RULE})"
        raise SheetError(
            error.field, error.code, detail, {**error.params, "detail": detail}
        ) from None


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
