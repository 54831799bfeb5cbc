"""``manage.py score_hands`` as a process: the contract of hand-format.md."""

from __future__ import annotations

import json
from pathlib import Path

from tests.sample_hands import FOUR_HAN_THIRTY_FU
from tests.tournament import commands

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT.parent / "shared" / "corpus" / "riichi.jsonl"
MCR_CORPUS = CORPUS.with_name("mcr.jsonl")
HAND = {"id": "h1", **FOUR_HAN_THIRTY_FU}


def _manage(*args, stdin=""):
    return commands.manage("score_hands", *args, stdin=stdin)


def test_reads_stdin_and_writes_stdout():
    out = _manage("--ruleset", "jpml-a", stdin=json.dumps(HAND) + "\nnot json\n")
    assert out.returncode == 0, out.stderr
    first, second = (json.loads(line) for line in out.stdout.splitlines())
    assert (first["id"], first["points"], first["han"], first["fu"]) == ("h1", 7700, 4, 30)
    assert second["valid"] is False and second["error"]["code"] == "bad_input"


def test_files_in_and_out(tmp_path):
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(json.dumps(HAND) + "\n", encoding="utf-8")
    out = _manage(
        "--ruleset", "jpml-b", "--input", str(source), "--output", str(target), "--lang", "ja"
    )
    assert out.returncode == 0, out.stderr
    (result,) = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert result["points"] == 8000 and result["limit"] == "mangan"
    assert result["items"][0]["name"] == "立直"


def test_unreadable_file_exits_2_with_a_message():
    out = _manage("--input", "/no/such/file.jsonl")
    assert out.returncode == 2
    assert "--input: cannot open /no/such/file.jsonl" in out.stderr


def test_bad_arguments_exit_2():
    assert _manage("--lang", "xx").returncode == 2


def test_no_database_is_needed(tmp_path):
    """Scoring is a pure function of the line: point DATABASE_URL at nothing at all."""
    missing = tmp_path / "nowhere" / "db.sqlite3"
    out = commands.manage(
        "score_hands",
        "--ruleset",
        "tenhou",
        stdin=json.dumps(HAND),
        env={"PATH": "", "DATABASE_URL": f"sqlite:///{missing}", "HOME": str(tmp_path)},
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["valid"] is True
    assert not missing.exists()


def test_whole_tenhou_corpus_through_the_command(tmp_path):
    target = tmp_path / "out.jsonl"
    out = _manage("--input", str(CORPUS), "--output", str(target))
    assert out.returncode == 0, out.stderr
    cases = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
    results = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in results] == [c["id"] for c in cases]
    wrong = [
        c["id"]
        for c, r in zip(cases, results, strict=True)
        if c["ruleset"] == "tenhou"
        and (r["han"], r["points"]) != (c["expected"]["han"], c["expected"]["points"])
    ]
    assert wrong == []


def test_whole_mcr_corpus_through_the_command(tmp_path):
    """`score_hands --ruleset mcr` on the corpus, under the edition it encodes (cn-national)."""
    cases = [json.loads(line) for line in MCR_CORPUS.read_text(encoding="utf-8").splitlines()]
    lines = []
    for case in cases:
        line = {k: v for k, v in case.items() if k != "ruleset"}
        line["options"] = {"mcr_edition": "cn-national"}
        lines.append(json.dumps(line, ensure_ascii=False))
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = _manage("--ruleset", "mcr", "--input", str(source), "--output", str(target))
    assert out.returncode == 0, out.stderr
    results = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    totals = [(r["id"], r["ruleset"], r["total"]) for r in results]
    assert totals == [(c["id"], "mcr", c["expected"]["fan_total"]) for c in cases]
