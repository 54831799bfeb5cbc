"""An MCR sheet (rules/mcr.md §5-§9): 16 rows, seats change each round, table points.

Each row is settled by :func:`scoring.families.mcr.settlement.settle_mcr` as it is
read, so an error names its row; the whole sheet then goes through
:func:`scoring.families.mcr.session.mcr_session_result`, whose footer must agree with the
shared one of :mod:`scoring.sheets.ranking`. Players are named by starting
seat even though they move: :func:`scoring.families.mcr.session.mcr_hand_situation` gives
each one's winds in each hand, for the label and for a tiles-level entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from scoring.core.seats import SEATS
from scoring.families.mcr.hand import FLOWER_KEY
from scoring.families.mcr.rules import MCRRules
from scoring.families.mcr.session import (
    GREEN_BOOK,
    MCRHandRecord,
    MCRPenalty,
    mcr_hand_situation,
    mcr_session_result,
)
from scoring.families.mcr.settlement import MCRSettlementError, settle_mcr
from scoring.sheets.common import RowResult, SheetError, SheetResult, refusal
from scoring.sheets.messages import Message, message
from scoring.sheets.penalties import PenaltyPolicy, read_penalties
from scoring.sheets.ranking import final_scores_result, point_total_result, table_penalties
from scoring.sheets.reading import (
    Row,
    Tally,
    not_discarder,
    score_tiles,
    settle_row,
)
from scoring.sheets.values import winner_value

OUTCOMES = ("discard", "self_draw", "draw", "not_played")
MAX_FLOWERS = 8  # rules/mcr.md §4, sessions.md §4: 0 ≤ flowers ≤ 8
WIN = {"discard": "ron", "self_draw": "tsumo"}


def replay_mcr(
    setup: MCRRules,
    entries: Sequence[Any],
    penalties: Sequence[Any],
    *,
    final_scores: Mapping[str, int] | None,
    lang: str,
) -> SheetResult:
    rules = setup.session
    scheme = setup.event.seat_rotation_scheme
    policy = _policy(rules)
    if final_scores is not None:
        return final_scores_result(
            setup.ruleset, final_scores, penalties, policy, rules.table_points
        )
    tally = Tally()
    for i, data in enumerate(entries):
        _add_row(tally, i, data, setup, lang)
    ledger = read_penalties(penalties, len(tally.rows), policy)
    checked = mcr_session_result(
        SEATS,
        tally.records,
        table_penalties(ledger, MCRPenalty),
        replace(rules, penalties_in_session_score=True),
    )
    n = len(tally.rows)
    result = point_total_result(
        setup.ruleset,
        tally.totals,
        tally.rows,
        ledger,
        rules.table_points,
        complete=checked.complete,
        warnings=_warn(tally.rows, setup.session.hands_per_session),
        upcoming=lambda: (
            mcr_hand_situation(n, "E").label,
            dealer_of(n, scheme),
            mcr_hand_situation(n, "E").label_parts,
        ),
    )
    for seat, mine in result.session.items():
        theirs = checked.players[seat]
        if (mine["placement"], mine["rank_points"]) != (theirs.placement, theirs.table_points):
            raise AssertionError(f"MCR footer disagrees for {seat}: {mine} vs {theirs}")
    return result


def _policy(rules) -> PenaltyPolicy:
    return PenaltyPolicy(
        # rules/mcr.md §9: penalties join the session score unless the event says not.
        scope={"*": "table_score" if rules.penalties_in_session_score else "overall_score"},
        distribution={
            "*": "none",
            "false_win": "equal_to_others" if rules.false_win_redistribute else "none",
        },
        points={"false_win": -rules.false_win_points},
    )


def _add_row(tally: Tally, i: int, data: Any, setup: MCRRules, lang: str) -> None:
    """Hand ``i``: read, settled and added; none after a hand not played (time limit)."""
    row = tally.row(i, data, over=i >= setup.session.hands_per_session)
    if (
        tally.records
        and tally.records[-1].outcome == "not_played"
        and row.data.get("outcome") != "not_played"
    ):
        cut = next(r.index for r in tally.rows if r.outcome == "not_played") + 1
        raise SheetError(
            row.field("outcome"),
            "not_allowed",
            f"the time limit ended the session at hand {cut} (not played): no hand follows it",
            {"value": row.data.get("outcome"), **refusal("after_not_played", number=cut)},
        )
    record, level, value, score = _read(row, i, setup, lang)
    settled = settle_row(row, MCRSettlementError, settle_mcr, SEATS, **vars(record))
    tally.add(
        record,
        settled,
        label=mcr_hand_situation(i, "E").label,
        label_parts=mcr_hand_situation(i, "E").label_parts,
        dealer=dealer_of(i, setup.event.seat_rotation_scheme),
        level=level,
        winners=(record.winner,) if record.winner else (),
        discarder=record.discarder,
        value=value,
        score=score,
        notes=(message("not_played"),) if record.outcome == "not_played" else (),
    )


def dealer_of(index: int, scheme: str = GREEN_BOOK) -> str:
    """The starting seat of the player who deals hand ``index`` (seats may move each round)."""
    return next(s for s in SEATS if mcr_hand_situation(index, s, scheme).is_dealer)


def _read(row: Row, i: int, setup: MCRRules, lang):
    """(record, level, value, engine result) of one row."""
    config = setup.hand
    outcome = row.choice("outcome", OUTCOMES)
    if outcome in ("draw", "not_played"):
        row.empty("winner", "discarder", "fan", "flowers", "hand")
        return MCRHandRecord(outcome), "value", (), None
    level = row.level()
    winner = row.seat("winner")
    discarder = None
    if outcome == "discard":
        discarder = row.seat("discarder")
        not_discarder(winner, discarder, row.field("discarder"))
    else:
        row.empty("discarder", why="on a self-draw")
    flowers = row.integer("flowers", default=0)
    if not 0 <= flowers <= MAX_FLOWERS:
        raise SheetError(
            row.field("flowers"),
            "above_maximum" if flowers > 0 else "below_minimum",
            f"must be from 0 to {MAX_FLOWERS}, not {flowers}",
            {"value": flowers, "maximum": MAX_FLOWERS, "minimum": 0},
        )
    if flowers and not config.flowers_used:
        row.empty("flowers", why="in an event played without flowers")
    if level == "value":
        row.empty("hand", why="at value level (use level 'tiles')")
        fan = row.integer("fan")
        if fan < max(config.min_fan, 1):
            raise SheetError(
                row.field("fan"),
                "below_minimum",
                f"{fan} fan without flowers; a win needs {config.min_fan}",
                {"value": fan, "minimum": config.min_fan},
            )
        total, score = fan + flowers, None
    else:
        row.empty("fan", why="at tiles level: the hand gives the fan")
        if not row.has("hand"):
            raise row.missing("hand", "is required at tiles level")
        hand = dict(row.data["hand"]) if isinstance(row.data["hand"], Mapping) else row.data["hand"]
        if flowers and isinstance(hand, dict):
            hand.setdefault("flowers", flowers)
        where = mcr_hand_situation(i, winner, setup.event.seat_rotation_scheme)
        fill = {
            "seat_wind": where.seat_wind,
            "round_wind": where.prevailing_wind,
            "dealer": where.is_dealer,
            "win": WIN[outcome],
        }
        result = score_tiles(row, hand, setup, fill=fill, lang=lang)
        total, score = result.total, result.to_dict()
        flowers = sum(item.count for item in result.items if item.key == FLOWER_KEY)
        fan = total - flowers
    value = (winner_value(winner, ("fan", fan), ("flowers", flowers) if flowers else None),)
    return MCRHandRecord(outcome, winner, discarder, total), level, value, score


def _warn(rows: Sequence[RowResult], hands: int) -> tuple[Message, ...]:
    """rules/mcr.md §6: the first hand not played and every later one of the session."""
    skipped = [r.index + 1 for r in rows if r.outcome == "not_played"]
    if not skipped:
        return ()
    return (message("hands_not_played", first=skipped[0], last=max(hands, skipped[-1])),)
