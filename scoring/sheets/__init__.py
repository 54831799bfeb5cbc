"""Replaying one table's scoresheet, hand by hand (rules/sessions.md).

The web layer stores what a judge typed for one table-session as plain JSON
(hand rows, a penalty ledger, or only the final scores) and calls
:func:`replay_sheet` after every change. Nothing is stored here: the whole
sheet is recomputed from its inputs with the ruleset's own settlement and
session functions, so a row's deltas can never disagree with its inputs
(sessions.md §1), and any bad input comes back as one :class:`SheetError`.

Players are their **starting seats** ``SEATS = ("E", "S", "W", "N")``; E
deals first. MCR players move each round but keep their starting-seat name.

:meth:`SheetResult.to_dict` gives JSON-safe data: every Fraction (session
scores, uma, table points) becomes its exact string, ``"7/3"`` or ``"-15"``,
never a float. ``SheetError.to_dict()`` gives field, code, params, message.
A row's notes, the sheet's warnings and the reason of a ledger entry the
engine writes (a riichi chombo) are codes with parameters, not sentences
(:mod:`scoring.sheets.messages`).

Error codes (``SheetError.code``; ``params`` in brackets):

- ``bad_input`` (field): wrong type, or a required field is missing
- ``bad_choice`` (value, choices): a value outside a fixed list (outcome, level, category …)
- ``bad_seat`` (value): not one of E, S, W, N
- ``duplicate`` (value): a seat listed twice (riichi, tenpai, winners)
- ``not_allowed`` (value): a field that must be empty for this outcome or event
- ``outcome_not_in_rules`` (value, ruleset, outcome): an outcome the event's rules do not
  have (riichi's nagashi mangan outside tenhou, unless the event turns it on)
- ``winner_is_discarder`` (value); ``liable_is_winner`` (value)
- ``impossible_value`` (han, fu): a riichi han/fu pair no hand can have
- ``below_minimum`` (value, minimum); ``above_maximum`` (value, maximum)
- ``noten_riichi`` (seats): a riichi declarer not tenpai at a draw (a chombo)
- ``inconsistent`` (value): the tiles contradict the row (the winner's riichi)
- ``not_divisible`` (value, divisor): a shared penalty the 3 others cannot split
- ``scores_do_not_sum`` (expected, actual): final scores that do not add up
- ``session_over`` (label): a row after the session's last hand
- ``bad_option`` (detail): an override no reader of the ruleset knows, or a bad value
- tiles-level hands: the engine's own code and message (hand-format.md):
  ``wrong_tile_count``, ``too_many_copies``, ``bad_tile``, ``not_winning``,
  ``no_yaku``, ``below_minimum``, ``penalty_tile``, ``bad_flag``, ``bad_meld``,
  ``bad_input``, ``bad_option`` (params: detail)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core.seats import SEATS
from scoring.families.protocol import OptionError
from scoring.families.registry import UnknownRuleset, family_for, ruleset_names
from scoring.sheets.common import RowResult, SheetError, SheetResult, sequence

__all__ = ["SEATS", "RowResult", "SheetError", "SheetResult", "replay_rules", "replay_sheet"]


def replay_sheet(
    ruleset: str,
    overrides: Mapping[str, Any] | None,
    entries: Sequence[Mapping],
    penalties: Sequence[Mapping] = (),
    *,
    final_scores: Mapping[str, int] | None = None,
    leftover_sticks: int = 0,
    lang: str = "en",
) -> SheetResult:
    """Validate and settle a whole sheet under ``ruleset`` with the event's ``overrides``.

    The ruleset's family resolves the overrides first (a refusal is
    ``bad_option`` on "overrides"); see :func:`replay_rules` for the rest.
    Raises :class:`SheetError` for any bad input and nothing else.
    """
    try:
        family = family_for(ruleset)
    except UnknownRuleset:
        known = ruleset_names()
        raise SheetError(
            "ruleset",
            "bad_choice",
            f"must be one of {', '.join(sorted(known))}, not {ruleset!r}",
            {"value": ruleset, "choices": sorted(known)},
        ) from None
    try:
        rules = family.resolve(ruleset, overrides if overrides is not None else {})
    except OptionError as problem:
        raise SheetError(
            "overrides",
            "bad_option",
            problem.message,
            {"detail": problem.message, "option": problem.option},
        ) from None
    return replay_rules(
        rules,
        entries,
        penalties,
        final_scores=final_scores,
        leftover_sticks=leftover_sticks,
        lang=lang,
    )


def replay_rules(
    rules: Any,
    entries: Sequence[Mapping],
    penalties: Sequence[Mapping] = (),
    *,
    final_scores: Mapping[str, int] | None = None,
    leftover_sticks: int = 0,
    lang: str = "en",
) -> SheetResult:
    """Validate and settle a whole sheet: every row, the ledger and the session footer.

    ``rules`` are the family's complete rules (an event's frozen ones).
    ``entries`` are the hand rows in play order (``[]`` allowed); with
    ``final_scores`` (final-scores-only entry) the only rows are those a ruling
    made (they carry ``ruling``: a riichi chombo still costs its deduction), and
    ``leftover_sticks`` are the sticks left on the table, where the family
    has riichi sticks. Raises :class:`SheetError` for any bad input.
    """
    family = family_for(rules.ruleset)
    rows = sequence(entries, "hands")
    penalties = sequence(penalties, "penalties")
    hands = [r for r in rows if not (isinstance(r, Mapping) and r.get("ruling"))]
    if final_scores is not None and hands:
        raise SheetError(
            "hands",
            "not_allowed",
            "must be empty when only final scores are entered",
            {"value": len(hands)},
        )
    sticks = "final_sticks" in family.entry(rules).features
    if leftover_sticks and (final_scores is None or not sticks):
        raise SheetError(
            "leftover_sticks",
            "not_allowed",
            "is only given with riichi final scores; with hand rows the sheet counts the sticks",
            {"value": leftover_sticks},
        )
    return family.replay(
        rules,
        rows,
        penalties,
        final_scores=final_scores,
        leftover_sticks=leftover_sticks,
        lang=lang,
    )
