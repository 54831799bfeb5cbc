"""A scoresheet version as plain data, and the rules engine's reading of it.

Reading is kept apart from writing (``services``, through ``sheet_writing``):
views, the printed sheets and standings read versions through these
functions, and only the services write. The replay is the pure
``scoring.sheets``; this module turns database rows into its input and its
refusals into :class:`SheetInputError`.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scoring.families import OptionError
from scoring.sheets import SheetError, SheetResult, replay_rules
from tournament.events.models import Event
from tournament.events.rules import rules_of
from tournament.results.models import ScoreSheet
from tournament.results.sheet.errors import NotAllowed, SheetInputError
from tournament.seating.models import Table

Status = ScoreSheet.Status


@dataclass
class SheetState:
    """What a version holds, as plain data the replay reads."""

    kind: str = ScoreSheet.Kind.HANDS
    entries: list[dict] = field(default_factory=list)  # {"entry", "by", "at"}
    rulings: list[dict] = field(default_factory=list)
    final_scores: dict | None = None
    leftover_sticks: int = 0


def lock_table(table: Table) -> Table:
    """The table row, locked until the transaction ends: every write to its sheet queues here.

    A finished event's results are locked: every write comes through here (or
    through ``held.Held.lock``, many tables at once), so it is refused here
    (``tournament.rounds.round_admin.finish_event``).

    Only the table row is locked (``of=("self",)``): PostgreSQL would otherwise
    lock the joined round and event rows too, so every save of the event would
    queue on one event row, and rows that point at the event (a print job, a
    history record) would wait for it or deadlock. ``finish_event`` locks the
    event's tables instead, and the status is read again once the lock is held,
    so a save that waited for a finishing event sees it finished.
    """
    locked = Table.objects.select_for_update(of=("self",)).select_related("round__event")
    table = locked.get(pk=table.pk)
    fresh_statuses([table])
    refuse_finished(table)
    return table


def fresh_statuses(tables) -> None:
    """Re-read the events' status after the tables' locks are held (a new statement sees
    a finish committed while this one waited; the locking statement's snapshot may not)."""
    events = {table.round.event_id: table.round.event for table in tables}
    statuses = Event.objects.filter(pk__in=events).values_list("pk", "status")
    for pk, status in statuses:
        events[pk].status = status


def refuse_finished(table: Table) -> None:
    """Refuse a write to a table of a finished event (its results are locked)."""
    if table.round.event.status == "finished":
        raise NotAllowed(
            _("“%(event)s” has finished: its results are locked.")
            % {"event": table.round.event.name}
        )


def head_of(table: Table) -> ScoreSheet | None:
    """The sheet's current version: the latest one that is not a conflict."""
    return table.sheets.exclude(status=Status.CONFLICT).order_by("-version").first()


def confirmed_of(table: Table) -> ScoreSheet | None:
    return table.sheets.filter(status=Status.CONFIRMED).first()


def penalties_of(ruling) -> list[dict]:
    """A stored ruling's penalties as the replay reads them."""
    return [
        {"player": p.player, "points": p.points, "scope": p.scope, "distribution": p.distribution}
        for p in ruling.penalties.all()
    ]


def state_of(sheet: ScoreSheet | None) -> SheetState:
    if sheet is None:
        return SheetState()
    entries = [
        {"entry": h.entry, "by": h.entered_by_id, "at": h.entered_at.isoformat()}
        for h in sheet.hands.order_by("number")
    ]
    rulings = []
    for r in sheet.rulings.prefetch_related("penalties"):
        rulings.append(
            {
                "key": str(r.key),
                "kind": r.kind,
                "player": r.player,
                "after_hand": r.after_hand,
                "rule_reference": r.rule_reference,
                "decision": r.decision,
                "tiles": r.tiles,
                "decided_by": r.decided_by_id,
                "decided_at": r.decided_at.isoformat(),
                "voided_by": r.voided_by_id,
                "voided_at": r.voided_at.isoformat() if r.voided_at else None,
                "void_reason": r.void_reason,
                "penalties": penalties_of(r),
            }
        )
    return SheetState(
        sheet.kind, entries, rulings, copy.deepcopy(sheet.final_scores), sheet.leftover_sticks
    )


def follow_players(rulings: list[dict], moved: dict[str, str]) -> list[dict]:
    """Rulings as they read once the players moved: each follows its player, not the seat."""
    out = []
    for ruling in rulings:
        penalties = [
            {**p, "player": moved.get(p["player"], p["player"])}
            for p in ruling.get("penalties") or ()
        ]
        out.append(
            {
                **ruling,
                "player": moved.get(ruling["player"], ruling["player"]),
                "penalties": penalties,
            }
        )
    return out


def ledger(state: SheetState) -> list[dict]:
    """The penalties the replay applies: every penalty of every ruling not voided.

    Each carries its ruling's tiles (penalty tiles, an exposed hand), which
    the family's replay may read (Zung Jung §6).

    A ruling's ``after_hand`` is the hand it happened in, numbered from 1 as
    judges count: an entered hand, or the one being played (one more than
    those entered). The ledger counts from 0.
    """
    return [penalty for _number, penalty in _ledger_rows(state)]


def ledger_rulings(state: SheetState) -> list[dict]:
    """The ruling behind each ledger row, in the ledger's order (its judge and rule, for print)."""
    return [state.rulings[number - 1] for number, _row in _ledger_rows(state)]


def _ledger_rows(state: SheetState):
    """(the ruling's number on the page, from 1; its ledger row) for each penalty applied."""
    for number, ruling in enumerate(state.rulings, start=1):
        if ruling["voided_at"]:
            continue
        for p in ruling["penalties"]:
            after = ruling["after_hand"]
            yield (
                number,
                {
                    "player": p["player"],
                    "category": _LEDGER_CATEGORY.get(ruling["kind"], ruling["kind"]),
                    "points": p["points"],
                    "scope": p["scope"],
                    "distribution": p["distribution"],
                    "after_hand": None if after is None else after - 1,
                    "reason": ruling["decision"],
                    "tiles": ruling.get("tiles") or "",
                },
            )


_LEDGER_CATEGORY = {"dead_hand": "dead_hand_call"}
_PENALTY = re.compile(r"^penalties\[(\d+)\](?:\.(\w+))?")


def ledger_error(state: SheetState, error: SheetError) -> SheetInputError:
    """The replay's refusal of ledger row ``penalties[k]``, told of the ruling it comes from.

    The ruling is named by its number on the page (``rulings[j]``), and a hand
    it cannot be during by the hand's number, from 1.
    """
    match = _PENALTY.match(error.field or "")
    numbers = [number for number, _penalty in _ledger_rows(state)]
    if match is None or int(match.group(1)) >= len(numbers):
        return SheetInputError.from_replay(error)
    number = numbers[int(match.group(1))]
    field = f"rulings[{number - 1}]" + (f".{match.group(2)}" if match.group(2) else "")
    if match.group(2) == "after_hand":
        return no_such_hand(field, state.rulings[number - 1]["after_hand"], len(state.entries))
    return SheetInputError.from_replay(error, field)


def check_hand_numbers(state: SheetState) -> None:
    """Each ruling in force is during an entered hand or the one being played, else refused."""
    entered = len(state.entries)
    for j, ruling in enumerate(state.rulings):
        after = ruling["after_hand"]
        if not ruling["voided_at"] and after is not None and after > entered + 1:
            raise no_such_hand(f"rulings[{j}].after_hand", after, entered)


def no_such_hand(field: str, number, entered: int) -> SheetInputError:
    """A ruling during hand ``number``, which is neither entered nor the one being played."""
    return SheetInputError(
        field, "no_such_hand", {"value": number, "current": entered + 1}, f"no hand {number}"
    )


def replay(event, state: SheetState, lang: str = "en") -> SheetResult:
    """The sheet worked out under the event's rules, or a :class:`SheetInputError`."""
    try:
        rules = rules_of(event)
    except OptionError as problem:
        raise SheetInputError(
            "overrides", "bad_option", {"detail": problem.message}, problem.message
        ) from None
    check_hand_numbers(state)
    try:
        if state.kind == ScoreSheet.Kind.FINAL:
            # A ruling's row (a riichi chombo) still counts; hands are not kept.
            rows = [e["entry"] for e in state.entries if e["entry"].get("ruling")]
            return replay_rules(
                rules,
                rows,
                ledger(state),
                final_scores=state.final_scores,
                leftover_sticks=state.leftover_sticks,
                lang=lang,
            )
        entries = [e["entry"] for e in state.entries]
        return replay_rules(rules, entries, ledger(state), lang=lang)
    except SheetError as error:
        if (error.field or "").startswith("penalties["):
            raise ledger_error(state, error) from None
        raise SheetInputError.from_replay(error) from None


def empty_result(event, lang: str = "en") -> SheetResult:
    """The replay of a sheet with nothing on it yet: start points, the first hand's label."""
    return replay(event, SheetState(), lang)


# What makes two rulings the same decision, whoever stamped them and when.
_RULING_CONTENT = ("kind", "player", "after_hand", "rule_reference", "decision", "tiles")


def same_content(a: SheetState, b: SheetState) -> bool:
    """Whether two states hold the same sheet, stamps (who, when, keys) aside.

    Why: a post sent again without its one-time key (an old page, a lost
    reply) on top of the judge's own save would otherwise be kept as a
    conflict with themselves; the same content is answered as already saved.
    """

    def entries(state):
        return [{k: v for k, v in e["entry"].items() if k != "ruling"} for e in state.entries]

    def rulings(state):
        return [
            (
                {k: r.get(k) for k in _RULING_CONTENT},
                bool(r.get("voided_at")),
                r.get("penalties"),
            )
            for r in state.rulings
        ]

    return (
        a.kind == b.kind
        and entries(a) == entries(b)
        and rulings(a) == rulings(b)
        and a.final_scores == b.final_scores
        and a.leftover_sticks == b.leftover_sticks
    )


def own_repeat(by, head: ScoreSheet, state: SheetState) -> bool:
    """A key-less stale post of the user's own that the head already holds: not a conflict.

    A post with its one-time key is matched by the key; a new key is a new
    entry, kept as a conflict. Without a key (a page from before the keys),
    the same content from the same user is their retry (issue #19).
    """
    pk = getattr(by, "pk", None)
    return pk is not None and head.created_by_id == pk and same_content(state, state_of(head))
