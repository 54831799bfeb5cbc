"""When the next round starts: the director's announcement, and the projector's banner.

Vocabulary:

- **next round time**: ``Round.next_round_at`` of the round being played (or
  just finished): when the round after it starts, as the director announced
  it. It is set next to that round's clock on the round page, so the round
  after need not be seated yet.
- **banner**: "Next round starts at 14:00" on the projector's standings, team
  and seating screens. It shows the latest public round's time while that
  time is ahead and no later round's clock has started; then it goes by
  itself (the screens poll their boards).

Each change is a version of the round (django-simple-history), with who and
the director's words (``round.next_round_time``).
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournament import formatting
from tournament.events.change_reasons import change_reason
from tournament.events.errors import save_with_history
from tournament.hall.clock.services import ClockError
from tournament.seating.models import Round

# The furthest ahead a next round may be announced: an event lasts days, not weeks.
MAX_AHEAD = datetime.timedelta(days=14)


@transaction.atomic
def set_next_round_time(
    round_: Round, when: datetime.datetime | None, *, by=None, reason: str = "", now=None
) -> Round:
    """Set (or clear, ``when`` None) when the round after ``round_`` starts."""
    now = now or timezone.now()
    current = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if current.event.status == current.event.Status.FINISHED:
        raise ClockError(
            "next_round_at",
            _("“%(event)s” has finished: no round comes next.") % {"event": current.event.name},
        )
    if when is not None and when <= now:
        raise ClockError("next_round_at", _("That time has already passed."))
    if when is not None and when > now + MAX_AHEAD:
        raise ClockError(
            "next_round_at",
            _("That is more than %(days)s days ahead.") % {"days": MAX_AHEAD.days},
        )
    if current.next_round_at == when:
        return current
    current.next_round_at = when
    save_with_history(
        current,
        change_reason("round.next_round_time", words=reason),
        by,
        update_fields=["next_round_at"],
    )
    return current


def next_round_start(event, now=None) -> datetime.datetime | None:
    """The time the projector announces, or None (none set, passed, or the round started)."""
    if event.status == event.Status.FINISHED:
        return None
    announcing = (
        event.rounds.public().filter(next_round_at__isnull=False).order_by("-number").first()
    )
    if announcing is None or announcing.next_round_at <= (now or timezone.now()):
        return None
    later = event.rounds.filter(number__gt=announcing.number, clock__started_at__isnull=False)
    return None if later.exists() else announcing.next_round_at


def banner_time(when: datetime.datetime | None, now=None) -> str:
    """The time as the banner writes it: "14:00" today, with the date on another day."""
    if when is None:
        return ""
    local = timezone.localtime(when)
    if local.date() == timezone.localtime(now or timezone.now()).date():
        return date_format(local, formatting.TIME_OF_DAY)
    return formatting.moment(when)
