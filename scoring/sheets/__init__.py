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

Error codes (``SheetError.code``; ``params`` in brackets):

- ``bad_input`` (field): wrong type, or a required field is missing
- ``bad_choice`` (value, choices): a value outside a fixed list (outcome, level, category …)
- ``bad_seat`` (value): not one of E, S, W, N
- ``duplicate`` (value): a seat listed twice (riichi, tenpai, winners)
- ``not_allowed`` (value): a field that must be empty for this outcome or event
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

from scoring.rulesets import KNOWN_RULESETS
from scoring.sheets.common import SEATS, RowResult, SheetError, SheetResult, sequence
from scoring.sheets.hkos import replay_hkos
from scoring.sheets.mcr import replay_mcr
from scoring.sheets.riichi import replay_riichi
from scoring.sheets.zung_jung import replay_zung_jung

__all__ = ["SEATS", "RowResult", "SheetError", "SheetResult", "replay_sheet"]

CHINESE = {"mcr": replay_mcr, "zung-jung": replay_zung_jung, "hkos": replay_hkos}


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
    """Validate and settle a whole sheet: every row, the ledger and the session footer.

    ``entries`` are the hand rows in play order (``[]`` allowed); with
    ``final_scores`` (final-scores-only entry) there must be none, and
    ``leftover_sticks`` (riichi only) are the sticks left on the table.
    Raises :class:`SheetError` for any bad input and nothing else.
    """
    if not isinstance(ruleset, str) or ruleset not in KNOWN_RULESETS:
        known = ", ".join(sorted(KNOWN_RULESETS))
        raise SheetError(
            "ruleset",
            "bad_choice",
            f"must be one of {known}, not {ruleset!r}",
            {"value": ruleset, "choices": sorted(KNOWN_RULESETS)},
        )
    rows = sequence(entries, "hands")
    penalties = sequence(penalties, "penalties")
    if final_scores is not None and rows:
        raise SheetError(
            "hands",
            "not_allowed",
            "must be empty when only final scores are entered",
            {"value": len(rows)},
        )
    riichi = KNOWN_RULESETS[ruleset] == "riichi"
    if leftover_sticks and (final_scores is None or not riichi):
        raise SheetError(
            "leftover_sticks",
            "not_allowed",
            "is only given with riichi final scores; with hand rows the sheet counts the sticks",
            {"value": leftover_sticks},
        )
    if riichi:
        return replay_riichi(
            ruleset,
            overrides,
            rows,
            penalties,
            final_scores=final_scores,
            leftover_sticks=leftover_sticks,
            lang=lang,
        )
    return CHINESE[ruleset](overrides, rows, penalties, final_scores=final_scores, lang=lang)
