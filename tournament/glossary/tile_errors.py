"""Words for what is wrong with typed tiles: the problem codes of ``scoring.core.tiles``.

Why: the rules engine reads mpsz once (``read_typed``) and says what is wrong
as a code and its params (``TILE_PROBLEMS``); the judge's form shows it here,
in the judge's language, on the tile input it belongs to. A code missing from
this table is shown with the engine's own English sentence.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.core.tiles import TileError

TILE_ERRORS = {
    "no_digits": _("The suit letter “%(suit)s” has no digits before it."),
    "bad_honour": _("“%(tile)s” is not a tile: honours run from 1z (East) to 7z (Red)."),
    "no_suit": _("“%(digits)s” has no suit letter after it (m, p, s or z)."),
    "full_width": _("“%(char)s” is a full-width character: write “%(plain)s”."),
    "upper_case": _("Write the suit letter in lower case: “%(plain)s”, not “%(char)s”."),
    "not_mpsz": _(
        "“%(char)s” is not part of mpsz: write digits, then m, p, s or z (e.g. 123m 11z)."
    ),
    "copies": _("%(tile)s is written %(count)s times: a set has %(most)s of each tile."),
    "red_copies": _("%(tile)s is written %(count)s times: a set has one red five of a suit."),
    "not_one": _("Enter one tile, not %(count)s."),
    "meld_size": _("A meld has 3 tiles (4 for a kong), not %(count)s."),
    "indicators": _(
        "At most %(most)s indicators (the first, then one for each kong), not %(count)s."
    ),
    "concealed": _(
        "%(count)s tiles: without the winning tile and the melds, a hand has at most %(most)s."
    ),
}


def tile_error_text(error: TileError) -> str:
    """The judge's sentence for ``error``; a character that prints as nothing is named
    by its code point (U+0000), so the judge sees which one it is."""
    words = TILE_ERRORS.get(error.problem)
    if words is None:
        return str(error)
    params = dict(error.params)
    char = params.get("char")
    if char is not None and not char.isprintable():
        params["char"] = f"U+{ord(char):04X}"
    return str(words) % params
