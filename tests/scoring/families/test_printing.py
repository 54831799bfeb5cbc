"""Every family declares its printed sheet and the cells of a replayed row, as data.

The layout is codes and millimetres; a row's cells are codes and numbers
(:class:`scoring.families.protocol.Cell`) the Django side puts in words.
Nothing here is English, and nothing reads the English value text back.
"""

from __future__ import annotations

import json

import pytest

from scoring.core.seats import SEATS
from scoring.families import all_families, family_for, family_named, ruleset_names
from scoring.families.protocol import Cell, PrintedRow, PrintLayout
from scoring.sheets import replay_sheet

KINDS = {"text", "number", "points", "signed", "wind", "word", "outcome", "value", "legacy"}


def v(outcome, **fields):
    return {"outcome": outcome, "level": "value", **fields}


def printed(ruleset, overrides, entries, index=0):
    family = family_for(ruleset)
    rules = family.resolve(ruleset, overrides)
    result = json.loads(json.dumps(replay_sheet(ruleset, overrides, entries).to_dict()))
    return family.printed_row(rules, result["rows"][index], entries[index])


def values(row: PrintedRow) -> dict:
    return {code: (cell.kind, cell.value) for code, cell in row.cells.items()}


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_every_layout_is_codes_and_millimetres(ruleset):
    family = family_for(ruleset)
    rules = family.resolve(ruleset, {})
    layout = family.layout(rules)
    assert isinstance(layout, PrintLayout)
    codes = [c.code for c in layout.columns]
    assert all(isinstance(code, str) and code for code in codes)
    assert all(c.width > 0 for c in layout.columns)
    assert len(set(c.code for c in layout.lead + layout.tail)) == len(layout.lead + layout.tail)
    assert layout.rows >= 1 and layout.row_mm > 0
    labels = family.row_labels(rules, layout.rows)
    assert len(labels) == layout.rows
    for row in labels:
        assert set(row) <= set(codes)
        assert all(isinstance(cell, Cell) and cell.kind in KINDS for cell in row.values())


@pytest.mark.parametrize("family", all_families(), ids=lambda f: f.name)
def test_every_cell_is_data_of_a_known_kind(family):
    ruleset = family.rulesets[0]
    rules = family.resolve(ruleset, {})
    outcomes = family.entry(rules).outcomes
    entry = {"outcome": "draw"} if "draw" in outcomes else {"outcome": outcomes[-1]}
    result = json.loads(json.dumps(replay_sheet(ruleset, {}, [entry]).to_dict()))
    row = family.printed_row(rules, result["rows"][0], entry)
    assert isinstance(row, PrintedRow)
    assert all(isinstance(c, Cell) and c.kind in KINDS for c in row.cells.values())
    assert set(row.per_seat) == set(SEATS)
    for cells in row.per_seat.values():
        assert all(isinstance(c, Cell) and c.kind in KINDS for c in cells.values())


def test_mcr_prints_fan_and_flowers_apart_with_labels_in_advance():
    mcr = family_named("mcr")
    rules = mcr.resolve("mcr", {})
    labels = mcr.row_labels(rules, 16)
    assert values(PrintedRow(labels[0])) == {"number": ("number", 1), "label": ("text", "E-E")}
    assert labels[15]["label"].value == "N-N"

    row = printed("mcr", {}, [v("discard", winner="E", discarder="S", fan=9, flowers=3)])
    cells = values(row)
    assert cells["fan"] == ("number", 9) and cells["flowers"] == ("number", 3)
    assert cells["winner"] == ("text", "E") and cells["discarder"] == ("text", "S")
    # 9 fan + 3 flowers off S: S pays 12 + 8, the others 8 each (mcr.md §5).
    assert row.per_seat["S"]["delta"] == Cell("signed", -20)
    assert row.per_seat["E"]["total"] == Cell("points", 36)
    self_drawn = values(printed("mcr", {}, [v("self_draw", winner="W", fan=8)]))
    assert self_drawn["flowers"] == ("number", 0) and self_drawn["discarder"] == ("word", "self")


def test_riichi_prints_result_letters_marks_and_the_pool():
    entry = v("ron", winner="S", discarder="W", han=2, fu=30, riichi=["E"])
    row = printed("jpml-b", {}, [entry])
    cells = values(row)
    assert cells["result"] == ("text", "R") and cells["from"] == ("text", "W")
    assert cells["han_fu"] == ("value", [{"seat": "S", "parts": [["han", 2], ["fu", 30]]}])
    assert cells["pool"] == ("number", 0) and cells["honba"] == ("number", 0)
    assert row.per_seat["E"]["riichi"] == Cell("text", "●")
    assert "riichi" not in row.per_seat["S"]


def test_zung_jung_prints_dealers_in_advance_and_pattern_numbers():
    zung_jung = family_named("zung-jung")
    rules = zung_jung.resolve("zung-jung", {"hands_per_session": 8})
    assert zung_jung.layout(rules).rows == 8
    labels = zung_jung.row_labels(rules, 8)
    assert [(r["label"].value, r["dealer"].value) for r in labels[3:5]] == [
        ("1-4", "N"),
        ("2-1", "E"),
    ]
    cells = values(printed("zung-jung", {}, [v("discard", winner="S", discarder="E", points=70)]))
    assert cells["points"] == ("number", 70) and cells["responsible"] == ("text", "E")
    assert cells["dealer"] == ("wind", "E")


def test_hkos_prints_each_winners_faan_and_what_was_paid():
    two = {"outcome": "discard", "discarder": "W", "wins": [
        {"level": "value", "winner": "E", "faan": 3},
        {"level": "value", "winner": "N", "faan": 4},
    ]}  # fmt: skip
    cells = values(printed("hkos", {"multiple_winners": True}, [two]))
    assert cells["faan"] == ("text", "3/4")  # E's, then N's
    assert cells["paid"] == ("points", 96)  # 32 + 64 from the discarder (hkos.md §4-§5)
    assert cells["wind"] == ("wind", "E") and cells["repeat"] == ("text", "0")


def test_an_old_row_prints_its_old_text_unparsed():
    mcr = family_named("mcr")
    rules = mcr.resolve("mcr", {})
    old = {
        "index": 0,
        "label": "E-E",
        "outcome": "discard",
        "winners": ["E"],
        "discarder": "S",
        "value_text": "9 fan + 3 flowers",
        "deltas": {"E": 36, "S": -20, "W": -8, "N": -8},
        "totals": {"E": 36, "S": -20, "W": -8, "N": -8},
    }
    row = mcr.printed_row(rules, old, {})
    assert row.cells["value"] == Cell("legacy", "9 fan + 3 flowers")
    assert "fan" not in row.cells and "flowers" not in row.cells  # never read back from English
