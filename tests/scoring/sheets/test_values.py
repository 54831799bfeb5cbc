"""Hand values on replayed rows are codes and numbers, one entry per winner.

Each family's replay stores ``[{"seat", "parts": [[unit, amount], …]}, …]``;
the English text (``RowResult.value_text``) is made from those parts, never
stored, and never read back.
"""

from __future__ import annotations

import json

from scoring.core.seats import SEATS
from scoring.sheets import replay_sheet
from scoring.sheets.values import WinValue, amounts, english, winner_value


def v(outcome, **fields):
    return {"outcome": outcome, "level": "value", **fields}


def stored(sheet, index):
    """The row as the database keeps it: JSON, with no English in it."""
    row = json.loads(json.dumps(sheet.to_dict()))["rows"][index]
    assert "value_text" not in row
    return row["value"]


def test_english_of_every_unit():
    assert english((winner_value("E", ("han", 3), ("fu", 40)),)) == "3 han 40 fu"
    mangan = winner_value("E", ("han", 4), ("fu", 40), ("limit", "mangan"))
    assert english((mangan,)) == "4 han 40 fu mangan"
    assert english((winner_value("E", ("limit", "double_yakuman")),)) == "double yakuman"
    assert english((winner_value("E", ("fan", 8), ("flowers", 1)),)) == "8 fan + 1 flower"
    assert english((winner_value("E", ("fan", 8), ("flowers", 2)),)) == "8 fan + 2 flowers"
    assert english((winner_value("E", ("points", 1)),)) == "1 point"
    assert english((winner_value("E", ("faan", 14), ("paid_as", 13)),)) == "14 faan (paid as 13)"
    two = (winner_value("N", ("faan", 4)), winner_value("S", ("faan", 3)))
    assert english(two) == "N: 4 faan; S: 3 faan"
    assert english(()) == ""


def test_a_left_out_part_is_dropped():
    assert winner_value("E", ("fan", 8), None) == WinValue("E", (("fan", 8),))


def test_amounts_read_the_stored_form():
    value = [
        {"seat": "E", "parts": [["faan", 3]]},
        {"seat": "N", "parts": [["faan", 14], ["paid_as", 13]]},
    ]
    assert amounts(value, "faan") == [3, 14]
    assert amounts(value, "paid_as") == [13]
    assert amounts([], "faan") == []


def test_riichi_rows_store_han_fu_and_limits():
    rows = [
        v("ron", winner="S", discarder="W", han=2, fu=30),
        v("ron", winner="S", discarder="W", han=4, fu=30),  # kiriage: mangan (JPML B)
        v("tsumo", winner="W", han=6, fu=30),
        v("tsumo", winner="N", yakuman=2),
    ]
    sheet = replay_sheet("jpml-b", {"kiriage": True, "double_yakuman": True}, rows)
    assert stored(sheet, 0) == [{"seat": "S", "parts": [["han", 2], ["fu", 30]]}]
    assert stored(sheet, 1) == [
        {"seat": "S", "parts": [["han", 4], ["fu", 30], ["limit", "mangan"]]}
    ]
    assert stored(sheet, 2) == [{"seat": "W", "parts": [["limit", "haneman"]]}]
    assert stored(sheet, 3) == [{"seat": "N", "parts": [["limit", "double_yakuman"]]}]
    assert sheet.rows[3].value_text == "double yakuman"


def test_a_draw_has_no_value():
    sheet = replay_sheet("mcr", {}, [v("draw")])
    assert sheet.rows[0].value == () and stored(sheet, 0) == []
    assert sheet.rows[0].value_text == ""


def test_chinese_rows_store_fan_flowers_points_and_faan():
    mcr = replay_sheet("mcr", {}, [v("self_draw", winner="W", fan=10, flowers=1)])
    assert stored(mcr, 0) == [{"seat": "W", "parts": [["fan", 10], ["flowers", 1]]}]
    assert mcr.rows[0].value_text == "10 fan + 1 flower"
    zung_jung = replay_sheet("zung-jung", {}, [v("discard", winner="S", discarder="E", points=70)])
    assert stored(zung_jung, 0) == [{"seat": "S", "parts": [["points", 70]]}]
    two = {"outcome": "discard", "discarder": "W", "wins": [
        {"level": "value", "winner": "E", "faan": 3},
        {"level": "value", "winner": "N", "faan": 14},
    ]}  # fmt: skip
    hkos = replay_sheet("hkos", {"multiple_winners": True}, [two])
    assert stored(hkos, 0) == [
        {"seat": "E", "parts": [["faan", 3]]},
        {"seat": "N", "parts": [["faan", 14], ["paid_as", 13]]},
    ]
    assert hkos.rows[0].value_text == "E: 3 faan; N: 14 faan (paid as 13)"
    assert set(hkos.rows[0].deltas) == set(SEATS)
