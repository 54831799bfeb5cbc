"""Words for the hand format's meld types and bonus tiles (hand-format.md), as form choices."""

from django.utils.translation import gettext_lazy as _

MELD_TYPES = [
    ("", "—"),
    ("chi", _("Chow / chi")),
    ("pon", _("Pung / pon")),
    ("kan", _("Kong / kan (open)")),
    ("kan_concealed", _("Concealed kong")),
    ("kan_added", _("Added kong")),
]
# Bonus tiles 1-4 flowers (plum, orchid, chrysanthemum, bamboo), 5-8 seasons.
FLOWER_TILES = [
    ("1", _("Plum")),
    ("2", _("Orchid")),
    ("3", _("Chrysanthemum")),
    ("4", _("Bamboo")),
    ("5", _("Spring")),
    ("6", _("Summer")),
    ("7", _("Autumn")),
    ("8", _("Winter")),
]
