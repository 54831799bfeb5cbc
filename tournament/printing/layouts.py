"""The printed scoresheet's geometry and words; what it holds comes from the family.

Each ruleset family declares its sheet (``family.layout(rules)``,
``scoring/families/<family>/layout.py``) as codes and millimetres; this
module fits the sheet to the page, and the codes' words in the reader's
language are the glossary's (:mod:`tournament.glossary.columns`: keyed by
code, never by family). A sheet's hand grid has three kinds
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

from scoring.families import Family
from scoring.families.protocol import Column, PrintLayout
from tournament.glossary import column_label, footer_label, note_label

GRID_WIDTH_MM = 194  # A4 portrait 210 mm less 8 mm margins either side (print.css)
ROW_MM = 8  # the height of a row a judge writes in with a pen
# The height the hand rows and footer lines may take on the page: MCR's 16 rows
# and 5 footer lines, under the fullest header, with the penalty block and the
# signatures below (the geometry tests check that every layout fits).
GRID_HEIGHT_MM = 16 * ROW_MM + 5 * ROW_MM

# Notes that end in a blank to write in: where the leftover riichi sticks went
# (a filled sheet prints what the replay says instead).
WRITE_IN_NOTES = frozenset({"leftover_sticks"})


@dataclass(frozen=True)
class Heading(Column):
    """A family's column (code and millimetres) with its heading: the glossary's word."""

    @property
    def label(self):
        return column_label(self.code)

    @property
    def css_width(self) -> str:
        return mm(self.width)


def headed(columns: tuple[Column, ...]) -> tuple[Heading, ...]:
    return tuple(Heading(c.code, c.width, c.numeric, c.small) for c in columns)


@dataclass(frozen=True)
class Layout:
    """A family's sheet fitted to the page: what the templates lay out.

    The columns, footer lines and notes are the family's own (codes and
    millimetres, ``PrintLayout``); their words are the glossary's
    (:mod:`tournament.glossary.columns`), looked up here, so no second table
    of columns with words exists.
    """

    family: str  # the family's name: the sheet's CSS class and template folder
    plan: PrintLayout
    rows: int = 16
    row_mm: float = ROW_MM  # the hand rows' height on a sheet for play (ZJ: room for initials)

    @property
    def lead(self) -> tuple[Heading, ...]:
        return headed(self.plan.lead)

    @property
    def per_player(self) -> tuple[Heading, ...]:
        return headed(self.plan.per_player)

    @property
    def tail(self) -> tuple[Heading, ...]:
        return headed(self.plan.tail)

    @property
    def footer(self) -> tuple[str, ...]:
        """The footer lines' codes, in order."""
        return self.plan.footer

    @property
    def prominent_referee(self) -> bool:
        """A riichi referee signs before the sticks are reset (WRC 2015 §8)."""
        return self.plan.prominent_referee

    @property
    def columns(self) -> tuple[Heading, ...]:
        """Every column left to right: lead, each player's (E, S, W, N), tail."""
        return headed(self.plan.columns)

    @property
    def footer_labels(self) -> list:
        return [footer_label(code) for code in self.footer]

    @property
    def notes(self) -> list[dict]:
        """The notes under the grid: their words, and whether they end in a blank to fill."""
        return [
            {"code": code, "label": note_label(code), "write_in": code in WRITE_IN_NOTES}
            for code in self.plan.notes
        ]

    @property
    def width(self) -> float:
        return sum(c.width for c in self.columns)

    @property
    def css_width(self) -> str:
        return mm(self.width)

    @property
    def height(self) -> float:
        """The blank grid's height below its header: hand rows and footer lines, in mm."""
        return self.rows * self.row_mm + len(self.footer) * ROW_MM


def mm(width: float) -> str:
    """A width for CSS: never localised ("16,5mm" is no CSS)."""
    return f"{width:g}mm"


def layout_for(family: Family, rules) -> Layout:
    """The family's sheet under ``rules``, fitted to the page (:func:`fitted`)."""
    plan = family.layout(rules)
    return fitted(
        Layout(family=family.name, plan=plan, rows=plan.rows, row_mm=max(plan.row_mm, ROW_MM))
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
