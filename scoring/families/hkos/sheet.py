"""An HKOS sheet (rules/hkos.md §5-§8): fixed seats, East repeats, rounds or a clock.

The deal is followed row by row with :func:`scoring.families.hkos.settlement.next_deal`
so each row gets its label (``E1-0``, ``E1-1`` …) and each winner their
winds; :func:`scoring.families.hkos.session.hkos_session_result` then replays the
whole sheet and must agree. A voided false win is a row (the same dealer
deals again); its penalty is a ledger entry, warned about when missing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core.seats import SEATS, WINDS
from scoring.families.hkos.rules import HKOSRules
from scoring.families.hkos.session import (
    HKOSHandRecord,
    HKOSPenalty,
    false_win_penalty,
    hkos_session_result,
)
from scoring.families.hkos.settlement import (
    Deal,
    HKOSSettlementError,
    next_deal,
    settle_hkos,
)
from scoring.sheets.common import RowResult, SheetError, SheetResult, mapping, refusal, sequence
from scoring.sheets.messages import Message, message
from scoring.sheets.penalties import Entry, PenaltyPolicy, read_penalties
from scoring.sheets.ranking import final_scores_result, point_total_result, table_penalties
from scoring.sheets.reading import (
    Row,
    Tally,
    not_discarder,
    score_tiles,
    settle_row,
)
from scoring.sheets.values import winner_value

OUTCOMES = ("discard", "self_draw", "draw", "false_win")
WIN = {"discard": "ron", "self_draw": "tsumo"}


def replay_hkos(
    setup: HKOSRules,
    entries: Sequence[Any],
    penalties: Sequence[Any],
    *,
    final_scores: Mapping[str, int] | None,
    lang: str,
) -> SheetResult:
    config, rules = setup.hand, setup.session
    policy = PenaltyPolicy(
        scope={"*": "table_score"},  # sessions.md §5: HKOS penalties join the points
        # rules/hkos.md §8: a false win pays each opponent; other amounts as the referee says.
        distribution={"*": "none", "false_win": "equal_to_others"},
        points={"false_win": false_win_penalty("E", config, rules).points},
    )
    if final_scores is not None:
        return final_scores_result(setup.ruleset, final_scores, penalties, policy, None)
    deal, tally = Deal(), Tally()
    last = rules.rounds if rules.rounds is not None else len(WINDS)
    for i, data in enumerate(entries):
        row = tally.row(i, data, over=deal.wind >= last)
        deal = _add_row(tally, row, deal, setup, lang)
    ledger = read_penalties(penalties, len(tally.rows), policy)
    table = table_penalties(ledger, HKOSPenalty)
    checked = hkos_session_result(SEATS, tally.records, table, rules, config)
    if checked.next_deal != deal:
        raise AssertionError(f"HKOS deal disagrees: {checked.next_deal} vs {deal}")
    complete = True if deal.wind >= len(WINDS) else checked.complete
    result = point_total_result(
        setup.ruleset,
        tally.totals,
        tally.rows,
        ledger,
        None,
        complete=complete,
        warnings=_warn(tally.rows, ledger),
        upcoming=lambda: (deal.label, SEATS[deal.dealer], deal.label_parts),
    )
    for seat, mine in result.session.items():
        theirs = checked.players[seat]
        if (mine["placement"], mine["score"] - _after(ledger, seat)) != (
            theirs.placement,
            theirs.points,
        ):
            raise AssertionError(f"HKOS footer disagrees for {seat}: {mine} vs {theirs}")
    return result


def _add_row(tally: Tally, row: Row, deal: Deal, setup: HKOSRules, lang: str) -> Deal:
    """One hand read, settled and added; the deal that follows it (§6: East repeats)."""
    config, rules = setup.hand, setup.session
    record, level, value, score, notes = _read(row, deal, setup, lang)
    settled = settle_row(
        row,
        HKOSSettlementError,
        settle_hkos,
        SEATS,
        record.outcome,
        winner=record.winner,
        discarder=record.discarder,
        value=None if record.faan is None else config.hand_value(record.faan),
        more_winners={p: config.hand_value(f) for p, f in record.more_winners},
        payment_scheme=rules.payment_scheme,
    )
    tally.add(
        record,
        settled,
        label=deal.label,
        label_parts=deal.label_parts,
        dealer=SEATS[deal.dealer],
        level=level,
        winners=settled.winners,
        discarder=record.discarder,
        value=value,
        score=score,
        notes=notes,
    )
    dealer_won = SEATS[deal.dealer] in settled.winners
    return next_deal(deal, settled.outcome, dealer_won, rules.dealer_repeat_cap)


def _after(ledger: Sequence[Entry], seat: str) -> int:
    return sum(e.effect[seat] for e in ledger if e.scope == "session_after_uma")


def _read(row: Row, deal: Deal, setup: HKOSRules, lang):
    """(record, level, value, engine result, notes) of one row."""
    config, rules = setup.hand, setup.session
    outcome = row.choice("outcome", OUTCOMES)
    if outcome in ("draw", "false_win"):
        row.empty("winner", "discarder", "faan", "hand", "wins")
        if outcome == "draw":
            row.empty("player")
            return HKOSHandRecord(outcome), "value", (), None, ()
        if rules.false_win_policy != "voided":
            raise SheetError(
                row.field("outcome"),
                "not_allowed",
                "under false_win_policy 'continue' the hand goes on: record how it ended, "
                "and the false win in the penalty ledger",
                {"value": outcome, **refusal("false_win_continues")},
            )
        who = row.seat("player", required=False)
        note = message("false_win_voided_by", seat=who) if who else message("false_win_voided")
        return HKOSHandRecord(outcome), "value", (), None, (note,)
    row.empty("player")
    discarder = None
    if outcome == "discard":
        discarder = row.seat("discarder")
    else:
        row.empty("discarder", "wins", why="on a self-draw")
    if row.has("wins"):
        if not rules.multiple_winners:
            row.empty("wins", why="unless the event plays multiple_winners")
        row.empty("winner", "faan", "hand", "level", why="when 'wins' lists the winners")
        claims = [
            Row(w, f"{row.field('wins')}[{j}]")
            for j, w in enumerate(sequence(row.data["wins"], row.field("wins")))
        ]
    else:
        claims = [row]
    wins, levels, values, scores = [], set(), [], []
    for claim in claims:
        winner = claim.seat("winner")
        if winner in (w for w, _ in wins):
            raise SheetError(
                claim.field("winner"), "duplicate", f"{winner} wins twice", {"value": winner}
            )
        not_discarder(winner, discarder, row.field("discarder"))
        faan, level, score = _faan(claim, deal, winner, outcome, setup, lang)
        wins.append((winner, faan))
        levels.add(level)
        scores.append(score)
        paid = ("paid_as", config.max_faan) if faan > config.max_faan else None
        values.append(winner_value(winner, ("faan", faan), paid))
    (winner, faan), more = wins[0], tuple(wins[1:])
    record = HKOSHandRecord(outcome, winner, discarder, faan, more)
    level = "tiles" if levels == {"tiles"} else "value"
    score = scores[0] if len(scores) == 1 else ({"wins": scores} if any(scores) else None)
    return record, level, tuple(values), score, ()


def _faan(claim: Row, deal: Deal, winner: str, outcome: str, setup: HKOSRules, lang):
    config = setup.hand
    level = claim.level()
    if level == "value":
        claim.empty("hand", why="at value level (use level 'tiles')")
        faan = claim.integer("faan")
        if faan < config.min_faan:
            raise SheetError(
                claim.field("faan"),
                "below_minimum",
                f"{faan} faan; a win needs {config.min_faan}",
                {"value": faan, "minimum": config.min_faan},
            )
        return faan, level, None
    claim.empty("faan", why="at tiles level: the hand gives the faan")
    if not claim.has("hand"):
        raise claim.missing("hand", "is required at tiles level")
    mapping(claim.data["hand"], claim.field("hand"))
    seat_wind = deal.seat_wind(SEATS.index(winner))
    fill = {
        "seat_wind": seat_wind,
        "round_wind": WINDS[deal.wind],
        "dealer": seat_wind == "E",
        "win": WIN[outcome],
    }
    result = score_tiles(claim, claim.data["hand"], setup, fill=fill, lang=lang)
    return result.total, level, result.to_dict()


def _warn(rows: Sequence[RowResult], ledger: Sequence[Entry]) -> tuple[Message, ...]:
    logged = {e.after_hand for e in ledger if e.category == "false_win"}
    return tuple(
        message("false_win_unlogged", index=r.index, label=r.label, label_parts=r.label_parts)
        for r in rows
        if r.outcome == "false_win" and r.index not in logged
    )
