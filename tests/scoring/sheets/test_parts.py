"""Each part of a session score, worked by hand from the rules files (issue #18).

Every case replays a real sheet (``replay_sheet``) and takes its stored form
(``to_dict()``), as a page does; the parts come from the family
(``score_parts``) and must both match the hand-worked values and add up to
the stored score.
"""

from __future__ import annotations

from fractions import Fraction as F

from scoring.core.seats import SEATS
from scoring.families import family_for
from scoring.sheets import replay_sheet
from scoring.sheets.parts import outside_parts, point_total_parts, total


def seats(*values):
    return dict(zip(SEATS, values, strict=True))


def parts_of(ruleset, final, penalties=(), entries=(), sticks=0, overrides=None):
    """(stored result, parts by seat) of a final-scores sheet."""
    result = replay_sheet(
        ruleset,
        overrides or {},
        list(entries),
        list(penalties),
        final_scores=seats(*final),
        leftover_sticks=sticks,
    ).to_dict()
    family = family_for(ruleset)
    parts = family.score_parts(family.resolve(ruleset, overrides or {}), result)
    for seat in SEATS:  # the sum test, at the level of the engine
        assert total(parts[seat]) == F(result["session"][seat]["score"]), seat
    return result, {s: [(code, amount) for code, amount in parts[s]] for s in SEATS}


def test_tenhou_31800_first_is_41():
    # rules/riichi.md §4 (tenhou): 25,000 / 30,000, oka +20 to 1st, uma +20/+10/-10/-20,
    # final rounding to 1,000 (500 up), 1st = -(sum of others).
    # Raw: +1.8, -1.4, -5.4, -15 -> others -1, -5, -15 (sum -21); 1st = -20 + 21 = +1.
    result, parts = parts_of("tenhou", (31800, 28600, 24600, 15000))
    assert parts["E"] == [
        ("points", F("1.8")),
        ("rounding", F("-0.8")),
        ("uma", F(20)),
        ("oka", F(20)),
    ]
    assert parts["S"] == [("points", F("-1.4")), ("rounding", F("0.4")), ("uma", F(10))]
    assert parts["W"] == [("points", F("-5.4")), ("rounding", F("0.4")), ("uma", F(-10))]
    assert parts["N"] == [("points", F(-15)), ("uma", F(-20))]
    assert [total(parts[s]) for s in SEATS] == [41, 9, -15, -35]


def test_tenhou_rounding_counts_a_table_score_penalty_first():
    # sessions.md §5 step 2: a table_score penalty joins the points before ranking (and
    # rounding). N pays 3,000 to the others (+1,000 each): adjusted 32,800 / 29,600 /
    # 25,600 / 12,000 -> raw 2.8, -0.4, -4.4, -18 -> others 0, -4, -18; 1st = +2.
    penalty = {"player": "N", "category": "conduct", "points": -3000, "scope": "table_score"}
    result, parts = parts_of("tenhou", (31800, 28600, 24600, 15000), [penalty])
    assert parts["E"] == [
        ("points", F("1.8")),
        ("rounding", F("-0.8")),
        ("uma", F(20)),
        ("oka", F(20)),
        ("penalties_received", F(1)),
    ]
    assert parts["N"] == [("points", F(-15)), ("uma", F(-20)), ("penalties_paid", F(-3))]
    assert total(parts["E"]) == 42


def test_tenhou_tie_goes_to_the_earlier_seat():
    # rules/riichi.md §4: the earlier seat from the first dealer wins the tie.
    result, parts = parts_of("tenhou", (30000, 30000, 20000, 20000))
    assert parts["E"] == [("points", F(0)), ("uma", F(20)), ("oka", F(20))]
    assert parts["S"] == [("points", F(0)), ("uma", F(10))]
    assert [total(parts[s]) for s in SEATS] == [40, 10, -20, -30]


def test_ema_leftover_sticks_go_to_the_tied_firsts():
    # rules/riichi.md §4 (ema): sticks to 1st, shared if tied; §6: 1 = 2 -> +10, +10.
    result, parts = parts_of("ema", (35000, 35000, 28000, 20000), sticks=2)
    assert parts["E"] == parts["S"] == [("points", F(5)), ("uma", F(10)), ("sticks", F(1))]
    assert parts["W"] == [("points", F(-2)), ("uma", F(-5))]
    assert parts["N"] == [("points", F(-10)), ("uma", F(-15))]
    assert sum(total(parts[s]) for s in SEATS) == 0


def test_jpml_chombo_after_uma():
    # rules/riichi.md §7 (jpml-*): -20 after uma, nobody receives it; §6: 2 = 3 split +5/-5.
    chombo = {"outcome": "chombo", "player": "W", "level": "value", "ruling": "r1"}
    result, parts = parts_of("jpml-b", (40000, 20000, 30000, 30000), entries=[chombo])
    assert parts["W"] == [("points", F(0)), ("chombo", F(-20))]
    assert parts["N"] == [("points", F(0))]
    assert parts["E"] == [("points", F(10)), ("uma", F(15))]
    assert sum(total(parts[s]) for s in SEATS) == -20
    assert outside_parts(result)["W"] == []


def test_wrc_chombo_is_off_the_overall_score_only():
    # rules/riichi.md §7 (wrc 2015): -20 off the overall score, never the table score.
    chombo = {"outcome": "chombo", "player": "W", "level": "value", "ruling": "r1"}
    result, parts = parts_of("wrc", (40000, 20000, 30000, 30000), entries=[chombo])
    assert parts["W"] == [("points", F(0))]
    assert total(parts["W"]) == 0
    assert outside_parts(result)["W"] == [("overall_penalty", F(-20))]


def test_mcr_false_win_shared_to_the_others():
    # rules/sessions.md §5 (mcr): false win -30 in the table score, +10 to each other.
    # Then E 20, S 30, W -40, N -10: table points 4/2/1/0 (mcr.md) apart from the score.
    false_win = {"player": "W", "category": "false_win", "points": -30}
    result, parts = parts_of("mcr", (10, 20, -10, -20), [false_win])
    assert parts["E"] == [("points", F(10)), ("penalties_received", F(10))]
    assert parts["W"] == [("points", F(-10)), ("penalties_paid", F(-30))]
    assert [total(parts[s]) for s in SEATS] == [20, 30, -40, -10]
    outside = outside_parts(result)
    assert [outside[s] for s in SEATS] == [
        [("table_points", F(2))],
        [("table_points", F(4))],
        [("table_points", F(0))],
        [("table_points", F(1))],
    ]


def test_hkos_minus_464_receives_1536():
    # rules/hkos.md §8, §4: a false win pays each opponent the 13-faan value,
    # V = u(13) x 4 = 1,536; W pays -4,608. E: -464 + 1,536 = +1,072.
    false_win = {"player": "W", "category": "false_win"}
    result, parts = parts_of("hkos", (-464, 1000, 0, -536), [false_win])
    assert parts["E"] == [("points", F(-464)), ("penalties_received", F(1536))]
    assert total(parts["E"]) == 1072
    assert parts["W"] == [("points", F(0)), ("penalties_paid", F(-4608))]


def test_zung_jung_shared_penalty_tie_and_overall():
    # sessions.md §5: a table_score entry shared equal_to_others (N -30, +10 each);
    # an overall_score entry (E -10) is only reported (ZJ's default scope, §5 table).
    penalties = [
        {
            "player": "N",
            "category": "conduct",
            "points": -30,
            "scope": "table_score",
            "distribution": "equal_to_others",
        },
        {"player": "E", "category": "lateness", "points": -10},
    ]
    result, parts = parts_of("zung-jung", (20, 20, -10, -30), penalties)
    assert parts["E"] == parts["S"] == [("points", F(20)), ("penalties_received", F(10))]
    assert parts["N"] == [("points", F(-30)), ("penalties_paid", F(-30))]
    assert result["session"]["E"]["placement"] == result["session"]["S"]["placement"]
    assert ("overall_penalty", F(-10)) in outside_parts(result)["E"]


def test_an_old_result_without_effects_is_read_by_the_entry_rule():
    false_win = {"player": "W", "category": "false_win", "points": -30}
    result, parts = parts_of("mcr", (10, 20, -10, -20), [false_win])
    for entry in result["penalties"]:
        del entry["effect"]
    assert point_total_parts(result) == parts


def test_an_unknown_part_is_marked_not_guessed():
    result, _ = parts_of("mcr", (10, 20, -10, -20))
    del result["final_points"]
    parts = point_total_parts(result)
    assert parts["E"] == [("points", None)]
    assert total(parts["E"]) is None
