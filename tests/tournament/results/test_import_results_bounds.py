"""Issue #32 M4 for ``import_results``: the same bounds and words as the page and the API.

The results file already kept its scores within ±10,000,000
(``test_input_bounds``); now it reads that bound from
``tournament.events.bounds`` like every other path and says it in the very
sentence the judge's form and the API say, and a file larger than the CSV
bound is refused before it is read.
"""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tournament.events.bounds import CSV_FILE_BYTES, FINAL_SCORE, PENALTY
from tournament.results.entry.table_forms import FinalScoresForm
from tournament.results.models import ScoreSheet

HUGE = 10**40


def results_file(tmp_path, table, scores: dict, penalty: dict | None = None) -> str:
    lines = ["round,table,player,seat,score,penalty"]
    for seat in table.seats.select_related("registration"):
        extra = (penalty or {}).get(seat.wind, "")
        lines.append(f"1,1,{seat.registration.player_id},{seat.wind},{scores[seat.wind]},{extra}")
    path = tmp_path / "results.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def refused(table, path) -> str:
    with pytest.raises(CommandError) as info:
        call_command("import_results", table.round.event.slug, path)
    assert not ScoreSheet.objects.exists()
    return str(info.value)


def test_a_score_of_ten_to_the_fortieth_is_refused_in_the_forms_words(make_table, tmp_path):
    table = make_table("mcr")  # MCR session scores sum to zero: only the bound refuses
    path = results_file(tmp_path, table, {"E": HUGE, "S": -HUGE, "W": 0, "N": 0})
    message = refused(table, path)
    sentence = FINAL_SCORE.refusal(HUGE)[1]
    assert f"Line 2: {sentence}" in message
    form = FinalScoresForm(
        data={"base_version": 0, "score_E": HUGE, "score_S": -HUGE, "score_W": 0, "score_N": 0},
        sticks=False,
        seats={},
    )
    assert not form.is_valid() and form.errors["score_E"] == [sentence]


def test_a_positive_penalty_is_refused_by_the_penalty_bound(make_table, tmp_path):
    table = make_table("mcr")
    path = results_file(tmp_path, table, {"E": 0, "S": 0, "W": 0, "N": 0}, {"N": "5"})
    assert f"Line 5: {PENALTY.refusal(5)[1]}" in refused(table, path)


def test_a_results_file_past_the_size_bound_is_refused_unread(make_table, tmp_path):
    table = make_table("mcr")
    path = tmp_path / "huge.csv"
    with open(path, "wb") as f:
        f.truncate(CSV_FILE_BYTES + 1)  # sparse: no time, no disk
    with pytest.raises(CommandError) as info:
        call_command("import_results", table.round.event.slug, str(path))
    assert info.value.returncode == 2
    assert "is larger than 2 MB, the most a results file may be" in str(info.value)
