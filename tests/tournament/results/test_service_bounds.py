"""Issue #32 M4: the services check the bounds themselves, the last line of defence.

A path that forgets a bound (a new form, a script, a player's phone) calls
the same services, and they refuse a number out of bounds before anything is
written, at the place the replay would name and in the bound's words; a
stale base version does not keep it as a conflict either.
"""

from __future__ import annotations

import pytest

from tournament.results.models import ScoreSheet
from tournament.results.sheet import services
from tournament.results.sheet.errors import SheetInputError

HUGE = 10**40
MCR = {"outcome": "discard", "level": "value", "winner": "S", "discarder": "W"}


@pytest.fixture
def mcr(make_table, staff):
    table = make_table("mcr", slug="cup")
    return table, staff(table.round.event)["judge"]


def refusal(call) -> SheetInputError:
    with pytest.raises(SheetInputError) as info:
        call()
    return info.value


def test_a_hand_out_of_bounds_is_refused_by_the_service(mcr):
    table, judge = mcr
    error = refusal(
        lambda: services.add_hand(table, {**MCR, "fan": HUGE}, by=judge, base_version=0)
    )
    assert (error.field, error.code) == ("hands[0].fan", "out_of_range")
    assert str(error) == f"Hand 1: fan “{HUGE}” is out of range: from 0 to 999."
    assert not ScoreSheet.objects.exists()


def test_a_corrected_hand_out_of_bounds_names_its_number(mcr):
    table, judge = mcr
    sheet = services.add_hand(table, {**MCR, "fan": 8}, by=judge, base_version=0)
    sheet = services.add_hand(table, {**MCR, "fan": 9}, by=judge, base_version=sheet.version)
    new = {**MCR, "fan": 1000}
    error = refusal(lambda: services.replace_hand(table, 2, new, by=judge, base_version=2))
    assert error.field == "hands[1].fan" and str(error).startswith("Hand 2: fan “1000”")
    assert ScoreSheet.objects.count() == 2


def test_a_stale_entry_out_of_bounds_is_refused_not_kept_as_a_conflict(mcr):
    table, judge = mcr
    sheet = services.add_hand(table, {**MCR, "fan": 8}, by=judge, base_version=0)
    services.add_hand(table, {**MCR, "fan": 9}, by=judge, base_version=sheet.version)
    new = {**MCR, "fan": HUGE}
    error = refusal(lambda: services.replace_hand(table, 1, new, by=judge, base_version=1))
    assert error.field == "hands[0].fan"
    assert not ScoreSheet.objects.filter(status=ScoreSheet.Status.CONFLICT).exists()


def test_the_preview_refuses_it_too(mcr):
    table, _judge = mcr
    error = refusal(lambda: services.preview(table, {**MCR, "fan": -1}))
    assert (error.field, error.code) == ("hands[0].fan", "out_of_range")


def test_final_scores_and_sticks_out_of_bounds_are_refused_by_the_service(mcr):
    table, judge = mcr
    scores = {"E": HUGE, "S": -HUGE, "W": 0, "N": 0}
    error = refusal(lambda: services.save_final_scores(table, scores, by=judge, base_version=0))
    assert (error.field, error.code) == ("final_scores.E", "out_of_range")
    assert str(error) == (
        f"final scores: score “{HUGE}” is out of range: from -10,000,000 to 10,000,000."
    )
    fine = {"E": 30, "S": -10, "W": -10, "N": -10}
    error = refusal(
        lambda: services.save_final_scores(
            table, fine, by=judge, base_version=0, leftover_sticks=100
        )
    )
    assert (error.field, error.code) == ("leftover_sticks", "out_of_range")
    assert not ScoreSheet.objects.exists()


def test_a_penalty_out_of_bounds_is_refused_by_the_service(mcr):
    table, judge = mcr
    penalty = {"player": "N", "points": -HUGE, "scope": "session_score", "distribution": "none"}
    error = refusal(
        lambda: services.record_ruling(
            table, by=judge, base_version=0, kind="conduct", player="N", decision="warned",
            penalties=[penalty],
        )
    )  # fmt: skip
    assert (error.field, error.code) == ("penalties[0].points", "out_of_range")
    assert str(error) == f"Ruling 1: penalty “{-HUGE}” is out of range: from -10,000,000 to 0."
    assert not ScoreSheet.objects.exists()
