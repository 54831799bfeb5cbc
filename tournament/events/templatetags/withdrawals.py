"""``{% withdrawal registration as withdrawal %}``: when, by whom and why a player withdrew.

Why: the reason a director types on the Withdraw page goes into the
registration's history (``registration.dropped`` with the words); the player
list shows it next to the "Withdrawn" badge, in the reader's language
(:func:`tournament.events.change_reasons.describe`), so nobody has to open the
admin's history to see why a player is gone.
"""

from __future__ import annotations

from django import template

from tournament.events.change_reasons import WORDS, decode

register = template.Library()

DROPPED = "registration.dropped"


@register.simple_tag
def withdrawal(registration) -> dict | None:
    """The latest withdrawal of ``registration`` in its history: when, who, words; or None."""
    if registration.status != registration.Status.DROPPED:
        return None
    records = registration.history.filter(history_change_reason__startswith=DROPPED)
    record = records.select_related("history_user").order_by("-history_date").first()
    if record is None:
        return None
    decoded = decode(record.history_change_reason) or (DROPPED, {})
    return {
        "when": record.history_date,
        "who": record.history_user,
        "words": decoded[1].get(WORDS, ""),
    }
