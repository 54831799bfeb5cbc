"""Riichi session scores, each number worked from rules/riichi.md §3-§7 by hand."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from scoring.core.placement import SessionError
from scoring.families.riichi.session import RIICHI_SESSION_PRESETS, riichi_session_result

SEATS = ("a", "b", "c", "d")  # seat order from the first dealer


def _scores(preset, finals, **kwargs):
    result = riichi_session_result(
        SEATS, dict(zip(SEATS, finals, strict=True)), RIICHI_SESSION_PRESETS[preset], **kwargs
    )
    return [result.players[p].session_score for p in SEATS], result


def test_flat_uma():
    # (45,000 - 30,000)/1,000 = +15, +5, -5, -15; uma +15/+5/-5/-15
    scores, result = _scores("jpml-b", (45_000, 35_000, 25_000, 15_000))
    assert scores == [30, 10, -10, -30]
    assert [result.players[p].placement for p in SEATS] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    ("finals", "uma"),
    [
        ((40_000, 40_000, 25_000, 15_000), [10, 10, -5, -15]),  # 1 = 2
        ((45_000, 25_000, 25_000, 25_000), [15, -5, -5, -5]),  # 2 = 3 = 4
        ((35_000, 35_000, 25_000, 25_000), [10, 10, -10, -10]),  # 1 = 2, 3 = 4
        ((30_000, 30_000, 30_000, 30_000), [0, 0, 0, 0]),  # all
    ],
)
def test_tied_players_share_the_uma_of_their_places(finals, uma):
    _, result = _scores("wrc", finals)
    assert [result.players[p].uma for p in SEATS] == uma


@pytest.mark.parametrize(
    ("finals", "inclusive", "scores"),
    [
        # 1 floater: row +12/-1/-3/-8 -> 21+12, -1-1, -8-3, -12-8
        ((51_000, 29_000, 22_000, 18_000), True, [33, -2, -11, -20]),
        # 3 floaters (30,000 floats): row +8/+3/+1/-12 -> 10+8, 1+3, 0+1, -11-12
        ((40_000, 31_000, 30_000, 19_000), True, [18, 4, 1, -23]),
        # strictly above: 2 floaters, row +8/+4/-4/-8 -> 18, 5, -4, -19
        ((40_000, 31_000, 30_000, 19_000), False, [18, 5, -4, -19]),
    ],
)
def test_jpml_a_uma_by_floaters(finals, inclusive, scores):
    rules = replace(RIICHI_SESSION_PRESETS["jpml-a"], float_threshold_inclusive=inclusive)
    result = riichi_session_result(SEATS, dict(zip(SEATS, finals, strict=True)), rules)
    assert [result.players[p].session_score for p in SEATS] == scores


def test_jpml_a_ties_split_after_choosing_the_row():
    # 2 floaters tied 1st = 2nd: +8 and +4 split -> +6 each (§6)
    _, result = _scores("jpml-a", (35_000, 35_000, 26_000, 24_000))
    assert [result.players[p].uma for p in SEATS] == [6, 6, -4, -8]


def test_leftover_sticks_are_lost_in_jpml():
    # one stick left: finals sum to 119,000; scores sum to -1 (§3)
    scores, _ = _scores("jpml-b", (45_000, 35_000, 24_000, 15_000), leftover_sticks=1)
    assert scores == [30, 10, -11, -30] and sum(scores) == -1


def test_leftover_sticks_go_to_first_in_ema_shared_when_tied():
    scores, _ = _scores("ema", (45_000, 35_000, 24_000, 15_000), leftover_sticks=1)
    assert scores == [31, 10, -11, -30]
    scores, _ = _scores("ema", (40_000, 40_000, 24_000, 15_000), leftover_sticks=1)
    # 1 = 2 share uma 15+5 and the stick: 10 + 10 + 1/2 each
    assert scores == [Fraction(41, 2), Fraction(41, 2), -11, -30]


def test_tenhou_oka_uma_and_rounding():
    # raw 12.3, -2.3, -11.4, -18.6; others round to -2, -11, -19 (500 rounds up);
    # 1st = -20 - (-32) = 12; + oka 20 + uma 20 = 52; then 8, -21, -39 (sum 0)
    scores, result = _scores("tenhou", (42_300, 27_700, 18_600, 11_400))
    assert scores == [52, 8, -21, -39] and sum(scores) == 0
    assert result.players["a"].oka == 20


def test_tenhou_ties_go_to_the_earlier_seat():
    _, result = _scores("tenhou", (30_000, 30_000, 20_000, 20_000))
    assert [result.players[p].placement for p in SEATS] == [1, 2, 3, 4]
    assert [result.players[p].uma for p in SEATS] == [20, 10, -10, -20]


def test_chombo_after_uma_or_off_the_overall_score():
    finals = (45_000, 35_000, 25_000, 15_000)
    scores, _ = _scores("jpml-b", finals, chombos={"b": 1})
    assert scores == [30, -10, -10, -30]  # 10 - 20
    scores, result = _scores("wrc", finals, chombos={"b": 1})
    assert scores == [30, 10, -10, -30]
    assert result.players["b"].overall_penalty == 20


def test_points_that_do_not_add_up_are_refused():
    with pytest.raises(SessionError) as caught:
        _scores("jpml-b", (45_000, 35_000, 25_000, 14_000))
    assert caught.value.field == "final_points"
    assert "119,000" in str(caught.value) and "120,000" in str(caught.value)


def test_tenhou_rounds_the_points_with_500_away_from_zero():
    # Tenhou's own results (logs bug3, bug8, chip): a player's points go to the nearest
    # 1,000, 500 away from zero, before the return is taken off: 16,500 -> -13 (not -14),
    # 4,500 -> -25, -7,500 -> -38 (not -37).
    scores, _ = _scores("tenhou", (111_000, 16_500, 4_500, -32_000))
    assert scores[1:] == [-13 + 10, -25 - 10, -62 - 20]
    scores, _ = _scores("tenhou", (66_000, 20_000, 21_500, -7_500))
    assert scores[1:] == [-10 - 10, -8 + 10, -38 - 20]
