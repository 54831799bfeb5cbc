"""The staff's side of player entry: release the entering phone, replace the PIN, lift locks.

Both are posted from the judge's table page (its player entry panel) and go
back there; each is logged with who and why (``PlayerAction``).
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy
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


def _table_verb(perm: str, verb, done):
    """A staff post about the table's phones: ``verb(table, by=..., reason=...)``, then back."""

    @require_POST
    @event_permission_required(perm)
    def view(request, event, round_number, table_number):
        table = table_of(event, round_number, table_number)
        reason = request.POST.get("reason", "")
        return _answer(request, table, lambda: verb(table, by=request.user, reason=reason), done)

    return view


release = _table_verb(
    "enter_results",
    services.release_phone,
    gettext_lazy("The entering phone is released: the next phone opened with the PIN enters."),
)
new_pin = _table_verb(
    "manage",
    services.regenerate_pin,
    gettext_lazy("The table has a new PIN; phones opened with the old one must open it again."),
)
lift_locks = _table_verb(
    "manage",
    services.lift_pin_locks,
    gettext_lazy("The PIN locks are lifted: the locked phones may type the PIN again."),
)
