"""Submitting and confirming a sheet: the four-eyes rule, enforced on the server.

A judge submits the head version when the session is over and it balances;
someone else with the ``confirm`` right confirms it. The submitter (or the
author of that version) never can, and a database constraint backs this up.
Confirming a correction supersedes the older confirmed version, which stays
readable: at most one version per table is confirmed (a partial unique index).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.change_reasons import change_reason
from tournament.events.errors import save_with_history
from tournament.events.permissions import has_event_permission
from tournament.results.models import ScoreSheet
from tournament.results.sheet.errors import NotAllowed
from tournament.results.sheet.state import confirmed_of, head_of, lock_table
from tournament.seating.models import Table

Status = ScoreSheet.Status


def submit_sheet(table: Table, *, by, version: int) -> ScoreSheet:
    """The judge says the session is over and the sheet is right."""
    with transaction.atomic():
        table = lock_table(table)
        event = table.round.event
        if by is not None and not has_event_permission(by, event, "enter_results"):
            raise NotAllowed(_("You may not enter results in this event."))
        head = head_of(table)
        if head is None or head.version != version:
            raise NotAllowed(
                _("The sheet has changed since you opened it; check the latest version.")
            )
        if head.status != Status.DRAFT:
            raise NotAllowed(_("Only a sheet being entered can be submitted."))
        if not head.balanced:
            raise NotAllowed(_("The scores do not balance; the sheet cannot be submitted."))
        head.status = Status.SUBMITTED
        head.submitted_by = by
        head.submitted_at = timezone.now()
        return save_with_history(head, change_reason("sheet.submitted", version=head.version), by)


def confirm_sheet(table: Table, *, by, version: int) -> ScoreSheet:
    """A second person agrees. The submitter cannot confirm; an older confirmation is superseded."""
    with transaction.atomic():
        table = lock_table(table)
        event = table.round.event
        if not has_event_permission(by, event, "confirm"):
            raise NotAllowed(_("You may not confirm results in this event."))
        head = head_of(table)
        if head is None or head.version != version:
            raise NotAllowed(
                _("The sheet has changed since you opened it; check the latest version.")
            )
        if head.status != Status.SUBMITTED:
            raise NotAllowed(_("Only a submitted sheet can be confirmed."))
        if by.pk in (head.submitted_by_id, head.created_by_id):
            raise NotAllowed(_("You entered this sheet: someone else must confirm it."))
        old = confirmed_of(table)
        if old is not None:
            old.status = Status.SUPERSEDED
            save_with_history(old, change_reason("sheet.superseded", by=head.version), by)
        head.status = Status.CONFIRMED
        head.confirmed_by = by
        head.confirmed_at = timezone.now()
        return save_with_history(head, change_reason("sheet.confirmed", version=head.version), by)
