"""Before a save ends the session: the question the judge answers first (issue #35).

*Not played (time)* ends an MCR session at once (seed 000 L314: the hand in
progress is void, the later ones are not played), and a draw at the last
hand ends any session. One stray tap must not do either. So the first Save
of a hand that is no win and would complete the session saves nothing: the
page asks, naming what ends ("End the session now? Hands 5–16 will be
recorded as not played."), and the judge's second tap, on *End the session*
(the same post with :data:`CONFIRM`), saves it. It is a post, so it works
without script; the replay (``services.preview``) says whether the session
would end, so no family is named here.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.results.page.labels import label_text
from tournament.results.sheet import services

CONFIRM = "end_session"  # the confirming button's name (its value: "yes")
NOT_PLAYED_WARNING = "hands_not_played"  # the replay's warning (scoring/sheets/messages.py)


def confirmed(post) -> bool:
    """The post is the judge's answer to the question (the *End the session* button)."""
    return post.get(CONFIRM) == "yes"


def question(table, head, form, entry: dict, number: int | None, lang: str) -> str:
    """What to ask before saving ``entry`` (as hand ``number``, else the next), or "".

    Asked only of a hand that is no win (a draw, a hand not played) on a
    sheet not yet complete, whose save would complete it.
    """
    if head is not None and head.complete:
        return ""
    outcome = form.cleaned_data.get("outcome") or ""
    if "win" in form.outcome_kinds.get(outcome, "").split():
        return ""
    try:
        result = services.preview(table, entry, number=number, lang=lang)
    except services.SheetInputError:
        return ""  # the save itself says what is wrong
    if not result.complete:
        return ""
    index = (number - 1) if number else (head.hands.count() if head else 0)
    rows = result.rows
    row = rows[index] if index < len(rows) else None
    label = label_text(row.label_parts, row.label) if row else ""
    skipped = [w for w in result.warnings if w.code == NOT_PLAYED_WARNING]
    if skipped:
        first, last = skipped[0].params["first"], skipped[0].params["last"]
        if first == last:
            return _(
                "End the session now? Hand %(n)s (%(label)s) will be recorded as not played."
            ) % {"n": first, "label": label}
        return _(
            "End the session now? Hands %(first)s–%(last)s, from %(label)s on, will be "
            "recorded as not played."
        ) % {"first": first, "last": last, "label": label}
    outcome_name = dict(form.fields["outcome"].choices).get(outcome, outcome)
    return _(
        "End the session now? %(outcome)s in hand %(n)s (%(label)s) is its last hand: "
        "the session is then complete."
    ) % {"outcome": outcome_name, "n": index + 1, "label": label}
