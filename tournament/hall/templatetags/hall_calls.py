"""Judge calls on a page: ``{% judge_calls round %}`` on the judges' round page.

The list is rendered on the server (it works without script) and kept live
by ``static/js/judge-calls.js``, which asks the round's calls every few seconds.
"""

from django import template
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.permissions import has_event_permission
from tournament.hall.calls.services import WAITING
from tournament.hall.calls.views import call_json
from tournament.hall.models import JudgeCall

register = template.Library()


@register.simple_tag(takes_context=True)
def judge_calls(context, round_):
    request = context.get("request")
    user = getattr(request, "user", None)
    event = round_.event
    waiting = (
        JudgeCall.objects.filter(table__round=round_, status__in=WAITING)
        .select_related("table", "taken_by")
        .order_by("created_at", "pk")
    )
    now = timezone.now()
    args = [event.slug, round_.number]
    return render_to_string(
        "hall/_calls.html",
        {
            "calls": [call_json(call, now) for call in waiting],
            "can_answer": has_event_permission(user, event, "enter_results"),
            "json_url": reverse("hall:round_calls", args=args),
            "take_url": reverse("hall:call_take", args=args),
            "resolve_url": reverse("hall:call_resolve", args=args),
            "report_url": reverse("hall:calls_report", args=[event.slug]),
        },
        request=request,
    )


@register.filter
def duration(seconds):
    """Seconds as people read a wait: "45 s", "3 min 20 s", "1 h 05 min"; "—" for none."""
    if seconds is None or seconds == "":
        return "—"
    seconds = int(seconds)
    if seconds < 60:
        return _("%(s)s s") % {"s": seconds}
    if seconds < 3600:
        return _("%(m)s min %(s)02d s") % {"m": seconds // 60, "s": seconds % 60}
    return _("%(h)s h %(m)02d min") % {"h": seconds // 3600, "m": seconds % 3600 // 60}


@register.filter
def minutes_seconds(seconds):
    """A wait as a running clock shows it ("3:07"), the same in every language and in the script."""
    seconds = max(0, int(seconds or 0))
    return f"{seconds // 60}:{seconds % 60:02d}"
