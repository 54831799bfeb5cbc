"""The seed edition of MCR: seed 000's sentences where they part from the calculators.

``pymahjonggb`` counts fans as the Chinese national rules' reference
calculators do (the ``cn-national`` edition; the shared corpus encodes it).
Seed 000, the user's rule document and the default edition (``seed``), says
otherwise in a few sentences. Each is one row of :data:`SEED_RULES`: the seed
line, what it says, when it applies to the library's fan list, and the fans
it removes or adds. Rows apply in order to the fan counts the library found;
values come from the fan table afterwards (``hand._item``).

Read but not changed: L82 (組合龍 does not combine with Edge or Closed Wait)
is silent on a wait inside the fourth set of a Knitted Straight (1-3m around
a knitted 147m 258p 369s). Both editions count that wait fan, as the library
does. L98 (搶杠和 does not combine with Last Tile Draw or Last Tile Claim) is
kept by refusing the flag pair in every edition (``hand.MCR_FLAG_RULES``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from scoring.core.hand import Hand
from scoring.core.tiles import Tile

Fans = Counter  # our fan key -> how many times it counts
Condition = Callable[[Hand, Fans], bool]
Adds = Callable[[Hand, Fans], dict[str, int]]

EDITIONS = ("seed", "cn-national")
# The kong values each edition uses unless ``mcr_kong_values`` overrides them
# (rules/mcr.md §2: seed 000 fans 48 and 57 say 8 and 6; the calculators 6 and 5).
EDITION_KONG_VALUES = {"seed": "green-book", "cn-national": "cn-national"}
# For the event page and the printed sheet (rules/mcr.md §2, "Editions").
EDITION_NAMES = {
    # Seed 000 is Mahjong Time's MCR rules page (rules/mcr.md, head).
    "seed": {"en": "Mahjong Time edition", "ja": "Mahjong Time版", "zh": "Mahjong Time 版"},
    "cn-national": {"en": "Chinese national edition", "ja": "中国国家版", "zh": "国家标准版"},
}

# Fans whose seed sentence excludes Pung of Terminals or Honors for every wind
# pung (L24 四風会, L36 小四風会, L38 字一色, L53 混幺九), and Big Three Winds,
# whose three wind pungs make it inevitable (rules/mcr.md §3, non-repeat).
WIND_PUNG_EXCLUDED = frozenset(
    {
        "big_four_winds",
        "little_four_winds",
        "all_honors",
        "all_terminals_and_honors",
        "big_three_winds",
    }
)
# L58 七対, L59 七星不靠, L81 全不靠 (ツモ上がりの場合、不求人がつく), L39 四暗刻
# (不求人とは複合する), L27 九連宝灯, L29 連七対, L30 十三幺 (門前自模と複合可能).
FULLY_CONCEALED_WHEN_SELF_DRAWN = frozenset(
    {
        "seven_pairs",
        "greater_honors_and_knitted_tiles",
        "lesser_honors_and_knitted_tiles",
        "four_concealed_pungs",
        "nine_gates",
        "seven_shifted_pairs",
        "thirteen_orphans",
    }
)


@dataclass(frozen=True)
class SeedRule:
    """One seed sentence: when it applies, the fans it removes, then the fans it adds."""

    line: str
    says: str
    applies: Condition
    remove: tuple[str, ...] = ()
    add: Adds | None = None


def _with(*keys: str) -> Condition:
    return lambda hand, fans: all(fans[k] for k in keys)


def _scored_wind_pungs(hand: Hand, fans: Fans) -> set[str]:
    """The winds whose pung scores Seat or Prevalent Wind (one pung when they are the same)."""
    winds = {hand.seat_wind} if fans["seat_wind"] else set()
    return winds | ({hand.round_wind} if fans["prevalent_wind"] else set())


def _wind_pung_rule(hand: Hand, fans: Fans) -> bool:
    return bool(_scored_wind_pungs(hand, fans)) and not any(fans[k] for k in WIND_PUNG_EXCLUDED)


def _self_drawn_special(hand: Hand, fans: Fans) -> bool:
    return hand.is_tsumo and any(fans[k] for k in FULLY_CONCEALED_WHEN_SELF_DRAWN)


def _pungs(hand: Hand) -> list[Tile]:
    """One tile of each pung or kong, melded or concealed (a hand with no chows)."""
    tiles = [m.tiles[0] for m in hand.melds if m.type in ("pon", "kan")]
    counts = Counter(t.kind for t in (*hand.concealed, hand.win_tile))
    return tiles + [Tile(kind) for kind, n in counts.items() if n >= 3]


def _terminal_double_pungs(hand: Hand, fans: Fans) -> dict[str, int]:
    """All Terminals has only pungs of 1 and 9: a number pung in exactly two suits is a
    Double Pung (in three, the library's Triple Pung already counts it)."""
    suits: dict[int, set[str]] = defaultdict(set)
    for tile in _pungs(hand):
        suits[tile.number].add(tile.suit)
    return {"double_pung": sum(len(s) == 2 for s in suits.values())}


SEED_RULES = (
    SeedRule(
        "L140",
        "么九刻: Pung of Terminals or Honors combines with Seat Wind and Prevalent Wind",
        _wind_pung_rule,
        add=lambda hand, fans: {"pung_of_terminals_or_honors": len(_scored_wind_pungs(hand, fans))},
    ),
    SeedRule(
        "L58 L59 L81 L39 L27 L29 L30",
        "self-drawn, this hand gets Fully Concealed Hand (不求人), not Self-Drawn",
        _self_drawn_special,
        remove=("self_drawn", "fully_concealed_hand"),
        add=lambda hand, fans: {"fully_concealed_hand": 1},
    ),
    SeedRule(
        "L26",
        "緑一色: All Green does not combine with Full Flush",
        _with("all_green"),
        remove=("full_flush",),
    ),
    SeedRule(
        "L26",
        "緑一色: with Seven Pairs, Tile Hog is not added",
        _with("all_green", "seven_pairs"),
        remove=("tile_hog",),
    ),
    SeedRule(
        "L35",
        "清么九: with Seven Pairs, Tile Hog is not added",
        _with("all_terminals", "seven_pairs"),
        remove=("tile_hog",),
    ),
    SeedRule(
        "L35",
        "清么九: All Terminals combines with Double Pung",
        lambda hand, fans: bool(fans["all_terminals"]) and not fans["seven_pairs"],
        remove=("double_pung",),
        add=_terminal_double_pungs,
    ),
    SeedRule(
        "L27",
        "九連宝灯: Nine Gates does not combine with Pung of Terminals or Honors",
        _with("nine_gates"),
        remove=("pung_of_terminals_or_honors",),
    ),
    SeedRule(
        "L74",
        "全帯五: All Five does not combine with All Chows",
        _with("all_five"),
        remove=("all_chows",),
    ),
)


# A rule can only apply when one of these fans is found: most hands have none, and
# skip the rules (the edition runs on every hand, so this is its fast path).
TRIGGERS = frozenset(
    {"seat_wind", "prevalent_wind", "all_green", "all_terminals", "nine_gates", "all_five"}
    | FULLY_CONCEALED_WHEN_SELF_DRAWN
)


def seed_fans(hand: Hand, found: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The library's (key, value, count) fans, adjusted by each seed rule that applies.

    An added fan carries value 0 here: ``hand._item`` values every fan from the table.
    """
    if TRIGGERS.isdisjoint(key for key, _, _ in found):
        return found
    fans: Fans = Counter()
    values = {}
    for key, value, count in found:
        fans[key] += count
        values[key] = value
    for rule in SEED_RULES:
        if not rule.applies(hand, fans):
            continue
        for key in rule.remove:
            fans.pop(key, None)
        for key, count in (rule.add(hand, fans) if rule.add else {}).items():
            fans[key] += count
    return [(key, values.get(key, 0), count) for key, count in fans.items() if count > 0]
