"""Table progress as JSON, for table-progress.js on the director's and the public round pages.

The public round page is kept in memory for a few seconds
(``tournament.page_cache``), so what it shows may lag; this answer is
never stored (``Cache-Control: no-store``) and the page refreshes from it.
"""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404

from tournament.events.decorators import event_permission_required
from tournament.events.models import Event
from tournament.hall.calls.progress import progress_json
from tournament.seating.models import Round


def _answer(data: dict) -> JsonResponse:
    response = JsonResponse(data)
    response["Cache-Control"] = "no-store"
    return response


@event_permission_required("view")
def staff_progress(request, event, number):
    round_ = get_object_or_404(Round, event=event, number=number)
    return _answer(progress_json(round_, public=False))


def public_progress(request, slug, number):
    """Only a published round of a published event; states and counts, never scores."""
    event = get_object_or_404(Event.objects.public(), slug=slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    if not round_.is_public:
        raise Http404
    return _answer(progress_json(round_, public=True))
