"""Entering, submitting and confirming a table's scoresheet, as verbs.

Every change goes through :func:`_change`: lock the table row
(``select_for_update``, so two web processes serialise, not just two
threads), check that the judge worked from the latest version, replay the
whole sheet with the pure rules engine (``scoring.sheets``), and only then
write a new version (``sheet_writing``). Bad input raises
:class:`SheetInputError` and writes nothing; a stale base version writes the
judge's entry as a *conflict* version and raises :class:`SheetConflict`, so
neither judge loses anything.
"""

from __future__ import annotations

import copy
import uuid
from collections.abc import Callable
from functools import wraps

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.results.choices import entry_of
from tournament.results.models import ScoreSheet
from tournament.results.page.reasons import Reason
from tournament.results.sheet.confirmation import confirm_sheet, submit_sheet
from tournament.results.sheet.errors import AlreadySaved, NotAllowed, SheetConflict, SheetInputError
from tournament.results.sheet.hand_bounds import check_final_scores, check_hand
from tournament.results.sheet.hand_inputs import check_inputs
from tournament.results.sheet.held import Held
from tournament.results.sheet.policy import SheetPolicy
from tournament.results.sheet.rulings import check_ruling
from tournament.results.sheet.state import (
    SheetState,
    confirmed_of,
    empty_result,
    follow_players,
    head_of,
    ledger,
    own_repeat,
    replay,
    state_of,
)
from tournament.results.sheet.writing import write_version
from tournament.seating.models import Table

Status = ScoreSheet.Status
Code = ScoreSheet.ReasonCode

__all__ = [
    "AlreadySaved",
    "NotAllowed",
    "SheetState",
    "confirmed_of",
    "empty_result",
    "ledger",
    "replay",
    "state_of",
    "SheetConflict",
    "SheetInputError",
    "add_hand",
    "confirm_sheet",
    "head_of",
    "preview",
    "put_game",
    "record_ruling",
    "remove_hand",
    "replace_hand",
    "save_final_scores",
    "submit_sheet",
    "void_ruling",
]


def preview(table: Table, entry: dict, *, number: int | None = None, lang: str = "en"):
    """The sheet as it would be with ``entry`` added (or as hand ``number``); nothing saved."""
    state = state_of(head_of(table))
    _put_entry(state, entry, number, by=None, event=table.round.event)
    return replay(table.round.event, state, lang)


# --- permissions -----------------------------------------------------------------


def _check_may_change(
    user, event, head: ScoreSheet | None, reason: str | Reason, rights: dict | None = None
) -> bool:
    """Refuse what the sheet policy refuses; whether this change makes a correction.

    ``user`` None is the command line (``import_results``, and player entry,
    which asked the policy for its phone before calling).
    """
    policy = SheetPolicy(user, event, head, rights=rights)
    policy.can_change(reason).check()
    return policy.makes_correction


# --- writing ----------------------------------------------------------------------


def _change(
    table: Table,
    mutate: Callable[[SheetState], None],
    default: Reason,
    *,
    by,
    base_version: int,
    reason: str | Reason,
    entry_key: str | None = None,
    held: Held | None = None,
) -> ScoreSheet:
    """Apply ``mutate`` to the head's content and store the result as a new version.

    ``default`` is the version's reason (a code) when the user gives no words.
    ``entry_key`` is the form's one-time key: a post that comes again (a lost
    reply, a double tap, a resend once the network is back) finds its version
    and raises :class:`AlreadySaved` instead of saving a second time. The check
    is made under the table's lock, so two copies arriving together save once.
    ``held``: the batch's locked tables (:mod:`~tournament.results.sheet.held`),
    each table's change in a savepoint of the batch's; None: this table alone.
    """
    conflict = None
    with transaction.atomic(savepoint=held is None):
        held = held or Held.one(table)
        table = held.table(table)
        if entry_key:
            done = held.saved_with(table, entry_key)
            if done is not None:
                raise AlreadySaved(done)
        event = table.round.event
        head = held.head(table)
        correction = _check_may_change(by, event, head, reason, held.rights(by))
        if not isinstance(reason, Reason):
            reason = reason.strip() or default
        current = head.version if head else 0
        if not 0 <= base_version <= current:
            # A version this sheet never had: a forged or garbled form, not a conflict.
            raise NotAllowed(_("This page is out of date: reload it and enter again."))
        if base_version != current:
            base = table.sheets.filter(version=base_version).first()
            state = state_of(base)
            mutate(state)
            if not entry_key and own_repeat(by, head, state):
                raise AlreadySaved(head)
            try:
                result = replay(event, state)
            except SheetInputError:
                result = None
            conflict = write_version(
                table,
                state,
                by=by,
                reason=Reason(Code.CONFLICT, {"base": base_version, "head": current}),
                parent=base,
                status=Status.CONFLICT,
                result=result,
                entry_key=entry_key,
                version=held.next_number(table),
            )
            held.wrote(conflict)
        else:
            state = state_of(head)
            mutate(state)
            result = replay(event, state)
            sheet = write_version(
                table,
                state,
                by=by,
                reason=reason,
                parent=head,
                status=Status.DRAFT,
                result=result,
                is_correction=correction,
                entry_key=entry_key,
                version=held.next_number(table),
            )
            held.wrote(sheet)
            return sheet
    raise SheetConflict(conflict, head)


def _stamp(by) -> dict:
    return {
        "by": by.pk if getattr(by, "is_authenticated", False) else None,
        "at": timezone.now().isoformat(),
    }


def _clean_entry(entry) -> dict:
    if not isinstance(entry, dict):
        raise SheetInputError("hand", "bad_input", detail="a hand must be a JSON object")
    return copy.deepcopy(entry)


def _put_entry(state: SheetState, entry: dict, number: int | None, by, event) -> None:
    """Put hand ``number`` (None: the next) into ``state``, its numbers within their bounds."""
    if state.kind == ScoreSheet.Kind.FINAL:
        raise SheetInputError(
            "hand", "bad_input", detail="this sheet holds final scores only, not hands"
        )
    item = {"entry": _clean_entry(entry), **_stamp(by)}
    if number is not None and not 1 <= number <= len(state.entries):
        raise SheetInputError("hand", "bad_input", detail=f"there is no hand {number}")
    index = len(state.entries) if number is None else number - 1
    offered = entry_of(event)
    check_hand(offered, item["entry"], f"hands[{index}]")
    check_inputs(offered, item["entry"], f"hands[{index}]", event.ruleset)
    if number is None:
        state.entries.append(item)
    else:
        state.entries[index] = item


def _sheet_verb(build):
    """A verb that changes the sheet, made from ``build``: what it changes, and why by default.

    ``build(table, *args, by=..., reason=..., **options)`` checks its own input
    and returns ``(mutate, default)`` for :func:`_change`. The verb takes, besides
    ``build``'s own arguments, the keywords every change takes: ``by`` (the user;
    None: the command line), ``base_version`` (the version the user's page
    showed), ``reason`` (the user's words, or a code) and ``entry_key`` (the
    form's one-time key), and ``held`` (a batch's locked tables; see :func:`_change`).
    """

    @wraps(build)
    def verb(
        table: Table,
        *args,
        by,
        base_version: int,
        reason: str | Reason = "",
        entry_key: str | None = None,
        held: Held | None = None,
        **options,
    ) -> ScoreSheet:
        mutate, default = build(table, *args, by=by, reason=reason, **options)
        write = {"by": by, "base_version": base_version, "reason": reason, "entry_key": entry_key}
        return _change(table, mutate, default, held=held, **write)

    return verb


@_sheet_verb
def put_game(table: Table, entries: list[dict], *, by, reason, moved: dict | None = None):
    """Every hand of a game at once (an online table's log): the sheet's hands become these.

    Rulings stay: a judge's decision at an online table is not in the log.
    ``moved`` (starting seat -> starting seat) is where the players went when
    the log seated them otherwise: a ruling follows its player, not the seat
    (:func:`~tournament.results.sheet.state.follow_players`).
    Each row is checked as a judge's hand is (``_put_entry``).
    """

    def mutate(state):
        state.kind, state.final_scores, state.leftover_sticks = ScoreSheet.Kind.HANDS, None, 0
        state.entries = []
        for entry in entries:
            _put_entry(state, entry, None, by, table.round.event)
        if moved:
            state.rulings = follow_players(state.rulings, moved)

    return mutate, reason


@_sheet_verb
def add_hand(table: Table, entry: dict, *, by, reason):
    """Append the next hand."""

    def mutate(state):
        _put_entry(state, entry, None, by, table.round.event)

    head = head_of(table)
    n = (head.hands.count() if head else 0) + 1
    return mutate, Reason(Code.HAND_ENTERED, {"number": n})


@_sheet_verb
def replace_hand(table: Table, number: int, entry: dict, *, by, reason):
    """Enter hand ``number`` again; the old row stays in the older version."""

    def mutate(state):
        _put_entry(state, entry, number, by, table.round.event)

    return mutate, Reason(Code.HAND_CORRECTED, {"number": number})


@_sheet_verb
def remove_hand(table: Table, number: int, *, by, reason):
    """Take out hand ``number`` (entered by mistake); later hands move up."""

    def mutate(state):
        if not 1 <= number <= len(state.entries):
            raise SheetInputError("hand", "bad_input", detail=f"there is no hand {number}")
        del state.entries[number - 1]

    return mutate, Reason(Code.HAND_REMOVED, {"number": number})


@_sheet_verb
def save_final_scores(table: Table, scores: dict, *, by, reason, leftover_sticks: int = 0):
    """Record only the session's final scores (an event or table that keeps no hand rows)."""
    check_final_scores(scores, leftover_sticks)

    def mutate(state):
        # A ruling's row (a riichi chombo, a voided hand) is not a hand: it stays,
        # and the replay applies it with the final scores.
        if any(not e["entry"].get("ruling") for e in state.entries):
            raise SheetInputError(
                "final_scores", "bad_input", detail=_("Remove the hand rows before final scores.")
            )
        state.kind = ScoreSheet.Kind.FINAL
        state.final_scores = dict(scores)
        state.leftover_sticks = leftover_sticks

    return mutate, Reason(Code.FINAL_SCORES)


@_sheet_verb
def record_ruling(table: Table, *, by, reason, hand_entry: dict | None = None, **fields):
    """Log a judge's ruling, its penalties, and the hand row it creates (a riichi chombo).

    ``fields`` are the ruling's, as :func:`check_ruling` takes them: ``kind``,
    ``player``, ``decision``, and optionally ``rule_reference``, ``after_hand``
    (the hand it happened in), ``tiles`` and ``penalties``.
    """
    key = str(uuid.uuid4())
    ruling = check_ruling(**fields)
    stamp = _stamp(by)

    def mutate(state):
        row = ruling["after_hand"]
        if hand_entry is not None:
            state.entries.append({"entry": {**hand_entry, "ruling": key}, **stamp})
            row = len(state.entries)
        state.rulings.append(
            {
                **ruling,
                "key": key,
                "after_hand": row,
                "decided_by": stamp["by"],
                "decided_at": stamp["at"],
                "voided_by": None,
                "voided_at": None,
                "void_reason": "",
            }
        )

    return mutate, Reason(Code.RULING_ADDED, {"kind": ruling["kind"], "seat": ruling["player"]})


@_sheet_verb
def void_ruling(table: Table, key: str, *, by, reason: str):
    """Cancel a ruling: it stays on the sheet, marked void, and its hand row goes."""
    if not (reason or "").strip():
        raise NotAllowed(_("Say why the ruling is cancelled."))
    stamp = _stamp(by)

    def mutate(state):
        for ruling in state.rulings:
            if ruling["key"] == str(key) and not ruling["voided_at"]:
                ruling.update(voided_by=stamp["by"], voided_at=stamp["at"], void_reason=reason)
                state.entries = [e for e in state.entries if e["entry"].get("ruling") != str(key)]
                return
        raise SheetInputError("penalties", "bad_input", detail="no such ruling on this sheet")

    # The default is never used today: a void needs the judge's words.
    return mutate, Reason(Code.RULING_VOIDED)
