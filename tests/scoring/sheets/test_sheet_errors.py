"""Bad input: each refusal is one SheetError with its code, its field and a sentence.

replay_sheet is pure, so "nothing saved" means only that it raises and
returns nothing; the caller keeps the sheet it had.
"""

from __future__ import annotations

import pytest

from scoring.sheets import SheetError, replay_sheet
from tests.sample_hands import RIICHI_PINFU_TANYAO

RON = {"outcome": "ron", "winner": "S", "discarder": "E", "han": 3, "fu": 30}


def refused(*args, **kwargs) -> SheetError:
    with pytest.raises(SheetError) as caught:
        replay_sheet(*args, **kwargs)
    error = caught.value
    assert error.message == str(error) and error.message.startswith(error.field)
    return error


def test_tiles_hand_with_13_tiles():
    hand = {**RIICHI_PINFU_TANYAO, "concealed": "234567m456p238s"}  # one 8s short
    row = {"outcome": "ron", "level": "tiles", "winner": "S", "discarder": "E", "hand": hand,
           "riichi": ["S"]}  # fmt: skip
    error = refused("jpml-b", {}, [RON, row])
    assert (error.code, error.field) == ("wrong_tile_count", "hands[1].hand")
    assert error.params["detail"] in error.message  # the engine's own message


def test_mcr_value_below_eight_fan():
    row = {"outcome": "discard", "winner": "S", "discarder": "E", "fan": 7, "flowers": 3}
    error = refused("mcr", {}, [row])
    assert (error.code, error.field) == ("below_minimum", "hands[0].fan")
    assert error.params == {"value": 7, "minimum": 8}


@pytest.mark.parametrize(
    ("ruleset", "row"),
    [
        ("jpml-b", {**RON, "discarder": "S"}),
        ("mcr", {"outcome": "discard", "winner": "W", "discarder": "W", "fan": 8}),
        ("zung-jung", {"outcome": "discard", "winner": "N", "discarder": "N", "points": 10}),
        ("hkos", {"outcome": "discard", "winner": "E", "discarder": "E", "faan": 3}),
    ],
)
def test_discarder_who_is_the_winner(ruleset, row):
    error = refused(ruleset, {}, [row])
    assert (error.code, error.field) == ("winner_is_discarder", "hands[0].discarder")


def test_riichi_one_han_twenty_fu_ron():
    error = refused("jpml-b", {}, [{**RON, "han": 1, "fu": 20}])
    assert (error.code, error.params) == ("impossible_value", {"han": 1, "fu": 20})
    assert error.field == "hands[0].fu"


def test_final_scores_that_do_not_sum():
    final = {"E": 40_000, "S": 30_000, "W": 30_000, "N": 19_000}
    error = refused("jpml-b", {}, [], final_scores=final, leftover_sticks=2)
    assert (error.code, error.field) == ("scores_do_not_sum", "final_scores")
    assert error.params == {"expected": 118_000, "actual": 119_000}
    error = refused("mcr", {}, [], final_scores={"E": 10, "S": 0, "W": 0, "N": 0})
    assert error.params == {"expected": 0, "actual": 10}


def test_a_hand_after_the_session_ended():
    rows = [{"outcome": "draw"}] * 16
    error = refused("zung-jung", {}, [*rows, {"outcome": "draw"}])
    assert (error.code, error.field) == ("session_over", "hands[16]")


def test_bad_seat():
    error = refused("jpml-b", {}, [{**RON, "winner": "X"}])
    assert (error.code, error.field, error.params) == (
        "bad_seat",
        "hands[0].winner",
        {"value": "X"},
    )
    error = refused("jpml-b", {}, [{"outcome": "draw", "tenpai": ["E", "Q"]}])
    assert (error.code, error.field) == ("bad_seat", "hands[0].tenpai[1]")


@pytest.mark.parametrize(
    ("ruleset", "row", "code", "field"),
    [
        ("jpml-b", {"outcome": "tsumo", "winner": "S", "discarder": "E", "han": 2, "fu": 30},
         "not_allowed", "hands[0].discarder"),
        ("jpml-b", {"outcome": "draw", "tenpai": ["E"], "riichi": ["S"]}, "noten_riichi",
         "hands[0].tenpai"),
        ("jpml-b", {"outcome": "draw", "riichi": ["S", "S"], "tenpai": ["S"]}, "duplicate",
         "hands[0].riichi"),
        ("jpml-b", {"outcome": "abortive"}, "not_allowed", "hands[0].outcome"),
        ("jpml-b", {"outcome": "chombo", "player": "E", "riichi": ["S"]}, "not_allowed",
         "hands[0].riichi"),
        ("jpml-b", {"outcome": "chombo"}, "bad_input", "hands[0].player"),
        ("jpml-b", {**RON, "fu": None}, "bad_input", "hands[0].fu"),
        ("jpml-b", {**RON, "han": "3"}, "bad_input", "hands[0].han"),
        ("jpml-b", {**RON, "liable": "W"}, "not_allowed", "hands[0].liable"),
        ("jpml-b", {**RON, "yakuman": 1, "liable": "S"}, "liable_is_winner", "hands[0].liable"),
        ("wrc", {**RON, "yakuman": 2}, "above_maximum", "hands[0].yakuman"),
        # rules/riichi.md §4: nagashi mangan is tenhou's only (issue #35: refused as an
        # outcome the rules lack, no longer as "must be left empty").
        ("jpml-b", {**RON, "outcome": "nagashi"}, "outcome_not_in_rules", "hands[0].outcome"),
        ("tenhou", {**RON, "outcome": "nagashi"}, "not_allowed", "hands[0].han"),
        ("jpml-b", {**RON, "outcome": "bogus"}, "bad_choice", "hands[0].outcome"),
        ("jpml-b", {**RON, "level": "tiles"}, "not_allowed", "hands[0].han"),
        ("jpml-b", {"outcome": "ron", "level": "tiles", "winner": "S", "discarder": "E",
                    "hand": RIICHI_PINFU_TANYAO}, "inconsistent", "hands[0].hand"),
        ("jpml-b", "ron", "bad_input", "hands[0]"),
        ("mcr", {"outcome": "self_draw", "winner": "S", "fan": 8, "flowers": 9},
         "above_maximum", "hands[0].flowers"),
        ("mcr", {"outcome": "draw", "fan": 8}, "not_allowed", "hands[0].fan"),
        ("hkos", {"outcome": "self_draw", "winner": "S", "faan": 2}, "below_minimum",
         "hands[0].faan"),
        ("hkos", {"outcome": "discard", "discarder": "S", "wins": [{"winner": "E", "faan": 3}]},
         "not_allowed", "hands[0].wins"),
        ("zung-jung", {"outcome": "self_draw", "winner": "S", "points": 10, "all_immune": True},
         "not_allowed", "hands[0].all_immune"),
    ],
)  # fmt: skip
def test_row_refusals(ruleset, row, code, field):
    error = refused(ruleset, {}, [row])
    assert (error.code, error.field) == (code, field)


@pytest.mark.parametrize(
    ("penalty", "code", "field"),
    [
        ({"category": "conduct", "points": -10}, "bad_input", "penalties[0].player"),
        ({"player": "E", "category": "rudeness", "points": -10}, "bad_choice",
         "penalties[0].category"),
        ({"player": "E", "category": "conduct", "points": 10}, "above_maximum",
         "penalties[0].points"),
        ({"player": "E", "category": "conduct"}, "bad_input", "penalties[0].points"),
        ({"player": "E", "category": "conduct", "points": -10, "scope": "everywhere"},
         "bad_choice", "penalties[0].scope"),
        ({"player": "E", "category": "conduct", "points": -10, "distribution": "equal_to_others"},
         "not_divisible", "penalties[0].points"),
        ({"player": "E", "category": "conduct", "points": -9, "after_hand": 3}, "bad_input",
         "penalties[0].after_hand"),
    ],
)  # fmt: skip
def test_penalty_refusals(penalty, code, field):
    error = refused("mcr", {}, [{"outcome": "draw"}], [penalty])
    assert (error.code, error.field) == (code, field)


def test_riichi_table_score_penalty_must_stay_at_the_table():
    penalty = {"player": "E", "category": "conduct", "points": -3_000, "scope": "table_score",
               "distribution": "none"}  # fmt: skip
    error = refused("jpml-b", {}, [], [penalty])
    assert (error.code, error.field) == ("not_allowed", "penalties[0].distribution")
    # Shared by default: E 27,000, the others 31,000 each, before ranking: E 4th, -3 - 15;
    # the three tied 1st-3rd share (15 + 5 - 5) / 3 = 5 each: +1 + 5 = 6.
    shared = {k: v for k, v in penalty.items() if k != "distribution"}
    sheet = replay_sheet("jpml-b", {}, [], [shared])
    assert sheet.session["E"]["score"] == -18 and sheet.session["E"]["placement"] == 4
    assert {sheet.session[s]["score"] for s in "SWN"} == {6}
    assert sheet.final_points["E"] == 30_000  # final points are before penalties


@pytest.mark.parametrize(
    ("ruleset", "overrides"),
    [
        ("jpml-b", {"no_such_option": 1}),
        ("jpml-b", {"uma": [15, 5]}),
        ("jpml-b", {"kiriage": "yes"}),
        ("jpml-b", {"chombo_mode": "payments"}),
        ("mcr", {"table_points": [1, 2, 3, 4]}),
        ("zung-jung", {"zj_payoff": "nobody"}),
        ("hkos", {"session_length": "forever"}),
        ("hkos", {"nonsense": True}),
    ],
)
def test_bad_options(ruleset, overrides):
    error = refused(ruleset, overrides, [])
    assert (error.code, error.field) == ("bad_option", "overrides")


def test_sheet_level_refusals():
    assert refused("poker", {}, []).code == "bad_choice"
    assert refused("mcr", {}, {"outcome": "draw"}).field == "hands"
    final = {"E": 0, "S": 0, "W": 0, "N": 0}
    error = refused("mcr", {}, [{"outcome": "draw"}], final_scores=final)
    assert (error.code, error.field) == ("not_allowed", "hands")
    assert refused("jpml-b", {}, [], leftover_sticks=1).field == "leftover_sticks"
    assert refused("mcr", {}, [], final_scores={"E": 0, "S": 0, "W": 0}).field == "final_scores.N"
    assert refused("mcr", {}, [], final_scores={**final, "X": 0}).code == "bad_seat"
