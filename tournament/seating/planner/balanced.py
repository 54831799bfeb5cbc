"""The balanced method: designs first, then the search, then winds planned ahead.

Vocabulary as in plan.py; players here are indices 0..n-1. The steps:

1. **Tables.** With nothing played, the best design for n players (designs.py)
   with its points named to keep groups apart (groups.py). With rounds
   played, the design they belong to, continued (continuation.py). When its
   rounds meet nobody twice and split no group that could be split, they are
   kept as they are; anything else (no design, groups that clash, more rounds
   than the design has) goes to the tabu search (search.py), warm-started
   from the design or from a greedy seating. A design's rounds that meet
   nobody twice but seat clubmates together are weighed against a seating
   that keeps the clubs apart at the price of repeats (_score): a club
   meeting weighs as much as a repeat, and fewer club meetings win a tie.
   Either way the search is not run on top: its only way to improve is that
   trade, and being timed, it would make the answer depend on the machine.
   After a change of players, the design goes on with the newcomers in the
   places of those gone (lineage.py), and among the namings of the design
   that fit the rounds played, the one that seats the fewest clubmates
   together in the rounds to come is taken (_club_cost).
2. **Winds.** Over a block of four rounds every player can sit every wind
   once, so winds are planned a block at a time. When the rounds come from a
   design, the design rounds that will follow are predicted up to the end of
   the current block (continuation.py predicts the same ones in the next
   call) and coloured along with the new ones: a fresh block by the
   colouring of winds.py, the rest of a block begun in earlier calls by a
   completion search that keeps the winds already sat. So an event seated
   one round at a time still gets balanced winds. Otherwise winds come from
   the colouring (nothing played) or from polishing (rounds played); and
   after rounds played that were not balanced block by block (a re-plan in
   the middle of a block), polishing is taken whenever it leaves fewer
   players unbalanced.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from scoring.core.seats import PLAYERS_PER_TABLE
from tournament.seating.planner import continuation, designs, groups, search, winds

# Iterations (deterministic for a seed) before the time budget is the limit.
SEARCH_ITERATIONS = 20_000
NAMING_ITERATIONS = 20_000
BLOCK_NODES = 20_000  # steps of the block completion search before falling back
# Rounds over which the first round's naming keeps groups apart (see
# _naming): about the length of an event.
GROUP_HORIZON = 8
NAMING_SEED = 0  # the naming that keeps groups apart is the same whatever the seed
# Part of the time left that finding a design under the rounds played may
# take: it fails, slowly, when they came from elsewhere, and the search then
# needs the rest.
EMBED_SHARE = 0.25
# The clubs-apart alternative to a repeat-free seating where clubmates meet
# (see _score): a clubmate meeting then costs as much as this many repeats,
# within this many iterations and this part of the time left.
APART_PENALTY = 8
APART_ITERATIONS = 2_000
APART_SHARE = 0.5
# Namings of a design under the rounds played compared, when the players'
# clubs no longer give the first call's naming (someone left or came).
MOST_NAMINGS = 200


def balanced_rounds(count, met, counts, group_of, played, rng, deadline):
    """``count`` new rounds of (E, S, W, N) tables of indices, and the design used (or None).

    ``met`` and ``counts`` are the meetings and wind counts of the rounds
    ``played`` (tables of indices in wind order, -1 for players gone).
    """
    n = len(group_of)
    price = with_group_penalty(met, group_of)
    problem = search.Problem(n, count, price, winds=counts if played else None)
    meeting_bound = lower_bound(met, None, group_of, count)
    if played:
        start, construction = _continued_design(problem, played, group_of, rng, deadline)
    else:
        start, construction = _from_design(n, count, price, group_of, rng, deadline)
    meetings_only = search.Problem(n, count, price)
    kept = start is not None and search.cost(meetings_only, start) <= meeting_bound
    if start is not None and _score(met, group_of, start)[0]:
        # A repeat-free start whose clubmates meet: the only way to do better is
        # to trade those meetings for repeats, which the clubs-apart seating tries.
        apart = _clubs_apart(n, count, met, group_of, rng, deadline)
        kept = True
        if _score(met, group_of, apart)[1] < _score(met, group_of, start)[1]:
            start, construction = apart, None
    if not kept:
        # Moving anyone for the sake of winds alone would leave the design, and
        # with it the repeat-free rounds still to come: only search otherwise.
        bound = lower_bound(met, counts, group_of, count) if played else meeting_bound
        start = start or search.greedy_rounds(problem, rng, deadline)
        start = search.improve(problem, start, rng, deadline, SEARCH_ITERATIONS, bound)
    tables = [_tables(occupant) for occupant in start]
    seated = None
    if construction is not None:
        seated = _design_winds(tables, played, price, group_of, rng, deadline, kept)
    if seated is None:
        seated = (
            winds.polish_winds(tables, counts, deadline)
            if played
            else winds.colour_winds(tables, rng)
        )
    elif played:
        # Block by block suits rounds played in balanced blocks; after a change
        # of players they may not be (a newcomer, a block re-planned halfway),
        # and evening out the counts themselves may then do better.
        polished = winds.polish_winds(seated, counts, deadline)
        if _unbalanced(polished, counts) < _unbalanced(seated, counts):
            seated = polished
    return seated, construction


def _unbalanced(rounds, counts) -> int:
    """Players whose wind counts, ``counts`` plus ``rounds``, are not balanced."""
    total = [row[:] for row in counts]
    for tables in rounds:
        for table in tables:
            for wind, player in enumerate(table):
                total[player][wind] += 1
    return sum(not winds.balanced(row) for row in total)


def _from_design(n, count, price, group_of, rng, deadline):
    """The best design's rounds with points named to keep groups apart, or (None, None).

    A complete design is repeated when more rounds are asked for than it has
    (each pair then meets as evenly as it can); otherwise the missing rounds
    are filled greedily and left to the search.
    """
    design = designs.best_design(n)
    if len(design.rounds) == 1 and count > 1:
        return None, None  # one arbitrary round is no better than the greedy start
    point = _naming(design, group_of, count, rng, deadline)
    start = _rounds_of(design, point, count)
    if len(start) < count:
        extra = search.Problem(n, count - len(start), _after(price, start))
        start += search.greedy_rounds(extra, rng, deadline)
    return start, design.name


def _rounds_of(design, point, count: int) -> list[list[int]]:
    """The design's first ``count`` rounds (repeated if it is complete) as players."""
    player_at = [0] * len(point)
    for player, at in enumerate(point):
        player_at[at] = player
    if design.complete:
        chosen = [design.rounds[r % len(design.rounds)] for r in range(count)]
    else:
        chosen = list(design.rounds[:count])
    return [[player_at[x] for table in tables for x in table] for tables in chosen]


def _naming(design, group_of, count: int, rng, deadline) -> list[int]:
    """point[player] keeping groups apart over the design's first rounds.

    Without groups, a shuffle by the seed. With groups, the naming keeps them
    apart over about an event's rounds (GROUP_HORIZON) even when fewer are
    asked for, and does not depend on the seed: the next call, one round
    later, finds the same naming again and goes on with it (_continued_design).
    A complete design's last round is left out of the horizon, as every pair
    meets once in it whatever the naming.
    """
    if all(group is None for group in group_of):
        return groups.name_points([], group_of, rng, deadline, 0)
    usable = len(design.rounds) - (1 if design.complete else 0)
    horizon = max(count, min(usable, GROUP_HORIZON))
    rounds = _rounds_of(design, list(range(design.size)), horizon)
    met = groups.meeting_matrix(design.size, [_tables(occupant) for occupant in rounds])
    fixed = random.Random(NAMING_SEED)
    spare = design.rounds[horizon:] if horizon < len(design.rounds) else ()
    return groups.name_points(met, group_of, fixed, deadline, NAMING_ITERATIONS, spare)


def _continued_design(problem, played, group_of, rng, deadline):
    """The next rounds of the design that the rounds played belong to, or (None, None)."""
    design = designs.best_design(problem.size)
    total = len(played) + problem.rounds
    point = _embedding(design, played, group_of, rng, deadline, total)
    if point is None or len(design.rounds) <= len(played):
        return None, None
    rounds = continuation.next_rounds(design.rounds, point, problem.price, problem.rounds)
    return [
        [p for table in tables for p in table] for tables in rounds
    ], f"{design.name}, continued"


def _embedding(design, played, group_of, rng, deadline, total: int):
    """A naming of the design's points under which every round played is a design round.

    First the naming a first call would have made (the one that keeps groups
    apart), then any naming the search of continuation.py finds.
    """
    if any(group is not None for group in group_of):
        point = _naming(design, group_of, 1, rng, deadline)
        partitions = {_partition(tables, range(design.size)) for tables in design.rounds}
        if all(_partition(tables, point) in partitions for tables in played):
            return point
    colours = continuation.history_colours(design.size, played)
    if colours is None:
        return None
    share = deadline.share(EMBED_SHARE)
    if all(group is None for group in group_of):
        return continuation.embed(design.rounds, colours, len(played), share)
    cost = _club_cost(design, played, group_of, total)
    return continuation.embed(design.rounds, colours, len(played), share, cost, MOST_NAMINGS)


def _club_cost(design, played, group_of, total: int):
    """A naming's clubmate meetings in the cheapest design rounds still to play.

    ``total`` rounds are planned in all; the design rounds that are not played
    yet (under the naming) are counted, the ones with fewest clubmates first.
    """
    history = {_partition(tables, range(len(group_of))) for tables in played}

    def cost(point) -> int:
        player_at = [0] * len(point)
        for player, x in enumerate(point):
            player_at[x] = player
        left = []
        for tables in design.rounds:
            seated = [[player_at[x] for x in table] for table in tables]
            if _partition(seated, range(len(group_of))) in history:
                continue
            left.append(
                sum(
                    group_of[p] is not None and group_of[p] == group_of[q]
                    for table in seated
                    for p, q in itertools.combinations(table, 2)
                )
            )
        return sum(sorted(left)[: max(0, total - len(played))])

    return cost


def _partition(tables, point) -> frozenset:
    """A round as a set of tables, each a set of players (or points, renamed by ``point``)."""
    return frozenset(frozenset(point[p] for p in table) for table in tables)


def _design_winds(tables, played, price, group_of, rng, deadline, predict: bool):
    """Winds for design rounds, planned to the end of the current block; None if not possible.

    ``played`` rounds have their tables in wind order; the block's rounds
    already played fix some winds, which the completion search keeps. The
    rounds to come are predicted only when ``tables`` are the design's own
    (the search did not have to change them).
    """
    design = designs.best_design(len(price))
    h, count = len(played), len(tables)
    ahead = -(h + count) % winds.ROUNDS_PER_CYCLE
    predicted = []
    if ahead and predict:
        so_far = played + tables
        point = _embedding(design, so_far, group_of, rng, deadline, h + count)
        if point is not None:
            after = _after(price, [[p for t in tables_ for p in t] for tables_ in tables])
            predicted = continuation.next_rounds(design.rounds, point, after, ahead)
    span = tables + predicted
    in_block = played[h - h % winds.ROUNDS_PER_CYCLE :]
    head = -h % winds.ROUNDS_PER_CYCLE
    first = []
    if head:
        used: dict[int, set[int]] = {}
        for tables_ in in_block:
            for table in tables_:
                for wind, p in enumerate(table):
                    used.setdefault(p, set()).add(wind)
        first = winds.complete_block(span[:head], used, deadline, BLOCK_NODES)
        if first is None:
            return None
    rest = winds.colour_winds(span[head:], rng) if span[head:] else []
    return (first + rest)[:count]


def _after(price, rounds):
    """Prices once ``rounds`` (lists of players, four by four) are played too."""
    after = [row[:] for row in price]
    for occupant in rounds:
        for table in _tables(occupant):
            for p, q in itertools.permutations(table, 2):
                after[p][q] += 1
    return after


def _tables(occupant: list[int]) -> list[list[int]]:
    return [occupant[i : i + PLAYERS_PER_TABLE] for i in range(0, len(occupant), PLAYERS_PER_TABLE)]


def with_group_penalty(met, group_of, penalty: int = search.GROUP_PENALTY):
    """Prices for the search: meetings so far plus the penalty between groupmates."""
    price = [row[:] for row in met]
    members: dict[int, list[int]] = {}
    for player, group in enumerate(group_of):
        if group is not None:
            members.setdefault(group, []).append(player)
    for mates in members.values():
        for p, q in itertools.permutations(mates, 2):
            price[p][q] += penalty
    return price


def _score(met, group_of, rounds) -> tuple[bool, tuple[int, int]]:
    """(clubmates meet in a repeat-free seating, (repeats + club meetings, club meetings)).

    ``rounds`` are new rounds (players four by four) after the meetings ``met``.
    A club meeting and a repeat weigh the same; at equal weight, fewer club
    meetings win (16 players in four clubs of four over five rounds: the
    repeat-free design makes all 24 clubmate pairs meet, keeping the clubs
    apart costs 24 repeats instead, and the clubs are kept apart).
    """
    seen = [row[:] for row in met]
    repeats = clubs = 0
    for occupant in rounds:
        for table in _tables(occupant):
            for p, q in itertools.combinations(table, 2):
                repeats += seen[p][q] > 0
                seen[p][q] += 1
                seen[q][p] += 1
                clubs += group_of[p] is not None and group_of[p] == group_of[q]
    return (repeats == 0 and clubs > 0), (repeats + clubs, clubs)


def _clubs_apart(n, count, met, group_of, rng, deadline):
    """The search's seating with clubmates kept apart first, repeats second.

    Deterministic for a seed while the iterations, not the deadline, end it.
    """
    problem = search.Problem(n, count, with_group_penalty(met, group_of, APART_PENALTY))
    start = search.greedy_rounds(problem, rng, deadline)
    return search.improve(problem, start, rng, deadline.share(APART_SHARE), APART_ITERATIONS)


def lower_bound(met, counts, group_of, count: int) -> int:
    """The search's own bound, or better: repeats and winds, plus groups too big to split.

    A group of s players over T tables has at least r * C(q + 1, 2) +
    (T - r) * C(q, 2) pairs seated together each round (q, r = divmod(s, T)).
    """
    tables = len(group_of) // PLAYERS_PER_TABLE
    together = 0
    for size in Counter(g for g in group_of if g is not None).values():
        q, r = divmod(size, tables)
        together += r * (q + 1) * q // 2 + (tables - r) * q * (q - 1) // 2
    plain = search.lower_bound(search.Problem(len(group_of), count, met, counts))
    grouped = search.lower_bound(
        search.Problem(len(group_of), count, with_group_penalty(met, group_of), counts)
    )
    return max(grouped, plain + search.GROUP_PENALTY * together * count)
