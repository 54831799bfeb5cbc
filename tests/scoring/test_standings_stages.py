"""Cuts, carried points and team rankings (issue #21), worked by hand.

MCR precedence (rules/mcr.md §8): table points, then the session-score
total, then firsts, seconds, thirds, best session. Each case says in its
comment what the hand count gives.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.standings import SessionLine, StandingsError, precedence, rank_by
from scoring.standings.stages import carried_values, cut
from scoring.standings.teams import rank_teams

MCR = precedence("mcr")


def line(player, rnd, place, score, table_points):
    return SessionLine(player, rnd, 1, "ESWN"[place - 1], place, F(score), F(table_points))


def ranked(lines, players, carried=None):
    return rank_by(MCR, list(players), lines, carried=carried)


# a 4, b 2, c 2, d 0 table points; b and c also tie on score 10 but c has no first:
# both placed 2nd (shared), so they are equal on every metric -> shared rank 2.
SHARED_TIE = [line("a", 1, 1, 30, 4), line("b", 1, 2, 10, 2), line("c", 1, 2, 10, 2),
              line("d", 1, 4, -50, 0)]  # fmt: skip
# b and c tie on table points (2) but b scored 20, c 0: the score decides.
SCORE_TIE = [line("a", 1, 1, 30, 4), line("b", 1, 2, 20, 2), line("c", 1, 2, 0, 2),
             line("d", 1, 4, -50, 0)]  # fmt: skip


def test_a_tie_on_points_is_decided_by_the_next_metric():
    standings = ranked(SCORE_TIE, "abcd")
    answer = cut(standings, 2, MCR)
    assert answer.entrants == ("a", "b")
    assert answer.resolved and answer.decided_by == "points_total"
    assert answer.line == ("b", "c")


def test_a_tie_on_every_metric_is_left_to_the_director():
    standings = ranked(SHARED_TIE, "abcd")
    answer = cut(standings, 2, MCR)
    assert not answer.resolved
    assert answer.entrants == ("a",) and set(answer.tie) == {"b", "c"} and answer.tie_places == 1
    chosen = cut(standings, 2, MCR, chosen=["c"])
    assert chosen.resolved and chosen.entrants == ("a", "c")
    # Issue #34: the line is between the one named and the one not, whatever the list's order.
    assert chosen.line == ("c", "b")
    with pytest.raises(StandingsError, match="name 1"):
        cut(standings, 2, MCR, chosen=["b", "c"])
    with pytest.raises(StandingsError, match="not among"):
        cut(standings, 2, MCR, chosen=["d"])


def test_wild_cards_take_places_first_and_withdrawn_players_let_the_next_move_up():
    standings = ranked(SCORE_TIE, "abcd")
    # d (last) is a wild card: one place left by rank, a takes it.
    assert cut(standings, 2, MCR, wild_cards=["d"]).entrants == ("d", "a")
    # a withdrew: b and c move up.
    assert cut(standings, 2, MCR, excluded=["a"]).entrants == ("b", "c")
    with pytest.raises(StandingsError):
        cut(standings, 1, MCR, wild_cards=["c", "d"])


def test_half_carry_adds_half_the_points_and_score_and_nothing_else():
    before = ranked(SCORE_TIE, "abcd")
    metrics = {s.player: s.metrics for s in before}
    carried = carried_values(metrics, MCR, "half")
    # a: 4 table points and 30 -> 2 and 15; firsts are not carried.
    assert carried["a"] == {"table_points": F(2), "points_total": F(15)}
    assert carried_values(metrics, MCR, "none")["a"] == {"table_points": 0, "points_total": 0}
    # Next stage: a 4th (0, -10), b 1st (4, 10): a 2 + 0 = 2, b 1 + 4 = 5 -> b first.
    lines = [line("a", 2, 4, -10, 0), line("b", 2, 1, 10, 4)]
    after = ranked(lines, "ab", {p: carried[p] for p in "ab"})
    assert [(s.player, s.points, s.score) for s in after] == [("b", 5, 20), ("a", 2, 5)]
    assert after[0].metrics["firsts"] == 1 and after[1].metrics["firsts"] == 0
    with pytest.raises(StandingsError):
        ranked(lines, "ab", {"a": {"firsts": F(1)}})


def test_team_rankings_all_members_and_best_per_round():
    # Team X: a, b; team Y: c, d. Round 1: a 4 (30), c 2 (20), b 2 (0), d 0 (-50).
    # Round 2: d 4 (40), b 2 (10), a 1 (-20), c 0 (-30).
    lines = SCORE_TIE[:1] + [line("c", 1, 2, 20, 2), line("b", 1, 2, 0, 2),
                             line("d", 1, 4, -50, 0), line("d", 2, 1, 40, 4),
                             line("b", 2, 2, 10, 2), line("a", 2, 3, -20, 1),
                             line("c", 2, 4, -30, 0)]  # fmt: skip
    teams = {"X": ["a", "b"], "Y": ["c", "d"]}
    # All: X 4+2+2+1 = 9 (30+0+10-20 = 20); Y 2+0+4+0 = 6 (20-50+40-30 = -20).
    every = rank_teams(MCR, teams, lines)
    assert [(t.team, t.points, t.score, t.sessions) for t in every] == [
        ("X", 9, 20, 4),
        ("Y", 6, -20, 4),
    ]
    # Best 1 per round: X a 4 (30) + b 2 (10) = 6 (40); Y c 2 (20) + d 4 (40) = 6 (60): Y first.
    best = rank_teams(MCR, teams, lines, best=1)
    assert [(t.team, t.points, t.score) for t in best] == [("Y", 6, 60), ("X", 6, 40)]
    # Equal on both: shared rank, listed by name.
    level = rank_teams(MCR, {"X": "a", "Y": "e"}, [])
    assert [(t.rank, t.team, t.tied) for t in level] == [(1, "X", True), (1, "Y", True)]
    with pytest.raises(StandingsError):
        rank_teams(MCR, {"X": "a", "Y": "a"}, [])
