"""Bounds on results input: the results file keeps to the final-score form's range, and a
hand number that does not exist (0, or past the last hand) is a 404 that adds nothing.
"""

import pytest
from django.core.management import CommandError, call_command

from tests.tournament.results.hands import POSTED_RON, RON
from tournament.results.entry.table_forms import FINAL_SCORE_LIMIT, FinalScoresForm
from tournament.results.models import HandRecord, ScoreSheet
from tournament.results.sheet import services

HEADER = "round,table,player,seat,score,penalty\n"
ROWS = [
    ("Akagi Shigeru", "E", "45000", ""),
    ("Bai Lan", "S", "30000", ""),
    ("Carla Diaz", "W", "25000", ""),
    ("Dmitri Orlov", "N", "20000", ""),
]
RIICHI_RON = {**POSTED_RON, "base_version": "1"}


def results_file(tmp_path, **changes) -> str:
    """The four rows of table 1, with ``changes`` as seat -> (score, penalty)."""
    lines = [HEADER]
    for name, seat, score, penalty in ROWS:
        score, penalty = changes.get(seat, (score, penalty))
        lines.append(f"1,1,{name},{seat},{score},{penalty}\n")
    path = tmp_path / "results.csv"
    path.write_text("".join(lines), encoding="utf-8")
    return str(path)


def test_the_results_file_uses_the_final_score_forms_bound():
    form = FinalScoresForm(sticks=False, seats={})
    assert form.fields["score_E"].max_value == FINAL_SCORE_LIMIT == 10_000_000
    assert form.fields["score_E"].min_value == -FINAL_SCORE_LIMIT


@pytest.mark.parametrize(
    ("changes", "line", "message"),
    [
        (
            {"E": ("1" + "0" * 30, "")},
            2,
            "score “1000000000000000000000000000000” is out of range: "
            "from -10,000,000 to 10,000,000.",
        ),
        ({"W": ("-10000001", "")}, 4, "score “-10000001” is out of range"),
        ({"N": ("20000", "-" + "9" * 20)}, 5, "penalty “-99999999999999999999” is out of range"),
    ],
)
def test_a_score_past_the_bound_is_refused_naming_line_and_field(
    make_table, tmp_path, changes, line, message
):
    table = make_table("jpml-b")
    with pytest.raises(CommandError) as info:
        call_command("import_results", table.round.event.slug, results_file(tmp_path, **changes))
    text = str(info.value)
    assert "Nothing was imported" in text
    assert f"Line {line}: {message}" in text
    assert not ScoreSheet.objects.exists()


def test_scores_at_the_bound_are_read(make_table, tmp_path, capsys):
    table = make_table("mcr")  # MCR session scores sum to zero
    path = results_file(
        tmp_path,
        E=("10000000", ""),
        S=("-10000000", ""),
        W=("0", ""),
        N=("0", ""),
    )
    call_command("import_results", table.round.event.slug, path)
    assert "Imported 1 table(s)" in capsys.readouterr().out
    sheet = ScoreSheet.objects.get(table=table, status="submitted")
    assert sheet.final_scores["E"] == 10_000_000 and sheet.final_scores["S"] == -10_000_000


# --- hand numbers ------------------------------------------------------------------------------


@pytest.fixture
def judge(client, staff, table):
    user = staff(table.round.event)["judge"]
    client.force_login(user)
    return user


def test_hand_zero_is_a_404_that_adds_nothing(client, table, judge):
    response = client.post("/j/cup/1/1/hand/0/", {**RIICHI_RON, "base_version": "0"})
    assert response.status_code == 404
    assert not ScoreSheet.objects.exists()
    services.add_hand(table, RON, by=judge, base_version=0)
    response = client.post("/j/cup/1/1/hand/0/", RIICHI_RON)
    assert response.status_code == 404
    assert client.get("/j/cup/1/1/hand/0/").status_code == 404
    assert ScoreSheet.objects.count() == 1
    assert HandRecord.objects.count() == 1


@pytest.mark.parametrize("number", [2, 99])
def test_a_hand_past_the_last_is_a_404_that_adds_nothing(client, table, judge, number):
    services.add_hand(table, RON, by=judge, base_version=0)
    response = client.post(f"/j/cup/1/1/hand/{number}/", RIICHI_RON)
    assert response.status_code == 404
    check = client.post(f"/j/cup/1/1/hand/{number}/", {**RIICHI_RON, "action": "check"})
    assert check.status_code == 404
    assert client.get(f"/j/cup/1/1/hand/{number}/").status_code == 404
    assert ScoreSheet.objects.count() == 1
    assert HandRecord.objects.count() == 1


def test_the_first_hand_is_still_edited_at_its_number(client, table, judge):
    services.add_hand(table, RON, by=judge, base_version=0)
    assert client.get("/j/cup/1/1/hand/1/").status_code == 200
    response = client.post("/j/cup/1/1/hand/1/", RIICHI_RON)
    assert response.status_code == 302
    assert HandRecord.objects.filter(sheet=services.head_of(table)).count() == 1
