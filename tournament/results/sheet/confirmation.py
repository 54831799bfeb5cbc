"""Submitting and confirming a sheet: the four-eyes rule, enforced on the server.

A judge submits the head version when the session is over and it balances;
someone else with the ``confirm`` right confirms it. The submitter (or the
author of that version) never can, and a database constraint backs this up.
Confirming a correction supersedes the older confirmed version, which stays
readable: at most one version per table is confirmed (a partial unique index).
Who may do either, and when, is the sheet policy's (``policy.py``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.change_reasons import change_reason
from tournament.events.errors import save_with_history
from tournament.results.models import ScoreSheet
from tournament.results.sheet.errors import NotAllowed
from tournament.results.sheet.held import Held
from tournament.results.sheet.policy import SheetPolicy
from tournament.seating.models import Table

Status = ScoreSheet.Status


def submit_sheet(table: Table, *, by, version: int, held: Held | None = None) -> ScoreSheet:
    """The judge says the session is over and the sheet is right.

    ``held``: a batch's locked tables (``held.Held``), this table's change in
    a savepoint of the batch's; None: this table alone.
    """
    with transaction.atomic(savepoint=held is None):
        held = held or Held.one(table)
        table = held.table(table)
        head = held.head(table)
        policy = SheetPolicy(by, table.round.event, head, rights=held.rights(by))
        policy.can_submit(version).check()
        if not head.balanced:
            raise NotAllowed(_("The scores do not balance; the sheet cannot be submitted."))
        head.status = Status.SUBMITTED
        head.submitted_by = by
        head.submitted_at = timezone.now()
        save_with_history(head, change_reason("sheet.submitted", version=head.version), by)
        held.wrote(head)
        return head


def confirm_sheet(table: Table, *, by, version: int, held: Held | None = None) -> ScoreSheet:
    """A second person agrees. The submitter cannot confirm; an older confirmation is superseded.

    ``held`` as for :func:`submit_sheet`.
    """
    with transaction.atomic(savepoint=held is None):
        held = held or Held.one(table)
        table = held.table(table)
        head = held.head(table)
        policy = SheetPolicy(by, table.round.event, head, rights=held.rights(by))
        policy.can_confirm(version).check()
        old = held.confirmed(table)
        if old is not None:
            old.status = Status.SUPERSEDED
            save_with_history(old, change_reason("sheet.superseded", by=head.version), by)
        head.status = Status.CONFIRMED
        head.confirmed_by = by
        head.confirmed_at = timezone.now()
        save_with_history(head, change_reason("sheet.confirmed", version=head.version), by)
        held.wrote(head)
        return head
