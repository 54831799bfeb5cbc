"""Live table progress: ``{% table_progress round "staff"|"public" %}``.

Rendered on the server, then refreshed by ``static/js/table-progress.js``
from a JSON answer that is never cached (the public page itself may be).
The public grid shows only a published round, and only states and counts.
"""

from django import template
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from tournament.hall.calls.progress import counts_text, round_progress

register = template.Library()


@register.simple_tag(takes_context=True)
def table_progress(context, round_, mode):
    public = mode == "public"
    event = round_.event
    if public and not (round_.is_public and event.is_public):
        return ""
    progress = round_progress(round_)
    if not progress["tables"]:
        return ""
    name = "hall:progress_public" if public else "hall:progress_staff"
    return render_to_string(
        "hall/_progress.html",
        {
            "event": event,
            "round": round_,
            "public": public,
            "progress": progress,
            "counts_text": counts_text(progress["counts"]),
            "finished": sum(1 for t in progress["tables"] if t.finished),
            "json_url": reverse(name, args=[event.slug, round_.number]),
            "updated": timezone.localtime(),
        },
        request=context.get("request"),
    )
