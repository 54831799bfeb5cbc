"""The judge's small traps (issue #19), each closed on the server.

Why a module of its own: the table page's views and page builder are shared
by several parts of the entry; what is asked before a risky save (a session
that is not complete, a sheet already submitted) and what the sticky bar
shows (totals with penalties, the state at a hand being corrected, the winds
after a rotation) is kept here, where it can be read and tested in one place.

Vocabulary: *the bar* is the sticky strip of four seats at the top of the
judge's page; *reopening* is saving a change to a submitted sheet, which makes
a new version being entered that must be submitted again.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.core.seats import SEATS
from tournament.events.rules import family_of, rules_of
from tournament.results.entry.table_forms import VersionForm
from tournament.results.models import ScoreSheet
from tournament.results.page.display import WIND_CHARS

REOPEN = "reopen"
# Penalties off the overall total do not change a session's points (glossary.penalties).
OFF_THE_SESSION = "overall_score"
REOPEN_LABEL = gettext_lazy("I know: this sends the sheet back to being entered")
ENDED_EARLY_LABEL = gettext_lazy("The session ended early (time): submit anyway")


def ending_early_refused(post, head: ScoreSheet | None) -> str:
    """Why a submit is refused ("" when it is not): a balanced but incomplete session needs
    "ended early" ticked, whoever submits it (a judge, or the players' phone)."""
    if head is None or not head.balanced or head.complete:
        return ""
    form = VersionForm(post)
    return "" if form.is_valid() and form.cleaned_data["ended_early"] else ending_early_needed()


def ending_early_needed() -> str:
    """The refusal of an incomplete session submitted without the judge saying why."""
    return _(
        "The session is not complete. Tick “%(field)s” to submit it anyway, "
        "or enter the hands still missing."
    ) % {"field": ENDED_EARLY_LABEL}


# --- a change to a submitted sheet ------------------------------------------------------


def submitted(head: ScoreSheet | None) -> bool:
    return head is not None and head.status == ScoreSheet.Status.SUBMITTED


def ask_reopen(form: forms.Form, head: ScoreSheet | None) -> forms.Form:
    """Give ``form`` the acknowledgement a change to a submitted sheet needs (else unchanged).

    Not required by the field itself: a Check (preview) saves nothing and
    needs no acknowledgement; :func:`reopen_refused` asks for it on Save.
    """
    if submitted(head):
        form.fields[REOPEN] = forms.BooleanField(
            required=False,
            label=REOPEN_LABEL,
        )
    return form


def reopen_warning(head: ScoreSheet | None) -> str:
    """What the forms say above Save when the head is submitted ('' otherwise)."""
    if not submitted(head):
        return ""
    who = getattr(head.submitted_by, "username", None) or "—"
    return _(
        "This sheet was submitted by %(who)s. A change sends it back to being entered, "
        "and it must be submitted again."
    ) % {"who": who}


def reopen_refused(form: forms.Form, head: ScoreSheet | None) -> bool:
    """Whether a Save on a submitted sheet lacks its acknowledgement (then the field says so)."""
    if not submitted(head) or REOPEN not in form.fields:
        return False
    if form.cleaned_data.get(REOPEN):
        return False
    form.add_error(REOPEN, reopen_needed())
    return True


def reopen_needed() -> str:
    return _("Tick “%(field)s” to change a submitted sheet.") % {"field": REOPEN_LABEL}


def reopen_allowed_without_form(post, head: ScoreSheet | None) -> bool:
    """A post with no form of its own (remove a hand, cancel a ruling) ticks the same box."""
    return not submitted(head) or bool(post.get(REOPEN))


# --- the bar: totals with penalties, the state at a hand, the winds ---------------------


def penalty_effects(result: dict, before: int | None = None) -> dict[str, int]:
    """Each seat's penalties in the session's points (the ones off the overall total left out).

    ``before``: only penalties during a hand before this one (from 0), for
    the state at a hand being corrected.
    """
    totals = dict.fromkeys(SEATS, 0)
    for p in result.get("penalties") or []:
        if p.get("scope") == OFF_THE_SESSION:
            continue
        after = p.get("after_hand")
        if before is not None and (after is None or after >= before):
            continue
        for seat, value in (p.get("effect") or {}).items():
            if seat in totals and isinstance(value, int | float):
                totals[seat] += value
    return totals


def winds_at(event, index: int) -> dict[str, str]:
    """Each starting seat's wind character in hand ``index`` (from 0), as the family says."""
    try:
        moved = family_of(event).hand_winds(rules_of(event), index)
    except Exception:  # noqa: BLE001 - a draft event's bad option: the starting winds
        moved = None
    return {s: WIND_CHARS[(moved or {}).get(s, s)] for s in SEATS}


def bar_view(event, sheet: dict, result: dict, names: dict, number: int | None = None) -> dict:
    """What the sticky bar shows: now, or at hand ``number`` (from 1) while it is corrected.

    Totals include the penalties in the session's points, so the bar agrees
    with the session's score; the balance check is of the hands' points.
    """
    rows = list(result.get("rows") or [])
    at = number if number and 1 <= number <= len(rows) else None
    if at is None:
        index = len(rows)
        points = result.get("final_points") or (rows[-1].get("totals") if rows else None)
        effects = penalty_effects(result)
        dealer, label = result.get("next_dealer"), sheet.get("next_label")
        pool = result.get("pool") or 0
    else:
        index = at - 1
        points = rows[index - 1].get("totals") if index else None
        effects = penalty_effects(result, before=index)
        shown = sheet.get("rows") or []
        label = shown[index]["label"] if index < len(shown) else rows[index].get("label")
        dealer = rows[index].get("dealer")
        pool = rows[index - 1].get("pool_after") or 0 if index else 0
    winds = winds_at(event, index)
    start = result.get("start")
    players = []
    for seat in SEATS:
        total = (points or {}).get(seat, start)
        penalty = effects.get(seat, 0)
        players.append(
            {
                "seat": seat,
                "wind": winds[seat],
                "name": names.get(seat, seat),
                "total": total + penalty if isinstance(total, int | float) else total,
                "penalty": penalty,
                "dealer": seat == dealer,
            }
        )
    return {
        "players": players,
        "penalized": [p for p in players if p["penalty"]],
        "balance": sheet.get("balance") or {},
        "pool": pool,
        "features": sheet.get("features") or frozenset(),
        "next_label": label,
        "complete": sheet.get("complete") and at is None,
        "at_hand": at,
        "winds": winds,
    }
