"""Nagashi mangan: tenhou's only (rules/riichi.md §4, "Nagashi mangan": tenhou yes).

Seed 003 has no nagashi mangan (JPML: rules/riichi.md §4 "no"); tenhou.net plays it
⚠ as a draw with a mangan paid as by tsumo: non-dealer 2,000 / dealer 4,000 from
each, no honba, no noten payments; riichi sticks stay in the pool and honba
grow; the dealer keeps the deal only when tenpai.
"""

from __future__ import annotations

import pytest

from scoring.families import OptionError, family_named
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


# rules/riichi.md §4: JPML (seed 003), WRC and EMA have none. Issue #35: refused as an
# outcome the rules lack, naming the ruleset and the outcome (it was "not_allowed", whose
# sentence, "must be left empty for this result", does not say why).
@pytest.mark.parametrize("preset", ["jpml-a", "jpml-b", "wrc", "ema"])
def test_no_nagashi_elsewhere(preset):
    with pytest.raises(SheetError) as caught:
        replay_sheet(preset, {}, [{"outcome": "nagashi", "winner": "S"}])
    assert (caught.value.code, caught.value.field) == ("outcome_not_in_rules", "hands[0].outcome")
    assert caught.value.params == {"value": "nagashi", "ruleset": preset, "outcome": "nagashi"}
    assert "has no nagashi mangan" in caught.value.message


# Issue #35: an option of its own (setup.FLOW_OPTIONS), on for tenhou and off elsewhere
def test_nagashi_is_an_option_an_event_may_turn_on_or_off():
    family = family_named("riichi")
    assert "nagashi_mangan" in family.options("jpml-b")
    assert family.resolve("jpml-b", {"nagashi_mangan": True}).nagashi_mangan
    assert not family.resolve("tenhou", {"nagashi_mangan": False}).nagashi_mangan
    on = family.entry(family.resolve("jpml-b", {"nagashi_mangan": True}))
    assert "nagashi" in on.outcomes and {"nagashi"} <= on.wins & on.fixed_value & on.draws
    off = family.entry(family.resolve("tenhou", {"nagashi_mangan": False}))
    assert "nagashi" not in off.outcomes
    frozen = family.resolve("jpml-b", {"nagashi_mangan": True}).freeze()
    assert family.thaw(frozen).nagashi_mangan  # kept in the event's frozen rules


def test_the_option_takes_true_or_false_only():
    with pytest.raises(OptionError) as caught:
        family_named("riichi").resolve("jpml-b", {"nagashi_mangan": "yes"})
    assert (caught.value.option, caught.value.code) == ("nagashi_mangan", "bad_value")


# Turned on under JPML-B, paid as tenhou pays it (draws.settle_nagashi), checked by hand:
# mangan b = 2,000 (rules/riichi.md §1); a non-dealer paid as by tsumo (§2): the dealer
# 2b = 4,000, each non-dealer b = 2,000, 8,000 in all; no honba, no noten payments.
def test_jpml_b_with_the_option_scores_nagashi():
    rows = [{"outcome": "draw", "tenpai": ["E"]}, {"outcome": "nagashi", "winner": "W"}]
    sheet = replay_sheet("jpml-b", {"nagashi_mangan": True}, rows)
    assert sheet.rows[1].deltas == seats(-4000, -2000, 8000, -2000)  # E1-1: E deals
    assert sheet.next_label == "E2-2"  # E noten: the deal passes, honba + 1 (a draw)


def test_tenhou_with_the_option_off_refuses_nagashi():
    with pytest.raises(SheetError) as caught:
        replay_sheet("tenhou", {"nagashi_mangan": False}, [{"outcome": "nagashi", "winner": "S"}])
    assert caught.value.code == "outcome_not_in_rules"
    assert caught.value.params["ruleset"] == "tenhou"


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
