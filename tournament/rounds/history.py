"""A round's history: every change to it, from every app that keeps one, in one list.

Why a list of *sources*: what happened to a round is kept by several apps, at
several layers. The round, its tables and seats, its players' withdrawals and
its scoresheets are below the round workflow (seating, events, results), so
this app reads them itself (:mod:`tournament.rounds.history_readers`). The
round clock is the hall's, and the hall is *above* the round workflow (it
shows rounds to the audiences): reading its records from here would import
upwards, which the layers forbid. So an app above gives its own records by
registering a source when it is ready (the hall in ``HallConfig.ready``,
:mod:`tournament.hall.clock.history`); the page reads every registered
source and knows none of them by name. A page in the hall instead would
have put the round's history in the app that shows the round to the public.

A *source* is ``source(context) -> iterable of Entry``, reading a round's
records in a fixed number of queries whatever the round's size (no query per
record: a round of 30 tables has hundreds of versions), and putting each
record into words in the reader's language: a code's sentence from the
glossary, a person's words as typed.

Vocabulary:

- *entry*: one thing that happened, with its **kind** (a code of
  :data:`~tournament.glossary.history.ROUND_HISTORY_KINDS`: round, seating,
  players, clock, sheets, rulings), **what** (words for its code), **detail**
  (the players, the table), **who** (a person's name, "system" for a command
  or "player's phone"), **when** (the moment) and **why** (a reason typed, or
  a code's sentence).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from functools import cached_property

from django.utils.translation import gettext as _

from tournament.glossary.history import ROUND_HISTORY, ROUND_HISTORY_KINDS
from tournament.rounds.history_sources import history_sources
from tournament.seating.models import Round, Table, Wind


@dataclass(frozen=True)
class Entry:
    """One thing that happened to a round, in the reader's language."""

    when: datetime.datetime
    kind: str
    what: str
    who: str
    why: str = ""
    detail: str = ""
    # A page that shows the record whole (a sheet's version), if there is one.
    link: str = ""

    @property
    def kind_label(self) -> str:
        return str(ROUND_HISTORY_KINDS.get(self.kind, self.kind))


@dataclass
class HistoryContext:
    """What every source of one round's history reads: the round, names and places, once."""

    round: Round

    @property
    def event(self):
        return self.round.event

    @cached_property
    def names(self) -> dict[int, str]:
        """Registration id -> name, for the whole event (withdrawn players too): one query."""
        return dict(self.event.registrations.values_list("pk", "name"))

    @cached_property
    def tables(self) -> dict[int, tuple[int, str]]:
        """Table id -> (number, label), tables since removed (seated again) too: one query."""
        rows = Table.history.filter(round_id=self.round.pk).values_list("id", "number", "label")
        return {pk: (number, label) for pk, number, label in rows}

    def table(self, table_id) -> str:
        """A table as the seating names it ("Table 3", or the venue's label)."""
        number, label = self.tables.get(table_id, ("?", ""))
        return label or str(_("Table %(number)s") % {"number": number})

    @cached_property
    def round_records(self) -> list:
        """The round's own history records, oldest first, with who made them: one query."""
        return list(
            Round.history.filter(id=self.round.pk)
            .select_related("history_user")
            .order_by("history_date", "history_id")
        )

    @cached_property
    def window(self) -> tuple[datetime.datetime | None, datetime.datetime | None]:
        """While the round was the one being played: from its first record until it was over.

        Over: its results published or the round finished, or a later round
        published, whichever came first (None: not over yet). A later round
        *seated* does not end it: planning every round up front seats them all.
        """
        records = self.round_records
        if not records:
            return None, None
        ends = [
            r.history_date
            for r in records
            if r.status == Round.Status.FINISHED or r.results_published_at is not None
        ]
        later = (
            Round.history.filter(
                event_id=self.round.event_id,
                number__gt=self.round.number,
                published_at__isnull=False,
            )
            .order_by("history_date")
            .values_list("history_date", flat=True)
            .first()
        )
        ends += [later] if later is not None else []
        return records[0].history_date, min(ends, default=None)

    def player(self, registration_id) -> str:
        return self.names.get(registration_id, str(registration_id))

    def place(self, table_id, wind) -> str:
        """ "Table 3, East": where a seat is."""
        winds = dict(Wind.choices)
        return str(ROUND_HISTORY["place"]) % {
            "table": self.table(table_id),
            "wind": winds.get(wind, wind),
        }

    def who(self, user, *, phone: bool = False) -> str:
        """A person's name; "player's phone" or "system" when no account did it.

        ``phone``: the record may come from a player's phone (a sheet version in
        an event with player entry); otherwise no account means a command.
        """
        if user is not None:
            return user.get_full_name() or user.get_username()
        if phone and self.event.player_entry:
            return str(ROUND_HISTORY["who.phone"])
        return str(ROUND_HISTORY["who.system"])

    def entry(self, record, kind: str, what: str, why: str = "", detail: str = "") -> Entry:
        """The entry of a history record (django-simple-history's): its moment and its author."""
        return Entry(
            when=record.history_date,
            kind=kind,
            what=what,
            who=self.who(record.history_user),
            why=why,
            detail=detail,
        )


def round_history(round_: Round) -> list[Entry]:
    """Every entry of ``round_``'s history from every source, newest first.

    Entries at the same moment keep their source's order, reversed with the
    rest, so a record's steps read newest first too.
    """
    context = HistoryContext(round_)
    entries = [entry for source in history_sources() for entry in source(context)]
    entries.reverse()
    return sorted(entries, key=lambda entry: entry.when, reverse=True)
