"""The round's history page: every change to the round, newest first (:mod:`.history`).

Its own page, linked from the round page's first lines: the round page is
long already, and a director on a phone reaches the history in one tap.
Staff who may view the event may read it, as they may each sheet's versions.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from tournament.events.decorators import event_permission_required
from tournament.rounds.history import round_history
from tournament.seating.models import Round


@event_permission_required("view")
def round_history_page(request, event, number):
    round_ = get_object_or_404(Round.objects.select_related("event"), event=event, number=number)
    context = {"event": event, "round": round_, "entries": round_history(round_)}
    return render(request, "staff/round/history.html", context)
