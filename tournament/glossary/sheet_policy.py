"""Words for the sheet policy's refusals: who may change, submit or confirm a sheet.

The codes are :mod:`tournament.results.sheet.policy`'s (stable: the API and
the tests name them); each sentence is what the judge, the director or the
players read when the page, the API or player entry refuses.
"""

from django.utils.translation import gettext_lazy as _

SHEET_REFUSALS = {
    "may_not_enter": _("You may not enter results in this event."),
    "director_corrects": _(
        "This sheet is confirmed: only a director can correct it, with a reason."
    ),
    "reason_needed": _("Say why the confirmed sheet is corrected."),
    "judges_only": _("The sheet has been submitted: only a judge can change it now."),
    "stale_version": _("The sheet has changed since you opened it; check the latest version."),
    "not_being_entered": _("Only a sheet being entered can be submitted."),
    "may_not_confirm": _("You may not confirm results in this event."),
    "not_submitted": _("Only a submitted sheet can be confirmed."),
    "own_sheet": _("You entered this sheet: someone else must confirm it."),
}
