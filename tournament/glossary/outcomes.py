"""Words for the replay's outcome codes (hand-format.md), whatever the family.

Every outcome's name: those a family's form offers (``EntryData.outcomes``)
and those a ruling enters (chombo, false win).
"""

from django.utils.translation import gettext_lazy as _

OUTCOMES = {
    "ron": _("Ron"),
    "tsumo": _("Tsumo"),
    "discard": _("Discard win"),
    "self_draw": _("Self-draw"),
    "robbing_kong": _("Robbing a kong"),
    "draw": _("Draw"),
    "abortive": _("Abortive draw"),
    "not_played": _("Not played (time)"),
    "chombo": _("Chombo"),
    "false_win": _("False win"),
    "nagashi": _("Nagashi mangan"),
}
# An outcome's fuller name on the form, where a feature of the family makes it sharper:
# with riichi sticks and tenpai at a draw, the draw is the wall's end, as against an
# abortive draw (rules/riichi.md §4). Keyed by (outcome, feature).
SHARPER_OUTCOMES = {("draw", "riichi_sticks"): _("Exhaustive draw")}
