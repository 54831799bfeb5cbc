"""``manage.py plan_seating`` as a process: the contract of COMMANDS.md, no database."""

from __future__ import annotations

import itertools
import json
import os

from tests.tournament import commands


def manage(*args, tmp_path=None):
    env = dict(os.environ)
    if tmp_path is not None:  # no database at all: the command must not need one
        env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'nowhere' / 'db.sqlite3'}"
    return commands.manage("plan_seating", *args, env=env, timeout=120)


def test_prints_only_the_plan_as_json(tmp_path):
    out = manage("--players", "16", "--rounds", "5", "--format", "json", tmp_path=tmp_path)
    assert out.returncode == 0, out.stderr
    plan = json.loads(out.stdout)  # nothing else on stdout
    assert list(plan) == ["rounds"]
    assert len(plan["rounds"]) == 5
    for tables in plan["rounds"]:
        assert len(tables) == 4
        assert all(len(table) == 4 for table in tables)
        assert sorted(p for table in tables for p in table) == list(range(1, 17))
    pairs = [
        pair for r in plan["rounds"] for t in r for pair in itertools.combinations(sorted(t), 2)
    ]
    assert len(pairs) == len(set(pairs))  # AG(2,4): nobody meets twice


def test_same_seed_same_output_and_methods():
    first = manage("--players", "8", "--rounds", "2", "--seed", "3", "--method", "random")
    again = manage("--players", "8", "--rounds", "2", "--seed", "3", "--method", "random")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    swiss = manage("--players", "8", "--rounds", "1", "--method", "swiss", "--time-budget", "1")
    assert sorted(json.loads(swiss.stdout)["rounds"][0][0]) == [1, 2, 3, 4]


def test_players_not_divisible_by_four_exit_non_zero_with_the_reason():
    out = manage("--players", "30", "--rounds", "5", "--format", "json")
    assert out.returncode != 0
    assert out.stdout == ""
    assert (
        "30 players cannot fill tables of four: add 2 substitutes or drop 2 players" in out.stderr
    )


def test_groups_file_keeps_clubs_apart(tmp_path):
    groups = tmp_path / "groups.csv"
    groups.write_text(
        "player,group\n" + "".join(f"{p},Club {(p - 1) // 4}\n" for p in range(1, 17)),
        encoding="utf-8",
    )
    out = manage("--players", "16", "--rounds", "4", "--groups", str(groups))
    assert out.returncode == 0, out.stderr
    for tables in json.loads(out.stdout)["rounds"]:
        for table in tables:
            assert len({(p - 1) // 4 for p in table}) == 4


def test_bad_groups_files_are_refused_with_the_line(tmp_path):
    groups = tmp_path / "groups.csv"
    groups.write_text("player,group\n1,東京\n17,Paris\n", encoding="utf-8")
    out = manage("--players", "16", "--rounds", "2", "--groups", str(groups))
    assert out.returncode == 2
    assert "line 3: player 17 is not among players 1..16" in out.stderr
    groups.write_text("name,club\n", encoding="utf-8")
    assert (
        "expected the header player,group"
        in manage("--players", "16", "--rounds", "2", "--groups", str(groups)).stderr
    )
    missing = manage("--players", "16", "--rounds", "2", "--groups", str(tmp_path / "no.csv"))
    assert missing.returncode == 2 and "cannot open" in missing.stderr


def test_bad_arguments_exit_2():
    assert manage("--players", "16").returncode == 2
    assert manage("--players", "16", "--rounds", "2", "--method", "nope").returncode == 2
    assert manage("--players", "16", "--rounds", "2", "--format", "xml").returncode == 2
