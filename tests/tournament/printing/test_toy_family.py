"""A family the printing code has never heard of prints its sheets from what it declares.

The toy family of tests/toy_family.py is registered here only, with a layout
of a few columns, one of them a code with no words of its own. Its
blank and filled scoresheets come out of the same code as the real families',
with the generic header (it has no template folder of its own).
"""

from __future__ import annotations

import pytest

from scoring.families import register_family, unregister_family
from scoring.families.protocol import Column, PrintLayout
from tests.tournament.printing.conftest import page_texts, save_pages
from tests.toy_family import ToyFamily
from tournament.printing import documents
from tournament.printing.sheets import event_layout

TOY_LAYOUT = PrintLayout(
    lead=(Column("label", 14), Column("winner", 14), Column("value", 24), Column("toy_mark", 12)),
    per_player=(Column("delta", 16, numeric=True), Column("total", 16, numeric=True)),
    footer=("total", "score", "rank"),
    notes=("seats_and_self",),
    rows=10,
)


class PrintingToy(ToyFamily):
    """The toy family (tests/toy_family.py) with a layout of its own."""

    def layout(self, rules):
        return TOY_LAYOUT


@pytest.fixture
def toy():
    family = register_family(PrintingToy())
    yield family
    unregister_family(family.name)


def test_a_toy_family_prints_a_blank_scoresheet(toy, seated_round):
    round_ = seated_round("toy", tables=2)
    layout = event_layout(round_.event)
    assert [c.code for c in layout.lead] == ["label", "winner", "value", "toy_mark"]
    assert [str(c.label) for c in layout.lead] == ["Hand", "Winner", "Value", "toy_mark"]
    assert layout.rows == 10 and layout.family == "toy"

    pdf = documents.blank_scoresheets(round_)
    save_pages(pdf, "blank-toy", pages=1)
    texts = page_texts(pdf)
    assert len(texts) == 2  # one page per table
    first = texts[0]
    assert "Round 1 · Table 1" in first.replace("\n", " ")
    for heading in ("Hand", "Winner", "Value", "toy_mark", "Total", "Session score", "Rank"):
        assert heading in first
    assert "Seat in round" not in first  # the generic header: no seats by round
    assert "Winner and discarder: write the starting wind" in first  # a note by code


def test_a_toy_family_prints_a_filled_scoresheet(toy, seated_round, play_round):
    round_ = seated_round("toy", tables=1)
    play_round(round_, [{"outcome": "self_draw", "winner": "S", "points": 5}, {"outcome": "draw"}])
    pdf = documents.filled_sheets(round_)
    save_pages(pdf, "filled-toy", pages=1)
    text = page_texts(pdf)[0]
    assert "5 points" in text  # the value, from its parts
    assert "+15" in text and "\u22125" in text  # S +15, the others −5
    assert "1 S 5 points" in text.replace("\n", " ")  # row 1: label, winner, value
