"""Words for why a scoresheet version was written (``ScoreSheet.ReasonCode``).

Keyed by the stored code (the ``ReasonCode`` values); ``%(name)s`` are its
``reason_params`` as :mod:`tournament.results.page.reasons` shows them.
"""

from django.utils.translation import gettext_lazy as _

VERSION_REASONS = {
    "hand_entered": _("hand %(number)s entered"),
    "hand_corrected": _("hand %(number)s corrected"),
    "hand_removed": _("hand %(number)s removed"),
    "final_scores": _("final scores entered"),
    "ruling_added": _("ruling: %(kind)s (%(seat)s)"),
    "ruling_voided": _("ruling cancelled"),
    "conflict": _("not applied: based on version %(base)s, but version %(head)s was saved"),
    "imported": _("imported from a results file"),
    "seating_corrected": _("seating corrected (%(players)s): confirm again"),
    "results_grid": _("entered in the round's results grid"),
    "results_api": _("entered with the round's other tables (API)"),
    "game_log": _("entered from the online game's log %(log_id)s (%(file)s)"),
    "game_log_removed": _("the online game's log %(log_id)s (%(file)s) taken off"),
}
