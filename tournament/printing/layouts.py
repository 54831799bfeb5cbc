"""The printed scoresheet's geometry and words; what it holds comes from the family.

Each ruleset family declares its sheet (``family.layout(rules)``,
``scoring/families/<family>/layout.py``) as codes and millimetres; this
module gives the codes their words in the reader's language (one table for
columns, one for footer lines, one for notes: keyed by code, never by
family) and fits the sheet to the page. A sheet's hand grid has three kinds
of column:

- **lead** columns about the hand (label, winner, discarder, value …);
- **per-player** columns, printed once for each starting seat E, S, W, N
  under the player's name (Δ, running total, a riichi mark …);
- **tail** columns after the four players (riichi deposit pool, Zung Jung
  judge's initials).

Widths add up to at most :data:`GRID_WIDTH_MM`, the width inside the A4
portrait page's margins (static/css/print.css), so nothing is clipped at the
page edge. Every row a judge writes in is at least :data:`ROW_MM` high; the
rows and footer lines fit in :data:`GRID_HEIGHT_MM`, with the header, the
penalty block and the signature boxes on one page (checked by the tests).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext_lazy as _

from scoring.core.seats import SEATS
from scoring.families import Family
from scoring.families.protocol import PrintLayout

GRID_WIDTH_MM = 194  # A4 portrait 210 mm less 8 mm margins either side (print.css)
ROW_MM = 8  # the height of a row a judge writes in with a pen
# The height the hand rows and footer lines may take on the page: MCR's 16 rows
# and 5 footer lines, under the fullest header, with the penalty block and the
# signatures below (the geometry tests check that every layout fits).
GRID_HEIGHT_MM = 16 * ROW_MM + 5 * ROW_MM

# Column codes (scoring/families/*/layout.py) -> the column's heading.
COLUMN_LABELS = {
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
FOOTER_LABELS = {
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
# Note codes -> the note printed under the grid.
NOTE_LABELS = {
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
# Notes that end in a blank to write in: where the leftover riichi sticks went
# (a filled sheet prints what the replay says instead).
WRITE_IN_NOTES = frozenset({"leftover_sticks"})


@dataclass(frozen=True)
class Column:
    code: str
    label: str
    width: float  # mm
    numeric: bool = False
    small: bool = False  # a narrow box for a mark or initials

    @property
    def css_width(self) -> str:
        return f"{self.width:g}mm"  # never localised: "16,5mm" is no CSS


@dataclass(frozen=True)
class FooterLine:
    code: str
    label: str


@dataclass(frozen=True)
class Note:
    code: str
    label: str
    write_in: bool = False


@dataclass(frozen=True)
class Layout:
    """A family's sheet with its words, fitted to the page: what the templates lay out."""

    family: str  # the family's name: the sheet's CSS class and template folder
    lead: tuple[Column, ...]
    per_player: tuple[Column, ...]
    tail: tuple[Column, ...] = ()
    footer: tuple[FooterLine, ...] = ()
    rows: int = 16
    row_mm: float = ROW_MM  # the hand rows' height on a sheet for play (ZJ: room for initials)
    notes: tuple[Note, ...] = ()
    # A riichi referee signs before the sticks are reset (WRC 2015 §8).
    prominent_referee: bool = False

    @property
    def columns(self) -> list[Column]:
        return [*self.lead, *(self.per_player * len(SEATS)), *self.tail]

    @property
    def width(self) -> float:
        return sum(c.width for c in self.columns)

    @property
    def css_width(self) -> str:
        return f"{self.width:g}mm"

    @property
    def height(self) -> float:
        """The blank grid's height below its header: hand rows and footer lines, in mm."""
        return self.rows * self.row_mm + len(self.footer) * ROW_MM


def layout_for(family: Family, rules) -> Layout:
    """The family's sheet under ``rules``, in words, fitted to the page (:func:`fitted`)."""
    return fitted(labelled(family.name, family.layout(rules)))


def labelled(name: str, plan: PrintLayout) -> Layout:
    """``plan`` with the words of its codes; a code with none prints as itself."""

    def columns(declared):
        return tuple(
            Column(c.code, COLUMN_LABELS.get(c.code, c.code), c.width, c.numeric, c.small)
            for c in declared
        )

    return Layout(
        family=name,
        lead=columns(plan.lead),
        per_player=columns(plan.per_player),
        tail=columns(plan.tail),
        footer=tuple(FooterLine(code, FOOTER_LABELS.get(code, code)) for code in plan.footer),
        rows=plan.rows,
        row_mm=max(plan.row_mm, ROW_MM),
        notes=tuple(
            Note(code, NOTE_LABELS.get(code, code), code in WRITE_IN_NOTES) for code in plan.notes
        ),
        prominent_referee=plan.prominent_referee,
    )


def fitted(layout: Layout) -> Layout:
    """``layout`` with its rows on one page.

    Rows keep their height while they fit (Zung Jung's are taller, for the
    initials); more rows than fit get rows of :data:`ROW_MM`, as many as the
    page holds (the rest go on a second sheet, as for a riichi or Hong Kong
    session that runs long).
    """
    room = GRID_HEIGHT_MM - len(layout.footer) * ROW_MM
    if layout.rows * layout.row_mm <= room:
        return layout
    return replace(layout, rows=min(layout.rows, int(room // ROW_MM)), row_mm=ROW_MM)
