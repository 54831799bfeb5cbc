"""Words for the printed scoresheet: its columns, footer lines, notes and cell words.

A family declares its sheet as codes (``Family.layout``: ``PrintLayout``,
``scoring/families/<family>/layout.py``); these tables give each code its
words, keyed by code, never by family.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# Column codes -> the column's heading.
COLUMNS = {
    "number": _("#"),
    "label": _("Hand"),
    "winner": _("Winner"),
    "discarder": _("Discarder or self"),
    "from": _("From"),
    "value": _("Value"),
    "fan": _("Fan (no flowers)"),
    "flowers": _("Flowers"),
    "honba": _("Honba"),
    "result": _("Result"),
    "han_fu": _("Han / fu"),
    "pao": _("Pao"),
    "riichi": _("R"),
    "pool": _("Pool"),
    "dealer": _("Dealer"),
    "responsible": _("Resp."),
    "points": _("Value"),
    "patterns": _("Pattern codes"),
    "penalty_tiles": _("Penalty tiles"),
    "initials": _("Initials"),
    "judge": _("Judge"),
    "wind": _("Wind"),
    "repeat": _("Repeat"),
    "faan": _("Faan"),
    "bonus": _("Bonus faan"),
    "paid": _("V"),
    "delta": _("Δ"),
    "total": _("Total"),
}
# Footer line codes -> the line's name.
FOOTER_LINES = {
    "hand_total": _("Hand total"),
    "total": _("Total"),
    "final_points": _("Final points"),
    "penalty": _("Penalties"),
    "score": _("Session score"),
    "rank": _("Rank"),
    "placement": _("Placement"),
    "uma_oka": _("Uma / oka"),
    "rank_points": _("Table points"),
}
# The footer's first line (a family's ``PrintLayout.footer[0]``) -> the word heading the
# session's running points on the judge's page: riichi players count 持ち点 (points held,
# from a starting stack), the Chinese rules' players 得点 (points won), each their own word.
RUNNING_POINTS = {
    "final_points": pgettext_lazy("running points, riichi", "Points"),
    "hand_total": pgettext_lazy("running points, Chinese rules", "Points"),
    "total": pgettext_lazy("running points, Chinese rules", "Points"),
}
# Note codes -> the note printed under the grid.
NOTES = {
    "seats_and_self": _(
        "Winner and discarder: write the starting wind (E, S, W, N); “self” for a self-draw."
    ),
    "shared_table_points": _("Table points as fractions where they are shared (7/3, not 2.33)."),
    "result_letters": _(
        "Result: R ron · T tsumo · D draw · A abortive draw · C chombo. R: riichi declared."
    ),
    "leftover_sticks": _(
        "Pool: riichi sticks on the table after the hand. Leftover sticks at the end go to:"
    ),
    "winner_from_responsible": _(
        "Winner, from (the discarder, or “self”), resp. (the responsible player): E, S, W, N."
    ),
    "initials": _("Every hand is initialled by the four players and the judge."),
    "penalty_tile_marks": _("Penalty tiles: count, and L (live) or D (dead)."),
    "value_paid": _("V: the value paid on a discard; a self-draw costs each other player V/2."),
}
# The words a family's printed cells may name (``Cell("word", code)``), by code.
CELL_WORDS = {"self": _("self")}
