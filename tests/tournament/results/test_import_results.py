"""``manage.py import_results SLUG F.csv``: all or nothing, every problem listed."""

import pytest
from django.core.management import CommandError, call_command

from tournament.results.models import Penalty, ScoreSheet

GOOD = """round,table,player,seat,score,penalty
1,1,Akagi Shigeru,E,45000,
1,1,Bai Lan,S,30000,
1,1,Carla Diaz,W,25000,-20000
1,1,Dmitri Orlov,N,20000,
1,2,Akagi Shigeru 2,E,10000,
1,2,Bai Lan 2,S,50000,
1,2,Carla Diaz 2,W,30000,
1,2,Dmitri Orlov 2,N,30000,
"""


@pytest.fixture
def tables(make_table):
    return make_table("jpml-b", tables=2)


def write(tmp_path, text):
    path = tmp_path / "results.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_good_file_is_saved_and_submitted(tables, tmp_path, staff, capsys):
    event = tables[0].round.event
    call_command("import_results", event.slug, write(tmp_path, GOOD))
    assert "Imported 2 table(s)" in capsys.readouterr().out
    first = ScoreSheet.objects.get(table=tables[0], status="submitted")
    assert first.final_scores == {"E": 45000, "S": 30000, "W": 25000, "N": 20000}
    # 1st E: 15 + 15; S 2nd: 0 + 5; W 3rd: -5 - 5, then -20 after uma; N 4th: -10 - 15.
    session = first.result["session"]
    assert [session[s]["score"] for s in "ESWN"] == ["30", "5", "-30", "-25"]
    penalty = Penalty.objects.get(ruling__sheet=first)
    assert (penalty.player, penalty.points, penalty.scope) == ("W", -20000, "session_after_uma")


def test_confirmed_by_a_judge(tables, tmp_path, staff):
    event = tables[0].round.event
    users = staff(event)
    call_command(
        "import_results", event.slug, write(tmp_path, GOOD), confirmed_by=users["judge"].username
    )
    assert ScoreSheet.objects.filter(status="confirmed").count() == 2


def test_a_file_with_bad_rows_is_refused_whole(tables, tmp_path):
    event = tables[0].round.event
    bad = GOOD.replace("1,1,Bai Lan,S,30000", "1,1,Bai Lan,S,31000")  # table 1 sums to 121,000
    bad = bad.replace("Carla Diaz 2,W", "Someone Else,W")
    bad += "1,9,Nobody,E,1000,\n1,1,Akagi Shigeru,X,5,\n1,2,Bai Lan 2,S,lots,\n"
    with pytest.raises(CommandError) as info:
        call_command("import_results", event.slug, write(tmp_path, bad))
    message = str(info.value)
    assert "Nothing was imported" in message
    assert "Line 8" in message and "Carla Diaz 2" in message  # wrong player named
    assert "Line 10" in message and "no table 9" in message
    assert "Line 11" in message and "“X”" in message
    assert "Line 12" in message and "“lots”" in message
    assert "Round 1 table 2: no row for seat(s) W" in message
    assert ScoreSheet.objects.count() == 0


def test_scores_that_do_not_sum_are_refused_after_reading(tables, tmp_path):
    event = tables[0].round.event
    bad = GOOD.replace("1,1,Bai Lan,S,30000", "1,1,Bai Lan,S,31000").replace(
        "Bai Lan 2,S,50000", "Bai Lan 2,S,49000"
    )
    with pytest.raises(CommandError) as info:
        call_command("import_results", event.slug, write(tmp_path, bad))
    message = str(info.value).replace(",", "")
    assert "Round 1 table 1" in message and "121000" in message
    assert "Round 1 table 2" in message and "119000" in message
    assert ScoreSheet.objects.count() == 0


def test_an_unknown_event_or_file_is_a_bad_argument(tables, tmp_path):
    with pytest.raises(CommandError) as info:
        call_command("import_results", "no-such-event", write(tmp_path, GOOD))
    assert info.value.returncode == 2
    with pytest.raises(CommandError) as info:
        call_command("import_results", tables[0].round.event.slug, str(tmp_path / "missing.csv"))
    assert info.value.returncode == 2


@pytest.mark.parametrize("confirm", [False, True], ids=["submitted", "confirmed"])
def test_the_same_file_imported_twice_adds_its_penalties_once(
    tables, tmp_path, staff, capsys, confirm
):
    """Issue #34: nothing saved twice. The file's penalty is already on the sheet the second
    time (its scores are saved again, as a new version, as before; its ruling is not)."""
    event = tables[0].round.event
    options = {"confirmed_by": staff(event)["judge"].username} if confirm else {}
    path = write(tmp_path, GOOD)
    call_command("import_results", event.slug, path, **options)
    first = ScoreSheet.objects.filter(table=tables[0]).order_by("-version").first()
    call_command("import_results", event.slug, path, **options)
    assert capsys.readouterr().out.count("Imported 2 table(s)") == 2
    head = ScoreSheet.objects.filter(table=tables[0]).order_by("-version").first()
    assert head.version > first.version
    in_force = Penalty.objects.filter(ruling__sheet=head, ruling__voided_at__isnull=True)
    assert [(p.player, p.points) for p in in_force] == [("W", -20000)]
    assert head.result["session"] == first.result["session"]
    assert not Penalty.objects.filter(ruling__sheet__table=tables[1]).exists()
