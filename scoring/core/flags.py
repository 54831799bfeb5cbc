"""Situation flags that cannot apply, checked the same way in every family.

A *flag* is a fact of the win that the tiles cannot show (hand-format.md: won
on a kong replacement, robbing a kong, on the last tile, ippatsu …). Each
family has its own vocabulary, but many impossibilities are the same
everywhere: a replacement tile needs a kong, a robbed kong holds the other
three copies of the winning tile, some flags are a self-draw and others a
discard win, and some pairs never happen together.

A family lists its rules as :class:`FlagRule` values, each with a comment
naming the rule it comes from, and :func:`check_flags` refuses the first one
a hand breaks with ``bad_flag``: the message names the flag or the pair, and
the tile where one is at fault. Each rule also carries its refusal, a code
with params (``flag``, ``other``, ``tile``, ``rule`` …; scoring.core.refusals),
which a page puts in its reader's words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.core.errors import HandError
from scoring.core.hand import Hand
from scoring.core.tiles import kind_name

# A broken rule: the rest of the English sentence after "flags: ", and the params of its
# refusal (beside those the rule itself names).
Why = tuple[str, Mapping[str, Any]]
Problem = Callable[[Hand], Why | None]


@dataclass(frozen=True)
class FlagRule:
    """``flags`` (one flag, or a pair) cannot apply when ``problem`` says why.

    ``refusal`` and ``params``: the refusal's code and the params the rule
    names (its flags, its rule reference); ``problem`` adds those of the hand
    (the tile at fault).
    """

    flags: tuple[str, ...]
    problem: Problem
    refusal: str
    params: Mapping[str, Any] = field(default_factory=dict)


def check_flags(hand: Hand, rules: Iterable[FlagRule]) -> None:
    """Refuse the first rule whose flags are all ticked and whose problem applies."""
    flags = hand.flags
    if not flags:
        return
    for rule in rules:
        if all(f in flags for f in rule.flags):
            why = rule.problem(hand)
            if why is not None:
                text, found = why
                params = {**rule.params, **found}
                raise HandError("bad_flag", f"flags: {text}", rule.refusal, **params)


def needs(
    flag: str, holds: Callable[[Hand], bool], what: str, refusal: str, rule: str = ""
) -> FlagRule:
    """``flag`` applies only where ``holds(hand)``; otherwise "flags: <flag> <what>".

    ``refusal``: its code (``flag_needs_self_draw`` …, with the param ``flag``);
    ``rule``: the rule reference, where the family names one.
    """
    why = (f"{flag} {what}", {})

    def problem(hand: Hand) -> Why | None:
        return None if holds(hand) else why

    return FlagRule((flag,), problem, refusal, _named(flag=flag, rule=rule))


def apart(flag: str, other: str, why: str, rule: str = "") -> FlagRule:
    """``flag`` and ``other`` never apply to the same win; ``why`` says so with its rule.

    Its refusal is ``flags_apart`` (flag, other, and ``rule``, the reference ``why`` cites).
    """
    message = (f"{flag} and {other} do not combine: {why}", {})
    params = _named(flag=flag, other=other, rule=rule)
    return FlagRule((flag, other), lambda hand: message, "flags_apart", params)


def apart_from(flag: str, others: Iterable[str], why: str, rule: str = "") -> tuple[FlagRule, ...]:
    """:func:`apart` for each of ``others``, so that the message names the pair ticked."""
    return tuple(apart(flag, other, why, rule) for other in others)


def _named(**params: str) -> dict[str, str]:
    """The params given (an empty rule reference is left out)."""
    return {k: v for k, v in params.items() if v}


def robbed_tile_not_held(flag: str) -> FlagRule:
    """Robbing a kong: the robbed tile is the fourth of its kind.

    The other three are in the kong being made (an added kong's pung, or a
    concealed kong's tiles), so the winner cannot hold another copy; one more
    would be a fifth.
    """

    def problem(hand: Hand) -> Why | None:
        kind = hand.win_tile.kind
        held = sum(t.kind == kind for t in hand.all_tiles) - 1
        if not held:
            return None
        return (
            f"{flag}: the other three {kind_name(kind)} are in the robbed kong, so the hand "
            f"cannot hold one (it holds {held} besides the winning tile)",
            {"tile": kind_name(kind), "held": held},
        )

    return FlagRule((flag,), problem, "flag_robbed_tile_held", {"flag": flag})


def self_drawn(hand: Hand) -> bool:
    return hand.is_tsumo


def on_discard(hand: Hand) -> bool:
    """A discard win, or a win like one (robbing a kong is settled as a discard win)."""
    return not hand.is_tsumo


def has_kong(hand: Hand) -> bool:
    """A kong among the melds (a concealed kong is still a meld)."""
    return any(m.type == "kan" for m in hand.melds)


def no_meld(hand: Hand) -> bool:
    """Nothing called or declared before the win, a concealed kong included."""
    return not hand.melds


def has_flowers(hand: Hand) -> bool:
    return bool(hand.flowers)


# A win on a kong, as MCR and Zung Jung read it (each family cites its own rule
# beside it): the replacement tile is a self-draw with a kong in the hand; a robbed
# kong is won like a discard, and that kong holds the other three copies.
KONG_WIN_RULES = (
    needs(
        "kong_replacement",
        self_drawn,
        "is a self-draw, not a discard win",
        refusal="flag_needs_self_draw",
    ),
    needs("kong_replacement", has_kong, "needs a kong in the hand", refusal="flag_needs_kong"),
    needs(
        "robbing_kong",
        on_discard,
        "is a win on another's kong, not a self-draw",
        refusal="flag_needs_discard",
    ),
    robbed_tile_not_held("robbing_kong"),
)
