"""The staff's side of player entry: release the entering phone, replace the PIN, lift locks.

Both are posted from the judge's table page (its player entry panel) and go
back there; each is logged with who and why (``PlayerAction``).
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.events.decorators import event_permission_required
from tournament.playerentry import services
from tournament.results.page.building import table_of, table_url
from tournament.results.sheet.errors import NotAllowed


def _answer(request, table, verb, done: str):
    try:
        verb()
    except NotAllowed as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, done)
    return redirect(f"{table_url(table)}#player-entry")


@require_POST
@event_permission_required("enter_results")
def release(request, event, round_number, table_number):
    table = table_of(event, round_number, table_number)
    reason = request.POST.get("reason", "")
    return _answer(
        request,
        table,
        lambda: services.release_phone(table, by=request.user, reason=reason),
        _("The entering phone is released: the next phone opened with the PIN enters."),
    )


@require_POST
@event_permission_required("manage")
def new_pin(request, event, round_number, table_number):
    table = table_of(event, round_number, table_number)
    reason = request.POST.get("reason", "")
    return _answer(
        request,
        table,
        lambda: services.regenerate_pin(table, by=request.user, reason=reason),
        _("The table has a new PIN; phones opened with the old one must open it again."),
    )


@require_POST
@event_permission_required("manage")
def lift_locks(request, event, round_number, table_number):
    table = table_of(event, round_number, table_number)
    reason = request.POST.get("reason", "")
    return _answer(
        request,
        table,
        lambda: services.lift_pin_locks(table, by=request.user, reason=reason),
        _("The PIN locks are lifted: the locked phones may type the PIN again."),
    )
