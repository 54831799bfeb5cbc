"""The printed scoresheet of each ruleset family: columns, pre-printed rows, footer lines.

rules/sessions.md §3 fixes what each sheet shows; this module says where. A
sheet's hand grid has three kinds of column:

- **lead** columns about the hand (label, winner, discarder, value …);
- **per-player** columns, printed once for each starting seat E, S, W, N
  under the player's name (Δ, running total, a riichi mark …);
- **tail** columns after the four players (riichi deposit pool, Zung Jung
  judge's initials).

Widths are in millimetres and add up to at most :data:`GRID_WIDTH_MM`, the
width inside the A4 portrait page's margins (static/css/print.css), so nothing
is clipped at the page edge. Every row a judge writes in is at least
:data:`ROW_MM` high; the row counts fill one page with the header, the footer
lines, the penalty block and the signature boxes (checked by the tests).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.utils.translation import gettext_lazy as _

from scoring.families.mcr.session import MCR_ROUNDS, mcr_hand_situation, mcr_seat_of
from scoring.families.zung_jung.sheet import label as zung_jung_label

SEATS = ("E", "S", "W", "N")
GRID_WIDTH_MM = 194  # A4 portrait 210 mm less 8 mm margins either side (print.css)
ROW_MM = 8  # the height of a row a judge writes in with a pen
ZUNG_JUNG_HANDS = 16  # rules/zung-jung.md: a block of 4 cycles of 4 hands
# The height the hand rows and footer lines may take on the page: MCR's 16 rows
# and 5 footer lines, under the fullest header, with the penalty block and the
# signatures below (the geometry tests check that every layout fits).
GRID_HEIGHT_MM = 16 * ROW_MM + 5 * ROW_MM


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    width: float  # mm
    numeric: bool = False
    small: bool = False  # a narrow box for a mark or initials

    @property
    def css_width(self) -> str:
        return f"{self.width:g}mm"  # never localised: "16,5mm" is no CSS


@dataclass(frozen=True)
class FooterLine:
    key: str
    label: str


@dataclass(frozen=True)
class Layout:
    family: str
    lead: tuple[Column, ...]
    per_player: tuple[Column, ...]
    tail: tuple[Column, ...] = ()
    footer: tuple[FooterLine, ...] = ()
    rows: int = 16
    row_mm: float = ROW_MM  # the hand rows' height on a sheet for play (ZJ: room for initials)
    notes: tuple[str, ...] = field(default=())
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


def _delta(width=15.0):
    return Column("delta", _("Δ"), width, numeric=True)


def _total(width=16.5):
    return Column("total", _("Total"), width, numeric=True)


MCR = Layout(
    family="mcr",
    lead=(
        Column("number", _("#"), 6, numeric=True),
        Column("label", _("Hand"), 11),
        Column("winner", _("Winner"), 14),
        Column("discarder", _("Discarder or self"), 14),
        Column("fan", _("Fan (no flowers)"), 11, numeric=True),
        Column("flowers", _("Flowers"), 10, numeric=True),
    ),
    per_player=(_delta(), _total()),
    footer=(
        FooterLine("hand_total", _("Hand total")),
        FooterLine("penalty", _("Penalties")),
        FooterLine("score", _("Session score")),
        FooterLine("placement", _("Rank")),
        FooterLine("rank_points", _("Table points")),
    ),
    rows=16,
    notes=(
        _("Winner and discarder: write the starting wind (E, S, W, N); “self” for a self-draw."),
        _("Table points as fractions where they are shared (7/3, not 2.33)."),
    ),
)

RIICHI = Layout(
    family="riichi",
    lead=(
        Column("label", _("Hand"), 8),
        Column("honba", _("Honba"), 8, numeric=True),
        Column("result", _("Result"), 7),
        Column("winner", _("Winner"), 9),
        Column("discarder", _("From"), 7),
        Column("value", _("Han / fu"), 11),
        Column("pao", _("Pao"), 6),
    ),
    per_player=(
        Column("riichi", _("R"), 5, small=True),
        Column("delta", _("Δ"), 13, numeric=True),
        Column("total", _("Total"), 14, numeric=True),
    ),
    tail=(Column("pool", _("Pool"), 7, numeric=True),),
    footer=(
        FooterLine("final_points", _("Final points")),
        FooterLine("placement", _("Placement")),
        FooterLine("uma_oka", _("Uma / oka")),
        FooterLine("penalty", _("Penalties")),
        FooterLine("score", _("Session score")),
    ),
    rows=16,
    notes=(
        _("Result: R ron · T tsumo · D draw · A abortive draw · C chombo. R: riichi declared."),
        _("Pool: riichi sticks on the table after the hand. Leftover sticks at the end go to:"),
    ),
    prominent_referee=True,
)

ZUNG_JUNG = Layout(
    family="zung-jung",
    lead=(
        Column("label", _("Hand"), 8),
        Column("dealer", _("Dealer"), 8),
        Column("winner", _("Winner"), 9),
        Column("discarder", _("From"), 8),
        Column("responsible", _("Resp."), 9),
        Column("value", _("Value"), 9, numeric=True),
        Column("patterns", _("Pattern codes"), 20),
    ),
    per_player=(
        Column("delta", _("Δ"), 12, numeric=True),
        Column("penalty_tiles", _("Penalty tiles"), 8.5, small=True),
        Column("initials", _("Initials"), 8, small=True),
    ),
    tail=(Column("judge", _("Judge"), 8, small=True),),
    footer=(
        FooterLine("hand_total", _("Total")),
        FooterLine("penalty", _("Penalties")),
        FooterLine("score", _("Session score")),
    ),
    rows=ZUNG_JUNG_HANDS,
    row_mm=9,  # three footer lines leave room: more for the five initials
    notes=(
        _("Winner, from (the discarder, or “self”), resp. (the responsible player): E, S, W, N."),
        _("Every hand is initialled by the four players and the judge."),
        _("Penalty tiles: count, and L (live) or D (dead)."),
    ),
)

HKOS = Layout(
    family="hkos",
    lead=(
        Column("wind", _("Wind"), 8),
        Column("dealer", _("Dealer"), 8),
        Column("repeat", _("Repeat"), 8, numeric=True),
        Column("winner", _("Winner"), 10),
        Column("discarder", _("Discarder or self"), 12),
        Column("faan", _("Faan"), 9, numeric=True),
        Column("bonus", _("Bonus faan"), 9, numeric=True),
        Column("value", _("V"), 12, numeric=True),
    ),
    per_player=(_delta(14), _total(15)),
    footer=(
        FooterLine("hand_total", _("Total")),
        FooterLine("penalty", _("Penalties")),
        FooterLine("score", _("Session score")),
        FooterLine("placement", _("Rank")),
    ),
    rows=17,
    notes=(_("V: the value paid on a discard; a self-draw costs each other player V/2."),),
)

LAYOUTS = {layout.family: layout for layout in (MCR, RIICHI, ZUNG_JUNG, HKOS)}


def layout_for(family: str, *, hands: int | None = None) -> Layout:
    """The family's sheet; Zung Jung's rows follow the event's hands per session.

    Zung Jung rows are taller while the session's hands fit; a longer session
    gets rows of :data:`ROW_MM`, as many as the page holds (the rest go on a
    second sheet, as for a riichi or Hong Kong session that runs long).
    """
    layout = LAYOUTS[family]
    if family != "zung-jung" or not hands:
        return layout
    room = GRID_HEIGHT_MM - len(layout.footer) * ROW_MM
    if hands * layout.row_mm <= room:
        return replace(layout, rows=hands)
    return replace(layout, rows=min(hands, int(room // ROW_MM)), row_mm=ROW_MM)


def preprinted_labels(family: str, rows: int) -> list[dict]:
    """What is printed in each blank row before play: MCR and Zung Jung know their hands."""
    out = []
    for i in range(rows):
        if family == "mcr" and i < MCR_ROUNDS * 4:
            out.append({"number": i + 1, "label": mcr_hand_situation(i, "E").label})
        elif family == "zung-jung":
            out.append({"label": zung_jung_label(i), "dealer": SEATS[i % len(SEATS)]})
        else:
            out.append({})
    return out


def mcr_seats_by_round(seat: str) -> list[str]:
    """The winds a player who starts in ``seat`` sits in rounds E, S, W, N (rules/mcr.md §6)."""
    return [mcr_seat_of(seat, r) for r in range(MCR_ROUNDS)]
