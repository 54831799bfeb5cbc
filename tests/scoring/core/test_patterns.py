"""The pattern engine: exclusions by presence, one arrangement, the best kept."""

from __future__ import annotations

from scoring.core.hand import hand_from_dict
from scoring.core.patterns import Context, Pattern, all_scores, best_arrangement, evaluate
from scoring.core.shapes import arrangements

# 111222333m 44m 789s: three pungs, or three identical chows.
HAND = hand_from_dict(
    {
        "concealed": "1112223334m789s",
        "win_tile": "4m",
        "win": "tsumo",
        "seat_wind": "S",
        "round_wind": "E",
    }
)

PUNGS = Pattern("three_pungs", 30, lambda c: len(c.pungs) >= 3)
CHOWS = Pattern(
    "identical_chows", 100, lambda c: max(c.chows.count(g) for g in c.chows) >= 3 if c.chows else 0
)
EACH_CHOW = Pattern("each_chow", 1, lambda c: len(c.chows))


def _contexts():
    return [Context(HAND, a) for a in arrangements(HAND)]


def test_counts_come_from_the_test():
    ctx = next(c for c in _contexts() if len(c.chows) == 4)
    (found,) = evaluate([EACH_CHOW], ctx)
    assert (found.key, found.value, found.count, found.total) == ("each_chow", 1, 4, 4)


def test_exclusion_is_by_presence_whatever_the_order():
    a = Pattern("a", 10, lambda c: True, frozenset({"b"}))
    b = Pattern("b", 5, lambda c: True, frozenset({"c"}))
    c = Pattern("c", 1, lambda c: True)
    ctx = _contexts()[0]
    for order in ([a, b, c], [c, b, a], [b, c, a]):
        assert {f.key for f in evaluate(order, ctx)} == {"a"}


def test_patterns_from_different_arrangements_never_combine():
    scores = all_scores(HAND, arrangements(HAND), [PUNGS, CHOWS], lambda f: sum(x.total for x in f))
    assert sorted(s.total for s in scores if s.total) == [30, 100]
    assert all(len(s.found) <= 1 for s in scores)


def test_best_arrangement_is_the_highest_single_one():
    best = best_arrangement(
        HAND, arrangements(HAND), [PUNGS, CHOWS], lambda f: sum(x.total for x in f)
    )
    assert best.total == 100 and [f.key for f in best.found] == ["identical_chows"]


def test_context_facts():
    ctx = next(c for c in _contexts() if len(c.pungs) == 3)
    assert ctx.suits == {"m", "s"} and not ctx.has_honours and ctx.is_concealed
    assert len(ctx.sets) == 4 and len(ctx.pairs) == 1 and ctx.kongs == ()
