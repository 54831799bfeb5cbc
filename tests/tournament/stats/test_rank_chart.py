"""The rank chart is valid, accessible SVG: one dot per round, rank 1 on top, no inline style."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tournament.stats.rank_chart import rank_chart_svg
from tournament.stats.types import PlayerStats

SVG = "{http://www.w3.org/2000/svg}"


def stats(ranks, players=12) -> PlayerStats:
    return PlayerStats(
        registration_id=1,
        sessions=len(ranks),
        hands_played=0,
        hands_won=0,
        win_rate=None,
        deal_ins=0,
        deal_in_rate=None,
        self_draws=0,
        self_draw_share=None,
        average_win=None,
        unit="han",
        biggest_win=None,
        patterns=(),
        penalties=0,
        penalty_points=0,
        placements=(0, 0, 0, 0),
        ranks=tuple(ranks),
        players=players,
    )


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def texts(root) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


RANKS = [(1, 7), (2, 3), (3, 5), (4, 1)]


def test_one_dot_per_round_rank_one_on_top():
    root = parse(rank_chart_svg(stats(RANKS), lang="en"))
    dots = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "rank-point"]
    assert [(int(c.get("data-round")), int(c.get("data-rank"))) for c in dots] == RANKS
    by_rank = sorted(dots, key=lambda c: int(c.get("data-rank")))
    ys = [float(c.get("cy")) for c in by_rank]
    assert ys == sorted(ys) and len(set(ys)) == len(ys)  # a better rank is drawn higher
    xs = [float(c.get("cx")) for c in dots]
    assert xs == sorted(xs)  # rounds left to right
    line = root.find(f"{SVG}polyline")
    assert len(line.get("points").split()) == len(RANKS)


def test_accessible_and_without_inline_style():
    svg = rank_chart_svg(stats(RANKS), lang="en", name="Akagi <Shigeru>")
    root = parse(svg)
    assert root.get("role") == "img"
    label = root.get("aria-label")
    assert "Akagi <Shigeru>" in label
    for number, rank in RANKS:
        assert f"Round {number}: rank {rank} of 12" in label
    assert root.find(f"{SVG}title").text == label
    assert "style=" not in svg and "<script" not in svg
    assert all(e.get("style") is None for e in root.iter())
    assert "Round" in texts(root) and "Rank" in texts(root)


@pytest.mark.parametrize(
    ("lang", "round_", "rank"), [("ja", "回戦", "順位"), ("zh-hans", "轮次", "排名")]
)
def test_axis_labels_in_the_readers_language(lang, round_, rank):
    root = parse(rank_chart_svg(stats(RANKS), lang=lang))
    assert round_ in texts(root) and rank in texts(root)
    assert "Round" not in texts(root)


def test_no_rounds_yet_is_a_small_picture_not_an_error():
    root = parse(rank_chart_svg(stats(()), lang="en"))
    assert "No rounds yet" in texts(root)
    assert root.get("role") == "img" and root.get("aria-label") == "No rounds yet"
    assert root.find(f"{SVG}circle") is None
    ja = parse(rank_chart_svg(stats(()), lang="ja"))
    assert "No rounds yet" not in texts(ja) and texts(ja)[0]


def test_a_single_round_and_a_lone_player_draw():
    root = parse(rank_chart_svg(stats([(1, 1)], players=1), lang="en", width=200, height=100))
    (dot,) = [c for c in root.iter(f"{SVG}circle")]
    assert 0 <= float(dot.get("cx")) <= 200 and 0 <= float(dot.get("cy")) <= 100
    assert root.get("width") == "200" and root.get("viewBox") == "0 0 200 100"
