"""Words for the penalty ledger's categories (``scoring.sheets.penalties.CATEGORIES``)."""

from django.utils.translation import gettext_lazy as _

CATEGORIES = {
    "chombo": _("Chombo"),
    "false_win": _("False win"),
    "dead_hand_call": _("Dead hand"),
    "wrong_tile_count": _("Wrong tile count"),
    "conduct": _("Conduct"),
    "lateness": _("Lateness"),
    "penalty_tiles": _("Penalty tiles"),
    "timing": _("Timing penalty"),
    "other": _("Other"),
}
