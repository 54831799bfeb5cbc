"""The judge's small traps (issue #19), each closed on the server.

Why a module of its own: the table page's views and page builder are shared
by several parts of the entry; what is asked before a risky save (a session
that is not complete, a sheet already submitted) is kept here, where it can
be read and tested in one place. The sticky bar (totals with penalties, the
state at a hand being corrected, the winds) moved to
:mod:`tournament.results.page.bar`, which the players' page shares.

Vocabulary: *reopening* is saving a change to a submitted sheet, which makes
a new version being entered that must be submitted again.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.results.entry.table_forms import VersionForm
from tournament.results.models import ScoreSheet

REOPEN = "reopen"
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
