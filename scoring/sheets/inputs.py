"""A judge's hand held to the inputs the event's rules take: never accepted and ignored.

Why (issue #35): under JPML-A (one dora indicator, no kan dora, no ura, no
ippatsu, no red fives) the engine took ``4p1m`` as the dora indicators and
counted the first, took ura indicators and the ippatsu flag and scored
nothing for them, and read a red five as a plain five. A judge who typed
them out of habit got a wrong score and no word. The family declares what
a hand may name (:class:`scoring.families.protocol.HandInputs` and the
flags of :class:`~scoring.families.protocol.EntryData`); the page shows
only those, and this check refuses whatever else a hand entry names, with
the input and the rules: "JPML Rules A has no ura dora".

It is the judge's entry that is held here (the services call it where a
hand is put on a sheet, from the page, the API or a player's phone), not
the replay: sheets stored before keep replaying as they were, and
``score_hands`` (hand-format.md) answers as it always did.

Each refusal is a code with its params (``INPUT_REFUSALS``), at the field
the replay would name (``hands[2].hand.ura_indicators``):

- ``no_dora`` (ruleset): the rules have no dora at all;
- ``one_dora_indicator`` (ruleset, count): one indicator, no kan dora;
- ``too_many_indicators`` (ruleset, count, most);
- ``no_ura_dora`` (ruleset); ``ura_needs_flag`` (flags): ura dora count only
  for a winner with one of ``flags`` (riichi: a riichi declaration);
- ``no_red_fives`` (ruleset, tile, plain): 0m/0p/0s in a set without them;
- ``flag_not_in_rules`` (ruleset, flag): a situation the rules do not have.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.core.tiles import plain_tiles
from scoring.families.protocol import DECLARED_FLAG, EntryData

# Each refusal's code -> its params, by name (the glossary words each one).
INPUT_REFUSALS: dict[str, tuple[str, ...]] = {
    "no_dora": ("ruleset",),
    "one_dora_indicator": ("ruleset", "count"),
    "too_many_indicators": ("ruleset", "count", "most"),
    "no_ura_dora": ("ruleset",),
    "ura_needs_flag": ("flags",),
    "no_red_fives": ("ruleset", "tile", "plain"),
    "flag_not_in_rules": ("ruleset", "flag"),
}
# The tile inputs of a hand (hand-format.md), where a red five may be written.
TILE_FIELDS = ("concealed", "win_tile", "dora_indicators", "ura_indicators")


@dataclass(frozen=True)
class InputRefusal:
    """One input the rules do not take: where (the entry's path), what (a code), its params."""

    field: str
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)


def input_problems(
    entry: Any, offered: EntryData, ruleset: str, where: str
) -> Iterator[InputRefusal]:
    """Each input of hand entry ``entry`` (at ``where``, e.g. ``hands[2]``) the rules refuse.

    Only what the entry says is read; a part that is not what the hand
    format says (text where tiles go, a list where a flag goes) is left to
    the replay, which names it better.
    """
    if not isinstance(entry, Mapping):
        return
    hands = [(entry.get("hand"), f"{where}.hand")]
    wins = entry.get("wins")
    if isinstance(wins, list):
        hands += [
            (claim.get("hand"), f"{where}.wins[{j}].hand")
            for j, claim in enumerate(wins)
            if isinstance(claim, Mapping)
        ]
    for hand, place in hands:
        if isinstance(hand, Mapping):
            yield from _hand_problems(hand, offered, ruleset, place)


def first_input_problem(
    entry: Any, offered: EntryData, ruleset: str, where: str
) -> InputRefusal | None:
    """The first of :func:`input_problems`, or None: the entry names only what the rules take."""
    return next(input_problems(entry, offered, ruleset, where), None)


def _hand_problems(
    hand: Mapping, offered: EntryData, ruleset: str, place: str
) -> Iterator[InputRefusal]:
    inputs = offered.inputs
    flags = hand.get("flags")
    flags = [f for f in flags if isinstance(f, str)] if isinstance(flags, list) else []
    yield from _flag_problems(flags, offered, ruleset, place)
    for name in TILE_FIELDS:
        yield from _red_fives(hand.get(name), inputs.red_fives, ruleset, f"{place}.{name}")
    melds = hand.get("melds")
    for i, meld in enumerate(melds if isinstance(melds, list) else ()):
        if isinstance(meld, Mapping):
            tiles = meld.get("tiles")
            yield from _red_fives(tiles, inputs.red_fives, ruleset, f"{place}.melds[{i}].tiles")
    dora = _count(hand.get("dora_indicators"))
    if dora > inputs.dora_indicators:
        yield _too_many(f"{place}.dora_indicators", ruleset, dora, inputs.dora_indicators)
    ura = _count(hand.get("ura_indicators"))
    if ura and not inputs.ura_indicators:
        yield InputRefusal(f"{place}.ura_indicators", "no_ura_dora", {"ruleset": ruleset})
    elif ura > inputs.ura_indicators:
        yield InputRefusal(
            f"{place}.ura_indicators",
            "too_many_indicators",
            {"ruleset": ruleset, "count": ura, "most": inputs.ura_indicators},
        )
    elif ura and inputs.ura_needs and not inputs.ura_needs & set(flags):
        needs = sorted(inputs.ura_needs, key=_flag_order(offered))
        yield InputRefusal(f"{place}.ura_indicators", "ura_needs_flag", {"flags": needs})


def _flag_problems(
    flags: list[str], offered: EntryData, ruleset: str, place: str
) -> Iterator[InputRefusal]:
    taken = set(offered.flags)
    if "riichi_sticks" in offered.features:
        taken.add(DECLARED_FLAG)  # a declarer's win carries it (the form adds it)
    for flag in flags:
        if flag not in taken:
            params = {"ruleset": ruleset, "flag": flag}
            yield InputRefusal(f"{place}.flags", "flag_not_in_rules", params)


def _flag_order(offered: EntryData):
    """Flags in the form's order, the declared flag first."""
    order = (DECLARED_FLAG, *offered.flags)
    return lambda flag: (order.index(flag) if flag in order else len(order), flag)


def _too_many(place: str, ruleset: str, count: int, most: int) -> InputRefusal:
    if most == 0:
        return InputRefusal(place, "no_dora", {"ruleset": ruleset})
    if most == 1:
        return InputRefusal(place, "one_dora_indicator", {"ruleset": ruleset, "count": count})
    params = {"ruleset": ruleset, "count": count, "most": most}
    return InputRefusal(place, "too_many_indicators", params)


def _tiles(text: Any):
    """The tiles of well-formed mpsz text, or () (the replay reports anything else)."""
    if not isinstance(text, str) or not text:
        return ()
    return plain_tiles(text) or ()


def _count(text: Any) -> int:
    return len(_tiles(text))


def _red_fives(text: Any, allowed: bool, ruleset: str, place: str) -> Iterator[InputRefusal]:
    if allowed:
        return
    for tile in _tiles(text):
        if tile.red:
            params = {"ruleset": ruleset, "tile": str(tile), "plain": f"{tile.number}{tile.suit}"}
            yield InputRefusal(place, "no_red_fives", params)
            return
