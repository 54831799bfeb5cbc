"""Issue #32 M4: import_event holds a backup's numbers to the bounds the services hold them to.

The issue's steps: a backup whose final score is 10^40, or whose stage takes 7
entrants (a stage fills tables of four), was restored, and the standings,
exports and PDFs showed it. Now each such file is refused whole, exit status
1, every problem at its place in the file, in the same words the page and the
API use (``tournament.events.bounds``), and nothing is written.
"""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.backup.snapshot import copy_of
from tests.tournament.stages.stage_builder import build
from tournament.backup.numbers import CLOCK_FIELDS
from tournament.backup.validation import HELD_TO_BOUNDS
from tournament.events.models import Event
from tournament.stages.models import Stage

FINAL = 0  # sheets[0]: round 1 table 1, confirmed, final scores only
CONFIRMED_HANDS = 15  # hands[15]: round 2 table 1, a riichi hand at value level
HUGE = 10**40


@pytest.fixture
def backup(played_event, tmp_path) -> dict:
    return copy_of(played_event, tmp_path, "demo-copy")


def refused(document: dict, tmp_path) -> str:
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    before = Event.objects.count()
    with pytest.raises(CommandError) as info:
        call_command("import_event", str(path), verbosity=0)
    assert info.value.returncode == 1
    assert Event.objects.count() == before
    return str(info.value)


def test_a_final_score_of_ten_to_the_fortieth_is_refused_at_its_place(backup, tmp_path):
    sheet = backup["sheets"][FINAL]
    assert sheet["kind"] == "final"
    scores = sheet["final_scores"]
    # Still summing to the start points, so that only the bound refuses it (as the issue did).
    east, south = scores["E"] + HUGE, scores["S"] - HUGE
    sheet["final_scores"] = {**scores, "E": east, "S": south}
    message = refused(backup, tmp_path)
    for seat, value in (("E", east), ("S", south)):
        assert (
            f"sheets[{FINAL}].final_scores.{seat}: score “{value}” is out of range: "
            "from -10,000,000 to 10,000,000." in message
        )
    assert "(2 problems)" in message  # the version is not replayed as well: one line each


def test_a_hand_value_past_its_bound_is_refused_at_its_place(backup, tmp_path):
    entry = backup["hands"][CONFIRMED_HANDS]["entry"]
    assert entry.get("level") == "value" and "han" in entry
    entry["han"] = HUGE
    message = refused(backup, tmp_path)
    assert (
        f"hands[{CONFIRMED_HANDS}].entry.han: han “{HUGE}” is out of range: from 0 to 13."
        in message
    )


def test_penalty_points_and_sticks_past_their_bounds_are_refused(backup, tmp_path):
    # -10^10 fits the column (-10^40 does not: "must be a whole number"), not the bound.
    backup["penalties"][0]["points"] = -(10**10)
    backup["sheets"][FINAL]["leftover_sticks"] = 100
    message = refused(backup, tmp_path)
    assert (
        "penalties[0].points: penalty “-10000000000” is out of range: from -10,000,000 to 0."
        in (message)
    )
    assert f"sheets[{FINAL}].leftover_sticks: riichi sticks “100” is out of range" in message
    # The bound is the only refusal: PostgreSQL's 32-bit column range said it first, in other
    # words ("Ensure this value is greater than or equal to -2147483648"), seen on the stack.
    assert "Ensure this value" not in message


def test_the_columns_held_to_bounds_are_those_the_bounds_check():
    """``HELD_TO_BOUNDS`` skips a column's range only where ``numbers`` checks a bound."""
    checked = {(key, name) for key, names in CLOCK_FIELDS.items() for name in names}
    checked |= {("penalties", "points"), ("sheets", "leftover_sticks")}
    assert checked == HELD_TO_BOUNDS


@pytest.fixture
def staged(db, tmp_path) -> dict:
    """The backup of an MCR event of 8 players in two stages: everyone, then a final of 4."""
    event, _director, _judge = build(
        "bkbounds", 8, [{"kind": "qualifying", "rounds": 1}, {"kind": "final", "rounds": 1,
                                                              "size": 4}]
    )  # fmt: skip
    path = tmp_path / "staged.json"
    call_command("export_event", event.slug, "--output", str(path), verbosity=0)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["event"]["slug"] = "staged-copy"
    return document


def _stage(document: dict, number: int) -> int:
    return next(i for i, s in enumerate(document["stages"]) if s["number"] == number)


def test_a_stage_of_seven_entrants_is_refused_at_its_place(staged, tmp_path):
    final = _stage(staged, 2)
    staged["stages"][final]["size"] = 7
    message = refused(staged, tmp_path)
    assert (
        f"stages[{final}].size: Final: entrants “7”: a stage needs a number of entrants "
        "that fills tables of four." in message
    )
    assert not Stage.objects.filter(event__slug="staged-copy").exists()


def test_a_stage_larger_than_the_field_is_refused(staged, tmp_path):
    final = _stage(staged, 2)
    staged["stages"][final]["size"] = 12  # the file has 8 players
    message = refused(staged, tmp_path)
    assert (
        f"stages[{final}].size: The Final takes 12 entrants, but the Qualifying has only "
        "8 players." in message
    )


def test_the_first_stage_takes_everyone(staged, tmp_path):
    first = _stage(staged, 1)
    staged["stages"][first]["size"] = 8
    assert f"stages[{first}].size: the first stage takes every player" in refused(staged, tmp_path)


def test_the_staged_backup_as_exported_is_restored(staged, tmp_path):
    path = tmp_path / "as-is.json"
    path.write_text(json.dumps(staged), encoding="utf-8")
    call_command("import_event", str(path), verbosity=0)
    assert list(
        Stage.objects.filter(event__slug="staged-copy").order_by("number").values_list("size")
    ) == [(None,), (4,)]
