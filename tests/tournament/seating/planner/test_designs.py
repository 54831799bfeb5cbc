"""The algebra under the planner: designs, namings, continuation, wind colouring. No database."""

from __future__ import annotations

import itertools
import random

import pytest

from tournament.seating.planner import continuation, designs, groups, winds
from tournament.seating.planner.deadline import Deadline


def is_round(tables, size) -> bool:
    seated = sorted(p for table in tables for p in table)
    return seated == list(range(size)) and all(len(table) == 4 for table in tables)


def meets_at_most_once(rounds) -> bool:
    """True when no pair of points shares a table in two rounds."""
    seen: set[tuple[int, int]] = set()
    for round_ in rounds:
        for table in round_:
            for pair in itertools.combinations(sorted(table), 2):
                if pair in seen:
                    return False
                seen.add(pair)
    return True


EXPECTED = {
    # size: (name starts with, rounds, complete)
    16: ("AG(2,4)", 5, True),
    24: ("cyclic Z7xZ3+3", 7, False),
    28: ("cyclic Z9xZ3+1", 9, True),
    32: ("RTD(4,8)", 9, False),
    36: ("cyclic Z11xZ3+3", 11, False),
    40: ("cyclic Z13xZ3+1", 13, True),
    48: ("cyclic Z15xZ3+3", 15, False),
    52: ("cyclic Z17xZ3+1", 17, True),
    60: ("cyclic Z19xZ3+3", 19, False),
    64: ("AG(3,4)", 21, True),
    100: ("RTD(4,25)", 25, False),
    128: ("RTD(4,32)", 41, False),
    256: ("AG(4,4)", 85, True),
}


@pytest.mark.parametrize("size", sorted(EXPECTED))
def test_best_design_for_each_size(size):
    name, rounds, complete = EXPECTED[size]
    design = designs.best_design(size)
    assert design.name.startswith(name)
    assert (len(design.rounds), design.complete) == (rounds, complete)
    assert all(is_round(tables, size) for tables in design.rounds)
    assert meets_at_most_once(design.rounds)


@pytest.mark.parametrize("size", [16, 20, 28, 32, 36, 44, 52, 64, 68, 100, 128, 256])
def test_every_candidate_is_a_design(size):
    for design in designs.candidate_designs(size):
        assert design.size == size
        assert all(is_round(tables, size) for tables in design.rounds), design.name
        assert meets_at_most_once(design.rounds), design.name


@pytest.mark.parametrize("base", designs.ROTATIONAL_BASES, ids=lambda b: f"m{b.m}+{b.fixed}")
def test_rotational_bases_cover_each_difference_at_most_once(base):
    """What the hard-coded base tables promise; a typo in them would fail here."""
    design = designs.rotational_design(base)
    assert design.size == 3 * base.m + base.fixed
    assert len(design.rounds) == base.m
    assert pow(base.mu, 3, base.m) == 1
    assert meets_at_most_once(design.rounds)
    assert all(is_round(tables, design.size) for tables in design.rounds)


def test_complete_designs_meet_every_pair():
    for size in (16, 28, 40, 64):
        design = designs.best_design(size)
        met = {
            pair
            for tables in design.rounds
            for t in tables
            for pair in itertools.combinations(t, 2)
        }
        assert len(met) == size * (size - 1) // 2


def test_transversal_design_groups_never_meet_within_the_transversal_rounds():
    design = designs.transversal_design(9)
    for tables in design.rounds:
        for table in tables:
            assert sorted(p // 9 for p in table) == [0, 1, 2, 3]


def test_naming_points_keeps_clubs_of_four_apart():
    design = designs.best_design(64)
    met = groups.meeting_matrix(64, design.rounds[:8])
    club = [p // 4 for p in range(64)]
    point = groups.name_points(met, club, random.Random(1), Deadline(10), 20_000)
    assert sorted(point) == list(range(64))
    clashes = sum(
        met[point[a]][point[b]]
        for a, b in itertools.combinations(range(64), 2)
        if club[a] == club[b]
    )
    assert clashes == 0


def test_clubs_are_packed_into_the_tables_of_a_spare_round():
    """40 players, 8 of the 13 rounds: ten clubs of four fit the tables of round 9."""
    design = designs.best_design(40)
    met = groups.meeting_matrix(40, design.rounds[:8])
    club = [p // 4 for p in range(40)]
    point = groups.name_points(met, club, random.Random(0), Deadline(10), 0, design.rounds[8:])
    for c in range(10):
        members = {point[p] for p in range(40) if club[p] == c}
        assert any(members == set(table) for table in design.rounds[8])


def test_naming_without_groups_is_a_seeded_shuffle():
    met = groups.meeting_matrix(16, designs.best_design(16).rounds)
    first = groups.name_points(met, [None] * 16, random.Random(3), Deadline(1), 10)
    assert first == groups.name_points(met, [None] * 16, random.Random(3), Deadline(1), 10)
    assert sorted(first) == list(range(16))


def test_history_from_a_design_embeds_and_continues_without_repeats():
    """Three rounds of the 28-player design, renamed: the other six follow, repeat-free."""
    design = designs.best_design(28)
    rng = random.Random(5)
    rename = list(range(28))
    rng.shuffle(rename)
    played = [[[rename[x] for x in table] for table in tables] for tables in design.rounds[:3]]
    colours = continuation.history_colours(28, played)
    point = continuation.embed(design.rounds, colours, 3, Deadline(10))
    assert point is not None
    price = [[0] * 28 for _ in range(28)]
    for tables in played:
        for table in tables:
            for p, q in itertools.permutations(table, 2):
                price[p][q] += 1
    nxt = continuation.next_rounds(design.rounds, point, price, 6)
    rounds = played + nxt
    assert meets_at_most_once(rounds)
    assert all(is_round(tables, 28) for tables in nxt)
    assert nxt == continuation.next_rounds(design.rounds, point, price, 6)  # no naming noise


def test_history_with_a_repeat_or_a_stranger_does_not_embed():
    rounds = [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 1, 4, 5], [2, 3, 6, 7]]]
    assert continuation.history_colours(8, rounds) is None  # 0 and 1 met twice
    assert continuation.history_colours(8, [[[0, 1, 2, 3], [4, 5, 6, -1]]]) is None


@pytest.mark.parametrize(("size", "rounds"), [(4, 3), (8, 5), (16, 7), (24, 8), (36, 9)])
def test_wind_colouring_is_balanced_and_keeps_tables(size, rounds):
    rng = random.Random(size)
    plan = []
    for _ in range(rounds):
        order = list(range(size))
        rng.shuffle(order)
        plan.append([order[i : i + 4] for i in range(0, size, 4)])
    seated = winds.colour_winds(plan, rng)
    for before, after in zip(plan, seated, strict=True):
        assert [sorted(t) for t in before] == [sorted(t) for t in after]
    counts = winds.wind_counts(seated, range(size))
    assert all(winds.balanced(c) for c in counts.values())
    # Each block of four rounds gives every player each wind once.
    for player in range(size):
        for block in range(0, rounds - rounds % 4, 4):
            sat = [
                t.index(player)
                for tables in seated[block : block + 4]
                for t in tables
                if player in t
            ]
            assert sorted(sat) == [0, 1, 2, 3]


def test_polishing_evens_out_winds_after_history():
    counts = [[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [0, 0, 0, 2]]
    seated = winds.polish_winds([[[0, 1, 2, 3]]], counts, Deadline(1))
    assert seated[0][0][0] != 0 and seated[0][0][1] != 1
    assert seated[0][0][2] != 2 and seated[0][0][3] != 3


def test_completing_a_block_keeps_the_winds_already_sat():
    """Round 1 of a de Werra block fixed: rounds 2-4 are completed with each wind once each."""
    design = designs.best_design(16)
    block = [[list(t) for t in tables] for tables in design.rounds[:4]]
    first = winds.colour_winds(block, random.Random(2))[0]
    used = {p: {wind} for table in first for wind, p in enumerate(table)}
    rest = winds.complete_block(block[1:], used, Deadline(5), 20_000)
    assert rest is not None
    for p in range(16):
        sat = [t.index(p) for tables in [first, *rest] for t in tables if p in t]
        assert sorted(sat) == [0, 1, 2, 3]


def test_completing_a_block_avoids_winds_sat_or_gives_up():
    used = {p: {p} for p in range(4)}  # player p sat wind p
    (table,) = winds.complete_block([[[0, 1, 2, 3]]], used, Deadline(5), 100)[0]
    assert all(table[wind] != wind for wind in range(4))
    used = {p: {0} for p in range(4)}  # all four sat East: nobody can take it now
    assert winds.complete_block([[[0, 1, 2, 3]]], used, Deadline(5), 100) is None
