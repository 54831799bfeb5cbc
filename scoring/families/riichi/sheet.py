"""A riichi sheet (rules/riichi.md, sessions.md): a hanchan replayed hand by hand.

The position (prevailing wind, dealer, honba, sticks) moves by
:func:`scoring.families.riichi.settlement.next_hand_state` and each settlement's pool; the
label is ``E1-0``. The hanchan ends when the deal would pass from South 4
to West 1. Preset differences in the flow (rules/riichi.md §4, §7):

- ``tenhou`` ends at once when a player goes below 0 (bust); after South 4
  it goes on into West while nobody has reached the return (30,000), and
  ends in South 4 or West as soon as someone has, either when the deal
  passes or when a leading dealer wins or is tenpai (agari-yame); West 4 is
  the last hand ⚠ (the rules doc names these rules, not every corner);
- ``wrc``: a chombo in the last hand is not replayed (WRC 2015 §8): it ends
  the session.

A chombo row pays nothing and replays the hand; its amount is a derived
ledger entry (sessions.md §5), counted by
:func:`scoring.families.riichi.session.riichi_session_result`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from scoring.core.numbers import is_int
from scoring.core.placement import SessionError
from scoring.core.seats import SEATS
from scoring.families.riichi.rows import STICK, Played, Position, play
from scoring.families.riichi.session import RiichiSessionResult, riichi_session_result
from scoring.families.riichi.settlement import Outcome, next_hand_state
from scoring.families.riichi.setup import RiichiSetup
from scoring.sheets.common import (
    RowResult,
    SheetError,
    SheetResult,
    balance,
    final_scores_map,
    refusal,
    running,
    scores_do_not_sum,
    session_over,
    wrap,
)
from scoring.sheets.messages import Message, message
from scoring.sheets.penalties import Entry, PenaltyPolicy, read_penalties, totals
from scoring.sheets.reading import Row

THOUSAND = 1_000
SOUTH, WEST, NORTH = 1, 2, 3
SCOPE_OF_CHOMBO = {"after_uma": "session_after_uma", "overall_score": "overall_score"}


def replay_riichi(
    setup: RiichiSetup,
    entries: Sequence[Any],
    penalties: Sequence[Any],
    *,
    final_scores: Mapping[str, int] | None,
    leftover_sticks: int,
    lang: str,
) -> SheetResult:
    start = setup.session.start
    if final_scores is not None:
        return _final_scores(setup, final_scores, penalties, leftover_sticks, entries)
    at = Position(0, "E", 0, 0)
    points, rows, warnings, derived = dict.fromkeys(SEATS, start), [], [], []
    complete = False
    for i, data in enumerate(entries):
        where = f"hands[{i}]"
        if complete:
            raise session_over(where, rows[-1].label)
        played = play(Row(data, where), at, setup, lang)
        points = running(points, played.settlement.deltas)
        nxt = next_hand_state(at.dealer, at.honba, played.settlement.outcome)
        wind = at.wind + (nxt.dealer != at.dealer and nxt.dealer == "E")
        complete, why = _ends(setup, at, played, nxt.dealer, wind, points)
        notes = played.settlement.notes
        if played.chombo:
            derived.append(_chombo_entry(setup, played.chombo, i, at.label, parts=at.label_parts))
            notes = (*notes, message("chombo_replayed", seat=played.chombo))
        if why:
            notes = (*notes, why)
        rows.append(_row(i, at, played, points, notes))
        warnings += _negative(setup, rows[-1], points, warnings)
        if complete and why and why.code == "bust":
            warnings.append(
                message(
                    "ended_bust",
                    label=at.label,
                    label_parts=at.label_parts,
                    seats=why.params["seats"],
                )
            )
        at = Position(wind, nxt.dealer, nxt.honba, played.settlement.pool_after)
    ledger = read_penalties(penalties, len(rows), _policy(setup)) + derived
    return _result(
        setup,
        points,
        tuple(rows),
        at.pool,
        ledger,
        None if complete else at,
        complete=complete,
        warnings=tuple(warnings),
    )


def _final_scores(
    setup: RiichiSetup, final_scores, penalties, leftover_sticks, entries=()
) -> SheetResult:
    """Final-scores-only entry: the points must add up with the sticks left on the table.

    A chombo ruling leaves a chombo row even here (there are no hands to replay):
    its deduction is the preset's, as in a hand-by-hand sheet (rules/riichi.md §7).
    """
    start = setup.session.start
    points = final_scores_map(final_scores)
    if not is_int(leftover_sticks) or leftover_sticks < 0:
        raise SheetError(
            "leftover_sticks",
            "bad_input",
            f"must be 0 or more sticks, not {leftover_sticks!r}",
            {"field": "leftover_sticks"},
        )
    expected = 4 * start - leftover_sticks * STICK
    if sum(points.values()) != expected:
        why = f"4 x {start:,} less {leftover_sticks} stick(s) on the table"
        raise scores_do_not_sum(expected, sum(points.values()), why)
    ledger = read_penalties(penalties, 0, _policy(setup)) + [
        _chombo_entry(setup, data["player"], 0, "", code="chombo_with_final_scores")
        for data in entries
        if isinstance(data, Mapping)
        and data.get("outcome") == "chombo"
        and data.get("player") in SEATS
    ]
    return _result(setup, points, (), leftover_sticks, ledger, None, complete=True, warnings=())


def _row(i: int, at: Position, played: Played, points, notes) -> RowResult:
    return RowResult(
        index=i,
        label=at.label,
        label_parts=at.label_parts,
        dealer=at.dealer,
        honba=at.honba,
        outcome=played.outcome,
        level=played.level,
        winners=played.winners,
        discarder=played.discarder,
        value=played.value,
        score=played.score,
        deltas=played.settlement.deltas,
        totals=points,
        pool_after=played.settlement.pool_after,
        notes=tuple(notes),
    )


def _ends(
    setup: RiichiSetup, at: Position, played: Played, dealer: str, wind: int, points
) -> tuple[bool, Message | None]:
    """(is the session over after this row, why) — see the module docstring."""
    last_of_south = at.wind == SOUTH and at.dealer == "N"
    if played.chombo:
        if setup.chombo_ends_last_hand and last_of_south:
            return True, message("chombo_last_hand")
        return False, None
    if not setup.tenhou_flow:
        return wind >= WEST, None
    if bust := [s for s in SEATS if points[s] < 0]:
        return True, message("bust", seats=bust)
    if not (last_of_south or at.wind == WEST):
        return False, None
    if wind >= NORTH:
        return True, message("west_4_last")
    if not any(points[s] >= setup.session.return_points for s in SEATS):
        return False, None  # nobody has the return yet: play on (into West)
    if dealer != at.dealer:
        return True, None  # the deal passes with someone at the return: the game is over
    top = min(SEATS, key=lambda s: (-points[s], SEATS.index(s)))
    # Only a win stops the game (アガリ止め): a leading dealer ready at a draw plays on, as
    # Tenhou's own log bug1.xml shows (S4-1, N ready and first at 37,400, then S4-2).
    if played.settlement.outcome is Outcome.DEALER_WIN and top == at.dealer:
        return True, message("agari_yame")
    return False, None


def _negative(setup, row: RowResult, points, earlier: list[Message]) -> list[Message]:
    """A warning the first time a seat goes below 0 where play goes on (sessions.md §4)."""
    if setup.tenhou_flow:
        return []
    warned = {w.params.get("seat") for w in earlier if w.code == "below_zero"}
    return [
        message(
            "below_zero",
            seat=s,
            points=points[s],
            index=row.index,
            label=row.label,
            label_parts=row.label_parts,
        )
        for s in SEATS
        if points[s] < 0 and s not in warned
    ]


def _policy(setup: RiichiSetup) -> PenaltyPolicy:
    rules = setup.session
    # sessions.md §5: jpml-*, ema after uma; wrc and tenhou off the overall score.
    overall = rules.chombo_mode == "overall_score" or setup.tenhou_flow
    return PenaltyPolicy(
        scope={"*": "overall_score" if overall else "session_after_uma"},
        distribution={"*": "none"},
        points={"chombo": -rules.chombo_points * THOUSAND},
        check=_table_score_is_shared,
        shared_scopes=frozenset({"table_score"}),
    )


def _table_score_is_shared(entry: Entry, where: str) -> None:
    """Points taken out before ranking would break Σ final = 4 x start: they stay at the table."""
    if entry.scope == "table_score" and entry.distribution != "equal_to_others":
        raise SheetError(
            f"{where}.distribution",
            "not_allowed",
            "a riichi table_score penalty must go to the other players (equal_to_others); "
            "use session_after_uma or overall_score for points that leave the table",
            {"value": entry.distribution, **refusal("table_penalty_to_others")},
        )


def _chombo_entry(
    setup: RiichiSetup,
    player: str,
    i: int,
    label: str,
    code: str = "chombo_in",
    parts: dict | None = None,
) -> Entry:
    rules = setup.session
    return Entry(
        player=player,
        category="chombo",
        points=-rules.chombo_points * THOUSAND,
        scope=SCOPE_OF_CHOMBO[rules.chombo_mode],
        distribution="none",
        after_hand=i,
        reason=message(code, label=label, label_parts=parts) if label else message(code),
        derived=True,
    )


def _session(setup, points, pool, ledger) -> dict[str, dict[str, Any]]:
    table = totals(ledger, "table_score")
    manual = [e for e in ledger if not e.derived]
    after, overall = totals(manual, "session_after_uma"), totals(ledger, "overall_score")
    chombos = {s: sum(e.derived and e.player == s for e in ledger) for s in SEATS}
    adjusted = {s: points[s] + table[s] for s in SEATS}
    try:
        res: RiichiSessionResult = riichi_session_result(
            SEATS, adjusted, setup.session, leftover_sticks=pool, chombos=chombos
        )
    except SessionError as problem:
        raise wrap("", problem) from None
    derived_after = totals([e for e in ledger if e.derived], "session_after_uma")
    out = {}
    for s in SEATS:
        p = res.players[s]
        if Fraction(-derived_after[s], THOUSAND) != p.chombo:
            raise AssertionError(f"chombo of {s}: ledger {derived_after[s]} vs session {p.chombo}")
        out[s] = {
            "placement": p.placement,
            "score": p.session_score + Fraction(after[s], THOUSAND),
            "rank_points": None,
            "uma": p.uma,
            "oka": p.oka,
            "sticks": p.sticks,
            "penalty": Fraction(table[s] + after[s] + derived_after[s], THOUSAND),
            "overall_penalty": Fraction(overall[s], THOUSAND),
        }
    return out


def _result(setup, points, rows, pool, ledger, at, *, complete, warnings) -> SheetResult:
    return SheetResult(
        ruleset=setup.name,
        family="riichi",
        start=setup.session.start,
        rows=rows,
        final_points=dict(points),
        pool=pool,
        balance=balance(points, setup.session.start, pool),
        penalties=tuple(e.to_dict() for e in ledger),
        session=_session(setup, points, pool, ledger),
        complete=complete,
        next_label=None if at is None else at.label,
        next_label_parts=None if at is None else at.label_parts,
        next_dealer=None if at is None else at.dealer,
        warnings=warnings,
    )
