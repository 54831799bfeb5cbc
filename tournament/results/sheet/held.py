"""The tables a change holds locked, and what it has read of their sheets, read once.

Every verb that writes a sheet (``services``, ``confirmation``) first locks
the table's row, then reads its head, its latest version number, its
confirmed version and the user's rights. One table at a time that is a few
queries, and it is what a judge's page does (:meth:`Held.one`). The round
results grid (issue #34) saves, submits or confirms up to 125 tables in one
transaction: :meth:`Held.lock` locks them all in one query (in pk order, as
``rounds.swaps.lock_tables`` does) and reads their heads, version numbers,
confirmed versions and the batch's one-time keys in a few more, and each
user's event rights are asked once. While the rows are locked nobody else
writes these sheets, so what is held stays true as long as the verbs record
what they write (:meth:`Held.wrote`).

A batch runs each table's changes in :meth:`Held.savepoint`: a refused
table is rolled back alone and forgotten (read again if asked), and the
verbs then write without savepoints of their own.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.db import transaction
from django.db.models import Max, OuterRef, Subquery

from tournament.results.models import ScoreSheet
from tournament.results.sheet.state import (
    confirmed_of,
    fresh_statuses,
    head_of,
    lock_table,
    refuse_finished,
)
from tournament.seating.models import Table

Status = ScoreSheet.Status
_UNREAD = object()  # a table's fact not read yet (None is a fact: no sheet)


def heads_of(tables, *, related: tuple[str, ...] = ()) -> dict[int, ScoreSheet | None]:
    """Table pk -> its head (:func:`~tournament.results.sheet.state.head_of`), in one query."""
    pks = [t.pk for t in tables]
    latest = (
        ScoreSheet.objects.filter(table=OuterRef("table"))
        .exclude(status=Status.CONFLICT)
        .order_by("-version")
        .values("pk")[:1]
    )
    found = ScoreSheet.objects.filter(table_id__in=pks, pk=Subquery(latest))
    heads = {sheet.table_id: sheet for sheet in found.select_related(*related)}
    return {pk: heads.get(pk) for pk in pks}


class Held:
    """Locked tables by pk, and their heads, version numbers and confirmed versions as known."""

    def __init__(self):
        self._tables: dict[int, Table] = {}
        self._heads: dict = {}
        self._numbers: dict = {}
        self._confirmed: dict = {}
        self._keys: dict = {}  # an asked one-time key -> its version (None: not saved)
        self._rights: dict = {}  # user pk -> the SheetPolicy rights asked so far

    @classmethod
    def one(cls, table: Table) -> Held:
        """One table locked (a judge's page); its sheet read when asked."""
        held = cls()
        locked = lock_table(table)
        held._tables[locked.pk] = locked
        return held

    @classmethod
    def lock(cls, tables, *, keys=()) -> Held:
        """Every table locked in one query and read at once; ``keys``: one-time keys to look up.

        Called inside the caller's transaction. The tables of one event share
        one event (its rules worked out once for the batch).
        """
        held = cls()
        pks = sorted({t.pk for t in tables})
        rows = Table.objects.select_for_update(of=("self",)).select_related("round__event")
        events: dict = {}
        for table in rows.filter(pk__in=pks).order_by("pk"):
            table.round.event = events.setdefault(table.round.event_id, table.round.event)
            held._tables[table.pk] = table
        fresh_statuses(held._tables.values())
        held._heads = heads_of(held._tables.values())
        held._numbers = dict.fromkeys(pks, 0)
        last = ScoreSheet.objects.filter(table_id__in=pks).values("table_id")
        held._numbers.update(last.annotate(last=Max("version")).values_list("table_id", "last"))
        held._confirmed = dict.fromkeys(pks)
        confirmed = ScoreSheet.objects.filter(table_id__in=pks, status=Status.CONFIRMED)
        held._confirmed.update((sheet.table_id, sheet) for sheet in confirmed)
        keys = [key for key in keys if key]
        held._keys = dict.fromkeys(keys)
        if keys:
            saved = ScoreSheet.objects.filter(table_id__in=pks, entry_key__in=keys)
            held._keys.update((str(sheet.entry_key), sheet) for sheet in saved)
        return held

    # --- what is held --------------------------------------------------------------------

    def table(self, table: Table) -> Table:
        """The locked row of ``table`` (with its round and event); refused if the event finished.

        Refused here, table by table as :func:`lock_table` does, so that a
        batch names each table it cannot write.
        """
        try:
            locked = self._tables[table.pk]
        except KeyError:
            raise RuntimeError(f"table {table.pk} is not locked by this change") from None
        refuse_finished(locked)
        return locked

    def _known(self, facts: dict, table: Table, read):
        known = facts.get(table.pk, _UNREAD)
        if known is _UNREAD:
            known = facts[table.pk] = read(self.table(table))
        return known

    def head(self, table: Table) -> ScoreSheet | None:
        return self._known(self._heads, table, head_of)

    def confirmed(self, table: Table) -> ScoreSheet | None:
        return self._known(self._confirmed, table, confirmed_of)

    def next_number(self, table: Table) -> int:
        last = self._known(self._numbers, table, _last_number)
        return last + 1

    def saved_with(self, table: Table, key: str) -> ScoreSheet | None:
        """The version of ``table`` saved with one-time key ``key``, if any."""
        if key in self._keys:
            sheet = self._keys[key]
            return sheet if sheet is not None and sheet.table_id == table.pk else None
        return self.table(table).sheets.filter(entry_key=key).first()

    def rights(self, user) -> dict:
        """The rights dict a :class:`SheetPolicy` for ``user`` fills and shares."""
        return self._rights.setdefault(getattr(user, "pk", None), {})

    # --- what is written -----------------------------------------------------------------

    def wrote(self, sheet: ScoreSheet) -> None:
        """``sheet`` was written (a new version, or the head submitted or confirmed)."""
        pk = sheet.table_id
        if self._numbers.get(pk, _UNREAD) is not _UNREAD:
            self._numbers[pk] = max(self._numbers[pk], sheet.version)
        if sheet.status != Status.CONFLICT:
            self._heads[pk] = sheet
        if sheet.status == Status.CONFIRMED:
            self._confirmed[pk] = sheet
        if sheet.entry_key:
            self._keys[str(sheet.entry_key)] = sheet

    def forget(self, table: Table) -> None:
        """Drop what is known of ``table``'s sheet (a rolled-back change): read again if asked."""
        for facts in (self._heads, self._numbers, self._confirmed):
            facts.pop(table.pk, None)
        self._keys = {k: s for k, s in self._keys.items() if s is None or s.table_id != table.pk}

    @contextmanager
    def savepoint(self, table: Table):
        """One table's changes in a savepoint: refused, they are rolled back and forgotten."""
        try:
            with transaction.atomic():
                yield
        except BaseException:
            self.forget(table)
            raise


def _last_number(table: Table) -> int:
    """The table's latest version number, conflicts included (0: none yet)."""
    return table.sheets.aggregate(last=Max("version"))["last"] or 0
