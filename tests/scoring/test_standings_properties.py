"""Properties of rank_players over random events, and agreement with hkos_standings.

Small score ranges make ties common, so shared ranks are exercised often.
"""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.placement import placements
from scoring.families.hkos.session import hkos_standings
from scoring.standings import METRICS, SessionLine, precedence, rank_players

RULESETS = [
    ("mcr", {}),
    ("mcr", {"tiebreak_chain": ["fourths", "shared"]}),
    ("jpml-a", {}),
    ("tenhou", {}),
    ("zung-jung", {}),
    ("zung-jung", {"zj_match_points": [4, 2, 1, 0]}),
    ("hkos", {}),
    ("hkos", {"tiebreak_chain": ["best_session"]}),
]


@st.composite
def events(draw):
    players = draw(st.lists(st.integers(0, 30), unique=True, max_size=9))
    lines = []
    for p in players:
        for rnd in draw(st.sets(st.integers(1, 4), max_size=4)):
            lines.append(
                SessionLine(
                    player=p,
                    round=rnd,
                    table=1,
                    seat=draw(st.sampled_from("ESWN")),
                    placement=draw(st.integers(1, 4)),
                    score=F(draw(st.integers(-2, 2))),
                    rank_points=F(draw(st.integers(0, 8)), 2),
                    raw=draw(st.sampled_from([29_000, 30_000, 31_000])),
                    overall_penalty=F(draw(st.sampled_from([0, 0, 0, -1]))),
                )
            )
    ruleset, overrides = draw(st.sampled_from(RULESETS))
    return ruleset, overrides, players, lines, draw(st.randoms(use_true_random=False))


def better(a: dict, b: dict, order) -> bool:
    """a ranks strictly ahead of b: the first differing metric, in its direction."""
    for name in order:
        if a[name] != b[name]:
            return (a[name] > b[name]) == METRICS[name].higher_is_better
    return False


@settings(max_examples=300, deadline=None)
@given(events())
def test_ranks_are_shared_exactly_when_every_metric_is_equal(event):
    ruleset, overrides, players, lines, rng = event
    order = precedence(ruleset, overrides)
    got = rank_players(ruleset, overrides, players, lines)
    assert sorted(s.player for s in got) == sorted(players)  # a permutation of players
    ranks = [s.rank for s in got]
    assert ranks == sorted(ranks) and (not got or ranks[0] == 1)
    for i, s in enumerate(got):
        assert tuple(s.metrics) == order
        # 1 + the number of players strictly ahead; never more than the position allows
        assert s.rank == 1 + sum(better(o.metrics, s.metrics, order) for o in got)
        assert s.rank <= i + 1
        shares = [o for o in got if o is not s and o.rank == s.rank]
        assert s.tied == bool(shares)
        assert all(o.metrics == s.metrics for o in shares)
        assert all(o.metrics != s.metrics for o in got if o.rank != s.rank)
        assert s.sessions == sum(ln.player == s.player for ln in lines)
    for a, b in zip(got, got[1:], strict=False):  # within a rank: by player id
        assert a.rank < b.rank or a.player < b.player
    shuffled, roster = list(lines), list(players)
    rng.shuffle(shuffled)
    rng.shuffle(roster)
    assert rank_players(ruleset, overrides, roster, shuffled) == got


@st.composite
def hkos_sessions(draw):
    pool = draw(st.lists(st.sampled_from("abcdefg"), unique=True, min_size=4, max_size=7))
    sessions = []
    for _ in range(draw(st.integers(1, 4))):
        seated = draw(st.permutations(pool))[:4]
        sessions.append({p: draw(st.integers(-3, 3)) * 32 for p in seated})
    return sessions


@settings(max_examples=200, deadline=None)
@given(hkos_sessions())
def test_agrees_with_hkos_standings_on_the_default_chain(sessions):
    lines = [
        SessionLine(p, rnd, 1, "E", place, F(session[p]), None, session[p])
        for rnd, session in enumerate(sessions)
        for p, place in placements(session).items()
    ]
    played = sorted({p for s in sessions for p in s})
    old = {
        s.player: (s.rank, s.points, s.session_wins, s.best_session)
        for s in hkos_standings(sessions)
    }
    new = rank_players("hkos", {}, played, lines)
    assert {
        s.player: (s.rank, s.points, s.metrics["session_wins"], s.metrics["best_session"])
        for s in new
    } == old
