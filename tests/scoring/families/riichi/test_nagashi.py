"""Nagashi mangan: tenhou's only (rules/riichi.md §4, "Nagashi mangan": tenhou yes).

Seed 003 has no nagashi mangan (JPML: rules/riichi.md §4 "no"); tenhou.net plays it
⚠ as a draw with a mangan paid as by tsumo: non-dealer 2,000 / dealer 4,000 from
each, no honba, no noten payments; riichi sticks stay in the pool and honba
grow; the dealer keeps the deal only when tenpai.
"""

from __future__ import annotations

import pytest

from scoring.families import family_named
from scoring.sheets import SheetError, replay_sheet


def seats(e, s, w, n):
    return {"E": e, "S": s, "W": w, "N": n}


# rules/riichi.md §4 (tenhou column): nagashi mangan, a non-dealer's
def test_non_dealer_nagashi_is_a_mangan_paid_as_by_tsumo():
    row = {"outcome": "nagashi", "winner": "S", "tenpai": ["E"], "riichi": ["E"]}
    sheet = replay_sheet("tenhou", {}, [row])
    played = sheet.rows[0]
    # E pays 4,000 and a riichi stick (which stays on the table); W and N 2,000 each.
    assert played.deltas == seats(-5000, 8000, -2000, -2000)
    assert played.pool_after == 1
    assert sheet.next_label == "E1-1"  # a draw: the tenpai dealer repeats, honba + 1


# rules/riichi.md §4 (tenhou column): the dealer's nagashi, no honba paid
def test_dealer_nagashi_is_4000_all_and_the_deal_passes_when_noten():
    rows = [{"outcome": "draw", "tenpai": ["E"]}, {"outcome": "nagashi", "winner": "E"}]
    sheet = replay_sheet("tenhou", {}, rows)
    assert sheet.rows[1].deltas == seats(12000, -4000, -4000, -4000)  # not + honba 300
    assert sheet.next_label == "E2-2"


# rules/riichi.md §4: JPML (seed 003), WRC and EMA have none
@pytest.mark.parametrize("preset", ["jpml-a", "jpml-b", "wrc", "ema"])
def test_no_nagashi_elsewhere(preset):
    with pytest.raises(SheetError) as caught:
        replay_sheet(preset, {}, [{"outcome": "nagashi", "winner": "S"}])
    assert (caught.value.code, caught.value.field) == ("not_allowed", "hands[0].outcome")


# rules/riichi.md §4, §7: a noten riichi at the draw is a chombo, nagashi or not
def test_noten_riichi_at_nagashi_is_refused():
    row = {"outcome": "nagashi", "winner": "S", "riichi": ["W"]}
    with pytest.raises(SheetError) as caught:
        replay_sheet("tenhou", {}, [row])
    assert "not tenpai" in caught.value.message


# the judge's form offers it where the rules include it (EntryData)
def test_entry_data_offers_nagashi_only_under_tenhou():
    family = family_named("riichi")
    tenhou = family.entry(family.resolve("tenhou", {}))
    assert "nagashi" in tenhou.outcomes
    assert {"nagashi"} <= tenhou.wins & tenhou.fixed_value & tenhou.draws
    jpml = family.entry(family.resolve("jpml-b", {}))
    assert "nagashi" not in jpml.outcomes and not jpml.fixed_value
