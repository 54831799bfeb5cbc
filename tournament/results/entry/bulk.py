"""Many tables' final scores at once: preview, save, and confirm all submitted.

One service behind the round's results grid (typed, pasted or uploaded),
``import_results`` and the staff API's bulk endpoint. Each table goes
through the services a judge's page uses (``record_ruling`` for a penalty,
``save_final_scores``, ``submit_sheet``), so the same bounds, the same sum
check and the same versions with who and why hold on every path. All or
nothing: if any table is refused, nothing is saved and every refusal is
listed, each naming its table.

The preview is the save itself, made in a transaction that is then rolled
back (:func:`preview`): what the preview refuses is exactly what Confirm
would refuse, and nothing is written.

A save from a page or the API (``Batch``) names the version of each table
its preview showed and a one-time key: a table changed since the preview is
refused (preview again), and the same Confirm posted twice finds its key on
the versions it wrote and saves nothing twice (the hand form's entry keys).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.events.errors import EventError
from tournament.results.entry.result_rows import Problem, Rows, TableScores
from tournament.results.models import Penalty, ScoreSheet
from tournament.results.page.display import WIND_CHARS
from tournament.results.page.reasons import Reason
from tournament.results.sheet import services
from tournament.results.sheet.errors import AlreadySaved, SheetConflict
from tournament.results.sheet.held import Held, heads_of
from tournament.results.sheet.policy import SheetPolicy
from tournament.results.sheet.rulings import default_scope

Status = ScoreSheet.Status
SEATS = ("E", "S", "W", "N")
# What a table of the input does to its sheet.
NEW, CHANGED, UNCHANGED = "new", "changed", "unchanged"


@dataclass
class Batch:
    """A save from a page or the API: the versions its preview showed, and its one-time key.

    ``versions`` maps a table number to the head version the preview showed
    (0: no sheet yet). ``key`` makes each table's first version's entry key.
    """

    key: str
    versions: dict = field(default_factory=dict)

    def entry_key(self, table) -> str:
        return str(uuid.uuid5(uuid.UUID(self.key), f"table-{table.pk}"))


@dataclass
class TableChange:
    """One table of the input against its sheet: what it was, what it will be."""

    table: object
    head: ScoreSheet | None
    entry: TableScores
    change: str  # NEW, CHANGED or UNCHANGED
    problems: list[str] = field(default_factory=list)

    @property
    def scores(self) -> list[dict]:
        before = (self.head.final_scores or {}) if self.head is not None else {}
        return [
            {
                "seat": seat,
                "char": WIND_CHARS[seat],
                "score": self.entry.seats[seat][0],
                "penalty": self.entry.seats[seat][1],
                "before": before.get(seat),
            }
            for seat in SEATS
            if seat in self.entry.seats
        ]

    @property
    def total(self) -> int:
        return sum(values[0] for values in self.entry.seats.values())


@dataclass
class Outcome:
    """What a preview or a save found: each table's change, and every problem."""

    changes: list[TableChange] = field(default_factory=list)
    problems: list[Problem | str] = field(default_factory=list)
    already_saved: bool = False  # the same batch again: nothing saved twice

    @property
    def ok(self) -> bool:
        return not self.problems and any(c.change != UNCHANGED for c in self.changes)

    def count(self, change: str) -> int:
        return sum(1 for c in self.changes if c.change == change)

    # For the preview's line "2 new · 1 changed · 6 unchanged".
    new_count = property(lambda self: self.count(NEW))
    changed_count = property(lambda self: self.count(CHANGED))
    unchanged_count = property(lambda self: self.count(UNCHANGED))

    @property
    def saving(self) -> list[TableChange]:
        return [c for c in self.changes if c.change != UNCHANGED]


def _penalties_of(head: ScoreSheet | None) -> dict:
    """Seat -> the points of the head's penalties still in force."""
    if head is None:
        return {}
    points: dict = {}
    for penalty in Penalty.objects.filter(ruling__sheet=head, ruling__voided_at__isnull=True):
        points[penalty.player] = points.get(penalty.player, 0) + penalty.points
    return points


def _change_of(entry: TableScores, head: ScoreSheet | None) -> str:
    """NEW (nothing entered), UNCHANGED (submitted or confirmed as given) or CHANGED."""
    if head is None or (head.final_scores is None and not head.hands.exists()):
        return NEW
    given = {seat: values[0] for seat, values in entry.seats.items()}
    penalties = {s: v[1] for s, v in entry.seats.items() if v[1]}
    same = (
        head.final_scores == given
        and head.leftover_sticks == (entry.sticks or 0)
        and (not penalties or penalties == _penalties_of(head))
    )
    if same and head.status in (Status.SUBMITTED, Status.CONFIRMED):
        return UNCHANGED
    return CHANGED


def compare(rows: Rows) -> list[TableChange]:
    """Each table of ``rows`` against its sheet's head, in table order (the heads read at once)."""
    entries = [entry for _key, entry in sorted(rows.tables.items())]
    heads = heads_of([entry.table for entry in entries])
    changes = []
    for entry in entries:
        head = heads[entry.table.pk]
        changes.append(TableChange(entry.table, head, entry, _change_of(entry, head)))
    return changes


def _where(table) -> str:
    return _("Round %(round)s table %(table)s") % {
        "round": table.round.number,
        "table": table.number,
    }


def _at(table, problem) -> str:
    """A table's refusal, naming the table first."""
    return _("%(where)s: %(problem)s") % {"where": _where(table), "problem": problem}


def _page_refusals(change: TableChange, by, batch: Batch | None) -> list[str]:
    """What a page or the API refuses before saving (the command line never meets these)."""
    problems = []
    head = change.head
    if batch is not None and change.table.number in batch.versions:
        seen = batch.versions[change.table.number]
        now = head.version if head else 0
        if seen != now:
            problems.append(
                _("it changed since the preview (version %(seen)s, now %(now)s): preview again.")
                % {"seen": seen, "now": now}
            )
    if head is not None and head.status == Status.CONFIRMED:
        problems.append(
            _("it is confirmed; a change is a correction, made on the table's page with a reason.")
        )
    elif any(v[1] for v in change.entry.seats.values()) and _penalties_of(head):
        problems.append(_("it already has penalties; change them on the table's page, not here."))
    return problems  # who may change the sheet is the services' own check


def save(
    event,
    rows: Rows,
    *,
    by,
    reason: Reason,
    confirmed_by=None,
    batch: Batch | None = None,
) -> Outcome:
    """Save and submit every table of ``rows``, or nothing (then ``EventError`` with the problems).

    ``batch`` None is the command line: every table of the file is saved,
    even one already there as given, and a confirmed one is corrected (its
    old behaviour). With a batch (a page, the API), a table already
    submitted or confirmed as given is left alone, a confirmed one is
    refused (a correction is made on its page, with a reason), and so is
    one whose version is not the preview's.
    """
    outcome = Outcome(changes=compare(rows), problems=list(rows.problems))
    if not outcome.problems and not outcome.changes:
        outcome.problems.append(_("The file has no result rows."))
    if outcome.problems:
        raise _refused(outcome)
    if batch is not None and _saved_before(outcome, batch):
        outcome.already_saved = True
        return outcome
    saving = [c for c in outcome.changes if batch is None or c.change != UNCHANGED]
    keys = [batch.entry_key(c.table) for c in saving] if batch is not None else []
    try:
        with transaction.atomic():
            held = Held.lock([c.table for c in saving], keys=keys)
            for change in saving:
                refusals = _page_refusals(change, by, batch) if batch is not None else []
                try:
                    if not refusals:
                        with held.savepoint(change.table):
                            _save_table(event, change, by, reason, confirmed_by, batch, held)
                except AlreadySaved:
                    outcome.already_saved = True
                    raise _Done from None
                except SheetConflict:
                    refusals.append(_("it changed since the preview: preview again."))
                except EventError as error:
                    refusals.append(str(error))
                outcome.problems += [_at(change.table, p) for p in refusals]
            if outcome.problems:
                raise _Done
    except _Done:
        if outcome.already_saved:
            return outcome
        raise _refused(outcome) from None
    return outcome


def _saved_before(outcome: Outcome, batch: Batch) -> bool:
    """The same batch was saved already (Confirm posted twice): a version carries its key.

    Asked before anything else, since that save changed the tables' versions;
    two copies arriving together are caught again under each table's lock.
    """
    keys = [batch.entry_key(change.table) for change in outcome.changes]
    return ScoreSheet.objects.filter(entry_key__in=keys).exists()


class _Done(Exception):
    """Roll the whole batch back (a refusal, a preview, or the same batch again)."""


def _refused(outcome: Outcome) -> EventError:
    error = EventError(_("Nothing was imported."), [str(p) for p in outcome.problems])
    error.outcome = outcome
    return error


def preview(event, rows: Rows, *, by, reason: Reason, batch: Batch | None = None) -> Outcome:
    """What :func:`save` would do, and every refusal it would give; nothing is saved.

    The tables read whole are tried even when other lines were refused, so
    that a wrong total shows with a mistyped score of another table, at once.
    """
    outcome = Outcome(changes=compare(rows), problems=list(rows.problems))
    whole = {k: v for k, v in rows.tables.items() if len(v.seats) == len(SEATS)}
    if not whole:
        return outcome
    try:
        with transaction.atomic():
            saved = save(event, Rows(tables=whole), by=by, reason=reason, batch=batch)
            outcome.already_saved = saved.already_saved
            raise _Done
    except _Done:
        pass
    except EventError as error:
        tried = getattr(error, "outcome", None)
        outcome.problems += list(tried.problems) if tried is not None else [str(error)]
    return outcome


def _save_table(
    event, change: TableChange, by, reason: Reason, confirmed_by, batch, held: Held
) -> None:
    """One table through the judges' services: its penalties, its scores, submitted.

    ``held``: the batch's tables, locked and read once (``sheet.held``), so that
    a table costs what it writes, not what each service would read again.
    """
    table, entry = change.table, change.entry
    head = change.head
    base = head.version if head else 0
    key = batch.entry_key(table) if batch is not None else None
    # The same file given twice: a seat's penalty already in force is not added again.
    in_force = _penalties_of(head)
    for seat, (_score, penalty, line) in sorted(entry.seats.items()):
        if penalty and in_force.get(seat) != penalty:
            sheet = services.record_ruling(
                table,
                by=by,
                base_version=base,
                kind="other",
                player=seat,
                decision=_("Penalty from the results file (line %(line)s).") % {"line": line},
                penalties=[
                    {
                        "player": seat,
                        "points": penalty,
                        "scope": default_scope(event),
                        "distribution": "none",
                    }
                ],
                reason=reason,
                entry_key=key,
                held=held,
            )
            base, key = sheet.version, None
    scores = {seat: values[0] for seat, values in entry.seats.items()}
    sheet = services.save_final_scores(
        table,
        scores,
        by=by,
        base_version=base,
        reason=reason,
        leftover_sticks=entry.sticks or 0,
        entry_key=key,
        held=held,
    )
    sheet = services.submit_sheet(table, by=by, version=sheet.version, held=held)
    if confirmed_by is not None:
        services.confirm_sheet(table, by=confirmed_by, version=sheet.version, held=held)


# --- confirm all submitted -----------------------------------------------------------


@dataclass
class Submitted:
    """A submitted table as the second person sees it: who entered it, its totals."""

    table: object
    head: ScoreSheet
    names: dict
    may_confirm: object  # the policy's Answer

    @property
    def scores(self) -> list[dict]:
        finals = self.head.result.get("final_points") or self.head.final_scores or {}
        session = self.head.result.get("session") or {}
        return [
            {
                "seat": seat,
                "char": WIND_CHARS[seat],
                "name": self.names.get(seat, seat),
                "score": finals.get(seat),
                "session": (session.get(seat) or {}).get("score"),
            }
            for seat in SEATS
        ]

    @property
    def total(self) -> int:
        return sum(s["score"] or 0 for s in self.scores)


def submitted_tables(round_, user) -> list[Submitted]:
    """The round's tables whose sheet is submitted, each with whether ``user`` may confirm it."""
    found = []
    tables = list(round_.tables.prefetch_related("seats__registration").order_by("number"))
    heads = heads_of(tables, related=("submitted_by",))
    rights: dict = {}  # the user's permissions, asked once for the round
    for table in tables:
        head = heads[table.pk]
        if head is None or head.status != Status.SUBMITTED:
            continue
        names = {s.wind: s.registration.name for s in table.seats.all()}
        answer = SheetPolicy(user, round_.event, head, rights=rights).can_confirm()
        found.append(Submitted(table, head, names, answer))
    return found


def confirm_all(round_, *, by, versions: dict) -> tuple[int, int]:
    """Confirm each table of ``versions`` (table number -> the version shown), or none.

    Returns ``(confirmed, already)``: a table already confirmed at that
    version (the same button posted twice, or by a second person at once) is
    counted, not confirmed twice. Any other refusal (the sheet changed, someone else's rule) stops
    the whole batch with an ``EventError`` naming each table.
    """
    confirmed = already = 0
    problems = []
    tables = {t.number: t for t in round_.tables.all()}
    listed = [(tables[n], version) for n, version in sorted(versions.items()) if n in tables]
    with transaction.atomic():
        held = Held.lock([table for table, _version in listed])
        for table, version in listed:
            head = held.head(table)
            if head is not None and head.version == version and head.status == Status.CONFIRMED:
                already += 1
                continue
            try:
                with held.savepoint(table):
                    services.confirm_sheet(table, by=by, version=version, held=held)
                confirmed += 1
            except EventError as error:
                problems.append(_at(table, error))
        if problems:
            raise EventError(_("Nothing was confirmed."), problems)  # rolls the batch back
    return confirmed, already
