"""``manage.py replay_log``: the output contract of COMMANDS.md ("replay_log output")."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.tournament import commands

LOGS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "logs"


def _lines(*args) -> tuple[list[dict], CommandError | None]:
    out, failure = io.StringIO(), None
    try:
        call_command("replay_log", *args, stdout=out)
    except CommandError as problem:
        failure = problem
    return [json.loads(line) for line in out.getvalue().splitlines()], failure


def test_one_line_per_file_in_order_with_the_contract_shape():
    lines, failure = _lines(str(LOGS / "example.xml"), str(LOGS / "pao.xml"), "--ruleset", "tenhou")
    assert failure is None
    assert [line["file"] for line in lines] == [str(LOGS / "example.xml"), str(LOGS / "pao.xml")]
    for line in lines:
        assert list(line) == ["file", "hands", "final_points", "session_scores", "differs"]
        assert line["differs"] == []
        for hand in line["hands"]:
            assert list(hand) == ["round", "outcome", "winners", "deltas"]
            assert hand["outcome"] in ("ron", "tsumo", "draw", "nagashi", "abort")
            assert len(hand["deltas"]) == 4
            for winner in hand["winners"]:
                assert list(winner) == ["seat", "han", "fu", "points", "yaku"]
    example = lines[0]
    assert example["hands"][0]["round"] == "E1-0"
    assert example["final_points"] == [26300, 19300, 34400, 20000]
    assert example["session_scores"] == [6.0, -31.0, 45.0, -20.0]


def test_a_refused_file_has_its_line_and_the_command_fails_after_all_lines(tmp_path):
    missing = tmp_path / "gone.mjlog"
    lines, failure = _lines(str(LOGS / "sanma2.xml"), str(missing), str(LOGS / "bye.xml"))
    assert [list(line) for line in lines[:2]] == [["file", "error"], ["file", "error"]]
    assert lines[0]["error"]["code"] == "three_player"
    assert lines[1]["error"]["code"] == "unreadable"
    assert lines[2]["differs"] == []  # the file after the refused ones is still replayed
    assert failure is not None and failure.returncode == 1
    assert "2 of 3" in str(failure)


@pytest.mark.parametrize(("args", "code"), [(["--ruleset", "mcr"], 2), ([], 2)])
def test_bad_arguments_exit_2(args, code):
    assert commands.manage("replay_log", *args).returncode == code


def test_no_database_is_needed(tmp_path):
    out = commands.manage(
        "replay_log", str(LOGS / "ratio.xml"), env=commands.without_database(tmp_path)
    )
    assert out.returncode == 0, out.stderr
    (line,) = [json.loads(text) for text in out.stdout.splitlines()]
    assert line["session_scores"] == [-1.3, 1.3, 0.0, 0.0]
    assert not (tmp_path / "unused.sqlite3").exists()
