"""Properties of the HKOS scorer over random legal hands (hypothesis).

The strategy builds a hand the way it lies on the table: four sets (chows,
pungs, kongs) and a pair, never more than four copies of a tile; some sets
called as melds (chi, pon, open or concealed kan; a kong is always a meld),
the winning tile taken from the standing part; sometimes Thirteen Orphans
instead. Winds, self-draw or discard, a random subset of the bonus tiles 1-8
and the situational flags that can go with the hand are drawn too.

A hand is generated as tile *kinds* so the same hand can be written again with
two suits swapped: HKOS has no suit-specific pattern, so that changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.errors import ERROR_CODES
from scoring.core.hand import hand_from_dict
from scoring.core.patterns import all_scores
from scoring.core.shapes import ORPHANS
from scoring.core.tiles import EAST, NUM_KINDS, Tile, to_mpsz
from scoring.engine import score
from scoring.families.hkos.hand import PRESET, faan_total, hkos_arrangements, patterns_for

SETTINGS = settings(max_examples=300, deadline=None)
WINDS = "ESWN"
MELD_TYPES = {"chow": "chi", "pung": "pon", "kong": "kan"}
SIZE = {"chow": 3, "pung": 3, "kong": 4}


@dataclass(frozen=True)
class Spec:
    """A hand as kinds: standing tiles, melds (type, kinds, concealed), the rest as given."""

    concealed: tuple[int, ...]
    melds: tuple[tuple[str, tuple[int, ...], bool], ...]
    win_tile: int
    win: str
    seat: str
    round: str
    flowers: tuple[int, ...]
    flags: tuple[str, ...]

    def to_dict(self, suits: tuple[int, int, int] = (0, 1, 2)) -> dict:
        """The hand-format.md object, suit i written as suit ``suits[i]``."""

        def text(kinds):
            return to_mpsz(Tile(_swap(k, suits)) for k in kinds)

        melds = [
            {"type": t, "tiles": text(kinds), "concealed": concealed}
            for t, kinds, concealed in self.melds
        ]
        return {
            "concealed": text(self.concealed),
            "win_tile": text([self.win_tile]),
            "win": self.win,
            "seat_wind": self.seat,
            "round_wind": self.round,
            "melds": melds,
            "flowers": list(self.flowers),
            "flags": list(self.flags),
        }


def _swap(kind: int, suits: tuple[int, int, int]) -> int:
    return kind if kind >= EAST else suits[kind // 9] * 9 + kind % 9


def _set_kinds(shape: str, kind: int) -> list[int]:
    return [kind, kind + 1, kind + 2] if shape == "chow" else [kind] * SIZE[shape]


@st.composite
def standard_hands(draw) -> tuple[list, list[int]]:
    """Four sets and a pair as (shape, kind) and the pair kind, within four copies."""
    counts = [0] * NUM_KINDS
    sets = []
    for _ in range(4):
        shape = draw(st.sampled_from(["chow", "chow", "pung", "pung", "kong"]))
        fits = [
            k
            for k in range(NUM_KINDS)
            if (shape != "chow" or (k < EAST and k % 9 <= 6))
            and all(counts[t] + _set_kinds(shape, k).count(t) <= 4 for t in _set_kinds(shape, k))
        ]
        kind = draw(st.sampled_from(fits))
        for t in _set_kinds(shape, kind):
            counts[t] += 1
        sets.append((shape, kind))
    pair = draw(st.sampled_from([k for k in range(NUM_KINDS) if counts[k] <= 2]))
    return sets, pair


@st.composite
def specs(draw) -> Spec:
    melds: list[tuple[str, tuple[int, ...], bool]] = []
    if draw(st.integers(0, 9)) == 0:  # Thirteen Orphans now and then
        tiles = [*ORPHANS, draw(st.sampled_from(ORPHANS))]
    else:
        sets, pair = draw(standard_hands())
        tiles = [pair, pair]
        for shape, kind in sets:
            if shape == "kong" or draw(st.booleans()):
                concealed = shape == "kong" and draw(st.booleans())
                melds.append((MELD_TYPES[shape], tuple(_set_kinds(shape, kind)), concealed))
            else:
                tiles += _set_kinds(shape, kind)
    win_tile = draw(st.sampled_from(tiles))
    copies = tiles.count(win_tile) + sum(kinds.count(win_tile) for _, kinds, _ in melds)
    tiles.remove(win_tile)
    win = draw(st.sampled_from(["tsumo", "ron"]))
    seat = draw(st.sampled_from(WINDS))
    flowers = tuple(draw(st.lists(st.integers(1, 8), unique=True, max_size=8)))
    possible = ["last_tile"]
    if win == "tsumo" and any(t == "kan" for t, _, _ in melds):
        possible.append("kong_replacement")
    if win == "tsumo" and flowers:
        possible.append("flower_replacement")
    if win == "ron" and copies == 1:  # the robbed kong holds the other three (seed 002 L19)
        possible.append("robbing_kong")
    if not melds and win == "tsumo" and seat == "E":
        possible = ["heavenly"]
    if not melds and win == "ron" and seat != "E" and draw(st.booleans()):
        possible = ["earthly"]
    flags = tuple(draw(st.lists(st.sampled_from(possible), unique=True, max_size=2)))
    if "robbing_kong" in flags:  # a robbed tile is not the last tile (hkos/hand.py)
        flags = ("robbing_kong",)
    return Spec(
        concealed=tuple(sorted(tiles)),
        melds=tuple(melds),
        win_tile=win_tile,
        win=win,
        seat=seat,
        round=draw(st.sampled_from(WINDS)),
        flowers=flowers,
        flags=flags,
    )


def _sum(result) -> int:
    return sum(i.value * i.count for i in result.items)


@SETTINGS
@given(specs())
def test_every_legal_hand_is_answered(spec):
    result = score(spec.to_dict(), "hkos")
    assert result.valid or result.error.code == "below_minimum", result.error
    assert result.total is not None


@SETTINGS
@given(specs())
def test_total_is_the_sum_of_the_items_and_within_the_maximum(spec):
    result = score(spec.to_dict(), "hkos")
    if result.total is not None:
        assert result.total == _sum(result)
        assert 0 <= result.total <= PRESET.max_faan
        assert (result.points is not None) == result.valid
        if result.valid:
            assert result.points == PRESET.hand_value(result.total)


@SETTINGS
@given(specs())
def test_best_arrangement_beats_every_single_one(spec):
    result = score(spec.to_dict(), "hkos")
    if result.total is None:
        return
    hand = hand_from_dict(spec.to_dict())
    scores = all_scores(
        hand,
        hkos_arrangements(hand),
        patterns_for(PRESET),
        lambda found: faan_total(found, PRESET),
        PRESET,
    )
    assert scores and all(result.total >= s.total for s in scores)
    assert result.total in {s.total for s in scores}


@SETTINGS
@given(specs(), st.permutations([0, 1, 2]))
def test_swapping_suits_changes_nothing(spec, suits):
    plain = score(spec.to_dict(), "hkos")
    swapped = score(spec.to_dict(tuple(suits)), "hkos")
    assert (swapped.valid, swapped.total, swapped.points) == (
        plain.valid,
        plain.total,
        plain.points,
    )
    assert sorted(i.key for i in swapped.items) == sorted(i.key for i in plain.items)


@SETTINGS
@given(st.lists(st.integers(0, 9), max_size=4), st.sampled_from(["tsumo", "ron"]))
def test_random_bonus_and_junk_never_crash(junk, win):
    """Bad input is answered with a registered code, never an exception."""
    data = {
        "concealed": "".join(f"{d}m" for d in junk) or "1m",
        "win_tile": "1m",
        "win": win,
        "flowers": junk,
        "flags": ["heavenly"] if junk[:1] == [0] else [],
    }
    result = score(data, "hkos")
    assert result.valid or result.error.code in ERROR_CODES
