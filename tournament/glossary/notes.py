"""Words for what a replay says as codes: row notes, warnings and engine-written ledger reasons.

The codes are :data:`scoring.sheets.messages.ENGLISH`'s; ``%(name)s`` are
the message's parameters as :mod:`tournament.results.page.sheet_messages`
shows them (seats by name, a row index as a hand number from 1).
"""

from django.utils.translation import gettext_lazy as _

NOTES = {
    "not_played": _("not played (time limit)"),
    "all_immune": _("same-turn immunity: all three pay the hand’s value"),
    "false_win_voided": _("false win: the hand is void"),
    "false_win_voided_by": _(
        "false win by %(seat)s: the hand is void, the same dealer deals again"
    ),
    "chombo_replayed": _("chombo by %(seat)s: no payments, the hand is replayed"),
    "chombo_last_hand": _("a chombo in the last hand is not replayed (WRC 2015 §8)"),
    "head_bump": _("head bump: %(seat)s wins; the claims of %(seats)s lapse"),
    "three_rons": _("three rons on one discard: abortive draw"),
    "all_win": _("several rons: %(seats)s all win"),
    "double_ron": _("double ron: %(seats)s win"),
    "bust": _("%(seats)s below 0 (bust)"),
    "west_4_last": _("West 4 is the last hand"),
    "agari_yame": _("the leading dealer stops (agari-yame)"),
    "hands_not_played": _("hands %(first)s–%(last)s were not played (time limit)"),
    "false_win_self_draw_only": _(
        "hand %(number)s (%(label)s): %(seat)s made a false win in this hand "
        "and may then win only by self-draw (rules §6)"
    ),
    "false_win_unlogged": _(
        "hand %(number)s (%(label)s) is a false win, but no false-win penalty "
        "is recorded for it (rules §8)"
    ),
    "below_zero": _(
        "%(seat)s is below 0 (%(points)s) after hand %(number)s (%(label)s); play continues"
    ),
    "ended_bust": _("the session ended early, after %(label)s: %(seats)s below 0 (bust)"),
    "chombo_in": _("chombo in %(label)s (rules §7)"),
    "chombo_with_final_scores": _("chombo, recorded with the final scores (rules §7)"),
}
