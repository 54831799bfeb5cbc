"""A judge fills the sheet in with a pen: rows at least 8 mm high, nothing past the margins.

Measured on WeasyPrint's own layout (the boxes it draws), not on the CSS
alone: a rule that does not apply, a column wider than the page or a sheet
that runs onto a second page shows here. The blank rows are one picture
(``grid_svg``): its lines are read from the SVG and its box from the layout.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from scoring.families import all_families, family_named
from tournament.printing import grid_svg
from tournament.printing.documents import Progress, _sheet_context, _sheets
from tournament.printing.layouts import GRID_HEIGHT_MM, GRID_WIDTH_MM, ROW_MM, layout_for
from tournament.printing.render import render_document
from tournament.printing.sheets import event_layout, preprinted_labels

MM = 96 / 25.4  # CSS pixels per millimetre
TOLERANCE = 0.5  # mm: the blank grid's picture overlaps the header's lines by its padding


def v(outcome, **fields):
    return {"outcome": outcome, "level": "value", **fields}


def descendants(box):
    yield box
    for child in getattr(box, "children", None) or []:
        yield from descendants(child)


def content_boxes(page):
    """Every box on the page except the margin boxes (running head, page number)."""
    for child in page._page_box.children:
        if type(child).__name__ != "MarginBox":
            yield from descendants(child)


def classes(box) -> set[str]:
    element = getattr(box, "element", None)
    return set((element.get("class") or "").split()) if element is not None else set()


def render(round_, *, filled=False):
    sheets = _sheets(round_, Progress(None, 1, 1), filled=filled, lang="en")
    context = {**_sheet_context(round_, sheets), "filled": filled}
    return render_document("printing/scoresheets.html", context)


def assert_inside_the_margins(document):
    for number, page in enumerate(document.pages, start=1):
        frame = page._page_box
        left, top = frame.content_box_x(), frame.content_box_y()
        right, bottom = left + frame.width, top + frame.height
        slack = TOLERANCE * MM
        for box in content_boxes(page):
            if not hasattr(box, "border_width") or box.width is None:
                continue
            x, y = box.position_x + box.margin_left, box.position_y + box.margin_top
            w, h = box.border_width(), box.border_height()
            where = f"page {number}: <{getattr(box, 'element_tag', '?')}> {classes(box)}"
            assert x >= left - slack and x + w <= right + slack, where
            assert y >= top - slack and y + h <= bottom + slack, where


def svg_rows(event, layout) -> list[float]:
    """The heights (mm) between the picture's horizontal lines, top to bottom."""
    labels = preprinted_labels(event, layout)
    svg = ET.fromstring(grid_svg.grid_svg(layout, labels, ["x"] * len(layout.footer)))
    ys = sorted(
        {
            float(line.get("y1"))
            for line in svg.iter("{http://www.w3.org/2000/svg}line")
            if line.get("y1") == line.get("y2")
        }
    )
    return [round(b - a, 3) for a, b in zip(ys, ys[1:], strict=False)]


@pytest.mark.parametrize("ruleset", ["mcr", "wrc", "zung-jung", "hkos"])
def test_blank_sheet_is_one_page_with_tall_rows_and_nothing_clipped(seated_round, ruleset):
    round_ = seated_round(ruleset, tables=2)
    layout = event_layout(round_.event)
    document = render(round_)
    assert len(document.pages) == 2
    assert_inside_the_margins(document)

    rows = svg_rows(round_.event, layout)
    assert len(rows) == layout.rows + len(layout.footer)
    assert min(rows) >= ROW_MM
    assert rows[: layout.rows] == [layout.row_mm] * layout.rows

    # The picture is laid out at its own size, under the header's columns.
    page = document.pages[0]
    (picture,) = [b for b in content_boxes(page) if "grid-body" in classes(b)]
    (table,) = [
        b for b in content_boxes(page) if "grid" in classes(b) and type(b).__name__ == "TableBox"
    ]
    assert picture.height / MM == pytest.approx(grid_svg.height_of(layout) + 2 * grid_svg.PAD)
    (header,) = [b for b in content_boxes(page) if b.element_tag == "tr" and "cols" in classes(b)]
    assert len(header.children) == len(layout.columns)
    origin = table.position_x + table.margin_left + table.border_left_width
    for cell, edge in zip(header.children, grid_svg.column_edges(layout), strict=False):
        assert (cell.position_x - origin) / MM == pytest.approx(edge, abs=0.35)


def test_filled_sheet_rows_are_as_tall_as_the_blank_ones(seated_round, play_round):
    round_ = seated_round("mcr", tables=1)
    hands = [v("discard", winner="E", discarder="S", fan=8)] * 8 + [v("draw")] * 8
    play_round(round_, hands)
    document = render(round_, filled=True)
    assert len(document.pages) == 1
    assert_inside_the_margins(document)
    (hands,) = [b for b in content_boxes(document.pages[0]) if "hands" in classes(b)]
    assert len(hands.children) == 16
    assert min(row.height for row in hands.children) / MM >= ROW_MM


def test_every_layout_fits_the_page():
    family = family_named("zung-jung")
    zung_jung = [
        layout_for(family, family.resolve("zung-jung", {"hands_per_session": n}))
        for n in (4, 16, 17, 18, 24)
    ]
    assert [z.rows for z in zung_jung] == [4, 16, 17, 18, 18]
    assert [z.row_mm for z in zung_jung] == [9, 9, 8, 8, 8]
    every = [layout_for(f, f.resolve(r, {})) for f in all_families() for r in f.rulesets]
    for layout in [*every, *zung_jung]:
        assert layout.width <= GRID_WIDTH_MM, layout.family
        assert layout.height <= GRID_HEIGHT_MM, layout.family
        assert layout.row_mm >= ROW_MM


def test_a_long_zung_jung_session_still_prints_on_one_page(seated_round):
    round_ = seated_round("zung-jung", tables=1, hands_per_session=18)
    assert event_layout(round_.event).rows == 18
    document = render(round_)
    assert len(document.pages) == 1
    assert_inside_the_margins(document)
