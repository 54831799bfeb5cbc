"""The HKOS flags that cannot apply to a hand, or not together (seed 002), as rules.

Why a module of its own: the list is the family's reading of the seed,
line by line, and is checked by :func:`scoring.core.flags.check_flags`
before the hand is valued.
"""

from __future__ import annotations

from scoring.core.flags import (
    apart,
    apart_from,
    has_flowers,
    has_kong,
    needs,
    no_meld,
    on_discard,
    robbed_tile_not_held,
    self_drawn,
)

# Pairs first, so that the message names both. Allowed: last_tile with a kong or flower
# replacement (no dead wall, seed 002 L9: a replacement can be the wall's last tile).
_FIRST_TURN = "a first-turn win comes before any kong and any last tile (seed 002 L35)"
HKOS_FLAG_RULES = (
    # hand-format.md: last_tile is a win by drawing the wall's last tile or on
    # the last discard; a robbed tile is neither. Seed 002 L9: every kong takes
    # its replacement from the wall, so none is declared once the wall is empty.
    apart(
        "robbing_kong",
        "last_tile",
        "a robbed tile is neither drawn from the wall nor discarded, and no kong is "
        "declared once the wall is empty (seed 002 L9)",
        rule="seed 002 L9",
    ),
    *apart_from(
        "robbing_kong",
        ("kong_replacement", "flower_replacement"),
        "a robbed tile is another player's, not a replacement drawn (seed 002 L9, L19)",
        rule="seed 002 L9, L19",
    ),
    # Seed 002 L35: the heavenly hand is East's first win before any kong, the
    # earthly hand a win on East's first discard before any kong.
    *apart_from(
        "heavenly",
        ("earthly", "robbing_kong", "kong_replacement", "last_tile"),
        _FIRST_TURN,
        rule="seed 002 L35",
    ),
    *apart_from("earthly", ("robbing_kong", "last_tile"), _FIRST_TURN, rule="seed 002 L35"),
    # Seed 002 L9: a kong or flower replacement is drawn, so it is a self-draw.
    needs(
        "kong_replacement",
        self_drawn,
        "is a self-draw, not a discard win",
        refusal="flag_needs_self_draw",
        rule="seed 002 L9",
    ),
    needs("kong_replacement", has_kong, "needs a kong in the hand", refusal="flag_needs_kong"),
    needs(
        "flower_replacement",
        self_drawn,
        "is a self-draw, not a discard win",
        refusal="flag_needs_self_draw",
        rule="seed 002 L9",
    ),
    needs(
        "flower_replacement",
        has_flowers,
        "needs a bonus tile in flowers",
        refusal="flag_needs_flower",
    ),
    # Seed 002 L19: an added kong (or, by Thirteen Orphans, a concealed one) is
    # robbed, and it holds the other three copies of the tile.
    needs(
        "robbing_kong",
        on_discard,
        "is a win on another's kong, not a self-draw",
        refusal="flag_needs_discard",
        rule="seed 002 L19",
    ),
    robbed_tile_not_held("robbing_kong"),
    needs(
        "heavenly",
        lambda h: h.seat_wind == "E" and h.is_tsumo,
        "is East's self-drawn win on the deal",
        refusal="flag_dealer_self_draw",
        rule="seed 002 L35",
    ),
    needs(
        "heavenly",
        no_meld,
        "comes before any kong or call",
        refusal="flag_before_any_call",
        rule="seed 002 L35",
    ),
    needs(
        "earthly",
        lambda h: h.seat_wind != "E" and not h.is_tsumo,
        "is another seat's win on East's first discard",
        refusal="flag_on_dealer_discard",
        rule="seed 002 L35",
    ),
    needs(
        "earthly",
        no_meld,
        "comes before any kong or call",
        refusal="flag_before_any_call",
        rule="seed 002 L35",
    ),
)
