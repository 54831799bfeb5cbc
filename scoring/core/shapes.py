"""Winning shapes: four sets and a pair, seven pairs, thirteen orphans; and waits.

Every ruleset scores an *arrangement*: one way of reading the hand as groups,
with the winning tile placed in one group. A hand can often be read several
ways (``111222333m`` is three pungs or three identical chows), and the wait
that the winning tile completed can differ between readings, so the rulesets
that we write ourselves (Zung Jung, Hong Kong) try every arrangement and keep
the best. The riichi adapter uses this module for precise ``not_winning``
messages.

Wait names: ``open`` (two-sided, 23 waiting on 1 or 4), ``edge`` (12 waiting
on 3), ``closed`` (13 waiting on 2), ``single`` (pair wait), ``pung`` (two
pairs waiting to become a pung), ``thirteen_sided`` (thirteen orphans waiting
on any of the thirteen), and ``none`` for a winning tile outside the hand's
groups (never happens for a legal hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from scoring.core.errors import HandError
from scoring.core.hand import Hand
from scoring.core.tiles import EAST, NUM_KINDS, counts34, kind_name, to_mpsz

ORPHANS = (0, 8, 9, 17, 18, 26, *range(EAST, NUM_KINDS))
SETS_IN_HAND = 4
PAIRS_IN_SEVEN_PAIRS = 7


@dataclass(frozen=True)
class Group:
    """A set or the pair. ``kind`` is the lowest tile; ``concealed`` per the rules' sense."""

    shape: str  # chow, pung, kong, pair
    kind: int
    concealed: bool = True
    melded: bool = False  # came from a meld rather than the standing tiles


@dataclass(frozen=True)
class Arrangement:
    """One reading of a winning hand, with the winning tile placed."""

    form: str  # standard, seven_pairs, thirteen_orphans
    groups: tuple[Group, ...]
    wait: str
    win_group: int | None  # index into groups; None for thirteen orphans


def is_seven_pairs(counts: list[int], quads: bool = False) -> bool:
    """Seven pairs; four of a kind counts as two pairs only where ``quads`` says so."""
    if sum(counts) != 2 * PAIRS_IN_SEVEN_PAIRS or any(c % 2 for c in counts):
        return False
    return quads or all(c in (0, 2) for c in counts)


def is_thirteen_orphans(counts: list[int]) -> bool:
    return (
        sum(counts) == 14
        and all(counts[k] >= 1 for k in ORPHANS)
        and sum(counts[k] for k in ORPHANS) == 14
    )


def standard_readings(counts: tuple[int, ...], sets: int) -> list[tuple[int, tuple]]:
    """All ways to read ``counts`` as ``sets`` sets plus one pair.

    Returns ``(pair_kind, ((shape, kind), …))`` with sets in ascending order.
    """
    return list(_readings(tuple(counts), sets))


@cache
def _readings(counts: tuple[int, ...], sets: int) -> tuple[tuple[int, tuple], ...]:
    out = []
    for pair in range(NUM_KINDS):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            for combo in _sets_only(tuple(rest), sets):
                out.append((pair, combo))
    return tuple(out)


@cache
def _sets_only(counts: tuple[int, ...], sets: int) -> tuple[tuple, ...]:
    """Every way to split ``counts`` into exactly ``sets`` pungs and chows."""
    if sets == 0:
        return ((),) if not any(counts) else ()
    first = next((k for k, c in enumerate(counts) if c), None)
    if first is None:
        return ()
    found: list[tuple] = []
    if counts[first] >= 3:
        rest = list(counts)
        rest[first] -= 3
        found += [(("pung", first), *tail) for tail in _sets_only(tuple(rest), sets - 1)]
    if first < EAST and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        rest = list(counts)
        for k in (first, first + 1, first + 2):
            rest[k] -= 1
        found += [(("chow", first), *tail) for tail in _sets_only(tuple(rest), sets - 1)]
    return tuple(found)


def arrangements(
    hand: Hand,
    *,
    seven_pairs: bool = True,
    seven_pairs_quads: bool = False,
    thirteen_orphans: bool = True,
) -> list[Arrangement]:
    """Every reading of the hand with the winning tile placed; empty if not a win.

    The keyword switches say which irregular forms the ruleset accepts (Hong
    Kong has no seven pairs; Zung Jung may count four of a kind as two pairs).
    """
    closed = counts34(hand.closed_tiles)
    win = hand.win_tile.kind
    melded = tuple(_meld_group(m) for m in hand.melds)
    found: list[Arrangement] = []
    needed = SETS_IN_HAND - len(hand.melds)
    for pair, sets in standard_readings(tuple(closed), needed):
        groups = (*(Group(s, k) for s, k in sets), Group("pair", pair), *melded)
        for i, g in enumerate(groups[: len(sets) + 1]):
            wait = _wait_in_group(g, win)
            if wait:
                found.append(Arrangement("standard", _mark_ron(groups, i, hand), wait, i))
    if seven_pairs and not hand.melds and is_seven_pairs(closed, seven_pairs_quads):
        pairs = tuple(Group("pair", k) for k, c in enumerate(closed) for _ in range(c // 2))
        index = next(i for i, g in enumerate(pairs) if g.kind == win)
        found.append(Arrangement("seven_pairs", pairs, "single", index))
    if thirteen_orphans and not hand.melds and is_thirteen_orphans(closed):
        before = list(closed)
        before[win] -= 1
        wait = "thirteen_sided" if all(before[k] == 1 for k in ORPHANS) else "single"
        found.append(Arrangement("thirteen_orphans", (), wait, None))
    return found


def _meld_group(meld) -> Group:
    shape = {"chi": "chow", "pon": "pung", "kan": "kong"}[meld.type]
    kind = min(t.kind for t in meld.tiles)
    return Group(shape, kind, concealed=meld.concealed, melded=True)


def _wait_in_group(group: Group, win: int) -> str | None:
    if group.shape == "pair":
        return "single" if group.kind == win else None
    if group.shape == "pung":
        return "pung" if group.kind == win else None
    offset = win - group.kind
    if offset == 1:
        return "closed"
    if offset == 0:
        return "edge" if group.kind % 9 == 6 else "open"
    if offset == 2:
        return "edge" if group.kind % 9 == 0 else "open"
    return None


def _mark_ron(groups: tuple[Group, ...], index: int, hand: Hand) -> tuple[Group, ...]:
    """A pung completed by a discard counts as exposed in every ruleset."""
    g = groups[index]
    if hand.is_tsumo or g.shape != "pung":
        return groups
    return (*groups[:index], Group("pung", g.kind, concealed=False), *groups[index + 1 :])


def waits(counts13: list[int], melds: int = 0) -> list[int]:
    """Tile kinds that would complete a hand of ``14 - 3*melds - 1`` tiles.

    Kinds of which the hand already holds all four are still listed (the shape
    waits on them); whether such a hand counts as ready is a rules question.
    """
    found = []
    for k in range(NUM_KINDS):
        trial = list(counts13)
        trial[k] += 1
        if _is_complete(tuple(trial), melds):
            found.append(k)
    return found


def _is_complete(counts: tuple[int, ...], melds: int) -> bool:
    if _readings(counts, SETS_IN_HAND - melds):
        return True
    return melds == 0 and (is_seven_pairs(list(counts)) or is_thirteen_orphans(list(counts)))


def not_winning(hand: Hand, forms: str = "four sets and a pair, seven pairs or kokushi"):
    """The ``not_winning`` :class:`HandError` of a hand that is not a win: what it waits on.

    Its refusal is ``not_complete`` (tiles, waits) or ``no_winning_shape`` (tiles).
    """
    message = not_winning_message(hand, forms)
    tiles = f"{to_mpsz(hand.concealed)} + {hand.win_tile}"
    ready = waits(counts34(hand.concealed), len(hand.melds))
    if ready:
        waiting = [kind_name(k) for k in ready]
        return HandError("not_winning", message, "not_complete", tiles=tiles, waits=waiting)
    return HandError("not_winning", message, "no_winning_shape", tiles=tiles)


def not_winning_message(
    hand: Hand, forms: str = "four sets and a pair, seven pairs or kokushi"
) -> str:
    """What a judge needs to hear about a hand that is not a win: what it waits on."""
    shown = f"{to_mpsz(hand.concealed)} + {hand.win_tile}"
    ready = waits(counts34(hand.concealed), len(hand.melds))
    if ready:
        waiting = ", ".join(kind_name(k) for k in ready)
        return f"not a winning hand: {shown} does not complete; it waits on {waiting}"
    return f"not a winning hand: {shown} is not {forms}"
