"""Properties of the Zung Jung scorer over random legal hands (hypothesis).

Strategy: a hand is drawn as tile *kinds*, the way it lies on the table.
Mostly four sets and a pair: each set a chow, pung or kong whose copies still
fit (never more than four of a tile); a chow or pung may be called (chi, pon)
or stand concealed; a kong is always a meld, open, concealed or added. Now
and then Seven Pairs (sometimes with four of a kind as two pairs) or Thirteen
Terminals instead. The winning tile is one of the standing tiles. Then winds,
self-draw or discard, sometimes penalty tiles taken from the standing tiles,
and sometimes flags of the Zung Jung vocabulary (which may not fit the hand:
those answers must be errors with a registered code).

Because a hand is kinds, it can be written again with the suits permuted:
Zung Jung has no suit-specific pattern, so the value never changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.errors import ERROR_CODES
from scoring.core.hand import hand_from_dict
from scoring.core.patterns import all_scores
from scoring.core.shapes import ORPHANS
from scoring.core.tiles import EAST, NUM_KINDS, Tile, to_mpsz
from scoring.engine import score
from scoring.families.zung_jung.hand import (
    PRESET,
    ZJ_FLAGS,
    hand_value,
    winning_arrangements,
    zj_patterns,
)

SETTINGS = settings(max_examples=300, deadline=None)
COPIES = 4
SIZE = {"chow": 3, "pung": 3, "kong": 4}
STANDING = "standing"  # a set among the concealed tiles, not a meld
SHAPES = ("chow", "chow", "pung", "pung", "kong")  # kongs are rarer at a table
CALLS = {"chow": ("chi",), "pung": ("pon",), "kong": ("kan", "ankan", "addkan")}


@dataclass(frozen=True)
class Spec:
    """A hand as kinds; ``to_dict`` writes it with suit i as suit ``suits[i]``."""

    standing: tuple[int, ...]
    melds: tuple[tuple[str, tuple[int, ...]], ...]  # (chi/pon/kan/ankan/addkan, kinds)
    win_tile: int
    win: str
    seat: str
    round: str
    penalty: tuple[int, ...] = ()
    flags: tuple[str, ...] = field(default=())

    def to_dict(self, suits: tuple[int, int, int] = (0, 1, 2)) -> dict:
        def text(kinds) -> str:
            return to_mpsz(Tile(k if k >= EAST else suits[k // 9] * 9 + k % 9) for k in kinds)

        melds = [
            {
                "type": "kan" if call in ("ankan", "addkan") else call,
                "tiles": text(kinds),
                "concealed": call == "ankan",
                "added": call == "addkan",
            }
            for call, kinds in self.melds
        ]
        return {
            "concealed": text(self.standing),
            "win_tile": text([self.win_tile]),
            "win": self.win,
            "seat_wind": self.seat,
            "round_wind": self.round,
            "melds": melds,
            "penalty_tiles": text(self.penalty),
            "flags": list(self.flags),
        }


def _kinds(shape: str, kind: int) -> list[int]:
    return [kind, kind + 1, kind + 2] if shape == "chow" else [kind] * SIZE[shape]


def _fits(counts: list[int], kinds: list[int]) -> bool:
    return all(counts[k] + kinds.count(k) <= COPIES for k in set(kinds))


@st.composite
def regular_tiles(draw) -> tuple[list[int], list[tuple[str, tuple[int, ...]]]]:
    """Four sets and a pair: (all standing kinds, melds)."""
    counts = [0] * NUM_KINDS
    standing: list[int] = []
    melds: list[tuple[str, tuple[int, ...]]] = []
    for _ in range(4):
        wanted = draw(st.sampled_from(SHAPES))
        options = [
            (shape, k)
            for shape in ("chow", "pung", "kong")
            for k in range(NUM_KINDS)
            if (shape != "chow" or (k < EAST and k % 9 <= 6)) and _fits(counts, _kinds(shape, k))
        ]
        shape, kind = draw(st.sampled_from([o for o in options if o[0] == wanted] or options))
        kinds = _kinds(shape, kind)
        for k in kinds:
            counts[k] += 1
        call = draw(st.sampled_from(CALLS[shape] + (() if shape == "kong" else (STANDING,))))
        if call == STANDING:
            standing.extend(kinds)
        else:
            melds.append((call, tuple(kinds)))
    pair = draw(st.sampled_from([k for k in range(NUM_KINDS) if counts[k] <= 2]))
    standing.extend([pair, pair])
    return standing, melds


@st.composite
def seven_pairs_tiles(draw) -> tuple[list[int], list]:
    kinds = draw(st.lists(st.integers(0, NUM_KINDS - 1), min_size=7, max_size=7, unique=True))
    if draw(st.booleans()):  # four of a kind as two pairs (an option, on by default)
        kinds[-1] = kinds[0]
    return [k for k in kinds for _ in range(2)], []


@st.composite
def thirteen_tiles(draw) -> tuple[list[int], list]:
    return [*ORPHANS, draw(st.sampled_from(ORPHANS))], []


@st.composite
def hands(draw) -> Spec:
    form = draw(st.sampled_from(["regular"] * 8 + ["seven_pairs", "thirteen"]))
    maker = {"regular": regular_tiles, "seven_pairs": seven_pairs_tiles}.get(form, thirteen_tiles)
    tiles, melds = draw(maker())
    tiles = sorted(tiles)
    win_tile = tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    penalty: list[int] = []
    if draw(st.integers(0, 3)) == 0:
        picks = draw(st.lists(st.integers(0, len(tiles) - 1), max_size=3, unique=True))
        penalty = sorted(tiles[i] for i in picks)
    flags: list[str] = []
    if draw(st.integers(0, 3)) == 0:
        flags = draw(st.lists(st.sampled_from(sorted(ZJ_FLAGS)), max_size=2, unique=True))
    return Spec(
        standing=tuple(tiles),
        melds=tuple(melds),
        win_tile=win_tile,
        win=draw(st.sampled_from(["tsumo", "ron"])),
        seat=draw(st.sampled_from("ESWN")),
        round=draw(st.sampled_from("ESWN")),
        penalty=tuple(penalty),
        flags=tuple(flags),
    )


def _zj(data: dict):
    return score(data, "zung-jung")


@SETTINGS
@given(hands())
def test_no_crash_and_the_items_add_up(spec):
    result = _zj(spec.to_dict())
    if not result.valid:
        assert result.error.code in ERROR_CODES
    if result.total is not None:
        assert result.total == sum(i.value * i.count for i in result.items)
        listed = [i.value for i in result.items if i.value >= PRESET.limit]
        assert result.total <= (max(listed) if listed else PRESET.limit)
    if result.valid:
        assert result.total >= PRESET.zj_min_points


@SETTINGS
@given(hands())
def test_the_best_reading_is_at_least_every_reading(spec):
    data = spec.to_dict()
    result = _zj(data)
    if result.total is None:  # refused before counting (a flag, a penalty tile …)
        return
    hand = hand_from_dict(data)
    readings = winning_arrangements(hand, PRESET)
    value = partial(hand_value, config=PRESET)
    scores = all_scores(hand, readings, zj_patterns(PRESET), value, PRESET)
    assert scores
    assert all(result.total >= s.total for s in scores)
    assert result.total == max(s.total for s in scores)


@SETTINGS
@given(hands(), st.permutations([0, 1, 2]))
def test_permuting_the_suits_never_changes_the_value(spec, suits):
    before, after = _zj(spec.to_dict()), _zj(spec.to_dict(tuple(suits)))
    assert (after.valid, after.total) == (before.valid, before.total)
    assert (after.error and after.error.code) == (before.error and before.error.code)
