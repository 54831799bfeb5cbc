"""Standings over several rounds: precedence per ruleset, shared ranks, penalties, overrides.

Values are worked by hand in the comments. Two whole events are replayed
from final-scores-only sheets (``replay_sheet`` + ``session_lines``); the
other cases build :class:`SessionLine` directly. One tiebreak at a time:
test_standings_tiebreaks.py.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from scoring.core.seats import SEATS
from scoring.sheets import replay_sheet
from scoring.standings import SessionLine, StandingsError, precedence, rank_players, session_lines


def line(player, rnd, place, score, rank_points=None, raw=None, overall=0):
    return SessionLine(player, rnd, 1, "E", place, F(score), rank_points, raw, F(overall))


def table(ruleset, overrides, rnd, no, players, finals, penalties=(), sticks=0):
    """The four lines of one final-scores-only sheet; players and finals in seat order."""
    sheet = replay_sheet(
        ruleset,
        overrides,
        [],
        penalties,
        final_scores=dict(zip(SEATS, finals, strict=True)),
        leftover_sticks=sticks,
    )
    return session_lines(sheet, round=rnd, table=no, players=dict(zip(SEATS, players, strict=True)))


def summary(standings):
    return [(s.rank, s.player, s.points, s.score, s.tied) for s in standings]


# --- precedence per ruleset --------------------------------------------------------


def test_precedence_table():
    chain = ("firsts", "seconds", "thirds", "best_session")
    assert precedence("mcr") == ("table_points", "points_total", *chain)
    for preset in ("jpml-a", "jpml-b", "wrc", "ema", "tenhou"):
        assert precedence(preset) == ("result_points", "raw_points", "best_session")
    assert precedence("zung-jung") == ("points_total", "firsts", "best_session")
    with_match = precedence("zung-jung", {"zj_match_points": [4, 2, 1, 0]})
    assert with_match == ("match_points", "points_total", "firsts", "best_session")
    assert precedence("hkos") == ("points_total", "session_wins", "best_session")
    assert precedence("hkos", {"tiebreak_chain": ["best_session", "shared"]}) == (
        "points_total",
        "best_session",
    )
    # "shared" stops the chain; a metric named twice keeps its first place.
    assert precedence("mcr", {"tiebreak_chain": ["shared", "firsts"]}) == MCR_HEAD
    assert precedence("mcr", {"tiebreak_chain": ["table_points", "fourths"]}) == (
        *MCR_HEAD,
        "fourths",
    )
    # Options of the ruleset's other readers pass.
    assert precedence("mcr", {"min_fan": 6, "tiebreak_chain": []}) == MCR_HEAD
    assert precedence("wrc", {"chombo_points": 30})[0] == "result_points"


MCR_HEAD = ("table_points", "points_total")


@pytest.mark.parametrize(
    "ruleset, overrides, words",
    [
        ("poker", {}, "'poker' has no standings"),
        ("mcr", {"tiebreak_chain": ["firsts", "coin_toss"]}, "'coin_toss' is not a metric"),
        ("hkos", {"tiebreak_chain": "session_wins"}, "must be a list"),
        ("mcr", {"tie_brake_chain": []}, "'tie_brake_chain' is not a mcr option"),
        # riichi and Zung Jung offer no tiebreak_chain (riichi.md, zung-jung.md §9)
        ("wrc", {"tiebreak_chain": ["firsts"]}, "'tiebreak_chain' is not a wrc option"),
        ("zung-jung", {"tiebreak_chain": []}, "'tiebreak_chain' is not a zung-jung option"),
        ("zung-jung", {"zj_match_points": [0, 1, 2, 4]}, "better place cannot earn less"),
    ],
)
def test_bad_ruleset_or_option(ruleset, overrides, words):
    with pytest.raises(StandingsError, match=words):
        rank_players(ruleset, overrides, ["a"], [])


# --- whole events from sheets --------------------------------------------------------


def test_mcr_event_over_two_rounds():
    players = list("abcdefghi")  # i registered but never played
    lines = [
        # R1 T1 (40, 10, -20, -30): a 4, b 2, c 1, d 0
        *table("mcr", {}, 1, 1, "abcd", (40, 10, -20, -30)),
        # R1 T2 (20, 20, -10, -30): e = f 1st, 3 each; g 1; h 0
        *table("mcr", {}, 1, 2, "efgh", (20, 20, -10, -30)),
        # R2 T1 all on 0: 7/4 each
        *table("mcr", {}, 2, 1, "aecg", (0, 0, 0, 0)),
        # R2 T2 (30, -10, -10, -10): b 4; f, d, h share 2nd-4th, 1 each (placement 2)
        *table("mcr", {}, 2, 2, "bfdh", (30, -10, -10, -10)),
    ]
    got = rank_players("mcr", {}, players, lines)
    assert summary(got) == [
        (1, "b", 6, 40, False),  # 2 + 4; 10 + 30
        (2, "a", F(23, 4), 40, False),  # 4 + 7/4
        (3, "e", F(19, 4), 20, False),  # 3 + 7/4
        (4, "f", 4, 10, False),  # 3 + 1
        # c and g: 1 + 7/4 = 11/4 each; session score -10 beats -20
        (5, "g", F(11, 4), -10, False),
        (6, "c", F(11, 4), -20, False),
        # d and h: 0 + 1; -30 - 10; no 1st; one 2nd (R2 shared 2nd-4th); no 3rd;
        # best -10: equal on every metric -> shared 7th, listed by id
        (7, "d", 1, -40, True),
        (7, "h", 1, -40, True),
        (9, "i", 0, 0, False),  # no session: zeros, ranked by the same rules
    ]
    assert got[6].metrics == {
        "table_points": 1,
        "points_total": -40,
        "firsts": 0,
        "seconds": 1,
        "thirds": 0,
        "best_session": -10,
    }
    assert [s.sessions for s in got] == [2] * 8 + [0]


def test_wrc_event_with_an_overall_chombo():
    rules = {"chombo_points": 30}  # WRC 2022 ⚠ (riichi.md §7): -30 off the overall score
    lines = [
        # R1: 45,200 / 31,000 / 24,500 / 19,300 -> 30.2, 6, -10.5, -25.7; b chombo -30 overall
        *table("wrc", rules, 1, 1, "abcd", (45_200, 31_000, 24_500, 19_300),
               [{"player": "S", "category": "chombo"}]),
        # R2: b, c, d, a on 40,000 / 30,000 / 30,000 / 20,000 -> 25, 0, 0, -25 (c = d split uma)
        *table("wrc", rules, 2, 1, "bcda", (40_000, 30_000, 30_000, 20_000)),
    ]  # fmt: skip
    got = rank_players("wrc", rules, list("abcd"), lines)
    assert summary(got) == [
        (1, "a", F(26, 5), 65_200, False),  # 30.2 - 25; 45,200 + 20,000
        (2, "b", 1, 71_000, False),  # 6 + 25 - 30; 31,000 + 40,000
        (3, "c", F(-21, 2), 54_500, False),  # -10.5 + 0
        (4, "d", F(-257, 10), 49_300, False),  # -25.7 + 0
    ]


# --- players without sessions, errors, determinism ----------------------------------


def test_players_without_sessions_rank_on_zeros():
    lines = [line("p", 1, 4, -50), line("q", 1, 1, 50)]
    got = rank_players("hkos", {}, ["z", "p", "y", "q"], lines)
    # q 50; y and z 0 (best session 0, no session) shared; p -50
    assert [(s.rank, s.player, s.points, s.tied) for s in got] == [
        (1, "q", 50, False),
        (2, "y", 0, True),
        (2, "z", 0, True),
        (4, "p", -50, False),
    ]
    assert got[1].metrics == {"points_total": 0, "session_wins": 0, "best_session": 0}
    assert rank_players("mcr", {}, [], []) == []


@pytest.mark.parametrize(
    "players, lines, words",
    [
        (["p"], [line("x", 1, 1, 0, 4)], "names 'x', who is not among the players"),
        (["p"], [line("p", 1, 1, 0, 4), line("p", 1, 2, 0, 2)], "two session lines in round 1"),
        (["p", "p"], [], "listed twice"),
        ("pq", [], "collection of player ids"),
        (["p"], [{"player": "p"}], "expected a SessionLine"),
        # MCR ranks on table points: a line without them cannot be ranked
        (["p"], [line("p", 1, 1, 0)], "'table_points' needs rank_points"),
    ],
)
def test_bad_lines(players, lines, words):
    with pytest.raises(StandingsError, match=words):
        rank_players("mcr", {}, players, lines)


def test_riichi_needs_raw_points():
    with pytest.raises(StandingsError, match="'raw_points' needs raw"):
        rank_players("ema", {}, ["p"], [line("p", 1, 1, 10)])


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"score": 1.5}, "score must be an int or a Fraction"),
        ({"overall_penalty": -0.5}, "overall_penalty must be"),
        ({"rank_points": 0.5}, "rank_points must be"),
        ({"placement": 5}, "placement must be 1 to 4"),
        ({"seat": "X"}, "seat must be one of"),
        ({"raw": 30_000.0}, "raw must be whole points"),
        ({"round": "1"}, "round must be a whole number"),
        ({"player": None}, "is not a player id"),
    ],
)
def test_bad_session_line(fields, words):
    base = {"player": "p", "round": 1, "table": 1, "seat": "E", "placement": 1}
    with pytest.raises(ValueError, match=words):
        SessionLine(**{**base, "score": 0, "rank_points": None, **fields})


def test_int_values_become_fractions():
    made = SessionLine("p", 1, 1, "E", 1, 30, 4, 45_000, -5)
    assert (type(made.score), type(made.rank_points), type(made.overall_penalty)) == (F, F, F)


def test_shuffled_input_gives_the_same_standings():
    lines = [
        *table("mcr", {}, 1, 1, "abcd", (10, 10, -10, -10)),
        *table("mcr", {}, 1, 2, "efgh", (10, 10, -10, -10)),
        *table("mcr", {}, 2, 1, "aceg", (0, 0, 0, 0)),
        *table("mcr", {}, 2, 2, "bdfh", (0, 0, 0, 0)),
    ]
    players = list("hgfedcbaxy")
    first = rank_players("mcr", {}, players, lines)
    # a, b, e, f: 3 + 7/4 each, all metrics equal; c, d, g, h: 1/2 + 7/4; x, y nothing
    assert [(s.rank, s.player) for s in first] == [
        *((1, p) for p in "abef"),
        *((5, p) for p in "cdgh"),
        (9, "x"),
        (9, "y"),
    ]
    rng = random.Random(20240601)
    for _ in range(20):
        rng.shuffle(lines)
        rng.shuffle(players)
        assert rank_players("mcr", {}, players, lines) == first


def test_ids_of_mixed_kinds_order_by_text():
    # 10 and "9" do not compare: the fallback orders by str(): "10" < "9" < "a".
    got = rank_players("hkos", {}, ["a", 10, "9"], [])
    assert [s.player for s in got] == [10, "9", "a"]
    got = rank_players("hkos", {}, [3, 1, 2], [])
    assert [s.player for s in got] == [1, 2, 3]
