"""Every Tenhou game log of the shared corpus, replayed through the engine (issue #36).

A four-player log must replay with no difference from the log's own figures,
and its final points and game results must be the log's ``owari``, read here
independently of the replay. A three-player log is refused. Which is which
is read from the file itself (the GO type's three-player bit, or a seat
dealt no tiles), never from its name.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scoring.logs.replay import replay_file
from tests.scoring.conftest import CORPUS_DIR

LOGS = CORPUS_DIR / "logs"
THREE_PLAYER_BIT = 0x10


def _files() -> list[Path]:
    return sorted(p for p in LOGS.iterdir() if p.name != "README.md")


def _three_players(text: str) -> bool:
    go_type = int(re.search(r'<GO type="(\d+)"', text).group(1))
    return bool(go_type & THREE_PLAYER_BIT) or 'hai3=""' in text


FOUR = [p for p in _files() if not _three_players(p.read_text(encoding="utf-8"))]
THREE = [p for p in _files() if _three_players(p.read_text(encoding="utf-8"))]


def _owari(text: str) -> tuple[list[int], list[float]]:
    figures = re.search(r'owari="([^"]+)"', text).group(1).split(",")
    return [round(float(v) * 100) for v in figures[0:8:2]], [float(v) for v in figures[1:8:2]]


def test_the_corpus_has_both_kinds():
    assert len(FOUR) >= 15 and THREE
    assert "sanma2.xml" in {p.name for p in THREE}


@pytest.mark.parametrize("path", FOUR, ids=lambda p: p.name)
def test_a_four_player_log_replays_with_no_difference(path):
    out = replay_file(path.read_bytes(), path.name)
    assert "error" not in out, out.get("error")
    assert out["file"] == path.name
    assert out["differs"] == []
    final, results = _owari(path.read_text(encoding="utf-8"))
    assert out["final_points"] == final
    assert out["session_scores"] == results
    assert len(out["hands"]) == path.read_text(encoding="utf-8").count("<INIT ")


@pytest.mark.parametrize("path", THREE, ids=lambda p: p.name)
def test_a_three_player_log_is_refused(path):
    out = replay_file(path.read_bytes(), path.name)
    assert out == {"file": path.name, "error": out["error"]}
    assert out["error"]["code"] == "three_player"
    assert "three-player" in out["error"]["message"]


def test_the_output_has_the_contract_shape():
    path = LOGS / "pao.xml"
    out = replay_file(path.read_bytes(), path.name)
    assert list(out) == ["file", "hands", "final_points", "session_scores", "differs"]
    hand = out["hands"][-1]
    assert list(hand) == ["round", "outcome", "winners", "deltas"]
    (winner,) = hand["winners"]
    assert list(winner) == ["seat", "han", "fu", "points", "yaku"]
    # pao: seat 0 fed the third dragon and pays the whole daisangen tsumo, honba included
    assert winner["yaku"] == ["daisangen"] and winner["points"] == 32000
    assert hand["deltas"] == [-32300, 0, 32300, 0]
