"""The blank part of a scoresheet's hand grid drawn as one SVG picture.

On a sheet for play, the hand rows and footer lines below the grid's header
are the same on every table's page: empty boxes, the labels the ruleset
knows in advance (MCR's E-E … N-N, Zung Jung's 1-1 … 4-4 and dealers) and
the footer lines' names. Drawn as table cells they are some 350 boxes a page
for WeasyPrint to style, lay out and paint; drawn as one picture, which
WeasyPrint reads once per document (its image cache is keyed by URL) and
paints on each page, a 64-table round renders several times faster.

The picture uses the layout's own column widths (millimetres, the SVG's user
unit), so its lines continue the columns of the HTML header above it; its
rows are ``layout.row_mm`` high, footer lines :data:`ROW_MM`.
"""

from __future__ import annotations

import base64
from itertools import accumulate
from xml.sax.saxutils import escape, quoteattr

from scoring.core.seats import SEATS
from tournament.printing.layouts import ROW_MM, Layout

THIN, THICK = 0.2, 0.6  # line widths in mm, as print.css draws the sheet header
PAD = THICK / 2  # room around the picture for the outer lines' halves
FONT = '"Noto Sans CJK JP", "Noto Sans CJK SC", "DejaVu Sans", sans-serif'
LABEL_SIZE = 2.65  # mm: 7.5 pt
FOOTER_SIZE = 2.8  # mm: 8 pt
INSET = 0.8  # mm between a cell's edge and its text


def column_edges(layout: Layout) -> list[float]:
    """x of every column boundary, from 0 to the grid's width."""
    return [0.0, *accumulate(c.width for c in layout.columns)]


def group_edges(layout: Layout) -> list[float]:
    """x of the boundaries between lead, each player's columns and tail."""
    lead = sum(c.width for c in layout.lead)
    group = sum(c.width for c in layout.per_player)
    edges = [0.0, lead, *(lead + group * (i + 1) for i in range(len(SEATS)))]
    if layout.tail:
        edges.append(layout.width)
    return edges


def height_of(layout: Layout) -> float:
    return layout.height


def grid_svg(layout: Layout, labels: list[dict], footer: list[str]) -> str:
    """The SVG of ``layout``'s empty hand rows (with ``labels`` printed) and footer lines."""
    width, hands = layout.width, layout.rows * layout.row_mm
    height = height_of(layout)
    edges, groups = column_edges(layout), group_edges(layout)
    lead = groups[1]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2 * PAD:g}mm" '
        f'height="{height + 2 * PAD:g}mm" viewBox="{-PAD:g} {-PAD:g} '
        f'{width + 2 * PAD:g} {height + 2 * PAD:g}" font-family={quoteattr(FONT)}>',
        # Footer: the names' block and the tail's unused block are shaded.
        f'<rect x="0" y="{hands:g}" width="{lead:g}" height="{height - hands:g}" fill="#eee"/>',
    ]
    if layout.tail:
        parts.append(
            f'<rect x="{groups[-2]:g}" y="{hands:g}" width="{width - groups[-2]:g}" '
            f'height="{height - hands:g}" fill="#ddd"/>'
        )
    lines = []
    for i in range(layout.rows + 1):
        lines.append((0, i * layout.row_mm, width, i * layout.row_mm, THIN))
    for i in range(1, len(layout.footer) + 1):
        y = hands + i * ROW_MM
        lines.append((0, y, width, y, THIN))
    lines.append((0, hands, width, hands, THICK))
    for x in edges:
        if x not in groups:
            lines.append((x, 0, x, hands, THIN))
    for x in groups:
        lines.append((x, 0, x, height, THICK if 0 < x < width else THIN))
    parts += [
        f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#000" '
        f'stroke-width="{w:g}"/>'
        for x1, y1, x2, y2, w in lines
    ]
    parts += _labels(layout, labels, edges)
    for i, name in enumerate(footer):
        y = hands + (i + 0.65) * ROW_MM
        parts.append(
            f'<text x="{lead - INSET:g}" y="{y:g}" font-size="{FOOTER_SIZE:g}" '
            f'font-weight="bold" text-anchor="end">{escape(str(name))}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _labels(layout: Layout, labels: list[dict], edges: list[float]) -> list[str]:
    out = []
    columns = layout.lead
    for row, values in enumerate(labels):
        y = (row + 0.62) * layout.row_mm
        for i, column in enumerate(columns):
            text = values.get(column.code)
            if text in (None, ""):
                continue
            if column.numeric:
                x, anchor = edges[i + 1] - INSET, "end"
            else:
                x, anchor = edges[i] + INSET, "start"
            out.append(
                f'<text x="{x:g}" y="{y:g}" font-size="{LABEL_SIZE:g}" fill="#555" '
                f'text-anchor="{anchor}">{escape(str(text))}</text>'
            )
    return out


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")
