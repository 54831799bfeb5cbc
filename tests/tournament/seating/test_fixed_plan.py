"""A fixed seating plan from CSV: read, checked, every problem named with its line."""

from __future__ import annotations

import pytest

from tournament.seating.fixed import FixedPlanError, parse_fixed_plan
from tournament.seating.plan import SeatingError


def csv_of(rounds, header="round,table,seat,player"):
    lines = [header]
    for r, tables in enumerate(rounds, start=1):
        for t, table in enumerate(tables, start=1):
            lines += [f"{r},{t},{w},{p}" for w, p in zip("ESWN", table, strict=True)]
    return "\n".join(lines) + "\n"


TWO_ROUNDS = [[(1, 2, 3, 4), (5, 6, 7, 8)], [(1, 5, 2, 6), (3, 7, 4, 8)]]


def test_a_good_file_becomes_a_plan():
    plan = parse_fixed_plan(csv_of(TWO_ROUNDS), players=range(1, 9))
    assert plan.rounds == tuple(tuple(tuple(t) for t in r) for r in TWO_ROUNDS)
    assert plan.repeats() == 4  # 1-2, 5-6, 3-4 and 7-8 meet again


def test_rows_in_any_order_wind_names_bom_and_a_wind_column():
    text = "\ufeffPlayer,Wind,Table,Round\n4,north,1,1\n3,West,1,1\n2,南,1,1\n1,e,1,1\n\n"
    plan = parse_fixed_plan(text)
    assert plan.rounds == (((1, 2, 3, 4),),)


def test_every_problem_is_reported_with_its_line():
    text = (
        "round,table,seat,player\n"
        "1,1,E,1\n"
        "1,1,E,2\n"  # line 3: seat taken
        "1,1,S,1\n"  # line 4: player twice in a round
        "1,1,Q,3\n"  # line 5: unknown wind
        "x,1,W,4\n"  # line 6: bad round
        "1,0,W,4\n"  # line 7: table 0
        "3,1,E,1\n3,1,S,2\n3,1,W,3\n3,1,N,4\n"
    )
    with pytest.raises(FixedPlanError) as caught:
        parse_fixed_plan(text)
    problems = caught.value.problems
    assert "line 3: round 1 table 1 seat E is already player 1's (line 2)" in problems
    assert "line 4: player 1 already sits at table 1 in round 1 (line 2)" in problems
    assert "line 5: seat 'Q' is not one of E, S, W, N" in problems
    assert "line 6: round 'x' is not a whole number" in problems
    assert "line 7: table 0 is not numbered from 1" in problems
    assert "round 1 table 1: nobody sits S, W, N" in problems
    assert "round 2 has no seats (rounds go up to 3)" in problems
    assert isinstance(caught.value, SeatingError)


def test_missing_tables_and_players_who_are_not_registered():
    text = csv_of([[(1, 2, 3, 4)]]) + "1,3,E,5\n1,3,S,6\n1,3,W,7\n1,3,N,99\n"
    with pytest.raises(FixedPlanError) as caught:
        parse_fixed_plan(text, players=range(1, 9))
    problems = caught.value.problems
    assert "round 1: table 2 has no seats" in problems
    assert "round 1: player(s) 8 not seated" in problems
    assert "line 9: player 99 is not registered" in problems


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1: expected a header row round,table,seat,player"),
        ("round,table,player\n1,1,1\n", r"line 1: missing column\(s\) seat"),
        ("round,table,seat,player\n", "the file has a header but no seats"),
    ],
)
def test_files_that_are_not_plans(text, message):
    with pytest.raises(FixedPlanError, match=message):
        parse_fixed_plan(text)
